import assert from 'node:assert/strict';
import type { ArticleFigures } from '../../src/reports/figures/figuresAggregate';
import { amountsText, articleLensText, clicksText, lineLensText } from '../../src/reports/figures/figuresWords';
import type { CurrencyAmount } from '../../src/reports/model/currencyAmounts';
import { percentChange } from '../../src/reports/model/periodComparison';

const amount = (currencyCode: string | null, value: number): CurrencyAmount => ({
  currencyCode,
  label: currencyCode ?? 'unknown currency',
  amount: value,
});

function figures(
  clicks: number,
  previousClicks: number,
  earnedCommission: CurrencyAmount[] = [],
  subIds = ['best-running-shoes'],
): ArticleFigures {
  return { subIds, clicks, previousClicks, change: percentChange(clicks, previousClicks), earnedCommission };
}

describe('figures lens text', () => {
  describe('an article', () => {
    it('reads clicks, change and commission', () => {
      assert.equal(
        articleLensText(figures(1234, 1100, [amount('EUR', 56.7)]), 30),
        '1,234 clicks · +12.2% vs previous 30 days · EUR 56.70 pending + confirmed + settled',
      );
    });

    it('says "1 click" and "0 clicks"', () => {
      assert.equal(articleLensText(figures(1, 0), 7), '1 click · new vs previous 7 days');
      assert.equal(articleLensText(figures(0, 4), 7), '0 clicks · \u2212100.0% vs previous 7 days');
      assert.equal(articleLensText(figures(2, 2), 90), '2 clicks · 0% vs previous 90 days');
    });

    it('gives the sign of the change', () => {
      assert.equal(articleLensText(figures(150, 100), 30), '150 clicks · +50.0% vs previous 30 days');
      assert.equal(articleLensText(figures(96, 100), 30), '96 clicks · \u22124.0% vs previous 30 days');
    });

    it('leaves the change out when neither period has clicks', () => {
      assert.equal(
        articleLensText(figures(0, 0, [amount('EUR', 3)]), 30),
        '0 clicks · EUR 3.00 pending + confirmed + settled',
      );
    });

    it('gives the commission per currency, never summed across, with thousands separators', () => {
      const text = articleLensText(
        figures(12000, 10000, [amount('EUR', 1234.5), amount('USD', 0.456), amount(null, 2)]),
        30,
      );
      assert.equal(
        text,
        '12,000 clicks · +20.0% vs previous 30 days · EUR 1,234.50, USD 0.46, unknown currency 2.00 pending + confirmed + settled',
      );
    });

    it('says nothing about commission without it', () => {
      assert.doesNotMatch(articleLensText(figures(10, 5), 30), /pending|confirmed|EUR/);
    });
  });

  describe('a line', () => {
    it('names the SubIDs of its links', () => {
      assert.equal(lineLensText(figures(87, 10)), '87 clicks · best-running-shoes');
      assert.equal(lineLensText(figures(1, 0, [], ['a', 'b'])), '1 click · a, b');
      assert.equal(lineLensText(figures(1500, 0, [], ['a', 'b', 'c', 'd', 'e'])), '1,500 clicks · a, b, c +2 more');
    });

    it('counts the line’s clicks as those that went to its links’ merchants, most first, when it is given them', () => {
      assert.equal(
        lineLensText(figures(500, 10), [
          { name: 'Nike', clicks: 27 },
          { name: 'Zalando', clicks: 60 },
          { name: 'Idle Shop', clicks: 0 },
        ]),
        '87 clicks · Zalando 60, Nike 27, Idle Shop 0',
      );
      assert.equal(lineLensText(figures(2000, 0), [{ name: 'Zalando', clicks: 1200 }]), '1,200 clicks · Zalando');
    });

    it('says a line’s merchant had no clicks, and names the SubIDs when no merchant is known', () => {
      assert.equal(lineLensText(figures(5, 0), [{ name: 'Idle Shop', clicks: 0 }]), '0 clicks · Idle Shop');
      assert.equal(lineLensText(figures(5, 0), []), '5 clicks · best-running-shoes');
      assert.equal(lineLensText(figures(5, 0)), '5 clicks · best-running-shoes');
    });
  });

  describe('the parts', () => {
    it('formats clicks and amounts', () => {
      assert.deepEqual(
        [clicksText(0), clicksText(1), clicksText(2), clicksText(1_000_000)],
        ['0 clicks', '1 click', '2 clicks', '1,000,000 clicks'],
      );
      assert.equal(amountsText([]), '');
      assert.equal(amountsText([amount('EUR', -4)]), 'EUR -4.00');
    });
  });
});
