/**
 * The stores under the service's rate limit (issue 22, section 3): requests are what a person
 * waits for, so a report another window read recently is shown from its cache file without a
 * request; a window whose report is older than another window's file takes the file; an open
 * that joins a background read raises it (its next requests go at the joiner's priority); and
 * a read or a catalog walk cut short keeps its pages, so the next one asks only for the rest.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { RequestPriority } from '../../src/api/budget/budgetWindows';
import { RequestBudget } from '../../src/api/budget/requestBudget';
import { fromDayNumber, toDayNumber } from '../../src/api/calendarDate';
import { cacheFileName } from '../../src/catalog/cache/cacheFormat';
import { CatalogStore } from '../../src/catalog/store/catalogStore';
import { reportCacheFileName } from '../../src/reports/cache/reportCacheFile';
import { periodWindows } from '../../src/reports/model/reportPeriods';
import { LEASE_MS, leaseHeld, takeLease } from '../../src/common/readLeases';
import { queryKey, ReportStore, type StoreQuery } from '../../src/reports/store/reportStore';
import type { Sandbox } from '../../src/sandbox/server';
import { clientFor, NOW, sandbox } from './helpers/fixtures';
import { RecordingLogger } from './helpers/recordingLogger';

const TODAY = NOW.toISOString().slice(0, 10);
const last30: StoreQuery<'clicks'> = {
  kind: 'clicks',
  period: { from: fromDayNumber(toDayNumber(TODAY)! - 29), to: TODAY },
  filters: {},
};
const MINUTE = 60_000;

describe('the stores under the rate limit', function () {
  this.timeout(30_000);
  let service: Sandbox;
  let folder: string;
  const closing: Array<() => unknown> = [];

  before(async () => {
    service = await sandbox({ merchants: 2_400, clicks: 6_000, actions: 10 });
  });
  after(() => service.close());
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stores-limit-'));
  });
  afterEach(async () => {
    for (const close of closing.splice(0)) {
      await close();
    }
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** A window's report store on the shared folder, its clock at `now`, and the priorities its requests took. */
  function reportWindow(now: () => Date) {
    const budget = new RequestBudget({ windows: 'off' });
    const priorities: RequestPriority[] = [];
    const acquire = budget.acquire.bind(budget);
    budget.acquire = (priority, signal, onWait) => {
      priorities.push(priority);
      return acquire(priority, signal, onWait);
    };
    const client = clientFor(service, { budget });
    const store = new ReportStore({
      cacheFileOf: (kind, key) => path.join(folder, reportCacheFileName(service.url, service.key, kind, key)),
      cacheFolder: folder,
      source: async () => client,
      windowsOf: periodWindows,
      logger: new RecordingLogger(),
      baseUrl: service.url,
      now,
    });
    closing.push(
      () => store.dispose(),
      () => client.close(),
    );
    return { store, priorities };
  }

  const requests = async (body: () => Promise<unknown>): Promise<number> => {
    const before = service.stats().total;
    await body();
    return service.stats().total - before;
  };

  it('shows a report another window read within freshForMs from its cache file, without a request; an older one is refreshed', async () => {
    const first = reportWindow(() => NOW);
    assert.ok((await requests(() => first.store.open(last30))) > 1);
    const minuteLater = reportWindow(() => new Date(NOW.getTime() + MINUTE));
    let state = await minuteLater.store.open(last30, { freshForMs: 15 * MINUTE });
    assert.equal(state.status, 'ready');
    assert.equal(state.source, 'cache');
    const hourLater = reportWindow(() => new Date(NOW.getTime() + 60 * MINUTE));
    const asked = await requests(async () => {
      state = await hourLater.store.open(last30, { freshForMs: 15 * MINUTE });
    });
    assert.equal(state.source, 'network');
    assert.ok(asked >= 1 && asked <= 2, `an incremental refresh, ${asked} requests`);
    assert.equal(
      (await requests(() => minuteLater.store.open(last30, { freshForMs: 0 }))) > 0,
      true,
      'freshForMs 0 always asks',
    );
  });

  it('takes the file another window saved since, rather than asking the service', async () => {
    let now = NOW;
    const a = reportWindow(() => now);
    await a.store.open(last30);
    now = new Date(NOW.getTime() + 20 * MINUTE);
    const b = reportWindow(() => now);
    await b.store.open(last30, { freshForMs: 0 });
    now = new Date(NOW.getTime() + 21 * MINUTE);
    let shown = a.store.state(last30);
    const asked = await requests(async () => {
      shown = await a.store.open(last30, { freshForMs: 15 * MINUTE });
    });
    assert.equal(asked, 0, 'the other window’s read, 1 minute old, serves');
    assert.equal(shown?.asOf, b.store.state(last30)?.asOf);
  });

  it('waits, in the background, for the read another window (another process) is making, and shows its file: no request of its own', async () => {
    const otherWindow = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    closing.push(() => otherWindow.kill());
    const file = path.join(folder, reportCacheFileName(service.url, service.key, 'clicks', queryKey(last30)));
    fs.writeFileSync(`${file}.reading`, JSON.stringify({ pid: otherWindow.pid, at: NOW.getTime() }));
    const waiting = reportWindow(() => NOW);
    const before = service.stats().total;
    let settled = false;
    const opened = waiting.store.open(last30, { priority: 'background' }).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(settled, false, 'it waits for the other window');
    assert.equal(service.stats().total, before, 'no request while it waits');
    // The other window's read, as its file comes: here a foreground read, which does not wait.
    const reader = reportWindow(() => new Date(NOW.getTime() + 1_000));
    const read = await reader.store.open(last30);
    assert.equal(read.source, 'network');
    const asked = service.stats().total;
    otherWindow.kill();
    const state = await opened;
    assert.equal(service.stats().total, asked, 'the waiting window made no request');
    assert.equal(state.source, 'cache');
    assert.equal(state.report?.savedAt, read.report?.savedAt, 'it shows the other window’s read');
  });

  it('takes over the lease of a window that ended, or of a read older than 15 minutes, and never waits on its own', async () => {
    const lease = path.join(folder, 'report.reading');
    fs.writeFileSync(lease, JSON.stringify({ pid: 2 ** 22 + 17, at: Date.now() }));
    assert.ok('release' in (await takeLease(lease)), 'a process that does not run');
    const otherWindow = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    closing.push(() => otherWindow.kill());
    fs.writeFileSync(lease, JSON.stringify({ pid: otherWindow.pid, at: Date.now() - LEASE_MS - 1 }));
    assert.ok('release' in (await takeLease(lease)), 'a read older than the lease lasts');
    fs.writeFileSync(lease, JSON.stringify({ pid: otherWindow.pid, at: Date.now() }));
    assert.deepEqual(await takeLease(lease), { heldBy: otherWindow.pid }, 'a live window reading now');
    assert.equal(await leaseHeld(lease), true);
    fs.writeFileSync(lease, 'garbage');
    const mine = await takeLease(lease);
    assert.ok('release' in mine, 'an unreadable lease is taken over');
    assert.equal(await leaseHeld(lease), false, 'its own lease holds no window back');
    await mine.release();
    assert.equal(fs.existsSync(lease), false);
  });

  it('raises a background read to the priority of an open that joins it', async () => {
    const window = reportWindow(() => NOW);
    const background = window.store.open(last30, { priority: 'background' });
    await new Promise((resolve) => window.store.onDidProgress(resolve));
    const joined = window.store.open(last30, { priority: 'interactive' });
    await Promise.all([background, joined]);
    assert.equal(window.priorities[0], 'background');
    assert.equal(window.priorities.at(-1), 'interactive', window.priorities.join(', '));
  });

  it('keeps the pages of a full read cut short, and the next read asks only for the first page again and the rest', async () => {
    const window = reportWindow(() => NOW);
    const stop = new AbortController();
    const pages = Math.ceil(6_000 / 500);
    let received = 0;
    window.store.onDidProgress((progress) => {
      received = progress.received;
      if (received >= 2_000) {
        stop.abort();
      }
    });
    const cut = await requests(() => window.store.open(last30, { signal: stop.signal }));
    assert.ok(cut < pages, `cut short after ${cut} of ${pages} pages`);
    const kept = Math.floor(received / 500);
    let state = window.store.state(last30);
    const rest = await requests(async () => {
      state = await window.store.open(last30);
    });
    assert.equal(state?.status, 'ready');
    assert.ok(rest <= pages - kept + 1, `${rest} requests after ${kept} pages kept, of ${pages}`);
    const items = state!.report!.windows.flatMap((w) => w.items);
    assert.equal(
      items.reduce((sum, item) => sum + item.count, 0),
      service.dataset.clicks
        .filter((item) => item.date >= last30.period.from && item.date <= TODAY)
        .reduce((sum, item) => sum + item.count, 0),
    );
  });

  /** A window's catalog store on the shared cache file. */
  function catalogWindow(now: () => Date = () => NOW) {
    const client = clientFor(service);
    const store = new CatalogStore({
      cacheFile: path.join(folder, cacheFileName(service.url, service.key)),
      baseUrl: service.url,
      source: async () => client,
      logger: new RecordingLogger(),
      now,
    });
    closing.push(
      () => store.dispose(),
      () => client.close(),
    );
    return store;
  }

  it('keeps the pages of a catalog walk cut short, and the next walk goes on from its cursor', async () => {
    const store = catalogWindow();
    const stop = new AbortController();
    const cut = await requests(() =>
      store
        .sync({ full: true, signal: stop.signal, onProgress: (loaded) => loaded >= 1_000 && stop.abort() })
        .catch(() => undefined),
    );
    assert.ok(cut >= 2 && cut < 5, `cut short after ${cut} pages`);
    let result;
    const rest = await requests(async () => {
      result = await store.sync({ full: true });
    });
    assert.deepEqual(result, { kind: 'full', received: 2_400, changed: 2_400, total: 2_400 });
    assert.equal(rest + 2, 5, `the walk went on from page 3: ${rest} more requests`);
  });

  it('follows the cache file another window synced later, reading no merchant from the service', async () => {
    const a = catalogWindow();
    await a.sync({ full: true });
    const b = catalogWindow();
    assert.equal(await b.loadCache(), 'loaded');
    assert.equal(await b.followDisk(), false, 'nothing newer on disk');
    const c = catalogWindow(() => new Date(NOW.getTime() + 30 * MINUTE));
    await c.loadCache();
    service.touchMerchant(5);
    await c.sync();
    const asked = await requests(async () => assert.equal(await b.followDisk(), true));
    assert.equal(asked, 0);
    assert.equal(b.snapshot.syncedAt, c.snapshot.syncedAt);
  });
});
