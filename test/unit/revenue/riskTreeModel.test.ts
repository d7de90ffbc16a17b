/**
 * The Revenue at Risk tree's model (src/revenue/riskTreeModel.ts) over the builder that keeps untouched merchants'
 * rows (src/revenue/revenueReportBuilder.ts): a node keeps its object while its id lives, an update names only the
 * merchant rows whose report changed (the rest cost nothing), or 'all' when the top rows moved; children are made
 * when asked and keep their objects by id.
 */
import assert from 'node:assert/strict';
import type { MerchantKey } from '../../../src/merchant/merchantKey';
import type { PairFigures, PairTable } from '../../../src/reports/figures/pairFigures';
import type { PlacedMoneyLink, RevenueContext } from '../../../src/revenue/revenueReport';
import { RevenueReportBuilder } from '../../../src/revenue/revenueReportBuilder';
import { RiskTreeModel, type RiskTreeChange } from '../../../src/revenue/riskTreeModel';

function link(merchant: 'id:10' | 'id:20' | 'id:30', subId: string, line: number, column = 0): PlacedMoneyLink {
  return {
    code: 'inactive-merchant',
    merchantKey: merchant as MerchantKey,
    merchantId: merchant.slice(3),
    subId,
    line,
    column,
    endLine: line,
    endColumn: column + 20,
  };
}

function contextOf(clicks: Record<string, number>): RevenueContext {
  const table = new Map<string, Map<string, PairFigures>>();
  for (const [pair, count] of Object.entries(clicks)) {
    const [subId, merchantId] = pair.split('/') as [string, string];
    table.set(subId, (table.get(subId) ?? new Map()).set(merchantId, { clicks: count, earned: [] }));
  }
  const pairs: PairTable = {
    window: { from: '2026-03-01', to: '2026-03-31' },
    days: 30,
    pairs: table,
    programs: new Map(),
  };
  const names: Record<string, string> = { 'id:10': 'Shop', 'id:20': 'Old', 'id:30': 'Zed' };
  return { pairs, epc: () => undefined, nameOf: (key) => names[key] };
}

const CONTEXT = contextOf({ 'a/10': 40, 'b/10': 30, 'b/20': 5, 'c/30': 1 });

function setUp() {
  const builder = new RevenueReportBuilder();
  builder.setFile('a.md', [link('id:10', 'a', 1), link('id:10', 'a', 5)]);
  builder.setFile('b.md', [link('id:10', 'b', 2), link('id:20', 'b', 3)]);
  builder.setFile('c.md', [link('id:30', 'c', 0)]);
  const model = new RiskTreeModel();
  const first = model.update(builder.build(CONTEXT));
  return { builder, model, first };
}

const ids = (change: RiskTreeChange) => (change === 'all' ? 'all' : change.map((node) => node.id).sort());
const article = (merchant: string, path: string) => `m:${merchant}\u0000${path}`;

describe('revenue at risk: the tree model', () => {
  it('builds the total and the merchants by clicks; articles and links when asked, each with its parent', () => {
    const { model, first } = setUp();
    assert.equal(first, 'all');
    assert.deepEqual(
      model.roots.map((node) => node.id),
      ['total', 'm:id:10', 'm:id:20', 'm:id:30'],
    );
    const shop = model.get('m:id:10')!;
    assert.equal(shop.merchantKey, 'id:10');
    assert.equal(shop.made, undefined, 'children are made when the view asks');
    const articles = model.children(shop);
    assert.deepEqual(
      articles.map((node) => node.id),
      [article('id:10', 'a.md'), article('id:10', 'b.md')],
    );
    assert.equal(articles[0]!.parent, shop);
    assert.deepEqual(
      model.children(articles[0]!).map((node) => [node.id, node.parent]),
      [
        [`${article('id:10', 'a.md')}\u00001:0`, articles[0]],
        [`${article('id:10', 'a.md')}\u00005:0`, articles[0]],
      ],
    );
    assert.equal(model.children(shop), articles, 'asked again, the same children');
  });

  it('names nothing and keeps every object when nothing changed', () => {
    const { builder, model } = setUp();
    const shop = model.get('m:id:10')!;
    const articles = model.children(shop);
    assert.deepEqual(model.update(builder.build(CONTEXT)), []);
    assert.equal(model.get('m:id:10'), shop);
    assert.equal(model.children(shop), articles);
  });

  it('after one file’s edit, names only the merchant it touched, and its children keep their objects by id', () => {
    const { builder, model } = setUp();
    const shop = model.get('m:id:10')!;
    const [a, b] = model.children(shop);
    const aLinks = model.children(a!);
    // A link of a.md moves down a line: Shop's row is made again, Old's and Zed's are not.
    builder.setFile('a.md', [link('id:10', 'a', 2), link('id:10', 'a', 5)]);
    const change = model.update(builder.build(CONTEXT));
    assert.deepEqual(ids(change), ['m:id:10']);
    const again = model.children(shop);
    assert.equal(again[0], a, 'the article keeps its object');
    assert.equal(again[1], b);
    const links = model.children(again[0]!);
    assert.equal(links[1], aLinks[1], 'the link that stayed keeps its object');
    assert.notEqual(links[0], aLinks[0], 'the moved link is a new row');
  });

  it('names the total and the merchant when a pair’s clicks change without reordering', () => {
    const { builder, model } = setUp();
    const change = model.update(builder.build(contextOf({ 'a/10': 41, 'b/10': 30, 'b/20': 5, 'c/30': 1 })));
    // A new context makes every merchant's row again: each is named, none moves.
    assert.deepEqual(ids(change), ['m:id:10', 'm:id:20', 'm:id:30', 'total']);
  });

  it('keeps ties in name order: removing a link of a merchant without clicks moves no row', () => {
    const builder = new RevenueReportBuilder();
    builder.setFile('x.md', [link('id:30', 'x', 0), link('id:30', 'x', 1)]);
    builder.setFile('y.md', [link('id:20', 'y', 0)]);
    const model = new RiskTreeModel();
    const context = contextOf({});
    model.update(builder.build(context));
    assert.deepEqual(
      model.roots.map((node) => node.id),
      ['total', 'm:id:20', 'm:id:30'],
    );
    builder.setFile('x.md', [link('id:30', 'x', 0)]);
    assert.deepEqual(ids(model.update(builder.build(context))), ['m:id:30', 'total']);
  });

  it('says all when merchants reorder, appear or go', () => {
    const { builder, model } = setUp();
    assert.equal(model.update(builder.build(contextOf({ 'a/10': 1, 'b/10': 1, 'b/20': 500, 'c/30': 1 }))), 'all');
    assert.equal(model.roots[1]!.id, 'm:id:20');
    builder.setFile('c.md', []);
    assert.equal(model.update(builder.build(contextOf({ 'a/10': 1, 'b/10': 1, 'b/20': 500 }))), 'all');
    assert.equal(model.get('m:id:30'), undefined);
  });

  it('keeps the nodes of the merchants that stay, with their children, when another one goes', () => {
    const { builder, model } = setUp();
    const [shop, old] = [model.get('m:id:10')!, model.get('m:id:20')!];
    const [firstArticle] = model.children(shop);
    builder.setFile('c.md', []);
    assert.equal(model.update(builder.build(CONTEXT)), 'all');
    assert.equal(model.get('m:id:30'), undefined);
    // Twice: a node shown again but not noted as shown would be let go at the next update that drops a row.
    builder.setFile('b.md', [link('id:10', 'b', 2)]);
    model.update(builder.build(CONTEXT));
    assert.equal(model.get('m:id:20'), undefined);
    assert.equal(model.get('m:id:10'), shop);
    assert.deepEqual(
      model.roots.map((node) => node.id),
      ['total', 'm:id:10'],
    );
    assert.equal(model.children(shop)[0], firstArticle);
    assert.notEqual(old, shop);
  });

  it('finds a made child by id, and forgets the children of a row whose data changed until asked again', () => {
    const { builder, model } = setUp();
    const shop = model.get('m:id:10')!;
    const [a] = model.children(shop);
    assert.equal(model.get(a!.id), a);
    builder.setFile('a.md', [link('id:10', 'a', 9)]);
    model.update(builder.build(CONTEXT));
    assert.equal(shop.made, undefined);
    assert.equal(model.children(shop)[0], a);
  });
});
