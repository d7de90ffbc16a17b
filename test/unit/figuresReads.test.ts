/**
 * How the figures ask the report store, against the sandbox over HTTP: the active article's SubIDs
 * read by one window serve a second window sharing the cache folder within the figures' refresh
 * interval (six hours for the previous period), so the second window sends no request for them;
 * and what the aggregate built from those reads holds: their clicks alone, said so, until the
 * account's are read.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { figuresFromStore, watchFigures, type Watched } from '../../src/controllers/figuresFromStore';
import { PREVIOUS_FRESH_MS, readFigures, readFocus } from '../../src/controllers/figuresReads';
import type { RequestPriority } from '../../src/api/budget/budgetWindows';
import { reportCacheFileName } from '../../src/reports/cache/reportCacheFile';
import { periodWindows } from '../../src/reports/model/reportPeriods';
import { ReportStore } from '../../src/reports/store/reportStore';
import type { Sandbox } from '../../src/sandbox/server';
import { clientFor, NOW, sandbox } from './helpers/fixtures';
import { RecordingLogger } from './helpers/recordingLogger';

const TODAY = NOW.toISOString().slice(0, 10);
const MINUTE = 60_000;
/** The figures' refresh interval (`affiliateLinks.figures.refreshMinutes`). */
const REFRESH_MINUTES = 15;

describe('the figures’ reads of the active article’s SubIDs', function () {
  this.timeout(30_000);
  let service: Sandbox;
  let folder: string;
  const closing: Array<() => unknown> = [];

  before(async () => {
    service = await sandbox({ clicks: 4_000, actions: 200 });
  });
  after(() => service.close());
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'figures-reads-'));
  });
  afterEach(async () => {
    for (const close of closing.splice(0)) {
      await close();
    }
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** A window's figures on the shared cache folder, its clock `msLater` after the sandbox's. */
  function figuresWindow(msLater: number): Watched {
    const client = clientFor(service);
    const store = new ReportStore({
      cacheFileOf: (kind, key) => path.join(folder, reportCacheFileName(service.url, service.key, kind, key)),
      cacheFolder: folder,
      source: async () => client,
      windowsOf: periodWindows,
      logger: new RecordingLogger(),
      baseUrl: service.url,
      now: () => new Date(NOW.getTime() + msLater),
    });
    const watched = watchFigures(
      store,
      { days: 30, enabled: true, today: TODAY, platformId: undefined },
      { changed: () => undefined, waiting: () => undefined },
    );
    closing.push(
      () => watched.subscriptions.forEach((subscription) => subscription.dispose()),
      () => store.dispose(),
      () => client.close(),
    );
    return watched;
  }

  const requests = async (body: () => Promise<unknown>): Promise<number> => {
    const before = service.stats().total;
    await body();
    return service.stats().total - before;
  };

  const focus = (watched: Watched, subIds: string[], priority: RequestPriority = 'foreground') =>
    readFocus(watched, subIds, { priority, refreshMinutes: REFRESH_MINUTES, log: new RecordingLogger() });

  it('sends no request from a second window that focuses the same article within the refresh interval', async () => {
    const subIds = [...new Set(service.dataset.clicks.map((item) => item.subId))]
      .filter((subId): subId is string => typeof subId === 'string' && subId !== '')
      .slice(0, 2);
    assert.equal(subIds.length, 2);

    const first = figuresWindow(0);
    assert.ok((await requests(() => focus(first, subIds))) >= 6, 'the first window reads three queries per SubID');

    const second = figuresWindow(MINUTE);
    assert.equal(await requests(() => focus(second, subIds)), 0, 'a minute later, the first window’s files serve');
    for (const queries of second.focus.values()) {
      for (const query of [queries.clicks, queries.previous, queries.actions]) {
        const state = second.store.state(query);
        assert.equal(state?.status, 'ready');
        assert.equal(state?.source, 'cache');
      }
    }

    // Past the refresh interval the period's own reports are read again; the previous period's serves six hours.
    const later = figuresWindow((REFRESH_MINUTES + 5) * MINUTE);
    assert.ok(REFRESH_MINUTES * MINUTE < PREVIOUS_FRESH_MS);
    assert.ok((await requests(() => focus(later, subIds))) > 0);
    for (const queries of later.focus.values()) {
      assert.equal(later.store.state(queries.clicks)?.source, 'network');
      assert.equal(later.store.state(queries.actions)?.source, 'network');
      assert.equal(later.store.state(queries.previous)?.source, 'cache');
    }

    // A person who waits (Refresh Figures) reads them again.
    const person = figuresWindow(2 * MINUTE);
    assert.ok((await requests(() => focus(person, subIds, 'interactive'))) >= 6);
  });

  it('builds an aggregate of the focused SubIDs’ clicks alone and says so, then the account’s once they are read', async () => {
    const subIds = [...new Set(service.dataset.clicks.map((item) => item.subId))]
      .filter((subId): subId is string => typeof subId === 'string' && subId !== '')
      .slice(0, 2);
    /** The sandbox's clicks over `period`, of `subIds` only when given. */
    const clicksIn = (period: { from: string; to: string }, only?: readonly string[]): number =>
      service.dataset.clicks
        .filter((item) => item.date >= period.from && item.date <= period.to)
        .filter((item) => only === undefined || (item.subId !== null && only.includes(item.subId)))
        .reduce((sum, item) => sum + item.count, 0);
    const watched = figuresWindow(0);

    await focus(watched, subIds);
    const early = figuresFromStore(watched);
    assert.equal(early.source, `SubIDs ${subIds.join(', ')}`);
    const ofSubIds = early.build!();
    assert.deepEqual(ofSubIds.subIdsOnly, subIds, 'it says whose clicks it holds');
    assert.deepEqual(ofSubIds.totals, {
      clicks: clicksIn(ofSubIds.period, subIds),
      previousClicks: clicksIn(ofSubIds.previousPeriod, subIds),
    });
    assert.equal(
      ofSubIds.dailyClicks?.reduce((sum, day) => sum + day.clicks, 0),
      clicksIn(ofSubIds.period, subIds),
    );

    await readFigures(watched, 'foreground', REFRESH_MINUTES);
    const late = figuresFromStore(watched);
    assert.equal(late.source, 'the account');
    const ofAccount = late.build!();
    assert.equal(ofAccount.subIdsOnly, undefined, 'it holds the account’s clicks');
    assert.deepEqual(ofAccount.totals, {
      clicks: clicksIn(ofAccount.period),
      previousClicks: clicksIn(ofAccount.previousPeriod),
    });
    assert.ok(
      ofSubIds.totals!.clicks > 0 && ofSubIds.totals!.clicks < ofAccount.totals!.clicks,
      `the SubIDs have some of the account's clicks: ${ofSubIds.totals!.clicks} of ${ofAccount.totals!.clicks}`,
    );
  });

  it('says the earnings are not known while the clicks are read and the actions not yet', async () => {
    const watched = figuresWindow(0);
    await watched.store.open(watched.queries!.clicks);
    const clicksOnly = figuresFromStore(watched).build!();
    assert.equal(clicksOnly.actionsKnown, false, 'the actions report is not read yet');
    await readFigures(watched, 'foreground', REFRESH_MINUTES);
    assert.equal(figuresFromStore(watched).build!().actionsKnown, true);
  });
});
