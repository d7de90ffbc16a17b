import assert from 'node:assert/strict';
import { aggregateActions, type ActionReport } from '../../src/reports/model/actionReport';
import { aggregateClicks, type ClickReport } from '../../src/reports/model/clickReport';
import type { CurrencyAmount } from '../../src/reports/model/currencyAmounts';
import { earningsPerClick } from '../../src/reports/model/earningsPerClick';
import {
  compareActionReports,
  compareAmounts,
  compareClickReports,
  percentChange,
} from '../../src/reports/model/periodComparison';
import { EPC_LABEL } from '../../src/reports/model/reportLabels';
import { previousPeriod } from '../../src/reports/model/reportPeriods';
import type { ReportPeriod } from '../../src/reports/model/reportTypes';
import { action, click } from './helpers/reportItems';

type Amounts = Array<[string | null, number]>;
const pairs = (amounts: readonly CurrencyAmount[] | null): Amounts | null =>
  amounts && amounts.map((entry) => [entry.currencyCode, entry.amount]);
const amounts = (list: Amounts): CurrencyAmount[] =>
  list.map(([currencyCode, amount]) => ({ currencyCode, label: currencyCode ?? 'unknown currency', amount }));

const PERIOD: ReportPeriod = { from: '2026-03-01', to: '2026-03-07' };
const ON = '2026-03-03T09:00:00Z';

describe('EPC per program and SubID, per currency', () => {
  let clicks: ClickReport;
  let actions: ActionReport;
  // Built before each test, not once while mocha loads the file: `npm run mutate` turns its mutant on per test.
  beforeEach(() => {
    clicks = aggregateClicks(
      [
        click({ programId: 'p1', programName: 'Shoes', subId: 'a', date: '2026-03-02', count: 60 }),
        click({ programId: 'p1', programName: 'Shoes', subId: 'b', date: '2026-03-03', count: 40 }),
        click({ programId: 'p2', programName: 'Books', subId: 'a', date: '2026-03-03', count: 50 }),
        // Outside the period: not in any EPC.
        click({ programId: 'p1', programName: 'Shoes', subId: 'a', date: '2026-02-20', count: 1_000 }),
      ],
      PERIOD,
    );
    actions = aggregateActions(
      [
        action({
          id: '1',
          status: 'PENDING',
          currencyCode: 'EUR',
          commission: 10,
          programId: 'p1',
          subId: 'a',
          createdAt: ON,
        }),
        action({
          id: '2',
          status: 'CONFIRMED',
          currencyCode: 'EUR',
          commission: 5,
          programId: 'p1',
          subId: 'b',
          createdAt: ON,
        }),
        action({
          id: '3',
          status: 'CONFIRMED',
          currencyCode: 'USD',
          commission: 2,
          programId: 'p1',
          subId: 'a',
          createdAt: ON,
        }),
        // Canceled and unknown statuses earn nothing for EPC.
        action({
          id: '4',
          status: 'CANCELED',
          currencyCode: 'EUR',
          commission: 100,
          programId: 'p1',
          subId: 'a',
          createdAt: ON,
        }),
        action({
          id: '5',
          status: 'DISPUTED',
          currencyCode: 'EUR',
          commission: 100,
          programId: 'p2',
          subId: 'a',
          createdAt: ON,
        }),
        // A program with actions and no clicks: no EPC.
        action({
          id: '6',
          status: 'PENDING',
          currencyCode: 'EUR',
          commission: 3,
          programId: 'p3',
          programName: 'Tools',
          subId: 'c',
          createdAt: ON,
        }),
      ],
      PERIOD,
    );
  });

  it('per program: earned commission over clicks, each currency apart', () => {
    const table = earningsPerClick(clicks, actions, 'program');
    assert.equal(table.label, EPC_LABEL);
    assert.deepEqual(
      table.rows.map((row) => [row.key, row.label, row.clicks, pairs(row.epc)]),
      [
        [
          'p1',
          'Shoes',
          100,
          [
            ['EUR', 15 / 100],
            ['USD', 2 / 100],
          ],
        ],
        // Clicks but nothing earned: an EPC of nothing, not a missing one.
        ['p2', 'Books', 50, []],
        ['p3', 'Tools', 0, null],
      ],
    );
    assert.deepEqual(
      [table.total.clicks, pairs(table.total.epc)],
      [
        150,
        [
          ['EUR', 18 / 150],
          ['USD', 2 / 150],
        ],
      ],
    );
  });

  it('counts SETTLED actions as earned, as PENDING and CONFIRMED', () => {
    const settled = aggregateActions(
      [
        action({
          id: 's1',
          status: 'SETTLED',
          currencyCode: 'EUR',
          commission: 8,
          programId: 'p2',
          subId: 'a',
          createdAt: ON,
        }),
        action({
          id: 's2',
          status: 'CONFIRMED',
          currencyCode: 'EUR',
          commission: 2,
          programId: 'p2',
          subId: 'a',
          createdAt: ON,
        }),
      ],
      PERIOD,
    );
    const table = earningsPerClick(clicks, settled, 'program');
    assert.deepEqual(
      table.rows
        .filter((row) => row.key === 'p2')
        .map((row) => [row.clicks, pairs(row.earnedCommission), pairs(row.epc)]),
      [[50, [['EUR', 10]], [['EUR', 10 / 50]]]],
    );
  });

  it('per SubID', () => {
    const table = earningsPerClick(clicks, actions, 'subId');
    assert.deepEqual(
      table.rows.map((row) => [row.key, row.clicks, pairs(row.earnedCommission), pairs(row.epc)]),
      [
        [
          'a',
          110,
          [
            ['EUR', 10],
            ['USD', 2],
          ],
          [
            ['EUR', 10 / 110],
            ['USD', 2 / 110],
          ],
        ],
        ['b', 40, [['EUR', 5]], [['EUR', 5 / 40]]],
        ['c', 0, [['EUR', 3]], null],
      ],
    );
  });

  it('is never Infinity or NaN', () => {
    const noClicks = aggregateClicks([], PERIOD);
    const table = earningsPerClick(noClicks, actions, 'program');
    assert.ok(table.rows.every((row) => row.epc === null));
    assert.equal(table.total.epc, null);
  });

  it('refuses clicks and actions of different periods', () => {
    assert.throws(() => earningsPerClick(clicks, aggregateActions([], previousPeriod(PERIOD)), 'program'), RangeError);
  });
});

describe('comparison with the previous period', () => {
  const changes: Array<[number, number, string, string]> = [
    [112.3, 100, 'change', '+12.3%'],
    [96, 100, 'change', '\u22124.0%'],
    [100, 100, 'change', '0%'],
    [1, 3, 'change', '\u221266.7%'],
    [0, 50, 'change', '\u2212100.0%'],
    [300, 100, 'change', '+200.0%'],
    // A reversed commission growing back towards zero is a rise.
    [-5, -10, 'change', '+50.0%'],
    [5, 0, 'new', 'new'],
    [0, 0, 'none', ''],
  ];
  for (const [current, previous, kind, text] of changes) {
    it(`${previous} to ${current} reads "${text}"`, () => {
      const change = percentChange(current, previous);
      assert.equal(change.kind, kind);
      assert.equal(change.text, text);
      assert.ok(!change.text.includes('-'), 'a real minus sign, not a hyphen');
    });
  }

  it('compares amounts currency by currency', () => {
    const compared = compareAmounts(
      amounts([
        ['EUR', 10],
        ['USD', 5],
        [null, 1],
      ]),
      amounts([
        ['EUR', 8],
        ['GBP', 3],
        [null, 1],
      ]),
    );
    assert.deepEqual(
      compared.map((entry) => [entry.currencyCode, entry.current, entry.previous, entry.change.text]),
      [
        ['EUR', 10, 8, '+25.0%'],
        ['GBP', 0, 3, '\u2212100.0%'],
        ['USD', 5, 0, 'new'],
        [null, 1, 1, '0%'],
      ],
    );
  });

  it('compares a report with the one of the previous period', () => {
    const period: ReportPeriod = { from: '2026-03-08', to: '2026-03-14' };
    const previous = previousPeriod(period);
    const clickItems = [
      click({ date: '2026-03-01', count: 40 }),
      click({ date: '2026-03-07', count: 40 }),
      click({ date: '2026-03-08', count: 50 }),
      click({ date: '2026-03-14', count: 40 }),
    ];
    const clickComparison = compareClickReports(
      aggregateClicks(clickItems, period),
      aggregateClicks(clickItems, previous),
    );
    assert.deepEqual(clickComparison.clicks, {
      current: 90,
      previous: 80,
      change: { kind: 'change', percent: 12.5, text: '+12.5%' },
    });

    const actionItems = [
      action({ id: '1', status: 'PENDING', currencyCode: 'EUR', commission: 4, createdAt: '2026-03-02T00:00:00Z' }),
      action({ id: '2', status: 'CONFIRMED', currencyCode: 'EUR', commission: 3, createdAt: '2026-03-09T00:00:00Z' }),
      action({ id: '3', status: 'CANCELED', currencyCode: 'USD', commission: 9, createdAt: '2026-03-10T00:00:00Z' }),
    ];
    const actionComparison = compareActionReports(
      aggregateActions(actionItems, period),
      aggregateActions(actionItems, previous),
    );
    assert.equal(actionComparison.actions.change.text, '+100.0%');
    assert.deepEqual(
      actionComparison.commission.map((entry) => [entry.currencyCode, entry.change.text]),
      [
        ['EUR', '\u221225.0%'],
        ['USD', 'new'],
      ],
    );
    assert.deepEqual(
      actionComparison.earnedCommission.map((entry) => [entry.currencyCode, entry.change.text]),
      [['EUR', '\u221225.0%']],
    );
  });
});
