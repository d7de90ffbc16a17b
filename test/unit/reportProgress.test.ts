import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fromDayNumber, toDayNumber } from '../../src/api/calendarDate';
import { reportCacheFileName } from '../../src/reports/cache/reportCacheFile';
import { periodWindows } from '../../src/reports/model/reportPeriods';
import { queryKey, ReportStore, type ReportProgress, type StoreQuery } from '../../src/reports/store/reportStore';
import type { Sandbox } from '../../src/sandbox/server';
import { clientFor, NOW, sandbox } from './helpers/fixtures';
import { RecordingLogger } from './helpers/recordingLogger';

const TODAY = NOW.toISOString().slice(0, 10);
const daysBefore = (days: number): string => fromDayNumber(toDayNumber(TODAY)! - days);

describe('report store progress of full reads', function () {
  this.timeout(30_000);
  let service: Sandbox;
  let folder: string;
  const stores: ReportStore[] = [];

  before(async () => {
    // About 45 clicks a day over 125 days: 30 days are about three pages of 500.
    service = await sandbox({ clicks: 6_000 });
  });
  after(async () => service.close());
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-report-progress-'));
  });
  afterEach(() => {
    stores.splice(0).forEach((store) => store.dispose());
    fs.rmSync(folder, { recursive: true, force: true });
  });

  function open() {
    const client = clientFor(service);
    const store = new ReportStore({
      cacheFileOf: (kind, key) => path.join(folder, reportCacheFileName(service.url, 'sandboxkey', kind, key)),
      cacheFolder: folder,
      source: async () => client,
      windowsOf: periodWindows,
      logger: new RecordingLogger(),
      baseUrl: service.url,
      now: () => NOW,
    });
    stores.push(store);
    const progress: ReportProgress[] = [];
    store.onDidProgress((event) => progress.push(event));
    return { store, progress };
  }

  function assertIncreasing(progress: readonly ReportProgress[]): void {
    for (let i = 1; i < progress.length; i++) {
      assert.ok(
        progress[i]!.received >= progress[i - 1]!.received,
        `received went back at event ${i}: ${JSON.stringify(progress)}`,
      );
    }
  }

  it('reports every page of a full read: received grows to the total, which is known from the first page', async () => {
    const { store, progress } = open();
    const query: StoreQuery<'clicks'> = { kind: 'clicks', period: { from: daysBefore(30), to: TODAY }, filters: {} };
    const state = await store.open(query);
    const items = state.report!.windows[0]!.items.length;
    assert.ok(items > 1_000, `a report of several pages (${items} items)`);
    assert.equal(progress.length, Math.ceil(items / 500), 'one event per page');
    assert.ok(progress.every((event) => event.key === queryKey(query)));
    assert.ok(
      progress.every((event) => event.total === items),
      'the total is known from the first page on',
    );
    assertIncreasing(progress);
    assert.equal(progress.at(-1)!.received, items);
  });

  it('adds the windows of a long period up, with the total unknown until every window has said its own', async () => {
    const { store, progress } = open();
    const query: StoreQuery<'actions'> = { kind: 'actions', period: { from: daysBefore(200), to: TODAY }, filters: {} };
    const state = await store.open(query);
    assert.equal(state.report!.windows.length, 2);
    const items = state.report!.windows.reduce((sum, window) => sum + window.items.length, 0);
    assertIncreasing(progress);
    assert.equal(progress.at(-1)!.received, items);
    assert.equal(progress.at(-1)!.total, items);
    const firstKnown = progress.findIndex((event) => event.total !== undefined);
    assert.ok(firstKnown >= 1, 'the first window to answer does not know the other window’s total');
    assert.ok(
      progress.slice(firstKnown).every((event) => event.total === items),
      'once known, the total is the whole report’s',
    );
  });

  it('reports nothing when a cached report is refreshed incrementally', async () => {
    const query: StoreQuery<'clicks'> = { kind: 'clicks', period: { from: daysBefore(30), to: TODAY }, filters: {} };
    await open().store.open(query);
    const { store, progress } = open();
    const state = await store.open(query);
    assert.deepEqual(state.lastRefresh?.modes, ['incremental']);
    assert.deepEqual(progress, []);
  });
});
