/**
 * Revenue at risk's report (src/revenue/revenueReport.ts): a finding's money from a fixed report, read through the
 * real link health rules; pairs never counted twice; currencies never summed; the estimate; the ranking; the
 * opportunities. Over any input, the same rules are properties in revenueProperties.test.ts.
 */
import assert from 'node:assert/strict';
import { documentLinks } from '../../../src/health/documentLinks';
import { DEFAULT_HEALTH_OPTIONS, LinkHealthRules } from '../../../src/health/healthRules';
import { moneyLinkOf } from '../../../src/health/moneyLinks';
import type { MerchantKey } from '../../../src/merchant/merchantKey';
import { tallyPairs, type PairFigures, type PairTable } from '../../../src/reports/figures/pairFigures';
import type { CurrencyAmount } from '../../../src/reports/model/currencyAmounts';
import { presetPeriod } from '../../../src/reports/model/reportPeriods';
import { type PlacedMoneyLink, type RevenueInputs } from '../../../src/revenue/revenueReport';
import { pairsMoney } from '../../../src/revenue/moneyAmounts';
import { buildRevenueReport } from '../../../src/revenue/revenueReportBuilder';
import { diagnosticMoneyText } from '../../../src/revenue/revenueWords';
import { catalogIndex, deeplink, MERCHANTS } from '../health/healthCatalog';
import { action, click } from '../helpers/reportItems';

const TODAY = '2026-03-31';
const amount = (currencyCode: string | null, value: number): CurrencyAmount => ({
  currencyCode,
  label: currencyCode ?? 'unknown currency',
  amount: value,
});
const key = (text: string) => text as MerchantKey;
const NAMES = new Map<string, string>([
  ['id:10', 'Shop'],
  ['id:20', 'Old'],
  ['id:30', 'Zeta'],
  ['id:40', 'Alpha'],
]);

/** The link health test catalog, with merchant ids as the reports name them. */
const RULES = new LinkHealthRules(
  {
    index: catalogIndex({
      shop: { ...MERCHANTS.shop, merchantId: 10 },
      old: { ...MERCHANTS.old, merchantId: 20 },
      nodeep: { ...MERCHANTS.nodeep, merchantId: 30 },
    }),
  },
  { ...DEFAULT_HEALTH_OPTIONS, disclosurePatterns: [] },
);

/** A document's money links as link health hands them to the hub (one line per link). */
function moneyLinksOf(lines: readonly string[], articleSubId: string): PlacedMoneyLink[] {
  const doc = documentLinks(lines.join('\n'), 'markdown');
  const placed: PlacedMoneyLink[] = [];
  for (const finding of RULES.check(doc, articleSubId)) {
    const money = moneyLinkOf(finding, RULES.verdicts.of(doc.links[finding.link]!.target), articleSubId);
    if (money !== undefined) {
      const line = doc.text.slice(0, finding.start).split('\n').length - 1;
      placed.push({ ...money, line, column: 0, endLine: line, endColumn: finding.end - finding.start });
    }
  }
  return placed;
}

function table(entries: ReadonlyArray<[string, string, number, CurrencyAmount[]?]>): PairTable {
  const pairs = new Map<string, Map<string, PairFigures>>();
  for (const [subId, merchantId, clicks, earned = []] of entries) {
    pairs.set(subId, (pairs.get(subId) ?? new Map()).set(merchantId, { clicks, earned }));
  }
  return { window: { from: '2026-03-01', to: TODAY }, days: 30, pairs, programs: new Map() };
}

function link(code: PlacedMoneyLink['code'], merchant: string, subId: string | undefined, line = 0): PlacedMoneyLink {
  const merchantId = merchant.startsWith('id:') ? merchant.slice(3) : undefined;
  return { code, merchantKey: key(merchant), merchantId, subId, line, column: 0, endLine: line, endColumn: 9 };
}

function report(
  files: Array<[string, PlacedMoneyLink[]]>,
  pairs: PairTable | undefined,
  epc: Record<string, CurrencyAmount[]> = {},
) {
  const inputs: RevenueInputs = {
    files,
    pairs,
    epc: (merchantId) => epc[merchantId],
    nameOf: (merchant) => NAMES.get(merchant),
  };
  return buildRevenueReport(inputs);
}

describe('revenue at risk: the report', () => {
  describe('a finding’s money from a fixed report', () => {
    const oldDeep = (path: string) => deeplink('old', `https://old.example.org/${path}`, 'trail-guide');
    const articleA = moneyLinksOf(
      [
        `[tent](${oldDeep('tent')})`,
        `[stove](${oldDeep('stove')})`,
        `[mat](${deeplink('shop', 'https://shop.example.com/mat', 'best-tents')})`,
        'https://shop.example.com/plain',
        'https://trk.example.net/click/left?url=https%3A%2F%2Fx.com',
      ],
      'trail-guide',
    );
    const articleB = moneyLinksOf(
      [`[x](${deeplink('shop', 'https://elsewhere.example/x', 'best-tents')})`],
      'best-tents',
    );
    const pairs = tallyPairs(
      [
        click({ subId: 'trail-guide', merchantId: 20, programId: 'p20', date: '2026-03-02', count: 30 }),
        click({ subId: 'trail-guide', merchantId: 20, programId: 'p20', date: '2026-03-30', count: 1 }),
        click({ subId: 'trail-guide', merchantId: 20, programId: 'p20', date: '2026-02-27', count: 500 }),
        click({ subId: 'best-tents', merchantId: 10, programId: 'p10', date: '2026-03-12', count: 12 }),
      ],
      [
        action({ subId: 'trail-guide', programId: 'p20', status: 'CONFIRMED', currencyCode: 'EUR', commission: 10 }),
        action({ subId: 'trail-guide', programId: 'p20', status: 'PENDING', currencyCode: 'EUR', commission: 2.4 }),
        action({ subId: 'trail-guide', programId: 'p20', status: 'CANCELED', currencyCode: 'EUR', commission: 99 }),
      ].map((item) => ({ ...item, createdAt: '2026-03-10T09:00:00Z' })),
      presetPeriod('last90', TODAY),
      new Map([
        ['p20', '20'],
        ['p10', '10'],
      ]),
    );
    const epc = { '10': [amount('EUR', 0.5)], '20': [amount('EUR', 3)] };

    it('reads the pair of each finding with money: the article’s SubID, or the one a SubID mismatch carries', () => {
      assert.deepEqual(
        articleA.map((found) => [found.code, found.merchantKey, found.merchantId, found.subId]),
        [
          ['inactive-merchant', 'old', '20', 'trail-guide'],
          ['inactive-merchant', 'old', '20', 'trail-guide'],
          ['subid-mismatch', 'shop', '10', 'best-tents'],
          ['not-monetized', 'shop', '10', 'trail-guide'],
        ],
        'the unknown tracking link has no money',
      );
      assert.deepEqual(
        articleB.map((found) => [found.code, found.subId]),
        [['target-off-merchant', 'best-tents']],
      );
    });

    it('says "(31 clicks and EUR 12.40 earned in the last 30 days)"; an estimate only where the pair earned nothing', () => {
      const inactive = pairsMoney(pairs, (id) => epc[id as '10' | '20'], [['trail-guide', '20']]);
      assert.deepEqual(inactive, { clicks: 31, earned: [amount('EUR', 12.4)], estimate: [] });
      assert.equal(
        diagnosticMoneyText(inactive, pairs.days, 1),
        ' (31 clicks and EUR 12.40 earned in the last 30 days)',
      );
      const mismatch = pairsMoney(pairs, (id) => epc[id as '10' | '20'], [['best-tents', '10']]);
      assert.deepEqual(mismatch, { clicks: 12, earned: [], estimate: [amount('EUR', 6)] });
      assert.deepEqual(pairsMoney(pairs, () => undefined, [['best-tents', '10']]).estimate, [], 'no EPC, no estimate');
      assert.deepEqual(
        pairsMoney(pairs, () => epc['10'], [['nobody', '10']]),
        { clicks: 0, earned: [], estimate: [] },
      );
      assert.deepEqual(pairsMoney(undefined, () => epc['10'], [['best-tents', '10']]).clicks, 0);
    });

    it('counts a pair once: two links of one article, and one pair reached from two articles', () => {
      const built = report(
        [
          ['a.md', articleA],
          ['b.md', articleB],
        ],
        pairs,
        epc,
      );
      assert.deepEqual(
        built.merchants.map((m) => [m.name, m.links, m.articles.length, m.money.clicks, m.reasons]),
        [
          ['old', 2, 1, 31, ['inactive-merchant']],
          ['shop', 2, 2, 12, ['target-off-merchant', 'subid-mismatch']],
        ],
      );
      const shop = built.merchants[1]!;
      assert.deepEqual(
        shop.articles.map((a) => [a.path, a.subIds, a.money.clicks]),
        [
          ['a.md', ['best-tents'], 12],
          ['b.md', ['best-tents'], 12],
        ],
      );
      assert.deepEqual(shop.money, { clicks: 12, earned: [], estimate: [amount('EUR', 6)] });
      assert.deepEqual(
        built.merchants[0]!.articles[0]!.links.map((l) => l.sharingPair),
        [2, 2],
      );
      assert.deepEqual(built.totals, {
        merchants: 2,
        links: 4,
        articles: 2,
        clicks: 43,
        earned: [amount('EUR', 12.4)],
        estimate: [amount('EUR', 6)],
      });
      assert.deepEqual(
        built.opportunities.map((o) => [o.name, o.links, o.articles, o.articleClicks, o.epc]),
        [['shop', 1, 1, 31, [amount('EUR', 0.5)]]],
        'the article’s own affiliate clicks (its SubID, every merchant); without a name in the catalog, its key',
      );
    });
  });

  it('never sums currencies: EUR and USD apart, the unknown currency last, zero sums left out', () => {
    const built = report(
      [['a.md', [link('inactive-merchant', 'id:10', 'a'), link('inactive-merchant', 'id:10', 'b', 1)]]],
      table([
        ['a', '10', 5, [amount('USD', 2), amount(null, 1)]],
        ['b', '10', 5, [amount('EUR', 3), amount('USD', 4), amount('GBP', 0)]],
      ]),
    );
    assert.deepEqual(built.merchants[0]!.money.earned, [amount('EUR', 3), amount('USD', 6), amount(null, 1)]);
    assert.deepEqual(built.totals.earned, [amount('EUR', 3), amount('USD', 6), amount(null, 1)]);
  });

  it('estimates clicks × EPC per currency for the pairs that earned nothing, alone', () => {
    const money = pairsMoney(
      table([
        ['a', '10', 10, []],
        ['b', '10', 4, [amount('EUR', 0)]],
        ['c', '10', 7, [amount('EUR', 1)]],
        ['d', '10', 0, [amount('EUR', 2)]],
      ]),
      () => [amount('EUR', 0.25), amount('USD', 1)],
      [
        ['a', '10'],
        ['b', '10'],
        ['c', '10'],
        ['d', '10'],
      ],
    );
    assert.deepEqual(money, {
      clicks: 21,
      earned: [amount('EUR', 3)],
      estimate: [amount('EUR', 3.5), amount('USD', 14)],
    });
  });

  it('ranks merchants by clicks, then name (a link more or less never moves a row among its ties); articles by clicks, then path', () => {
    const built = report(
      [
        ['e.md', [link('inactive-merchant', 'id:20', 'e')]],
        ['z.md', [link('inactive-merchant', 'id:30', 'z'), link('inactive-merchant', 'id:40', 'z')]],
        [
          'a.md',
          [
            link('deeplinks-not-allowed', 'id:30', 'a'),
            link('inactive-merchant', 'id:40', 'a'),
            link('inactive-merchant', 'id:30', 'a', 4),
            link('inactive-merchant', 'id:20', 'a', 5),
          ],
        ],
        ['b.md', [link('target-off-merchant', 'id:20', 'b'), link('target-off-merchant', 'id:20', 'b', 3)]],
        ['d.md', [link('inactive-merchant', 'id:20', 'd')]],
        ['c.md', [link('inactive-merchant', 'id:10', 'c')]],
      ],
      table([
        ['c', '10', 50],
        ['d', '20', 5],
      ]),
    );
    assert.deepEqual(
      built.merchants.map((m) => [m.name, m.money.clicks, m.links]),
      [
        ['Shop', 50, 1],
        ['Old', 5, 5],
        ['Alpha', 0, 2],
        ['Zeta', 0, 3],
      ],
    );
    assert.deepEqual(
      built.merchants[1]!.articles.map((a) => a.path),
      ['d.md', 'a.md', 'b.md', 'e.md'],
    );
    assert.deepEqual(built.merchants[1]!.reasons, ['inactive-merchant', 'target-off-merchant']);
    assert.deepEqual(built.merchants[3]!.reasons, ['inactive-merchant', 'deeplinks-not-allowed']);
  });

  it('shows the links without money while the figures load, and a merchant without an id without money', () => {
    const files: Array<[string, PlacedMoneyLink[]]> = [
      ['a.md', [link('inactive-merchant', 'id:10', 'a'), link('inactive-merchant', 'fallback:x', 'a')]],
    ];
    const loading = report(files, undefined);
    assert.equal(loading.figures, 'loading');
    assert.equal(loading.days, 30);
    assert.deepEqual(loading.totals, { merchants: 2, links: 2, articles: 1, clicks: 0, earned: [], estimate: [] });
    const ready = report(files, table([['a', '10', 3]]));
    assert.equal(ready.figures, 'ready');
    assert.deepEqual(
      ready.merchants.map((m) => [m.name, m.merchantId, m.money.clicks, m.articles[0]!.subIds]),
      [
        ['Shop', '10', 3, ['a']],
        ['fallback:x', undefined, 0, []],
      ],
    );
  });

  it('ranks opportunities by the articles’ own clicks, each SubID once, then by EPC', () => {
    const built = report(
      [
        ['a.md', [link('not-monetized', 'id:10', 'a'), link('not-monetized', 'id:10', 'a', 2)]],
        ['b.md', [link('not-monetized', 'id:20', 'b'), link('not-monetized', 'id:30', 'b')]],
      ],
      table([
        ['a', '40', 5],
        ['a', '30', 1],
        ['b', '40', 4],
      ]),
      { '30': [amount('EUR', 2)] },
    );
    assert.deepEqual(
      built.opportunities.map((o) => [o.name, o.links, o.articles, o.articleClicks]),
      [
        ['Shop', 2, 1, 6],
        ['Zeta', 1, 1, 4],
        ['Old', 1, 1, 4],
      ],
    );
    assert.deepEqual(built.merchants, []);
  });
});
