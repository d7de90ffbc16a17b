/**
 * The words of revenue at risk (src/revenue/revenueWords.ts), in English as plain Node reads them: the diagnostic's
 * suffix, the rows' descriptions, the total, the tooltip of a shared pair and the Markdown table.
 */
import assert from 'node:assert/strict';
import type { MerchantKey } from '../../../src/merchant/merchantKey';
import type { CurrencyAmount } from '../../../src/reports/model/currencyAmounts';
import type { Money, RevenueReport, RiskArticle, RiskLocation, RiskMerchant } from '../../../src/revenue/revenueReport';
import {
  articleDescription,
  articlesText,
  diagnosticMoneyText,
  linksText,
  markdownTable,
  merchantDescription,
  moneyText,
  reasonText,
  sharedPairText,
  totalsText,
} from '../../../src/revenue/revenueWords';

const amount = (currencyCode: string | null, value: number): CurrencyAmount => ({
  currencyCode,
  label: currencyCode ?? 'unknown currency',
  amount: value,
});
const money = (clicks: number, earned: CurrencyAmount[] = [], estimate: CurrencyAmount[] = []): Money => ({
  clicks,
  earned,
  estimate,
});

function location(line: number, sharingPair: number): RiskLocation {
  const place = { line, column: 0, endLine: line, endColumn: 9 };
  return {
    code: 'inactive-merchant',
    merchantKey: 'id:1' as MerchantKey,
    merchantId: '1',
    subId: 'trail-guide',
    ...place,
    path: 'a.md',
    sharingPair,
  };
}
const articleOf = (links: RiskLocation[], articleMoney: Money): RiskArticle => ({
  path: 'a.md',
  subIds: ['trail-guide'],
  money: articleMoney,
  links,
});
function merchantOf(name: string, merchantMoney: Money, links = 7): RiskMerchant {
  return {
    key: `id:${name.length}` as MerchantKey,
    merchantId: String(name.length),
    name,
    reasons: ['inactive-merchant', 'subid-mismatch'],
    links,
    articles: [articleOf([location(1, 1)], merchantMoney), articleOf([location(2, 1)], merchantMoney)],
    money: merchantMoney,
  };
}
function reportOf(figures: RevenueReport['figures'], merchants: RiskMerchant[], totals: Money): RevenueReport {
  return {
    figures,
    days: 30,
    merchants,
    totals: { merchants: merchants.length, links: 7, articles: 3, ...totals },
    opportunities: [],
  };
}

describe('revenue at risk: the words', () => {
  describe('a finding’s diagnostic', () => {
    it('appends the clicks and the earnings of the last 30 days', () => {
      assert.equal(
        diagnosticMoneyText(money(31, [amount('EUR', 12.4)]), 30, 1),
        ' (31 clicks and EUR 12.40 earned in the last 30 days)',
      );
      assert.equal(
        diagnosticMoneyText(money(1_234, [amount('EUR', 1_000), amount('USD', 0.5), amount(null, 2)]), 30, 1),
        ' (1,234 clicks and EUR 1,000.00, USD 0.50, unknown currency 2.00 earned in the last 30 days)',
      );
      assert.equal(diagnosticMoneyText(money(1), 7, 1), ' (1 click in the last 7 days)');
      assert.equal(
        diagnosticMoneyText(money(0, [amount('EUR', 2)]), 30, 1),
        ' (0 clicks and EUR 2.00 earned in the last 30 days)',
      );
    });

    it('adds the estimate and the links that share the pair; nothing at all without clicks or earnings', () => {
      assert.equal(
        diagnosticMoneyText(money(31, [], [amount('EUR', 15.5)]), 30, 3),
        ' (31 clicks in the last 30 days; about EUR 15.50 by the merchant’s EPC, an estimate; shared by the 3 links of this article to the merchant)',
      );
      assert.equal(diagnosticMoneyText(money(0), 30, 2), '');
    });
  });

  describe('the rows', () => {
    it('says a merchant’s money and why, or its links while the figures load', () => {
      const merchant = merchantOf('Shop', money(412, [amount('EUR', 96)]));
      assert.equal(
        merchantDescription(merchant, 'ready'),
        '412 clicks · EUR 96.00 earned · inactive, SubID of another article',
      );
      assert.equal(merchantDescription(merchant, 'loading'), '7 links · inactive, SubID of another article');
      assert.equal(
        merchantDescription({ ...merchant, money: money(9, [], [amount('USD', 4.5)]) }, 'ready'),
        '9 clicks · about USD 4.50 (estimate) · inactive, SubID of another article',
      );
    });

    it('says an article’s money and links, and a tooltip when its links share a pair', () => {
      const shared = articleOf([location(1, 2), location(4, 2)], money(1, [amount('EUR', 0.1)]));
      assert.equal(articleDescription(shared, 'ready'), '1 click · EUR 0.10 earned · 2 links');
      assert.equal(articleDescription(shared, 'loading'), '2 links');
      assert.equal(
        sharedPairText(shared),
        'The reports count clicks per SubID and merchant, not per link: the 2 links of this article with SubID trail-guide share these figures, counted once.',
      );
      assert.equal(sharedPairText(articleOf([location(1, 1)], money(1))), undefined);
    });

    it('names each reason, counts links and articles with their plurals', () => {
      assert.deepEqual(
        (['inactive-merchant', 'deeplinks-not-allowed', 'target-off-merchant', 'subid-mismatch'] as const).map(
          reasonText,
        ),
        ['inactive', 'no deeplinks', 'target off the merchant', 'SubID of another article'],
      );
      assert.deepEqual([linksText(0), linksText(1), linksText(2_500)], ['0 links', '1 link', '2,500 links']);
      assert.deepEqual([articlesText(1), articlesText(3)], ['1 article', '3 articles']);
      assert.equal(moneyText(money(0)), '0 clicks');
    });

    it('sums up the total, or says the figures are loading', () => {
      const totals = money(412, [amount('EUR', 96), amount('USD', 3)], [amount('EUR', 1.5)]);
      assert.equal(
        totalsText(reportOf('ready', [], totals)),
        '7 links in 3 articles at risk: 412 clicks · EUR 96.00, USD 3.00 earned · about EUR 1.50 (estimate) in the last 30 days',
      );
      assert.equal(totalsText(reportOf('loading', [], money(0))), '7 links in 3 articles at risk; figures are loading');
    });
  });

  describe('the Markdown table', () => {
    it('writes one row per merchant, then the total, escaping pipes, backslashes and line breaks in its cells', () => {
      const merchants = [
        merchantOf('Shop | Outlet', money(412, [amount('EUR', 96), amount('USD', 3)], [amount('EUR', 1.5)]), 1_200),
        merchantOf('Back\\slash\r\nTwo lines', money(0)),
      ];
      assert.equal(
        markdownTable(reportOf('ready', merchants, money(412))),
        [
          '| Merchant | Why | Links | Articles | Clicks (30 days) | Earned | Estimate |',
          '|---|---|---:|---:|---:|---|---|',
          '| Shop \\| Outlet | inactive, SubID of another article | 1,200 | 2 | 412 | EUR 96.00, USD 3.00 | EUR 1.50 |',
          '| Back\\\\slash Two lines | inactive, SubID of another article | 7 | 2 | 0 |  |  |',
          '| Total |  | 7 | 3 | 412 |  |  |',
          '',
        ].join('\n'),
      );
    });

    it('keeps a row on one line whatever line ending a name holds (CommonMark ends a line at a lone CR too)', () => {
      for (const name of ['One\rTwo', 'One\nTwo', 'One\r\nTwo', 'One\r\rTwo']) {
        const table = markdownTable(reportOf('ready', [merchantOf(name, money(1))], money(1)));
        assert.equal(table.split(/\r\n|\r|\n/).length, 5, JSON.stringify(name));
        assert.match(table, /\| One {1,2}Two \|/);
      }
    });

    it('writes the merchants it is given, the header alone for none', () => {
      const merchants = [merchantOf('A', money(2)), merchantOf('B', money(1))];
      const one = markdownTable(reportOf('ready', merchants, money(3)), [merchants[1]!]).split('\n');
      assert.equal(one.length, 4, 'a merchant’s row alone, without the total');
      assert.match(one[2]!, /^\| B \|/);
      assert.equal(markdownTable(reportOf('ready', [], money(0))).split('\n').length, 3);
    });
  });
});
