import assert from 'node:assert/strict';
import {
  aggregateClicks,
  CLICK_DIMENSIONS,
  type ClickGrouping,
  type ClickReport,
} from '../../src/reports/model/clickReport';
import { provisionalFlags } from '../../src/reports/model/reportDays';
import { PROVISIONAL_REASON } from '../../src/reports/model/reportLabels';
import type { ClickItem } from '../../src/api/types';
import { click, CLICK_PERIOD, HAND_CLICKS, numbers } from './helpers/reportItems';

/** key, label, clicks, items; shares are clicks / 44. */
type Row = [string | null, string, number, number];

describe('clicks report aggregation', () => {
  let report: ClickReport;
  // Built before each test, not once while mocha loads the file: `npm run mutate` turns its mutant on per test.
  beforeEach(() => {
    report = aggregateClicks(HAND_CLICKS, CLICK_PERIOD);
  });

  // Counted: c1 (03-01, 10), c2 (03-02, 5), c3 (03-02, 20), c4 (03-05, 3), c5 (03-05, 2),
  // c12 (03-03, 0), c13 (03-04, 4): 44 clicks in 7 items.
  const expected: Record<ClickGrouping, Row[]> = {
    // p2: c3 + c5 + c12 = 22; p1: c1 + c2 + c13 = 19, named by c1; no program: c4.
    program: [
      ['p2', 'Books', 22, 3],
      ['p1', 'Shoes Program', 19, 3],
      [null, 'No program', 3, 1],
    ],
    // a: c1 + c3; b: c4 + c5 and none: c2 + c12 tie at 5, by label; c: c13.
    subId: [
      ['a', 'a', 30, 2],
      ['b', 'b', 5, 2],
      [null, 'No SubID', 5, 2],
      ['c', 'c', 4, 1],
    ],
    // s2: c3 + c4; s1: c1 + c2 + c13; none: c5 + c12.
    platform: [
      ['s2', 'Site', 23, 2],
      ['s1', 'Blog', 19, 3],
      [null, 'No platform', 2, 2],
    ],
    // none: c3 + c12 + c13; MONETIZE_API: c1 + c2 + c5; the unknown product as it came: c4.
    product: [
      [null, 'No product', 24, 3],
      ['MONETIZE_API', 'MONETIZE_API', 17, 3],
      ['MONETIZE_FUTURE', 'MONETIZE_FUTURE', 3, 1],
    ],
    // none: c3 + c12; 10: c1 + c2 + c13; 11: c4 + c5.
    merchant: [
      [null, 'No merchant', 20, 2],
      ['10', 'Merchant 10', 19, 3],
      ['11', 'Merchant 11', 5, 2],
    ],
  };
  for (const grouping of CLICK_DIMENSIONS) {
    it(`groups by ${grouping} as worked out by hand, most clicks first`, () => {
      const rows = report.groups[grouping].map((row): Row => [row.key, row.label, row.clicks, row.items]);
      assert.deepEqual(rows, expected[grouping]);
      for (const row of report.groups[grouping]) {
        assert.equal(row.share, row.clicks / 44);
      }
    });
  }

  it('has every day of the period, zeros included', () => {
    assert.deepEqual(
      report.days.map((day) => [day.date, day.clicks]),
      [
        ['2026-03-01', 10],
        ['2026-03-02', 25],
        ['2026-03-03', 0],
        ['2026-03-04', 4],
        ['2026-03-05', 5],
      ],
    );
  });

  it('counts what it could not place instead of dropping it', () => {
    // c6 and c7 fall outside; c8 has no date and c9 an impossible one; c10 and c11 have no usable count.
    assert.deepEqual(report.skipped, { outside: 2, undated: 2, malformed: 2 });
    assert.deepEqual(report.totals, { clicks: 44, items: 7 });
    assert.deepEqual(
      report.items.map((item) => item.id),
      ['c1', 'c2', 'c3', 'c4', 'c5', 'c12', 'c13'],
    );
  });

  it('names a group by its id when no item names it', () => {
    const unnamed = aggregateClicks(
      [
        click({ programId: 'p9', adspaceId: 's9', date: '2026-03-01', count: 1 }),
        click({ programId: 'p9', programName: 'Late Name', adspaceId: 's9', date: '2026-03-02', count: 1 }),
        click({ programId: 'p8', adspaceId: 's8', date: '2026-03-02', count: 1 }),
      ],
      CLICK_PERIOD,
    );
    assert.deepEqual(
      unnamed.groups.program.map((row) => row.label),
      ['Late Name', 'p8'],
    );
    assert.deepEqual(
      unnamed.groups.platform.map((row) => row.label),
      ['s9', 's8'],
    );
  });

  it('reports an empty period with zero shares', () => {
    const empty = aggregateClicks([], CLICK_PERIOD);
    assert.deepEqual(empty.totals, { clicks: 0, items: 0 });
    assert.equal(empty.days.length, 5);
    assert.ok(empty.days.every((day) => day.clicks === 0));
    for (const grouping of CLICK_DIMENSIONS) {
      assert.deepEqual(empty.groups[grouping], []);
    }
    const zero = aggregateClicks([click({ programId: 'p1', date: '2026-03-01', count: 0 })], CLICK_PERIOD);
    assert.equal(zero.groups.program[0]!.share, 0);
  });

  describe('totals equal the sums of the items', () => {
    const seeds = [1, 2, 3, 4];
    for (const seed of seeds) {
      it(`for a generated report (seed ${seed})`, () => {
        const next = numbers(seed);
        const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
        const items: ClickItem[] = [];
        for (let i = 0; i < 2_000; i++) {
          items.push(
            click({
              programId: pick(['p1', 'p2', 'p3', null]),
              subId: pick(['a', 'b', null]),
              adspaceId: pick(['s1', 's2', null]),
              productId: pick(['MONETIZE_API', 'OTHER', null]),
              merchantId: pick([1, 2, null]),
              // A few days before and after the period, one undated item in about 14.
              date: pick([
                '2026-02-27',
                '2026-02-28',
                '2026-03-01',
                '2026-03-02',
                '2026-03-03',
                '2026-03-04',
                '2026-03-05',
                '2026-03-06',
                null,
                '2026-03-03',
                '2026-03-04',
                '2026-03-02',
                '2026-03-01',
                '2026-03-05',
              ]),
              count: pick([0, 1, 2, 17, 40, 1_500, -3, Number.POSITIVE_INFINITY]),
            }),
          );
        }
        const generated = aggregateClicks(items, CLICK_PERIOD);
        const counted = items.filter(
          (item) =>
            Number.isFinite(item.count) &&
            item.count >= 0 &&
            item.date !== null &&
            item.date >= '2026-03-01' &&
            item.date <= '2026-03-05',
        );
        const sum = counted.reduce((total, item) => total + item.count, 0);
        assert.equal(generated.totals.clicks, sum);
        assert.equal(generated.totals.items, counted.length);
        assert.equal(
          generated.days.reduce((total, day) => total + day.clicks, 0),
          sum,
        );
        for (const grouping of CLICK_DIMENSIONS) {
          const rows = generated.groups[grouping];
          assert.equal(
            rows.reduce((total, row) => total + row.clicks, 0),
            sum,
            grouping,
          );
          assert.equal(
            rows.reduce((total, row) => total + row.items, 0),
            counted.length,
            grouping,
          );
        }
        const { outside, undated, malformed } = generated.skipped;
        assert.equal(outside + undated + malformed + counted.length, items.length);
      });
    }
  });

  describe('provisional days', () => {
    const dates = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
    const cases: Array<[string, number, string | undefined, boolean[]]> = [
      ['the last 2 days by default', 2, undefined, [false, false, false, true, true]],
      ['none', 0, undefined, [false, false, false, false, false]],
      ['all when more days than the period', 7, undefined, [true, true, true, true, true]],
      ['the last 2 days when the period ends today', 2, '2026-03-05', [false, false, false, true, true]],
      ['only the last day when the period ended yesterday', 2, '2026-03-06', [false, false, false, false, true]],
      ['none when the period ended long ago', 2, '2026-04-01', [false, false, false, false, false]],
      ['none with 0 days and today', 0, '2026-03-05', [false, false, false, false, false]],
    ];
    for (const [name, days, today, flags] of cases) {
      it(`flags ${name}`, () => {
        assert.deepEqual(provisionalFlags(dates, days, today), flags);
      });
    }

    it('flags the day series with the reason', () => {
      assert.deepEqual(
        report.days.map((day) => day.provisional),
        [false, false, false, true, true],
      );
      assert.equal(report.provisionalReason, PROVISIONAL_REASON);
      const three = aggregateClicks(HAND_CLICKS, CLICK_PERIOD, { provisionalDays: 3, today: '2026-03-05' });
      assert.deepEqual(
        three.days.map((day) => day.provisional),
        [false, false, true, true, true],
      );
    });

    const bad: Array<[number, string | undefined]> = [
      [-1, undefined],
      [1.5, undefined],
      [Number.NaN, undefined],
      [2, '2026-3-5'],
    ];
    for (const [days, today] of bad) {
      it(`refuses ${days} days${today === undefined ? '' : ` and today ${today}`}`, () => {
        assert.throws(() => provisionalFlags(dates, days, today), RangeError);
      });
    }
  });
});
