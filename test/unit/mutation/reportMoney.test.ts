/**
 * The report model's money (clicks and actions tallied per group and currency, EPC) at the edges
 * that `npm run mutate` found untested: actions with only one of commission and revenue, statuses
 * outside the spec, unknown payment, items the period cannot hold, ties between groups, the share
 * of each group, and EPC asked of two different periods.
 */
import assert from 'node:assert/strict';
import { aggregateActions } from '../../../src/reports/model/actionReport';
import { aggregateClicks } from '../../../src/reports/model/clickReport';
import type { CurrencyAmount } from '../../../src/reports/model/currencyAmounts';
import { earningsPerClick } from '../../../src/reports/model/earningsPerClick';
import { action, click } from '../helpers/reportItems';

const PERIOD = { from: '2026-03-01', to: '2026-03-07' };
const ON = '2026-03-03T09:00:00Z';
const pairs = (amounts: readonly CurrencyAmount[]) => amounts.map((entry) => [entry.currencyCode, entry.amount]);

describe('the actions report’s money at its edges', () => {
  it('lists a currency under commission only when an action gave a commission in it, and likewise revenue', () => {
    const report = aggregateActions(
      [
        action({ id: '1', status: 'PENDING', currencyCode: 'USD', revenue: 50, createdAt: ON }),
        action({ id: '2', status: 'CONFIRMED', currencyCode: 'EUR', commission: 4, createdAt: ON }),
      ],
      PERIOD,
    );
    assert.deepEqual(pairs(report.totals.commission), [['EUR', 4]]);
    assert.deepEqual(pairs(report.totals.earnedCommission), [['EUR', 4]]);
    assert.deepEqual(pairs(report.totals.revenue), [['USD', 50]]);
    assert.equal(report.totals.actions, 2);
  });

  it('lists no earned commission in a currency whose actions were all canceled', () => {
    const report = aggregateActions(
      [action({ id: '1', status: 'CANCELED', currencyCode: 'EUR', commission: 9, revenue: 90, createdAt: ON })],
      PERIOD,
    );
    assert.deepEqual(pairs(report.totals.commission), [['EUR', 9]]);
    assert.deepEqual(pairs(report.totals.earnedCommission), []);
  });

  it('skips an action whose commission or revenue is not a finite number, and says so', () => {
    const report = aggregateActions(
      [
        action({ id: '1', status: 'PENDING', currencyCode: 'EUR', commission: 5, revenue: 50, createdAt: ON }),
        action({ id: '2', status: 'PENDING', currencyCode: 'EUR', commission: Infinity, revenue: 1, createdAt: ON }),
        action({ id: '3', status: 'PENDING', currencyCode: 'EUR', commission: 1, revenue: NaN, createdAt: ON }),
      ],
      PERIOD,
    );
    assert.deepEqual(pairs(report.totals.commission), [['EUR', 5]]);
    assert.deepEqual(pairs(report.totals.revenue), [['EUR', 50]]);
    assert.deepEqual(report.skipped, { outside: 0, undated: 0, malformed: 2 });
  });

  it('tells actions dated outside the period from actions without a usable date', () => {
    const report = aggregateActions(
      [
        action({ id: '1', commission: 1, createdAt: '2026-02-27T10:00:00Z' }),
        action({ id: '2', commission: 1, date: '2026-03-09' }),
        action({ id: '3', commission: 1 }),
        action({ id: '4', commission: 1, date: '2026-02-30' }),
        action({ id: '5', commission: 1, date: 'soon' }),
      ],
      PERIOD,
    );
    assert.deepEqual(report.skipped, { outside: 2, undated: 3, malformed: 0 });
    assert.equal(report.totals.actions, 0);
  });

  it('lists statuses outside the spec after its four, in alphabetical order, and actions without one last', () => {
    const items = [
      action({ id: '1', status: 'REVERSED', currencyCode: 'EUR', commission: -3, revenue: 30, createdAt: ON }),
      action({ id: '2', currencyCode: 'EUR', commission: 2, revenue: 20, createdAt: ON }),
      action({ id: '3', status: 'ADJUSTED', currencyCode: 'EUR', commission: 1, revenue: 10, createdAt: ON }),
      action({ id: '4', status: 'PENDING', currencyCode: 'EUR', commission: 6, revenue: 60, createdAt: ON }),
      action({ id: '5', status: 'DISPUTED', currencyCode: 'EUR', commission: 4, revenue: 40, createdAt: ON }),
    ];
    for (const order of [items, [...items].reverse(), [items[1]!, items[4]!, items[0]!, items[2]!, items[3]!]]) {
      const report = aggregateActions(order, PERIOD);
      assert.deepEqual(
        report.statuses.map((row) => [row.status, row.label, row.actions, pairs(row.commission), pairs(row.revenue)]),
        [
          ['PENDING', 'Pending', 1, [['EUR', 6]], [['EUR', 60]]],
          ['CONFIRMED', 'Confirmed', 0, [], []],
          ['SETTLED', 'Settled', 0, [], []],
          ['CANCELED', 'Canceled', 0, [], []],
          ['ADJUSTED', 'ADJUSTED', 1, [['EUR', 1]], [['EUR', 10]]],
          ['DISPUTED', 'DISPUTED', 1, [['EUR', 4]], [['EUR', 40]]],
          ['REVERSED', 'REVERSED', 1, [['EUR', -3]], [['EUR', 30]]],
          [null, 'No status', 1, [['EUR', 2]], [['EUR', 20]]],
        ],
      );
    }
  });

  it('counts paid, not paid and, when the service did not say, payment not given', () => {
    const report = aggregateActions(
      [
        action({ id: '1', status: 'CONFIRMED', currencyCode: 'EUR', commission: 7, paidOut: true, createdAt: ON }),
        action({ id: '2', status: 'CONFIRMED', currencyCode: 'EUR', commission: 3, paidOut: false, createdAt: ON }),
        action({ id: '3', status: 'PENDING', currencyCode: 'EUR', commission: 2, paidOut: false, createdAt: ON }),
        action({ id: '4', status: 'PENDING', currencyCode: 'EUR', commission: 1, createdAt: ON }),
      ],
      PERIOD,
    );
    assert.deepEqual(
      report.payment.map((row) => [row.payment, row.label, row.actions, pairs(row.commission)]),
      [
        ['paid', 'Paid', 1, [['EUR', 7]]],
        ['unpaid', 'Not paid', 2, [['EUR', 5]]],
        ['unknown', 'Payment not given', 1, [['EUR', 1]]],
      ],
    );
  });
});

describe('the clicks report’s groups at their edges', () => {
  it('labels each group by its id or name, and the items without one as such', () => {
    const report = aggregateClicks(
      [
        click({ subId: 'spring-sale', productId: 'MONETIZE_API', merchantId: 42, date: '2026-03-02', count: 3 }),
        click({ date: '2026-03-02', count: 1 }),
      ],
      PERIOD,
    );
    const labels = (rows: Array<{ key: string | null; label: string }>) => rows.map((row) => [row.key, row.label]);
    assert.deepEqual(labels(report.groups.subId), [
      ['spring-sale', 'spring-sale'],
      [null, 'No SubID'],
    ]);
    assert.deepEqual(labels(report.groups.product), [
      ['MONETIZE_API', 'MONETIZE_API'],
      [null, 'No product'],
    ]);
    assert.deepEqual(labels(report.groups.merchant), [
      ['42', 'Merchant 42'],
      [null, 'No merchant'],
    ]);
  });

  it('gives each group its share of the clicks', () => {
    const report = aggregateClicks(
      [click({ subId: 'a', date: '2026-03-02', count: 3 }), click({ subId: 'b', date: '2026-03-03', count: 1 })],
      PERIOD,
    );
    assert.deepEqual(
      report.groups.subId.map((row) => [row.key, row.share]),
      [
        ['a', 0.75],
        ['b', 0.25],
      ],
    );
  });

  it('tells clicks dated outside the period from clicks without a usable date', () => {
    const report = aggregateClicks(
      [
        click({ date: '2026-02-28', count: 1 }),
        click({ date: '2026-03-08', count: 1 }),
        click({ date: '2025-03-02', count: 1 }),
        click({ date: null, count: 1 }),
        click({ date: '2026-13-01', count: 1 }),
        click({ date: '2026-03-02', count: 5 }),
      ],
      PERIOD,
    );
    assert.deepEqual(report.skipped, { outside: 3, undated: 2, malformed: 0 });
    assert.equal(report.totals.clicks, 5);
  });

  it('keeps the newest name of a group: the first met, as the items come newest first', () => {
    const report = aggregateClicks(
      [
        click({ programId: 'p1', programName: 'Shoes Outlet', date: '2026-03-04', count: 1 }),
        click({ programId: 'p1', programName: null, date: '2026-03-03', count: 1 }),
        click({ programId: 'p1', programName: 'Shoes', date: '2026-03-02', count: 1 }),
      ],
      PERIOD,
    );
    assert.deepEqual(
      report.groups.program.map((row) => row.label),
      ['Shoes Outlet'],
    );
  });

  it('ranks groups with as many clicks by name, numbers by value', () => {
    const report = aggregateClicks(
      [
        click({ subId: 'SubID 10', date: '2026-03-02', count: 2 }),
        click({ subId: 'SubID 2', date: '2026-03-02', count: 2 }),
        click({ subId: 'SubID 1', date: '2026-03-02', count: 5 }),
      ],
      PERIOD,
    );
    assert.deepEqual(
      report.groups.subId.map((row) => row.key),
      ['SubID 1', 'SubID 2', 'SubID 10'],
    );
  });

  it('ranks groups of as many clicks and the same name by id, the group without one last, the same at every read', () => {
    const items = [
      click({ programId: 'p9', programName: 'Shop', date: '2026-03-02', count: 2 }),
      click({ programId: null, programName: 'Shop', date: '2026-03-02', count: 2 }),
      click({ programId: 'p10', programName: 'shop', date: '2026-03-02', count: 2 }),
      click({ programId: 'p8', programName: 'No program', date: '2026-03-02', count: 2 }),
    ];
    const expected = [
      ['p8', 'No program'],
      [null, 'No program'],
      ['p10', 'shop'],
      ['p9', 'Shop'],
    ];
    for (const order of [items, [...items].reverse()]) {
      const report = aggregateClicks(order, PERIOD);
      assert.deepEqual(
        report.groups.program.map((row) => [row.key, row.label]),
        expected,
      );
    }
  });
});

describe('EPC at its edges', () => {
  const clicks = (period: { from: string; to: string }) =>
    aggregateClicks([click({ programId: 'p1', date: period.from, count: 10 })], period);
  const actions = (period: { from: string; to: string }) =>
    aggregateActions(
      [action({ programId: 'p2', status: 'PENDING', currencyCode: 'EUR', commission: 5, date: period.from })],
      period,
    );

  it('refuses clicks and actions of two periods, naming both', () => {
    for (const other of [
      { from: '2026-02-28', to: '2026-03-07' },
      { from: '2026-03-01', to: '2026-03-08' },
    ]) {
      assert.throws(
        () => earningsPerClick(clicks(PERIOD), actions(other), 'program'),
        (error: unknown) =>
          error instanceof RangeError &&
          error.message.includes(`clicks ${PERIOD.from}..${PERIOD.to}`) &&
          error.message.includes(`actions ${other.from}..${other.to}`),
      );
    }
  });

  it('gives a group with clicks and no actions an EPC of nothing earned', () => {
    const table = earningsPerClick(clicks(PERIOD), actions(PERIOD), 'program');
    assert.deepEqual(
      table.rows.map((row) => [row.key, row.clicks, pairs(row.earnedCommission), row.epc && pairs(row.epc)]),
      [
        ['p1', 10, [], []],
        ['p2', 0, [['EUR', 5]], null],
      ],
    );
  });
});
