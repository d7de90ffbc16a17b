import assert from 'node:assert/strict';
import { aggregateActions } from '../../src/reports/model/actionReport';
import { ActionReportRows, type ActionItemColumn } from '../../src/reports/model/actionRows';
import { aggregateClicks } from '../../src/reports/model/clickReport';
import { ClickReportRows, type ClickGroupColumn, type ClickItemColumn } from '../../src/reports/model/clickRows';
import { SortedRows, type RowSort, type SortDirection, type SortValue } from '../../src/reports/model/sortedRows';
import type { ClickItem } from '../../src/api/types';
import { ACTION_PERIOD, CLICK_PERIOD, click, HAND_ACTIONS, HAND_CLICKS, numbers } from './helpers/reportItems';

const keysOf = (rows: ReadonlyArray<{ key: string | null }>) => rows.map((row) => row.key);
const idsOf = (rows: ReadonlyArray<{ id: string | null }>) => rows.map((row) => row.id);
const sort = <C extends string>(column: C, direction: SortDirection, currencyCode?: string | null): RowSort<C> =>
  currencyCode === undefined ? { column, direction } : { column, direction, currencyCode };

describe('report rows for a paging view', () => {
  const clickRows = new ClickReportRows(aggregateClicks(HAND_CLICKS, CLICK_PERIOD));

  describe('grouped click rows, sorted by each column', () => {
    // Program rows as aggregated: p2 (22 clicks, 3 items, "Books"), p1 (19, 3, "Shoes Program"), null (3, 1, "No program").
    const cases: Array<[ClickGroupColumn, SortDirection, Array<string | null>]> = [
      ['label', 'asc', ['p2', null, 'p1']],
      ['label', 'desc', ['p1', null, 'p2']],
      ['clicks', 'asc', [null, 'p1', 'p2']],
      ['clicks', 'desc', ['p2', 'p1', null]],
      ['share', 'asc', [null, 'p1', 'p2']],
      ['share', 'desc', ['p2', 'p1', null]],
      // p2 and p1 tie at 3 items: they keep their order in both directions.
      ['items', 'asc', [null, 'p2', 'p1']],
      ['items', 'desc', ['p2', 'p1', null]],
    ];
    for (const [column, direction, expected] of cases) {
      it(`by ${column} ${direction}`, () => {
        assert.deepEqual(keysOf(clickRows.rows('program', sort(column, direction), 0, 10)), expected);
      });
    }

    it('as aggregated when unsorted, with the totals apart', () => {
      assert.equal(clickRows.rowCount('program'), 3);
      assert.deepEqual(keysOf(clickRows.rows('program', undefined, 0, 10)), ['p2', 'p1', null]);
      assert.deepEqual(clickRows.totals(), { key: null, label: 'Total', clicks: 44, items: 7, share: 1 });
    });
  });

  describe('click items (no grouping), sorted by each column', () => {
    // Counted items: c1 (03-01, 10 clicks, sub a, Blog, merchant 10), c2 (03-02, 5, none, Blog, 10),
    // c3 (03-02, 20, a, Site, none), c4 (03-05, 3, b, Site, 11), c5 (03-05, 2, b, none, 11),
    // c12 (03-03, 0, none, none, none), c13 (03-04 with a time, 4, c, Blog, 10).
    const cases: Array<[ClickItemColumn, SortDirection, string[]]> = [
      ['clicks', 'asc', ['c12', 'c5', 'c4', 'c13', 'c2', 'c1', 'c3']],
      ['clicks', 'desc', ['c3', 'c1', 'c2', 'c13', 'c4', 'c5', 'c12']],
      // Empty values last in both directions.
      ['subId', 'asc', ['c1', 'c3', 'c4', 'c5', 'c13', 'c2', 'c12']],
      ['subId', 'desc', ['c13', 'c4', 'c5', 'c1', 'c3', 'c2', 'c12']],
      ['merchant', 'asc', ['c1', 'c2', 'c13', 'c4', 'c5', 'c3', 'c12']],
      ['merchant', 'desc', ['c4', 'c5', 'c1', 'c2', 'c13', 'c3', 'c12']],
      ['date', 'asc', ['c1', 'c2', 'c3', 'c12', 'c13', 'c4', 'c5']],
      ['date', 'desc', ['c4', 'c5', 'c13', 'c12', 'c2', 'c3', 'c1']],
      ['platform', 'asc', ['c1', 'c2', 'c13', 'c3', 'c4', 'c5', 'c12']],
      ['program', 'desc', ['c2', 'c1', 'c13', 'c3', 'c5', 'c12', 'c4']],
      // Ids compare as a reader counts: c12 after c5.
      ['id', 'asc', ['c1', 'c2', 'c3', 'c4', 'c5', 'c12', 'c13']],
    ];
    for (const [column, direction, expected] of cases) {
      it(`by ${column} ${direction}`, () => {
        assert.equal(clickRows.rowCount('none'), 7);
        assert.deepEqual(idsOf(clickRows.rows('none', sort(column, direction), 0, 10)), expected);
      });
    }
  });

  describe('ranges', () => {
    const byClicks = sort<ClickItemColumn>('clicks', 'desc');
    const cases: Array<[string, number, number, string[]]> = [
      ['at the start', 0, 2, ['c3', 'c1']],
      ['in the middle', 2, 3, ['c2', 'c13', 'c4']],
      ['at the end, cut short', 5, 10, ['c5', 'c12']],
      ['the last row', 6, 1, ['c12']],
      ['just past the end', 7, 5, []],
      ['far past the end', 1_000, 5, []],
      ['of no rows', 3, 0, []],
    ];
    for (const [name, offset, count, expected] of cases) {
      it(`a slice ${name} (${offset}, ${count})`, () => {
        assert.deepEqual(idsOf(clickRows.rows('none', byClicks, offset, count)), expected);
      });
    }

    it('unsorted slices are the items in the order they came', () => {
      assert.deepEqual(idsOf(clickRows.rows('none', undefined, 5, 10)), ['c12', 'c13']);
    });

    const bad: Array<[number, number]> = [
      [-1, 5],
      [0, -1],
      [1.5, 2],
      [0, Number.NaN],
    ];
    for (const [offset, count] of bad) {
      it(`refuses offset ${offset}, count ${count}`, () => {
        assert.throws(() => clickRows.rows('none', byClicks, offset, count), RangeError);
      });
    }

    it('refuses a column or grouping the rows do not have', () => {
      assert.throws(
        () => clickRows.rows('program', sort('count' as ClickGroupColumn, 'asc'), 0, 5),
        /no column "count"/,
      );
      assert.throws(() => clickRows.rows('none', sort('toString' as ClickItemColumn, 'asc'), 0, 5), RangeError);
      assert.throws(() => clickRows.rows('program', sort('clicks', 'up' as SortDirection), 0, 5), /asc or desc/);
      assert.throws(() => clickRows.rowCount('toString' as 'program'), /no grouping/);
    });
  });

  describe('action rows', () => {
    const actionRows = new ActionReportRows(aggregateActions(HAND_ACTIONS, ACTION_PERIOD));

    // Program rows: p1 (4 actions, EUR 15, USD 2), p2 (2, EUR 7, USD 3), null (1, unknown currency 4).
    const groupCases: Array<[string, RowSort, Array<string | null>]> = [
      ['commission in EUR, most first; no EUR last', sort('commission', 'desc', 'EUR'), ['p1', 'p2', null]],
      ['commission in EUR, least first; no EUR still last', sort('commission', 'asc', 'EUR'), ['p2', 'p1', null]],
      ['commission in eur, the same currency', sort('commission', 'asc', 'eur'), ['p2', 'p1', null]],
      ['commission in USD', sort('commission', 'asc', 'USD'), ['p1', 'p2', null]],
      ['commission in the unknown currency', sort('commission', 'desc', null), [null, 'p1', 'p2']],
      ['pending + confirmed in USD', sort('earnedCommission', 'desc', 'USD'), ['p2', 'p1', null]],
      ['actions', sort('actions', 'asc'), [null, 'p2', 'p1']],
      ['share', sort('share', 'desc'), ['p1', 'p2', null]],
      ['label', sort('label', 'asc'), ['p2', null, 'p1']],
    ];
    for (const [name, order, expected] of groupCases) {
      it(`groups by ${name}`, () => {
        assert.deepEqual(keysOf(actionRows.rows('program', order as RowSort<never>, 0, 10)), expected);
      });
    }

    it('needs a currency to sort grouped amounts', () => {
      assert.throws(
        () => actionRows.rows('program', { column: 'commission', direction: 'asc' }, 0, 10),
        /needs a currency/,
      );
    });

    // Actions: a1 EUR 10 unpaid, a2 EUR 5 paid, a3 EUR 7 unpaid, a4 USD 3 paid, a5 USD 2 payment unknown,
    // a6 unknown currency 4 payment unknown, a7 GBP no commission unpaid.
    const itemCases: Array<[string, RowSort<ActionItemColumn>, string[]]> = [
      [
        'commission in EUR; other currencies last',
        sort('commission', 'asc', 'EUR'),
        ['a2', 'a3', 'a1', 'a4', 'a5', 'a6', 'a7'],
      ],
      ['commission whatever the currency', sort('commission', 'asc'), ['a5', 'a4', 'a6', 'a2', 'a3', 'a1', 'a7']],
      ['revenue in USD, most first', sort('revenue', 'desc', 'USD'), ['a4', 'a1', 'a2', 'a3', 'a5', 'a6', 'a7']],
      ['paid first', sort('paidOut', 'desc'), ['a2', 'a4', 'a1', 'a3', 'a7', 'a5', 'a6']],
      ['status', sort('status', 'asc'), ['a3', 'a2', 'a4', 'a1', 'a7', 'a5', 'a6']],
      ['currency', sort('currency', 'desc'), ['a4', 'a5', 'a7', 'a1', 'a2', 'a3', 'a6']],
      ['date (the date, else the day created)', sort('date', 'asc'), ['a6', 'a1', 'a7', 'a2', 'a3', 'a4', 'a5']],
    ];
    for (const [name, order, expected] of itemCases) {
      it(`items by ${name}`, () => {
        assert.deepEqual(idsOf(actionRows.rows('none', order, 0, 10)), expected);
      });
    }

    it('has a totals row apart', () => {
      const totals = actionRows.totals();
      assert.equal(actionRows.rowCount('program'), 3);
      assert.equal(actionRows.rowCount('none'), 7);
      assert.deepEqual(
        [totals.label, totals.actions, totals.commission.map((entry) => entry.amount)],
        ['Total', 7, [22, 5, 4]],
      );
    });
  });

  describe('the sort index', () => {
    it('is built once per sort and reused by every slice', () => {
      const asked: string[] = [];
      const rows = new SortedRows([3, 1, 2], (order) => {
        asked.push(`${order.column} ${order.direction}`);
        return (row: number) => row;
      });
      assert.deepEqual(rows.slice({ column: 'n', direction: 'asc' }, 0, 2), [1, 2]);
      assert.deepEqual(rows.slice({ column: 'n', direction: 'asc' }, 2, 2), [3]);
      assert.deepEqual(rows.slice({ column: 'n', direction: 'desc' }, 0, 3), [3, 2, 1]);
      assert.deepEqual(rows.slice({ column: 'n', direction: 'asc' }, 1, 1), [2]);
      assert.deepEqual(asked, ['n asc', 'n desc']);
    });

    it('tells the unknown currency from no currency', () => {
      const asked: Array<string | null | undefined> = [];
      const rows = new SortedRows([1], (order) => {
        asked.push(order.currencyCode);
        return () => 0;
      });
      rows.slice({ column: 'amount', direction: 'asc' }, 0, 1);
      rows.slice({ column: 'amount', direction: 'asc', currencyCode: null }, 0, 1);
      assert.deepEqual(asked, [undefined, null]);
    });

    const numberCases: Array<[string, Array<number | null>, SortDirection, Array<number | null>]> = [
      ['fractions', [0.5, 0.25, null, 0.75, 0.25], 'asc', [0.25, 0.25, 0.5, 0.75, null]],
      ['fractions, most first', [0.5, 0.25, null, 0.75, 0.25], 'desc', [0.75, 0.5, 0.25, 0.25, null]],
      ['whole numbers far apart', [1e12, -3, 7, 1e12, 0], 'asc', [-3, 0, 7, 1e12, 1e12]],
      ['negative amounts', [-2.5, 4, -10, 0], 'desc', [4, 0, -2.5, -10]],
      [
        'numbers that are not finite, as empty',
        [Number.NaN, 2, Number.POSITIVE_INFINITY, 1],
        'asc',
        [1, 2, Number.NaN, Number.POSITIVE_INFINITY],
      ],
      ['only empty values', [null, null], 'desc', [null, null]],
    ];
    for (const [name, values, direction, expected] of numberCases) {
      it(`orders ${name}`, () => {
        const rows = new SortedRows(values, () => (value: number | null) => value);
        assert.deepEqual(rows.slice({ column: 'value', direction }, 0, values.length), expected);
      });
    }

    it('refuses a column that reads both numbers and texts', () => {
      const rows = new SortedRows<number | string>([1, 'a'], () => (value) => value);
      assert.throws(() => rows.slice({ column: 'mixed', direction: 'asc' }, 0, 2), /both numbers and texts/);
    });

    it('orders 20,000 generated rows by every column in both directions, empty values last', () => {
      const next = numbers(42);
      const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
      const items: ClickItem[] = [];
      for (let i = 0; i < 20_000; i++) {
        const program = pick([1, 2, 3, 10, 20, null]);
        items.push(
          click({
            id: `c${i}`,
            programId: program === null ? null : `p${program}`,
            programName: program === null ? null : `Program ${program}`,
            subId: pick(['news', 'News', 'blog', 'a-2', 'a-10', null]),
            adspaceName: pick(['Blog', 'Site', null]),
            productId: pick(['MONETIZE_API', 'MONETIZE_SUGGEST', null]),
            merchantId: pick([5, 50, 500, null]),
            date: `2026-03-0${1 + Math.floor(next() * 5)}`,
            count: Math.floor(next() * 100),
            updatedAt: pick(['2026-03-06T00:00:00.000Z', '2026-03-05T12:00:00.000Z', null]),
          }),
        );
      }
      const rows = new ClickReportRows(aggregateClicks(items, CLICK_PERIOD));
      const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
      const compare = (a: SortValue, b: SortValue): number =>
        typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
      const readers: Record<ClickItemColumn, (item: ClickItem) => SortValue> = {
        date: (item) => item.date,
        program: (item) => item.programName,
        subId: (item) => item.subId,
        platform: (item) => item.adspaceName,
        product: (item) => item.productId,
        merchant: (item) => item.merchantId,
        clicks: (item) => item.count,
        updatedAt: (item) => item.updatedAt,
        id: (item) => item.id,
      };
      for (const [column, read] of Object.entries(readers) as Array<
        [ClickItemColumn, (item: ClickItem) => SortValue]
      >) {
        for (const direction of ['asc', 'desc'] as const) {
          // Read in pages, as a view would.
          const sorted: ClickItem[] = [];
          for (let offset = 0; offset < rows.rowCount('none'); offset += 6_000) {
            sorted.push(...rows.rows('none', { column, direction }, offset, 6_000));
          }
          assert.equal(sorted.length, 20_000);
          assert.equal(new Set(sorted).size, 20_000, `${column} ${direction}: every row once`);
          for (let i = 1; i < sorted.length; i++) {
            const [a, b] = [read(sorted[i - 1]!), read(sorted[i]!)];
            if (b === null) {
              continue;
            }
            assert.ok(a !== null, `${column} ${direction}: an empty value before a value at ${i}`);
            const order = compare(a, b) * (direction === 'asc' ? 1 : -1);
            assert.ok(order <= 0, `${column} ${direction}: ${String(a)} before ${String(b)} at ${i}`);
            if (order === 0) {
              assert.ok(
                Number(sorted[i - 1]!.id!.slice(1)) < Number(sorted[i]!.id!.slice(1)),
                `${column} ${direction}: ties keep their order at ${i}`,
              );
            }
          }
        }
      }
    });
  });
});
