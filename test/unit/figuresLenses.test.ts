import assert from 'node:assert/strict';
import { GenerationMemo } from '../../src/common/generationMemo';
import { buildFiguresAggregate } from '../../src/reports/figures/figuresAggregate';
import { articleSubIdsOf, figuresLenses, type LineLenses } from '../../src/reports/figures/figuresLenses';
import { click } from './helpers/reportItems';

const PERIOD = { from: '2026-03-01', to: '2026-03-07' };
const PREVIOUS = { from: '2026-02-22', to: '2026-02-28' };
const aggregateOf = (count: number) =>
  buildFiguresAggregate({
    period: PERIOD,
    previousPeriod: PREVIOUS,
    days: 7,
    clicks: [
      click({ subId: 'shoes', programId: 'p1', merchantId: 10, date: '2026-03-01', count }),
      click({ subId: 'shoes', programId: 'p2', merchantId: 11, date: '2026-03-02', count: 3 }),
      click({ subId: 'books', programId: 'p3', merchantId: 12, date: '2026-03-03', count: 4 }),
    ],
    previousClicks: [],
    actions: [],
  });

const SHOP = { merchantId: '10', name: 'Shoe Shop' };
const OTHER = { merchantId: '11', name: 'Other Shoes' };
const merchants: Record<string, { merchantId: string; name: string }> = { 'https://t/a': SHOP, 'https://t/b': OTHER };
const merchantOf = (url: string) => merchants[url];

describe('figures lenses (the model)', () => {
  it('gathers an article’s SubIDs per line, each once, the setting’s first, with the merchants of each line', () => {
    const subIds = articleSubIdsOf(
      [
        { line: 3, subId: 'shoes', url: 'https://t/a' },
        { line: 3, subId: 'shoes', url: 'https://t/a' },
        { line: 3, subId: 'books', url: 'https://t/b' },
        { line: 7, subId: 'shoes', url: 'https://t/none' },
      ],
      'article',
      merchantOf,
    );
    assert.deepEqual(subIds?.all, ['article', 'shoes', 'books']);
    assert.deepEqual(
      [...subIds!.lines],
      [
        [3, ['shoes', 'books']],
        [7, ['shoes']],
      ],
    );
    assert.deepEqual([...subIds!.merchants], [[3, [SHOP, OTHER]]]);
    assert.equal(articleSubIdsOf([], undefined, merchantOf), undefined, 'no SubID at all: no lenses to make');
  });

  it('keys a line by its SubIDs and its merchants: the same SubIDs going to other merchants are another lens', () => {
    const subIds = articleSubIdsOf(
      [
        { line: 1, subId: 'shoes', url: 'https://t/a' },
        { line: 2, subId: 'shoes', url: 'https://t/b' },
        { line: 3, subId: 'shoes', url: 'https://t/a' },
        { line: 4, subId: 'shoes', url: 'https://t/none' },
      ],
      undefined,
      merchantOf,
    )!;
    assert.equal(subIds.lineKeys.get(1), subIds.lineKeys.get(3));
    assert.equal(new Set([1, 2, 4].map((line) => subIds.lineKeys.get(line))).size, 3);
    const lenses = figuresLenses(aggregateOf(5), subIds, 'as of 10:00');
    const titles = new Map(lenses.map((lens) => [lens.line, lens.title]));
    assert.equal(titles.get(1), '5 clicks · Shoe Shop');
    assert.equal(titles.get(2), '3 clicks · Other Shoes');
    assert.equal(titles.get(4), '8 clicks · shoes', 'no merchant known: the SubID');
    assert.equal(titles.get(1), titles.get(3));
  });

  it('makes a line’s lens once for an aggregate and age, and again for a new aggregate or age', () => {
    const memo: LineLenses = new GenerationMemo();
    const deeplinks = [
      { line: 1, subId: 'shoes', url: 'https://t/a' },
      { line: 5, subId: 'books', url: 'https://t/none' },
    ];
    const first = figuresLenses(
      aggregateOf(5),
      articleSubIdsOf(deeplinks, undefined, merchantOf)!,
      'as of 10:00',
      memo,
    );
    const aggregate = aggregateOf(5);
    const made = figuresLenses(aggregate, articleSubIdsOf(deeplinks, undefined, merchantOf)!, 'as of 10:00', memo);
    // An edit moves the lines: the lenses follow them, made from the memo (the same texts).
    const moved = deeplinks.map((link) => ({ ...link, line: link.line + 10 }));
    const again = figuresLenses(aggregate, articleSubIdsOf(moved, undefined, merchantOf)!, 'as of 10:00', memo);
    assert.deepEqual(
      again.map((lens) => [lens.line, lens.title]),
      made.map((lens) => [lens.line === 0 ? 0 : lens.line + 10, lens.title]),
    );
    assert.deepEqual(
      first.map((lens) => lens.title),
      made.map((lens) => lens.title),
    );
    // The memo hands back what it kept: the line lenses' very objects' texts, made once.
    const kept = figuresLenses(aggregate, articleSubIdsOf(deeplinks, undefined, merchantOf)!, 'as of 10:00', memo);
    assert.deepEqual(kept, made);
    let makes = 0;
    const counting: LineLenses = new GenerationMemo();
    const original = counting.get.bind(counting);
    counting.get = (generation, key, make) => original(generation, key, () => (makes++, make()));
    const subIds = articleSubIdsOf(deeplinks, undefined, merchantOf)!;
    figuresLenses(aggregate, subIds, 'as of 10:00', counting);
    figuresLenses(aggregate, articleSubIdsOf(moved, undefined, merchantOf)!, 'as of 10:00', counting);
    assert.equal(makes, 2, 'two lines, made once each, though the second read moved them');
    const later = figuresLenses(aggregate, articleSubIdsOf(deeplinks, undefined, merchantOf)!, 'as of 10:05', memo);
    assert.ok(
      later.every((lens) => lens.tooltip.includes('10:05')),
      'another age: every tooltip made again',
    );
    const more = figuresLenses(aggregateOf(9), articleSubIdsOf(deeplinks, undefined, merchantOf)!, 'as of 10:05', memo);
    assert.equal(more.find((lens) => lens.line === 1)!.title, '9 clicks · Shoe Shop', 'another aggregate: made again');
  });

  it('keeps a value for one generation of several inputs, and starts again when any changes', () => {
    const memo = new GenerationMemo<number>();
    const a = {};
    let made = 0;
    const get = (generation: unknown) => memo.get(generation, 'k', () => ++made);
    assert.equal(get(memo.generationOf(a, 'x')), 1);
    assert.equal(get(memo.generationOf(a, 'x')), 1);
    assert.equal(get(memo.generationOf(a, 'y')), 2);
    assert.equal(get(memo.generationOf({}, 'y')), 3);
    assert.equal(get(memo.generationOf({}, 'y', 1)), 4);
  });
});
