import assert from 'node:assert/strict';
import {
  ACTION_DIMENSIONS,
  aggregateActions,
  type ActionGrouping,
  type ActionReport,
} from '../../src/reports/model/actionReport';
import type { CurrencyAmount } from '../../src/reports/model/currencyAmounts';
import type { ActionItem } from '../../src/api/types';
import { action, ACTION_PERIOD, HAND_ACTIONS, numbers } from './helpers/reportItems';

/** [currency, amount] pairs, the unknown currency as null. */
type Amounts = Array<[string | null, number]>;
const pairs = (amounts: readonly CurrencyAmount[]): Amounts =>
  amounts.map((entry) => [entry.currencyCode, entry.amount]);

/** key, label, actions, commission, pending + confirmed commission. */
type Row = [string | null, string, number, Amounts, Amounts];

describe('actions report aggregation', () => {
  let report: ActionReport;
  // Built before each test, not once while mocha loads the file: `npm run mutate` turns its mutant on per test.
  beforeEach(() => {
    report = aggregateActions(HAND_ACTIONS, ACTION_PERIOD);
  });

  // Counted: a1..a7. a7 has no commission and a5 no revenue; a6 has no currency.
  it('sums commission and revenue per currency, the unknown currency on its own', () => {
    assert.equal(report.totals.actions, 7);
    assert.deepEqual(pairs(report.totals.commission), [
      ['EUR', 22],
      ['USD', 5],
      [null, 4],
    ]);
    assert.deepEqual(pairs(report.totals.revenue), [
      ['EUR', 220],
      ['USD', 30],
      [null, 40],
    ]);
    // a5 is SETTLED: earned, as PENDING and CONFIRMED are.
    assert.deepEqual(pairs(report.totals.earnedCommission), [
      ['EUR', 15],
      ['USD', 5],
    ]);
    assert.equal(report.totals.commission.at(-1)!.label, 'unknown currency');
  });

  it('keeps a status it does not know as it came, after the known ones, and earns nothing from it', () => {
    const items = [
      action({
        id: 'u1',
        status: 'DISPUTED',
        currencyCode: 'EUR',
        commission: 6,
        createdAt: '2026-03-01T10:00:00.000Z',
      }),
      action({
        id: 'u2',
        status: 'SETTLED',
        currencyCode: 'EUR',
        commission: 4,
        createdAt: '2026-03-01T11:00:00.000Z',
      }),
    ];
    const mixed = aggregateActions(items, ACTION_PERIOD);
    assert.deepEqual(
      mixed.statuses.map((row) => [row.status, row.label, row.actions]),
      [
        ['PENDING', 'Pending', 0],
        ['CONFIRMED', 'Confirmed', 0],
        ['SETTLED', 'Settled', 1],
        ['CANCELED', 'Canceled', 0],
        ['DISPUTED', 'DISPUTED', 1],
      ],
    );
    assert.deepEqual(pairs(mixed.totals.earnedCommission), [['EUR', 4]]);
  });

  it('keeps every status', () => {
    assert.deepEqual(
      report.statuses.map((row) => [row.status, row.label, row.actions, pairs(row.commission), pairs(row.revenue)]),
      [
        ['PENDING', 'Pending', 2, [['EUR', 10]], [['EUR', 100]]],
        [
          'CONFIRMED',
          'Confirmed',
          2,
          [
            ['EUR', 5],
            ['USD', 3],
          ],
          [
            ['EUR', 50],
            ['USD', 30],
          ],
        ],
        ['SETTLED', 'Settled', 1, [['USD', 2]], []],
        ['CANCELED', 'Canceled', 1, [['EUR', 7]], [['EUR', 70]]],
        [null, 'No status', 1, [[null, 4]], [[null, 40]]],
      ],
    );
  });

  it('lists the spec statuses even when no action has them', () => {
    const empty = aggregateActions([], ACTION_PERIOD);
    assert.deepEqual(
      empty.statuses.map((row) => [row.status, row.actions]),
      [
        ['PENDING', 0],
        ['CONFIRMED', 0],
        ['SETTLED', 0],
        ['CANCELED', 0],
      ],
    );
    assert.deepEqual(
      empty.payment.map((row) => row.payment),
      ['paid', 'unpaid'],
    );
  });

  it('splits paid from unpaid, and says when payment is not known', () => {
    assert.deepEqual(
      report.payment.map((row) => [row.payment, row.actions, pairs(row.commission)]),
      [
        [
          'paid',
          2,
          [
            ['EUR', 5],
            ['USD', 3],
          ],
        ],
        ['unpaid', 3, [['EUR', 17]]],
        [
          'unknown',
          2,
          [
            ['USD', 2],
            [null, 4],
          ],
        ],
      ],
    );
  });

  it('has every day with its actions, and commission per day per currency', () => {
    assert.deepEqual(
      report.days.map((day) => [day.date, day.actions, day.provisional]),
      [
        ['2026-03-01', 3, false],
        ['2026-03-02', 2, true],
        ['2026-03-03', 2, true],
      ],
    );
    assert.deepEqual(
      report.commissionByDay.map((series) => [series.currencyCode, series.label, series.values]),
      [
        ['EUR', 'EUR', [10, 12, 0]],
        ['USD', 'USD', [0, 0, 5]],
        [null, 'unknown currency', [4, 0, 0]],
      ],
    );
  });

  const expected: Record<ActionGrouping, Row[]> = {
    // p1: a1, a2, a5, a7; p2: a3, a4; none: a6.
    program: [
      [
        'p1',
        'Shoes Program',
        4,
        [
          ['EUR', 15],
          ['USD', 2],
        ],
        [
          ['EUR', 15],
          ['USD', 2],
        ],
      ],
      [
        'p2',
        'Books',
        2,
        [
          ['EUR', 7],
          ['USD', 3],
        ],
        [['USD', 3]],
      ],
      [null, 'No program', 1, [[null, 4]], []],
    ],
    // a: a1, a3, a4, a7; none: a2, a6; b: a5.
    subId: [
      [
        'a',
        'a',
        4,
        [
          ['EUR', 17],
          ['USD', 3],
        ],
        [
          ['EUR', 10],
          ['USD', 3],
        ],
      ],
      [
        null,
        'No SubID',
        2,
        [
          ['EUR', 5],
          [null, 4],
        ],
        [['EUR', 5]],
      ],
      ['b', 'b', 1, [['USD', 2]], [['USD', 2]]],
    ],
    platform: [
      [
        's1',
        'Blog',
        4,
        [
          ['EUR', 15],
          ['USD', 2],
        ],
        [
          ['EUR', 15],
          ['USD', 2],
        ],
      ],
      [
        's2',
        'Site',
        2,
        [
          ['EUR', 7],
          ['USD', 3],
        ],
        [['USD', 3]],
      ],
      [null, 'No platform', 1, [[null, 4]], []],
    ],
    // MONETIZE_LINK_API and "No product" tie at 1: by label.
    product: [
      [
        'MONETIZE_API',
        'MONETIZE_API',
        5,
        [
          ['EUR', 22],
          ['USD', 3],
        ],
        [
          ['EUR', 15],
          ['USD', 3],
        ],
      ],
      ['MONETIZE_LINK_API', 'MONETIZE_LINK_API', 1, [['USD', 2]], [['USD', 2]]],
      [null, 'No product', 1, [[null, 4]], []],
    ],
  };
  for (const grouping of ACTION_DIMENSIONS) {
    it(`groups by ${grouping} as worked out by hand`, () => {
      const rows = report.groups[grouping].map(
        (row): Row => [row.key, row.label, row.actions, pairs(row.commission), pairs(row.earnedCommission)],
      );
      assert.deepEqual(rows, expected[grouping]);
      for (const row of report.groups[grouping]) {
        assert.equal(row.share, row.actions / 7);
      }
    });
  }

  it('counts what it could not place', () => {
    // a8 falls outside, a9 has no date at all, a10's commission is not a number.
    assert.deepEqual(report.skipped, { outside: 1, undated: 1, malformed: 1 });
    assert.deepEqual(
      report.items.map((item) => item.id),
      ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'],
    );
  });

  it('never sums two currencies, whatever the mix', () => {
    const next = numbers(9);
    const currencies = ['EUR', 'USD', 'eur', 'JPY', null];
    const items: ActionItem[] = [];
    for (let i = 0; i < 1_000; i++) {
      const currencyCode = currencies[Math.floor(next() * currencies.length)]!;
      items.push(
        action({
          status: next() < 0.5 ? 'PENDING' : 'CANCELED',
          currencyCode,
          commission: Math.round(next() * 1000),
          revenue: 1,
          programId: next() < 0.5 ? 'p1' : 'p2',
          createdAt: '2026-03-02T00:00:00Z',
        }),
      );
    }
    const mixed = aggregateActions(items, ACTION_PERIOD);
    const expectedSum = (code: string | null) =>
      items
        .filter((item) => (item.currencyCode?.toUpperCase() ?? null) === code)
        .reduce((sum, item) => sum + item.commission!, 0);
    assert.deepEqual(
      pairs(mixed.totals.commission),
      ['EUR', 'JPY', 'USD', null].map((code) => [code, expectedSum(code)]),
    );
    const lists = [
      mixed.totals.commission,
      mixed.totals.revenue,
      ...mixed.statuses.map((row) => row.commission),
      ...mixed.payment.map((row) => row.commission),
      ...ACTION_DIMENSIONS.flatMap((grouping) =>
        mixed.groups[grouping].flatMap((row) => [row.commission, row.earnedCommission]),
      ),
    ];
    for (const list of lists) {
      const codes = list.map((entry) => entry.currencyCode);
      assert.equal(new Set(codes).size, codes.length, `one entry per currency: ${JSON.stringify(codes)}`);
    }
  });
});
