/**
 * The Revenue at Risk tree's model (src/revenue/riskTreeModel.ts): a node keeps its object while its id lives, and
 * an update names only the topmost nodes whose row or children changed, or 'all' when the top rows moved.
 */
import assert from 'node:assert/strict';
import type { MerchantKey } from '../../../src/merchant/merchantKey';
import type { PairFigures, PairTable } from '../../../src/reports/figures/pairFigures';
import { buildRevenueReport, type PlacedMoneyLink, type RevenueReport } from '../../../src/revenue/revenueReport';
import { RiskTreeModel, type RiskNode, type RiskTreeChange } from '../../../src/revenue/riskTreeModel';

type Files = Array<[string, PlacedMoneyLink[]]>;

function link(merchant: 'id:10' | 'id:20', subId: string, line: number, column = 0): PlacedMoneyLink {
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

function reportOf(files: Files, clicks: Record<string, number> | undefined): RevenueReport {
  let pairs: PairTable | undefined;
  if (clicks !== undefined) {
    const table = new Map<string, Map<string, PairFigures>>();
    for (const [pair, count] of Object.entries(clicks)) {
      const [subId, merchantId] = pair.split('/') as [string, string];
      table.set(subId, (table.get(subId) ?? new Map()).set(merchantId, { clicks: count, earned: [] }));
    }
    pairs = { window: { from: '2026-03-01', to: '2026-03-31' }, days: 30, pairs: table, programs: new Map() };
  }
  return buildRevenueReport({
    files,
    pairs,
    epc: () => undefined,
    nameOf: (key) => (key === 'id:10' ? 'Shop' : 'Old'),
  });
}

const FILES: Files = [
  ['a.md', [link('id:10', 'a', 1), link('id:10', 'a', 5)]],
  ['b.md', [link('id:10', 'b', 2), link('id:20', 'b', 3)]],
];
const CLICKS = { 'a/10': 40, 'b/10': 30, 'b/20': 5 };

/** Every node by id, to check identity across updates. */
function nodesOf(model: RiskTreeModel): Map<string, RiskNode> {
  const all = new Map<string, RiskNode>();
  const walk = (nodes: readonly RiskNode[]) =>
    nodes.forEach((node) => {
      all.set(node.id, node);
      walk(node.children);
    });
  walk(model.roots);
  return all;
}

/** The ids of what an update names, sorted (the view refreshes each; their order means nothing). */
const ids = (change: RiskTreeChange) => (change === 'all' ? 'all' : change.map((node) => node.id).sort());
const article = (merchant: string, path: string) => `m:${merchant}\u0000${path}`;

describe('revenue at risk: the tree model', () => {
  it('builds the total, the merchants by clicks, their articles and links, each with its parent', () => {
    const model = new RiskTreeModel();
    assert.equal(model.update(reportOf(FILES, CLICKS)), 'all');
    assert.deepEqual(
      model.roots.map((node) => node.id),
      ['total', 'm:id:10', 'm:id:20'],
    );
    const shop = model.get('m:id:10')!;
    assert.deepEqual(
      shop.children.map((node) => node.id),
      [article('id:10', 'a.md'), article('id:10', 'b.md')],
    );
    const a = shop.children[0]!;
    assert.equal(a.parent, shop);
    assert.deepEqual(
      a.children.map((node) => [node.id, node.parent]),
      [
        [`${article('id:10', 'a.md')}\u00001:0`, a],
        [`${article('id:10', 'a.md')}\u00005:0`, a],
      ],
    );
    assert.equal(shop.parent, undefined);
  });

  it('answers nothing changed for the same figures, with every node kept', () => {
    const model = new RiskTreeModel();
    model.update(reportOf(FILES, CLICKS));
    const before = nodesOf(model);
    assert.deepEqual(model.update(reportOf(FILES, CLICKS)), []);
    const after = nodesOf(model);
    assert.deepEqual([...after.keys()], [...before.keys()]);
    for (const [id, node] of after) {
      assert.equal(node, before.get(id), id);
    }
  });

  it('after one file’s edit that moves a link, names that article alone and keeps the other nodes', () => {
    const model = new RiskTreeModel();
    model.update(reportOf(FILES, CLICKS));
    const before = nodesOf(model);
    const edited: Files = [['a.md', [link('id:10', 'a', 1), link('id:10', 'a', 6)]], FILES[1]!];
    const change = model.update(reportOf(edited, CLICKS));
    assert.deepEqual(ids(change), [article('id:10', 'a.md')]);
    assert.equal((change as RiskNode[])[0], before.get(article('id:10', 'a.md')), 'the same object, redrawn');
    for (const [id, node] of nodesOf(model)) {
      if (!id.endsWith('6:0')) {
        assert.equal(node, before.get(id), id);
      }
    }
    assert.equal(model.get(`${article('id:10', 'a.md')}\u00005:0`), undefined, 'the old place is gone');
  });

  it('names the merchant when one of its articles gains a link, since its tooltip counts its links', () => {
    const model = new RiskTreeModel();
    model.update(reportOf(FILES, CLICKS));
    const more: Files = [['a.md', [...FILES[0]![1], link('id:10', 'a', 8)]], FILES[1]!];
    const report = reportOf(more, CLICKS);
    assert.equal(report.merchants[0]!.money.clicks, 70, 'the same pair: the same money');
    assert.deepEqual(ids(model.update(report)), ['m:id:10', 'total']);
  });

  it('names the article alone when only its figures changed, its merchant when the merchant’s row changed too', () => {
    const model = new RiskTreeModel();
    const first = reportOf(FILES, CLICKS);
    model.update(first);
    const before = nodesOf(model);
    // One article's money alone (say a pair another article of the merchant already counts): the rest as it was.
    const onlyArticle = structuredClone(first);
    onlyArticle.merchants[0]!.articles[1]!.money.clicks += 40;
    assert.deepEqual(ids(model.update(onlyArticle)), [article('id:10', 'b.md')]);
    // A pair's clicks change: the total, and the merchant whose description shows them (which covers its articles).
    const change = model.update(reportOf(FILES, { ...CLICKS, 'a/10': 41 }));
    assert.deepEqual(ids(change), ['m:id:10', 'total']);
    for (const [id, node] of nodesOf(model)) {
      assert.equal(node, before.get(id), `${id} keeps its object`);
    }
    assert.match(model.get('m:id:10')!.signature, /71 clicks/);
  });

  it('answers all when the top rows move (merchants reordered, one gone, none left), not when only their rows change', () => {
    const model = new RiskTreeModel();
    model.update(reportOf(FILES, CLICKS));
    const shop = model.get('m:id:10');
    assert.equal(model.update(reportOf(FILES, { ...CLICKS, 'b/20': 500 })), 'all');
    assert.deepEqual(
      model.roots.map((node) => node.id),
      ['total', 'm:id:20', 'm:id:10'],
    );
    assert.equal(model.get('m:id:10'), shop, 'reordered, the node is the same object');
    assert.equal(model.update(reportOf([FILES[0]!], CLICKS)), 'all');
    assert.equal(model.get('m:id:20'), undefined);
    assert.deepEqual(ids(model.update(reportOf([FILES[0]!], undefined))), ['m:id:10', 'total'], 'figures loading');
    assert.equal(model.update(reportOf([], CLICKS)), 'all');
    assert.deepEqual(model.roots, []);
  });

  it('keeps the opportunities under one node, after the merchants', () => {
    const model = new RiskTreeModel();
    const chance: PlacedMoneyLink = { ...link('id:10', 'a', 9), code: 'not-monetized' };
    model.update(reportOf([['a.md', [...FILES[0]![1], chance]]], CLICKS));
    assert.deepEqual(
      model.roots.map((node) => node.id),
      ['total', 'm:id:10', 'opportunities'],
    );
    const opportunity = model.get('opportunities')!.children[0]!;
    assert.equal(opportunity.id, 'o:id:10');
    assert.deepEqual(
      opportunity.children.map((node) => node.id),
      ['o:id:10\u0000a.md\u00009:0'],
    );
  });
});
