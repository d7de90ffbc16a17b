import assert from 'node:assert/strict';
import { checkCustomPeriod } from '../../src/reports/model/reportPeriods';
import type { Sandbox } from '../../src/sandbox/server';
import type { PanelSnapshot } from '../../src/reports/panel/protocol';
import { NOW, sandbox } from './helpers/fixtures';
import { PanelPool, settled, TODAY, panelState } from './helpers/panelSessions';

describe('report panel session: selections, requests and failures', function () {
  this.timeout(30_000);
  let service: Sandbox;
  const pool = new PanelPool();

  before(async () => {
    service = await sandbox({ clicks: 3_000, actions: 1_000 });
  });
  after(async () => service.close());
  afterEach(async () => {
    service.setLatency(0);
    service.setFaults('');
    await pool.close();
  });

  const requests = () => service.stats().total;

  it('answers at once with a loading snapshot, then fires the report; a new selection id each time', async () => {
    const { session, fired, until } = pool.open(service, pool.folder());
    const first = session.select(panelState());
    assert.equal(first.status, 'loading');
    assert.equal(first.summary, undefined);
    assert.deepEqual(first.period, { from: '2026-10-22', to: TODAY });
    assert.deepEqual(first.groupings, ['day', 'program', 'subId', 'platform', 'product', 'merchant', 'none']);
    const ready = await until((snapshot) => snapshot.status === 'ready');
    assert.equal(ready.selectionId, first.selectionId);
    assert.equal(ready.source, 'network');
    assert.ok(fired.every((snapshot) => snapshot.selectionId === first.selectionId));
    assert.equal(session.current(), fired.at(-1));

    const actions = session.select(panelState({ tab: 'actions', groupBy: 'merchant' }));
    assert.equal(actions.selectionId, first.selectionId + 1);
    assert.equal(actions.state.groupBy, 'day', 'the actions report has no merchant: shown by day');
    assert.ok(!actions.groupings.includes('merchant'));
  });

  it('keeps what a selection shows while other selections and the status bar read more reports than the store keeps', async () => {
    const { session, until, store } = pool.open(service, pool.folder());
    // The status bar's "today" report, in the same store.
    void store.open({ kind: 'clicks', period: { from: TODAY, to: TODAY }, filters: {} });
    session.select(panelState({ groupBy: 'subId' }));
    const bySubId = await until(settled);
    const subId = session
      .rows({ selectionId: bySubId.selectionId, offset: 0, count: 10 })
      .rows.find((row) => row.key !== null)!.key!;
    session.select(panelState({ groupBy: 'subId', filters: { subId } }));
    await until(settled);
    session.select(panelState({ groupBy: 'subId' }));
    await until(settled);
    // The actions selection needs the clicks report for EPC: it is the one the clicks selection read first.
    const actions = session.select(panelState({ tab: 'actions', groupBy: 'program' }));
    const shown = await until((snapshot) => snapshot.selectionId === actions.selectionId && settled(snapshot), 10_000);
    assert.ok(
      shown.summary!.figures.some((figure) => figure.id.startsWith('epc:')),
      'EPC, from the clicks report held in memory',
    );
    const back = session.select(panelState({ groupBy: 'platform' }));
    assert.equal(back.status, 'ready', 'the clicks report at once, from memory');
  });

  it('sends no request when only the grouping or the sort changes; refresh reads the report again', async () => {
    const { session, until } = pool.open(service, pool.folder());
    session.select(panelState());
    await until(settled);
    const before = requests();
    for (const groupBy of ['program', 'subId', 'none', 'day'] as const) {
      const snapshot = session.select(panelState({ groupBy, sort: { column: 'clicks', direction: 'asc' } }));
      assert.equal(snapshot.status, 'ready');
      assert.equal(snapshot.table?.sort?.column, 'clicks');
    }
    assert.equal(requests(), before);
    session.refresh();
    await until((snapshot) => snapshot.status === 'refreshing');
    await until((snapshot) => snapshot.status === 'ready');
    assert.ok(requests() > before, 'refresh asked the service');
  });

  it('refuses rows and exports of a selection that is not current, and ranges it cannot give', async () => {
    const { session, until } = pool.open(service, pool.folder());
    const old = session.select(panelState());
    session.select(panelState({ groupBy: 'subId' }));
    const current = await until((snapshot) => snapshot.status === 'ready');
    assert.throws(() => session.rows({ selectionId: old.selectionId, offset: 0, count: 10 }), RangeError);
    assert.throws(() => session.exportTable(old.selectionId), RangeError);
    for (const [offset, count] of [
      [-1, 10],
      [0.5, 10],
      [0, -1],
      [0, 2.5],
      [0, 501],
      [Number.NaN, 1],
    ]) {
      assert.throws(
        () => session.rows({ selectionId: current.selectionId, offset: offset!, count: count! }),
        RangeError,
        `offset ${offset}, count ${count}`,
      );
    }
    assert.equal(
      session.rows({ selectionId: current.selectionId, offset: 0, count: 500 }).rows.length,
      current.table!.rowCount,
    );
    assert.deepEqual(session.rows({ selectionId: current.selectionId, offset: 10_000, count: 5 }).rows, []);
  });

  it('refuses a custom period the rules refuse, in their words, without asking the service', () => {
    const { session } = pool.open(service, pool.folder());
    const before = requests();
    const cases: Array<[string, string, RegExp]> = [
      ['2026-11-10', '2026-11-01', /^dateFrom \(2026-11-10\) must not be after dateTo \(2026-11-01\)\.$/],
      ['2026-02-30', '2026-03-10', /^dateFrom must be a calendar date/],
      ['2023-01-01', '2026-11-01', /spans 1400 days; it cannot exceed 1096 days/],
      ['2026-11-01', '2026-11-22', /must not be after today \(2026-11-21\)/],
    ];
    for (const [from, to, message] of cases) {
      const snapshot = session.select(panelState({ period: { preset: 'custom', from, to } }));
      assert.equal(snapshot.status, 'failed');
      assert.equal(snapshot.error?.kind, 'badRequest');
      assert.match(snapshot.error!.message, message);
      assert.equal(snapshot.period, undefined);
      assert.equal(snapshot.table, undefined);
    }
    const broken = checkCustomPeriod('2026-11-10', '2026-11-01');
    assert.equal(
      session.select(panelState({ period: { preset: 'custom', from: '2026-11-10', to: '2026-11-01' } })).error?.message,
      broken.ok ? '' : broken.problem.message,
    );
    assert.equal(requests(), before, 'no request was sent');
    const longest = session.select(panelState({ period: { preset: 'custom', from: '2023-11-21', to: '2026-11-21' } }));
    assert.equal(longest.status, 'loading', 'three years (1096 days) is allowed');
  });

  it('falls back to the table’s own order for a sort naming no column of it', async () => {
    const { session, until } = pool.open(service, pool.folder());
    session.select(panelState({ groupBy: 'program' }));
    await until(settled);
    const snapshot = session.select(
      panelState({ groupBy: 'program', sort: { column: 'commission:EUR', direction: 'desc' } }),
    );
    assert.equal(snapshot.table?.sort, null);
    assert.equal(snapshot.state.sort, null);
    const rows = session
      .rows({ selectionId: snapshot.selectionId, offset: 0, count: 500 })
      .rows.map((row) => row.cells[1] as number);
    assert.deepEqual(
      rows,
      [...rows].sort((a, b) => b - a),
    );
  });

  it('says the key was refused, offering to set it, when the service answers 401', async () => {
    const { session, until } = pool.open({ url: service.url, key: 'WrongKey1' }, pool.folder());
    session.select(panelState());
    const failed = await until((snapshot) => snapshot.status === 'failed');
    assert.equal(failed.error?.kind, 'auth');
    assert.equal(failed.error?.message, 'The service refused the API key (401). Set a valid API key.');
    assert.deepEqual(failed.error?.actions, ['setApiKey', 'showLog']);
    assert.ok(!JSON.stringify(failed).includes('WrongKey1'), 'the key never reaches the webview');
  });

  it('says a platform is not the account’s when the service answers 403, and words a malformed one', async () => {
    const { session, until } = pool.open(service, pool.folder());
    const stranger = '00000000-0000-4000-8000-000000000000';
    session.select(panelState({ filters: { adspaceId: stranger } }));
    const failed = await until((snapshot) => snapshot.status === 'failed');
    assert.equal(failed.error?.kind, 'forbidden');
    assert.deepEqual(failed.error?.actions, ['showLog']);
    assert.deepEqual(
      failed.filterOptions.platforms,
      [{ value: stranger, label: stranger }],
      'the chosen platform stays offered',
    );

    const before = requests();
    session.select(panelState({ filters: { adspaceId: 'not-a-platform-id' } }));
    const refused = await until(
      (snapshot) => snapshot.status === 'failed' && snapshot.state.filters.adspaceId === 'not-a-platform-id',
    );
    assert.equal(refused.error?.kind, 'badRequest');
    assert.match(refused.error!.message, /adspaceId/, 'the client’s own words name the parameter');
    assert.equal(requests(), before, 'the client refused it before sending');
  });

  for (const [fault, kind, words] of [
    [
      '503',
      'server',
      /^The service failed to answer \(503\)\. Retry in a few minutes\. Nothing is cached for this period yet\.$/,
    ],
    ['429:retryAfter=0', 'rateLimited', /^The service is limiting requests \(429\)\. Wait a minute, then retry\./],
  ] as const) {
    it(`offers to retry when the service answers ${fault.slice(0, 3)}, and retry reads the report`, async () => {
      service.setFaults(fault);
      const { session, until } = pool.open(service, pool.folder());
      session.select(panelState());
      const failed = await until((snapshot) => snapshot.status === 'failed');
      assert.equal(failed.error?.kind, kind);
      assert.match(failed.error!.message, words);
      assert.deepEqual(failed.error?.actions, ['retry', 'showLog']);
      service.setFaults('');
      session.refresh();
      const ready = await until((snapshot) => snapshot.status === 'ready');
      assert.equal(ready.error, undefined);
    });
  }

  it('keeps the cached report when the service cannot be reached, and says how old it is', async () => {
    const gone = await sandbox({ clicks: 500, actions: 200 });
    const folder = pool.folder();
    const first = pool.open(gone, folder);
    first.session.select(panelState());
    let cached: PanelSnapshot;
    try {
      // Settled: the report's own read, and so the writing of its cache file, is over.
      cached = await first.until(settled);
    } finally {
      await gone.close();
    }

    // An hour later: a report read moments ago would be shown as it is, without asking.
    const { session, until } = pool.open(gone, folder, {}, () => new Date(NOW.getTime() + 3_600_000));
    session.select(panelState());
    const offline = await until((snapshot) => snapshot.status === 'offline');
    assert.equal(offline.source, 'cache');
    assert.equal(offline.error?.kind, 'network');
    assert.equal(
      offline.error?.message,
      'The service could not be reached. Check your network connection, then retry. The cached report is shown (as of 21 Nov 2026, 12:00 UTC).',
    );
    assert.deepEqual(offline.error?.actions, ['retry', 'showLog']);
    assert.equal(offline.summary?.figures[0]?.value, cached.summary?.figures[0]?.value);
    assert.equal(offline.table?.rowCount, cached.table?.rowCount);

    const empty = pool.open(gone, pool.folder());
    empty.session.select(panelState());
    const nothing = await empty.until((snapshot) => snapshot.status === 'offline');
    assert.equal(
      nothing.error?.message,
      'The service could not be reached. Check your network connection, then retry. Nothing is cached for this period yet.',
    );
    assert.equal(nothing.summary, undefined);
  });

  it('aborts the selection’s requests on cancel, says loading stopped, and reads again on refresh', async () => {
    const { session, until, store } = pool.open(service, pool.folder());
    // Far past the test's timeout: only an aborted request lets `until` see the selection stop.
    service.setLatency(120_000);
    const first = session.select(panelState({ period: { preset: 'last7' } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    session.cancel();
    const stopped = await until((snapshot) => snapshot.status === 'failed');
    assert.equal(stopped.selectionId, first.selectionId);
    assert.equal(stopped.error?.kind, 'other');
    assert.deepEqual(stopped.error?.actions, ['retry']);
    assert.equal(
      store.state({ kind: 'clicks', period: stopped.period!, filters: {} })?.error,
      undefined,
      'an abort is no failure of the store',
    );
    service.setLatency(0);
    session.refresh();
    await until((snapshot) => snapshot.status === 'ready');
  });

  it('says a period has no data, and offers a longer one', async () => {
    const { session, until } = pool.open(service, pool.folder());
    session.select(panelState({ period: { preset: 'custom', from: '2025-01-01', to: '2025-01-10' } }));
    const empty = await until((snapshot) => snapshot.status === 'ready');
    assert.deepEqual(empty.empty, {
      message: 'No clicks from 1 Jan 2025 to 10 Jan 2025.',
      suggestion: { preset: 'last90' },
    });
    session.select(panelState({ tab: 'actions', period: { preset: 'last7' }, filters: { subId: 'no-such-article' } }));
    const filtered = await until((snapshot) => snapshot.state.tab === 'actions' && snapshot.status === 'ready');
    assert.deepEqual(filtered.empty, {
      message: 'No actions from 14 Nov 2026 to 21 Nov 2026 with these filters.',
      suggestion: { preset: 'last30' },
    });
  });

  it('reports the progress of the current selection’s full read under its selection id, and no other read’s', async () => {
    const { session, until, store } = pool.open(service, pool.folder());
    const progress: Array<{ selectionId: number; received: number; total: number | null }> = [];
    session.onDidProgress((event) => progress.push(event));
    const selected = session.select(panelState({ period: { preset: 'last90' } }));
    await until(settled);
    const items = store.state({ kind: 'clicks', period: selected.period!, filters: {} })!.report!.windows[0]!.items
      .length;
    assert.ok(progress.length >= 2, `several pages: ${JSON.stringify(progress)}`);
    assert.ok(
      progress.every((event) => event.selectionId === selected.selectionId && event.total === items),
      'only the selection’s own report, whose total is known',
    );
    assert.equal(progress.at(-1)!.received, items);
  });
});
