import assert from 'node:assert/strict';
import { fromDayNumber, toDayNumber } from '../../src/api/calendarDate';
import type { WireActionItem, WireClickItem } from '../../src/api/wire';
import { compareLabels } from '../../src/reports/model/groupTable';
import { percentChange } from '../../src/reports/model/periodComparison';
import { toCsv } from '../../src/reports/panel/tableExport';
import type { Sandbox } from '../../src/sandbox/server';
import type { Cell, PanelSnapshot, PanelState } from '../../src/reports/panel/protocol';
import { sandbox } from './helpers/fixtures';
import { PanelPool, settled, TODAY, panelState } from './helpers/panelSessions';

const daysBefore = (days: number): string => fromDayNumber(toDayNumber(TODAY)! - days);
const LAST30 = { from: daysBefore(30), to: TODAY };
const BEFORE30 = { from: daysBefore(61), to: daysBefore(31) };

type Period = { from: string; to: string };
const inPeriod = (day: string, period: Period) => day >= period.from && day <= period.to;

function clicksIn(service: Sandbox, period: Period, subId?: string): number {
  return service.dataset.clicks
    .filter((item: WireClickItem) => inPeriod(item.date, period) && (subId === undefined || item.subId === subId))
    .reduce((sum, item) => sum + item.count, 0);
}

function actionsIn(service: Sandbox, period: Period, subId?: string): WireActionItem[] {
  return service.dataset.actions.filter(
    (item) => inPeriod(item.createdAt.slice(0, 10), period) && (subId === undefined || item.subId === subId),
  );
}

function commissionOf(actions: readonly WireActionItem[], currency: string, statuses?: readonly string[]): number {
  return actions
    .filter(
      (item) =>
        item.currencyCode.toUpperCase() === currency && (statuses === undefined || statuses.includes(item.status)),
    )
    .reduce((sum, item) => sum + item.commission, 0);
}

const figure = (snapshot: PanelSnapshot, id: string) => snapshot.summary?.figures.find((entry) => entry.id === id);
const near = (actual: number | null | undefined, expected: number, what: string) =>
  assert.ok(
    actual !== null && actual !== undefined && Math.abs(actual - expected) < 1e-6,
    `${what}: ${actual} ≠ ${expected}`,
  );

describe('report panel snapshots: figures, chart and table against the sandbox', function () {
  this.timeout(30_000);
  let service: Sandbox;
  const pool = new PanelPool();
  const subId = 'best-running-shoes';

  before(async () => {
    service = await sandbox({ clicks: 6_000, actions: 3_000 });
    assert.ok(service.dataset.subIds.includes(subId), `the sandbox's SubIDs include ${subId}`);
  });
  after(async () => service.close());
  afterEach(() => pool.close());

  async function show(state: Partial<PanelState>, options = {}) {
    const fixture = pool.open(service, pool.folder(), options);
    fixture.session.select(panelState(state));
    const snapshot = await fixture.until(settled);
    return { ...fixture, snapshot };
  }

  it('sums the clicks of the period, with the change against the previous period and EPC per currency', async () => {
    const { snapshot } = await show({ tab: 'clicks' });
    const clicks = clicksIn(service, LAST30);
    const previous = clicksIn(service, BEFORE30);
    assert.deepEqual(snapshot.period, LAST30);
    assert.deepEqual(snapshot.previousPeriod, BEFORE30);
    assert.equal(figure(snapshot, 'clicks')?.value, clicks);
    assert.equal(figure(snapshot, 'clicks')?.change?.text, percentChange(clicks, previous).text);
    assert.equal(
      figure(snapshot, 'clicks')?.change?.direction,
      clicks > previous ? 'up' : clicks < previous ? 'down' : 'same',
    );
    assert.match(
      figure(snapshot, 'clicks')!.change!.title,
      new RegExp(`^against .*: ${previous.toLocaleString('en-US')}$`),
    );
    const actions = actionsIn(service, LAST30);
    near(
      figure(snapshot, 'epc:EUR')?.value,
      commissionOf(actions, 'EUR', ['PENDING', 'CONFIRMED', 'SETTLED']) / clicks,
      'EPC in EUR',
    );
    assert.equal(figure(snapshot, 'epc:EUR')?.title, 'EPC: pending + confirmed + settled commission per click');
  });

  it('sums a filtered report alike: clicks of one SubID, and its actions and commission per currency', async () => {
    const clicksShown = await show({ tab: 'clicks', filters: { subId } });
    assert.equal(figure(clicksShown.snapshot, 'clicks')?.value, clicksIn(service, LAST30, subId));
    assert.ok(
      clicksShown.snapshot.filterOptions.subIds.some((option) => option.value === subId),
      'the SubID chosen is offered',
    );

    const { snapshot } = await show({ tab: 'actions', filters: { subId } });
    const actions = actionsIn(service, LAST30, subId);
    const previous = actionsIn(service, BEFORE30, subId);
    assert.equal(figure(snapshot, 'actions')?.value, actions.length);
    assert.equal(figure(snapshot, 'actions')?.change?.text, percentChange(actions.length, previous.length).text);
    for (const currency of new Set(actions.map((item) => item.currencyCode.toUpperCase()))) {
      const commission = figure(snapshot, `commission:${currency}`);
      near(commission?.value, commissionOf(actions, currency), `commission in ${currency}`);
      assert.equal(commission?.change?.text, percentChange(commission!.value!, commissionOf(previous, currency)).text);
    }
    const statuses = snapshot.summary!.statuses!;
    assert.deepEqual(
      statuses.rows.slice(0, 4).map((row) => row.status),
      ['PENDING', 'CONFIRMED', 'SETTLED', 'CANCELED'],
    );
    assert.equal(
      statuses.rows.reduce((sum, row) => sum + row.actions, 0),
      actions.length,
    );
    assert.equal(statuses.rows[0]!.actions, actions.filter((item) => item.status === 'PENDING').length);
    assert.deepEqual(snapshot.groupings, ['day', 'program', 'subId', 'platform', 'product', 'none']);
  });

  for (const groupBy of ['subId', 'program', 'merchant'] as const) {
    it(`draws the top 5 ${groupBy} groups and "Other", which add up to each day's clicks`, async () => {
      const { session, snapshot } = await show({ groupBy });
      const chart = snapshot.chart!;
      assert.equal(chart.unit, 'clicks');
      assert.equal(chart.days.length, 31);
      assert.equal(chart.days[0], LAST30.from);
      assert.deepEqual(chart.provisional.slice(-3), [false, true, true], 'the last 2 days are provisional');
      assert.equal(chart.series.length, 6);
      assert.deepEqual(
        chart.series.map((series) => series.other === true),
        [false, false, false, false, false, true],
      );
      const byDay = chart.days.map((_, day) => chart.series.reduce((sum, series) => sum + series.values[day]!, 0));
      const dayTable = session.select(panelState({ groupBy: 'day' }));
      const { rows } = session.rows({ selectionId: dayTable.selectionId, offset: 0, count: 500 });
      assert.deepEqual(
        byDay,
        rows.map((row) => row.cells[1]),
      );
      assert.match(
        chart.description,
        /^Clicks per day, .*: [\d,]+ in total\. Busiest day: .* The last 2 days .* are provisional/,
      );
    });
  }

  it('draws the commission per day of each currency on the actions tab', async () => {
    const { snapshot } = await show({ tab: 'actions' });
    const actions = actionsIn(service, LAST30);
    const chart = snapshot.chart!;
    assert.equal(chart.unit, 'commission');
    const currencies = [
      ...new Set(actions.filter((item) => item.commission !== null).map((item) => item.currencyCode.toUpperCase())),
    ].sort();
    assert.deepEqual(
      chart.series.map((series) => series.currencyCode),
      currencies,
    );
    for (const series of chart.series) {
      near(
        series.values.reduce((a, b) => a + b, 0),
        commissionOf(actions, series.currencyCode!),
        `chart total in ${series.currencyCode}`,
      );
    }
  });

  it('pages and sorts rows by a text column, a count and an amount in one currency', async () => {
    const { session, snapshot } = await show({ tab: 'clicks', groupBy: 'subId' });
    const all = session.rows({ selectionId: snapshot.selectionId, offset: 0, count: 500 }).rows;
    assert.equal(all.length, snapshot.table!.rowCount);
    const paged = [0, 7, 14, 21, 28, 35].flatMap(
      (offset) => session.rows({ selectionId: snapshot.selectionId, offset, count: 7 }).rows,
    );
    assert.deepEqual(paged, all, 'pages put together are the whole table');
    const counts = all.map((row) => row.cells[1] as number);
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a),
      'most clicks first by default',
    );
    assert.ok(
      snapshot.table!.columns.some(
        (column) => column.id === 'epc:EUR' && column.kind === 'amount' && column.currencyCode === 'EUR',
      ),
    );

    const byLabel = session.select(panelState({ groupBy: 'subId', sort: { column: 'label', direction: 'asc' } }));
    assert.deepEqual(byLabel.table?.sort, { column: 'label', direction: 'asc' });
    const labels = session
      .rows({ selectionId: byLabel.selectionId, offset: 0, count: 500 })
      .rows.map((row) => row.cells[0] as string);
    assert.deepEqual(labels, [...labels].sort(compareLabels));

    const actions = session.select(
      panelState({ tab: 'actions', groupBy: 'program', sort: { column: 'commission:EUR', direction: 'desc' } }),
    );
    const column = actions.table!.columns.findIndex((entry) => entry.id === 'commission:EUR');
    assert.equal(actions.table!.columns[column]!.label, 'Commission (EUR)');
    const amounts = session
      .rows({ selectionId: actions.selectionId, offset: 0, count: 500 })
      .rows.map((row) => row.cells[column] as number | null);
    const given = amounts.filter((amount): amount is number => amount !== null);
    assert.deepEqual(
      given,
      [...given].sort((a, b) => b - a),
    );
    assert.deepEqual(
      amounts.slice(given.length),
      amounts.filter((amount) => amount === null),
      'groups without EUR last',
    );
    near(
      given.reduce((a, b) => a + b, 0),
      commissionOf(actionsIn(service, LAST30), 'EUR'),
      'the EUR column adds up to the EUR commission',
    );
    const totals = actions.table!.totals!.cells;
    near(totals[column] as number, commissionOf(actionsIn(service, LAST30), 'EUR'), 'the totals row');
  });

  it('offers filters, merchant names and SubID files on the rows, and none on rows without an id', async () => {
    const names = new Map([['1', 'Shoe Shop']]);
    const { session, snapshot } = await show(
      { groupBy: 'merchant' },
      {
        merchantName: (id: string) => names.get(id) ?? `Catalog merchant ${id}`,
        hasSubIdFile: (id: string) => id === subId,
      },
    );
    const merchants = session.rows({ selectionId: snapshot.selectionId, offset: 0, count: 500 }).rows;
    assert.ok(
      merchants.every(
        (row) =>
          row.key === null || String(row.cells[0]).startsWith('Catalog merchant') || row.cells[0] === 'Shoe Shop',
      ),
    );
    assert.ok(merchants.filter((row) => row.key !== null).every((row) => row.actions.join() === 'revealMerchant'));
    assert.ok(
      snapshot.chart!.series.some((series) => series.label.startsWith('Catalog merchant')),
      'the chart names merchants too',
    );

    const subIds = session.select(panelState({ groupBy: 'subId' }));
    const rows = session.rows({ selectionId: subIds.selectionId, offset: 0, count: 500 }).rows;
    assert.deepEqual(rows.find((row) => row.key === subId)?.actions, ['filterSubId', 'openSubIdFile']);
    assert.deepEqual(rows.find((row) => row.key !== subId && row.key !== null)?.actions, ['filterSubId']);
    assert.deepEqual(rows.find((row) => row.key === null)?.actions, [], '"No SubID" offers nothing');

    const days = session.select(panelState({ groupBy: 'day' }));
    const dayRows = session.rows({ selectionId: days.selectionId, offset: 29, count: 5 }).rows;
    assert.deepEqual(
      dayRows.map((row) => [row.key, row.actions.length, row.provisional === true]),
      [
        [daysBefore(1), 0, true],
        [TODAY, 0, true],
      ],
    );
  });

  it('exports every row with the totals, in the order shown', async () => {
    const { session, snapshot } = await show({
      tab: 'actions',
      groupBy: 'none',
      sort: { column: 'commission', direction: 'asc' },
    });
    const table = session.exportTable(snapshot.selectionId);
    assert.equal(table.rows.length, actionsIn(service, LAST30).length);
    assert.equal(table.totals, null, 'items have no totals row');
    const amounts = table.rows.map(
      (row) => row[table.columns.findIndex((column) => column.id === 'commission')] as Cell,
    );
    assert.deepEqual(
      amounts,
      [...amounts].sort((a, b) => (a as number) - (b as number)),
    );
    const byId = session.select(
      panelState({ tab: 'actions', groupBy: 'none', sort: { column: 'id', direction: 'desc' } }),
    );
    const ids = session.exportTable(byId.selectionId).rows.map((row) => Number(row.at(-1)));
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
      'numeric ids sort by value',
    );
    const csv = toCsv(table);
    assert.equal(csv.split('\r\n').length, table.rows.length + 2);
    assert.ok(
      csv.startsWith(
        'Date,Status,Order type,Program,SubID,Platform,Product,Commission,Revenue,Currency,Payment,Performed,Updated,Id\r\n',
      ),
    );
  });
});
