import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Merchant } from '../../src/api/types';
import { merchantFiguresText, type MerchantTooltipFigures } from '../../src/catalog/present/merchantFigures';
import { merchantTooltipMarkdown } from '../../src/catalog/present/merchantTooltip';
import { CatalogTreeModel } from '../../src/catalog/tree/catalogTree';
import type { CatalogNode, TreeOptions } from '../../src/catalog/tree/treeNodes';
import type { CatalogMerchant } from '../../src/merchant/merchantFields';
import { blankMerchant } from './helpers/merchants';
import { asMerchantKey, type MerchantKey } from '../../src/merchant/merchantKey';

/** Merchants keyed `k0`, `k1`, ... */
function catalog(items: Array<Partial<Merchant>>): Map<MerchantKey, CatalogMerchant> {
  return new Map(items.map((item, i) => [asMerchantKey(`k${i}`), blankMerchant(item)]));
}

function build(
  merchants: ReadonlyMap<MerchantKey, CatalogMerchant>,
  options: Partial<TreeOptions> = {},
): CatalogTreeModel {
  return new CatalogTreeModel(merchants, {
    sort: 'clicks',
    filter: '',
    deeplinkOnly: false,
    locale: 'en-US',
    ...options,
  });
}

function clicksFrom(table: Record<number, number>): (merchantId: number) => number | undefined {
  return (merchantId) => table[merchantId];
}

/** The merchants' names in the order the model lists them, every group and bucket walked. */
function names(model: CatalogTreeModel): string[] {
  const out: string[] = [];
  const visit = (node: CatalogNode): void => {
    if (node.kind === 'merchant') {
      out.push(node.merchant.name);
      return;
    }
    model.children(node).forEach(visit);
  };
  model.roots().forEach(visit);
  return out;
}

describe('the merchant tree sorted by clicks', () => {
  const merchants = catalog([
    { merchantId: 1, name: 'Delta' },
    { merchantId: 2, name: 'alpha' },
    { merchantId: 3, name: 'Charlie' },
    { merchantId: 4, name: 'Bravo' },
    { merchantId: 5, name: 'Echo' },
    { merchantId: null, name: 'Aardvark' },
  ]);

  it('lists the merchants with clicks first, most first, then the others in name order', () => {
    const model = build(merchants, { clicksOf: clicksFrom({ 1: 12, 3: 400, 5: 7 }) });
    assert.deepEqual(names(model), ['Charlie', 'Delta', 'Echo', 'Aardvark', 'alpha', 'Bravo']);
  });

  it('puts merchants with as many clicks in name order', () => {
    const model = build(merchants, { clicksOf: clicksFrom({ 5: 30, 4: 30, 1: 30, 2: 2 }) });
    assert.deepEqual(names(model), ['Bravo', 'Delta', 'Echo', 'alpha', 'Aardvark', 'Charlie']);
  });

  it('treats a merchant missing from the figures, one without an id and a figure that is not a positive number as no clicks', () => {
    const looked: number[] = [];
    const clicksOf = (merchantId: number): number | undefined => {
      looked.push(merchantId);
      return ({ 1: 0, 2: -5, 3: Number.NaN, 4: Number.POSITIVE_INFINITY, 5: 1 } as Record<number, number>)[merchantId];
    };
    const model = build(merchants, { clicksOf });
    assert.deepEqual(names(model), ['Echo', 'Aardvark', 'alpha', 'Bravo', 'Charlie', 'Delta']);
    assert.deepEqual(looked.sort(), [1, 2, 3, 4, 5], 'each merchant with an id looked up once');
  });

  it('is the name order without figures', () => {
    assert.deepEqual(names(build(merchants)), names(build(merchants, { sort: 'name' })));
    assert.deepEqual(names(build(merchants, { clicksOf: () => undefined })), names(build(merchants, { sort: 'name' })));
  });

  it('keeps Active before Inactive, each sorted by clicks', () => {
    const mixed = catalog([
      { merchantId: 1, name: 'A', isActive: false },
      { merchantId: 2, name: 'B' },
      { merchantId: 3, name: 'C', isActive: false },
      { merchantId: 4, name: 'D' },
    ]);
    const model = build(mixed, { clicksOf: clicksFrom({ 1: 1, 3: 9, 4: 5 }) });
    const [active, inactive] = model.roots();
    assert.deepEqual(
      model.children(active!).map((n) => n.kind === 'merchant' && n.merchant.name),
      ['D', 'B'],
    );
    assert.deepEqual(
      model.children(inactive!).map((n) => n.kind === 'merchant' && n.merchant.name),
      ['C', 'A'],
    );
  });

  it('cuts a large group into pages by rank, the ranking running across them', () => {
    const many = catalog(['M0', 'M1', 'M2', 'M3', 'M4', 'M5', 'M6'].map((name, i) => ({ merchantId: i + 1, name })));
    const model = build(many, { clicksOf: clicksFrom({ 3: 5, 7: 50, 5: 20 }), bucketThreshold: 3 });
    const pages = model.children(model.roots()[0]!);
    assert.deepEqual(
      pages.map((page) => (page.kind === 'bucket' ? page.label : page.kind)),
      ['1–3', '4–6', '7'],
    );
    assert.deepEqual(names(model), ['M6', 'M4', 'M2', 'M0', 'M1', 'M3', 'M5']);
    const m4 = model.nodeForMerchant(asMerchantKey('k4'));
    assert.equal(m4?.parentId, 'bucket:active:1–3', 'a merchant is revealed under its page');
  });

  it('orders any catalog by clicks, most first, and as the name sort among equal clicks', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: fc.string({ maxLength: 6 }),
            clicks: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
          }),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 50 }),
        (rows, bucketThreshold) => {
          const merchants = catalog(rows.map((row, i) => ({ merchantId: i + 1, name: row.name })));
          const clicksOf = (merchantId: number): number | undefined => rows[merchantId - 1]?.clicks;
          const byClicks = build(merchants, { clicksOf, bucketThreshold });
          const byName = build(merchants, { sort: 'name', bucketThreshold: 1_000 });
          const clicks = (key: string): number => rows[Number(key.slice(1))]?.clicks ?? 0;
          const keysOf = (model: CatalogTreeModel): string[] => {
            const out: string[] = [];
            const visit = (node: CatalogNode): void =>
              node.kind === 'merchant' ? void out.push(node.key) : model.children(node).forEach(visit);
            model.roots().forEach(visit);
            return out;
          };
          const expected = keysOf(byName)
            .map((key, rank) => ({ key, rank }))
            .sort((a, b) => clicks(b.key) - clicks(a.key) || a.rank - b.rank)
            .map((entry) => entry.key);
          assert.deepEqual(keysOf(byClicks), expected);
        },
      ),
    );
  });
});

describe('the merchant tooltip’s figures line', () => {
  const figures = (merchant: MerchantTooltipFigures['merchant'], days = 30): MerchantTooltipFigures => ({
    days,
    merchant,
  });

  it('gives clicks, actions and EPC per currency', () => {
    const text = merchantFiguresText(
      figures({
        clicks: 1234,
        actions: 12,
        epc: [
          { currencyCode: 'EUR', amount: 0.0712 },
          { currencyCode: 'USD', amount: 0.0042 },
          { currencyCode: null, amount: 1.5 },
        ],
      }),
    );
    assert.equal(text, 'Last 30 days: 1,234 clicks · 12 actions · EPC EUR 0.07, USD 0.0042, 1.50 (unknown currency)');
  });

  it('says one click and one action in the singular, and leaves out actions and EPC when there are none', () => {
    assert.equal(
      merchantFiguresText(figures({ clicks: 1, actions: 1, epc: [{ currencyCode: 'EUR', amount: 2 }] }, 7)),
      'Last 7 days: 1 click · 1 action · EPC EUR 2.00',
    );
    assert.equal(merchantFiguresText(figures({ clicks: 87, actions: 0, epc: [] }, 90)), 'Last 90 days: 87 clicks');
  });

  it('says no clicks for a merchant the figures do not hold or one with actions only', () => {
    assert.equal(merchantFiguresText(figures(undefined)), 'Last 30 days: no clicks');
    assert.equal(
      merchantFiguresText(figures({ clicks: 0, actions: 3, epc: null })),
      'Last 30 days: no clicks · 3 actions',
    );
  });

  it('puts the line after the status line, escaped, and nothing when the figures are not loaded', () => {
    const merchant = blankMerchant({ merchantId: 7, name: 'Bookworm' });
    const without = merchantTooltipMarkdown(merchant, 'en-US');
    assert.doesNotMatch(without, /Last 30 days/);
    const withFigures = merchantTooltipMarkdown(
      merchant,
      'en-US',
      figures({ clicks: 1234, actions: 2, epc: [{ currencyCode: 'EUR', amount: 0.5 }] }),
    );
    const paragraphs = withFigures.split('\n\n');
    assert.equal(paragraphs[2], 'Last 30 days\\: 1\\,234 clicks · 2 actions · EPC EUR 0\\.50');
    assert.deepEqual(
      paragraphs.filter((_, i) => i !== 2),
      without.split('\n\n'),
      'the rest of the tooltip is unchanged',
    );
  });

  it('never throws, and adds one paragraph to the tooltip, whatever the figures', () => {
    const without = merchantTooltipMarkdown(blankMerchant({ merchantId: 7 }), 'en-US').split('\n\n').length;
    const amount = fc.record({
      currencyCode: fc.option(fc.string({ maxLength: 4 }), { nil: null }),
      amount: fc.double(),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(7, 30, 90),
        fc.option(
          fc.record({
            clicks: fc.double(),
            actions: fc.double(),
            epc: fc.option(fc.array(amount, { maxLength: 3 }), { nil: null }),
          }),
          { nil: undefined },
        ),
        (days, merchant) => {
          const text = merchantFiguresText({ days, merchant });
          assert.ok(text.startsWith(`Last ${days} days: `), text);
          assert.doesNotMatch(text, /NaN|Infinity/);
          const markdown = merchantTooltipMarkdown(blankMerchant({ merchantId: 7 }), 'en-US', { days, merchant });
          assert.equal(markdown.split('\n\n').length, without + 1);
          assert.doesNotMatch(markdown.split('\n\n')[2]!, /\n/);
        },
      ),
    );
  });
});
