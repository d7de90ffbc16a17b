import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fromDayNumber, toDayNumber } from '../../src/api/calendarDate';
import type { ClickItem } from '../../src/api/types';
import { reportCacheFileName } from '../../src/reports/cache/reportCacheFile';
import { periodWindows } from '../../src/reports/model/reportPeriods';
import {
  queryKey,
  ReportStore,
  REPORTS_IN_MEMORY,
  type ReportState,
  type StoreQuery,
} from '../../src/reports/store/reportStore';
import type { Sandbox } from '../../src/sandbox/server';
import { clientFor, NOW, sandbox } from './helpers/fixtures';

const TODAY = NOW.toISOString().slice(0, 10);
const daysBefore = (days: number): string => fromDayNumber(toDayNumber(TODAY)! - days);

function logger() {
  const lines: string[] = [];
  const log = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return { lines, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

function clicksIn(service: Sandbox, query: StoreQuery<'clicks'>): number {
  const { from, to } = query.period;
  return service.dataset.clicks
    .filter(
      (item) =>
        item.date >= from &&
        item.date <= to &&
        (query.filters.subId === undefined || item.subId === query.filters.subId),
    )
    .reduce((sum, item) => sum + item.count, 0);
}

const sum = (items: readonly ClickItem[]) => items.reduce((total, item) => total + item.count, 0);

describe('report store against the sandbox', function () {
  this.timeout(30_000);
  let service: Sandbox;
  let folder: string;
  const stores: ReportStore[] = [];

  before(async () => {
    service = await sandbox({ clicks: 4_000 });
  });
  after(async () => service.close());
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-report-store-'));
  });
  afterEach(() => {
    stores.splice(0).forEach((store) => store.dispose());
    fs.rmSync(folder, { recursive: true, force: true });
  });

  function open(target: { url: string; key?: string } = service, log = logger()) {
    const client = clientFor(target);
    const events: ReportState[] = [];
    const store = new ReportStore({
      cacheFileOf: (kind, key) =>
        path.join(folder, reportCacheFileName(target.url, target.key ?? 'sandboxkey', kind, key)),
      cacheFolder: folder,
      source: async () => client,
      windowsOf: periodWindows,
      logger: log,
      baseUrl: target.url,
      now: () => NOW,
    });
    store.onDidChange((state) => events.push(state));
    stores.push(store);
    return { store, events, log, client };
  }

  const last30: StoreQuery<'clicks'> = { kind: 'clicks', period: { from: daysBefore(30), to: TODAY }, filters: {} };

  it('reads a report, its totals equal to the sandbox’s sums for the same query, and caches it', async () => {
    const { store, events } = open();
    const state = await store.open(last30);
    assert.equal(state.status, 'ready');
    assert.equal(state.source, 'network');
    assert.deepEqual(
      events.map((e) => e.status),
      ['loading', 'ready'],
    );
    assert.equal(sum(state.report!.windows.flatMap((w) => w.items)), clicksIn(service, last30));
    assert.equal(fs.readdirSync(folder).filter((name) => name.startsWith('report-')).length, 1);
  });

  it('offers the platforms, programs and SubIDs seen in the report, with their names, as the filter’s choices', async () => {
    const { store } = open();
    assert.equal(store.choices(last30), undefined, 'no choices before a report is shown');
    await store.open(last30);
    const choices = store.choices(last30)!;
    const inPeriod = service.dataset.clicks.filter(
      (item) => item.date >= last30.period.from && item.date <= last30.period.to,
    );
    assert.deepEqual(
      new Set(choices.subIds.map((choice) => choice.value)),
      new Set(inPeriod.map((item) => item.subId).filter((subId) => subId !== null)),
    );
    const program = inPeriod.find((item) => item.programId !== null)!;
    assert.equal(choices.programs.find((choice) => choice.value === program.programId)?.label, program.programName);
    const clicks = choices.platforms.map((choice) => choice.clicks);
    assert.deepEqual(
      clicks,
      [...clicks].sort((a, b) => b - a),
      'most clicks first',
    );
  });

  it('shows the cached report at once, marked with its time, then refreshes only what changed', async () => {
    await open().store.open(last30);
    const { store, events } = open();
    const state = await store.open(last30);
    assert.equal(events[0]!.status, 'refreshing');
    assert.equal(events[0]!.source, 'cache');
    assert.equal(events[0]!.asOf, NOW.toISOString());
    assert.equal(state.status, 'ready');
    assert.deepEqual(state.lastRefresh?.modes, ['incremental']);
    assert.equal(state.lastRefresh?.requests, 1);
  });

  it('reads a period past 120 days in windows with no gap and no overlap: nothing counted twice', async () => {
    const { store } = open();
    const year: StoreQuery<'clicks'> = { kind: 'clicks', period: { from: daysBefore(365), to: TODAY }, filters: {} };
    const state = await store.open(year);
    assert.equal(state.report!.windows.length, 4);
    const items = state.report!.windows.flatMap((w) => w.items);
    assert.equal(sum(items), clicksIn(service, year));
    assert.equal(new Set(items.map((item) => item.id ?? Math.random())).size, items.length);
  });

  it('keeps the cached report when the service cannot be reached, and says it is offline', async () => {
    const gone = await sandbox({ clicks: 500 });
    await open(gone).store.open(last30);
    await gone.close();
    const { store } = open(gone);
    const state = await store.open(last30);
    assert.equal(state.status, 'offline');
    assert.equal(state.error?.name, 'NetworkError');
    assert.equal(state.source, 'cache');
    assert.ok(state.report!.windows[0]!.items.length > 0, 'the cached report is still there');
  });

  it('says failed, with the service’s refusal, for a key it refuses', async () => {
    const { store } = open({ url: service.url, key: 'WrongKey1' });
    const state = await store.open(last30);
    assert.equal(state.status, 'failed');
    assert.match(state.error?.message ?? '', /401/);
    assert.equal(state.report, undefined);
  });

  it('refuses a damaged cache with the reason in the log, and reads the report again', async () => {
    await open().store.open(last30);
    const [name] = fs.readdirSync(folder).filter((file) => file.startsWith('report-'));
    fs.writeFileSync(path.join(folder, name!), '{"format":"affiliate-links.report","version":1,');
    const { store, log } = open();
    const state = await store.open(last30);
    assert.equal(state.status, 'ready');
    assert.deepEqual(state.lastRefresh?.modes, ['full']);
    assert.ok(
      log.lines.some((line) =>
        /warn The cached clicks report cannot be used \(its first line is not valid JSON/.test(line),
      ),
      log.lines.join('\n'),
    );
  });

  it('stops a refresh when asked, showing what it had before, with no error', async () => {
    const { store } = open();
    const stop = new AbortController();
    const opening = store.open(last30, { signal: stop.signal });
    stop.abort();
    const state = await opening;
    assert.equal(state.status, 'loading');
    assert.equal(state.error, undefined);
  });

  it('keeps only the most recent reports in memory; one let go opens again from its cache file', async () => {
    const { store } = open();
    const queries = Array.from(
      { length: REPORTS_IN_MEMORY + 2 },
      (_, i): StoreQuery<'clicks'> => ({
        kind: 'clicks',
        period: { from: daysBefore(10 + i), to: TODAY },
        filters: {},
      }),
    );
    for (const query of queries) {
      await store.open(query);
    }
    assert.equal(store.state(queries[0]!), undefined, 'the oldest is let go');
    assert.equal(store.state(queries.at(-1)!)?.status, 'ready');
    const again = await store.open(queries[0]!);
    assert.deepEqual(again.lastRefresh?.modes, ['incremental'], 'read back from its cache file, then refreshed');
  });

  it('keeps a held report in memory however many others it reads, and lets it go once released', async () => {
    const { store } = open();
    const queries = Array.from(
      { length: REPORTS_IN_MEMORY + 2 },
      (_, i): StoreQuery<'clicks'> => ({
        kind: 'clicks',
        period: { from: daysBefore(10 + i), to: TODAY },
        filters: {},
      }),
    );
    const hold = store.hold(queries[0]!);
    const twice = store.hold(queries[0]!);
    for (const query of queries) {
      await store.open(query);
    }
    assert.equal(store.state(queries[0]!)?.status, 'ready', 'held: kept');
    assert.equal(store.state(queries[1]!), undefined, 'the oldest not held is let go');
    hold.dispose();
    hold.dispose();
    await store.open(queries[2]!);
    assert.equal(
      store.state(queries[0]!)?.status,
      'ready',
      'still held by the second holder (a holder released twice counts once)',
    );
    twice.dispose();
    await store.open(queries[3]!);
    assert.equal(store.state(queries[0]!), undefined, 'released: let go like any other');
  });

  it('joins a refresh already running for the same query', async () => {
    const { store } = open();
    const [a, b] = await Promise.all([store.open(last30), store.open(last30)]);
    assert.equal(a, b);
    assert.equal(queryKey(last30), a.key);
  });
});
