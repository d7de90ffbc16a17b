/**
 * Chaos over the network, the reports (issue 16, section 2): twenty reads of a 100,000-item
 * clicks report by the real ReportStore, with its real cache in a temporary folder, through the
 * real client over real HTTP on loopback to the sandbox, each under its own seeded mix of
 * faults (see faultPlan.ts). The store reads the report two ways, and the runs take turns:
 * - a first read, nothing cached: every page, four at a time (`getAllClicks`);
 * - a refresh of a report cached before every item changed: page after page from the newest,
 *   all 200 of them, merged into the cached items.
 * Each must end identical to a clean read, or refused cleanly with the previous cache untouched:
 * the cached file byte for byte, or no file at all when nothing was cached (see chaosRuns.ts).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fromDayNumber, toDayNumber } from '../../../src/api/calendarDate';
import type { ClickItem } from '../../../src/api/types';
import { readReportCache, reportCacheFileName } from '../../../src/reports/cache/reportCacheFile';
import { periodWindows } from '../../../src/reports/model/reportPeriods';
import { queryKey, ReportStore, type ReportState, type StoreQuery } from '../../../src/reports/store/reportStore';
import { panelErrorOf } from '../../../src/reports/panel/panelErrors';
import type { Sandbox } from '../../../src/sandbox/server';
import { RequestBudget } from '../../../src/api/budget/requestBudget';
import { clientFor, NOW, sandbox } from '../helpers/fixtures';
import { RecordingLogger } from '../helpers/recordingLogger';
import {
  counted,
  refusalCause,
  runChaos,
  settle,
  unclearRefusal,
  within,
  type RunOutcome,
  type RunResult,
} from './chaosRuns';
import { faultPlan, fixedPlan, type FaultPlan } from './faultPlan';

const ITEMS = 100_000;
/** Every click of the sandbox's 120 days of history: one window of 200 pages. */
const TODAY = NOW.toISOString().slice(0, 10);
const QUERY: StoreQuery<'clicks'> = {
  kind: 'clicks',
  period: { from: fromDayNumber(toDayNumber(TODAY)! - 119), to: TODAY },
  filters: {},
};
/** 200 pages, and the attempts of those that fail. */
const PLAN = { requests: 600, path: 'click', slowBodyMs: [10, 40] } as const;
const RUNS = 20;
const FIRST_SEED = 160_400;
/**
 * The client's own retries, with the default number of attempts and backoffs of milliseconds;
 * a budget without windows whose refusals (429, 503) hold milliseconds, not seconds: these runs
 * test what survives faults, not the waits of the rate limit (clientResilience.test.ts does).
 */
const CHAOS_CLIENT = () => ({
  retry: { maxAttempts: 4, baseDelayMs: 2, maxDelayMs: 20, maxRetryAfterMs: 30_000 },
  budget: new RequestBudget({ windows: 'off', refusalMs: 5 }),
});
/** When the cached report was read: an hour before every click changed. */
const CACHED_AT = new Date(NOW.getTime() - 3_600_000);

/** A report's items as the panel reads them, in the store's order. */
const itemsText = (items: readonly ClickItem[]): string => JSON.stringify(items);
const reportText = (state: ReportState<'clicks'> | undefined): string | undefined =>
  state?.report === undefined ? undefined : itemsText(state.report.windows.flatMap((window) => window.items));

describe('100,000-item report read under network faults', function () {
  this.timeout(300_000);
  let service: Sandbox;
  let root: string;
  /** The cache file of a read before every click changed, and its items. */
  let previousBytes: Buffer;
  let previousItems: string;
  /** What a clean read of the changed report holds. */
  let cleanItems: string;

  before(async () => {
    service = await sandbox({ merchants: 100, clicks: ITEMS, actions: 10, historyDays: 120 });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'report-chaos-'));
    const before = await readCleanly('before', CACHED_AT);
    previousBytes = fs.readFileSync(before.file);
    previousItems = before.items;
    assert.equal(service.touchReports(ITEMS).clicks, ITEMS);
    const clean = await readCleanly('clean', NOW);
    cleanItems = clean.items;
    assert.notEqual(cleanItems, previousItems, 'every click changed between the two clean reads');
  });
  after(async () => {
    await service?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  function open(folder: string, now: Date) {
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, reportCacheFileName(service.url, service.key, 'clicks', queryKey(QUERY)));
    const client = clientFor(service, CHAOS_CLIENT());
    const store = new ReportStore({
      cacheFileOf: () => file,
      cacheFolder: folder,
      source: async () => client,
      windowsOf: periodWindows,
      logger: new RecordingLogger(),
      baseUrl: service.url,
      now: () => now,
    });
    return {
      store,
      file,
      close: async () => {
        store.dispose();
        await client.close();
      },
    };
  }

  async function readCleanly(name: string, now: Date): Promise<{ file: string; items: string }> {
    const { store, file, close } = open(path.join(root, name), now);
    try {
      const state = await store.open(QUERY);
      assert.equal(state.status, 'ready', state.error?.message);
      assert.equal(
        state.report!.windows.reduce((sum, window) => sum + window.items.length, 0),
        ITEMS,
      );
      return { file, items: reportText(state)! };
    } finally {
      await close();
    }
  }

  const strayFiles = (folder: string, file: string): string[] =>
    fs.readdirSync(folder).filter((name) => name !== path.basename(file));

  /** One read under `plan`'s faults, judged: a first read on even runs, a refresh of the cached report on odd ones. */
  async function run(plan: FaultPlan, number: number): Promise<RunResult> {
    const folder = path.join(root, `run-${number}`);
    const cached = number % 2 === 1;
    const { store, file, close } = open(folder, NOW);
    if (cached) {
      fs.writeFileSync(file, previousBytes);
    }
    try {
      const before = service.stats();
      service.setFaults(plan.spec);
      let state: ReportState<'clicks'>;
      try {
        state = await within(store.open(QUERY), 60_000, 'the read');
      } finally {
        service.setFaults('');
      }
      const faultsAndRequests = counted(before, service.stats());
      const outcome =
        state.status === 'ready' ? await judgeRead(state, folder, file) : judgeRefusal(state, folder, file, cached);
      return { outcome, ...faultsAndRequests };
    } finally {
      await close();
    }
  }

  async function judgeRead(state: ReportState<'clicks'>, folder: string, file: string): Promise<RunOutcome> {
    if (reportText(state) !== cleanItems) {
      return { kind: 'failed', reason: 'the read succeeded with items other than a clean read’s' };
    }
    if (state.source !== 'network' || state.error !== undefined) {
      return {
        kind: 'failed',
        reason: `the read succeeded, but the state says ${state.source}, ${state.error?.message}`,
      };
    }
    if ((state.lastRefresh?.requests ?? 0) < ITEMS / 500) {
      return { kind: 'failed', reason: `not every page was read: ${JSON.stringify(state.lastRefresh)}` };
    }
    if (strayFiles(folder, file).length > 0) {
      return { kind: 'failed', reason: `files left beside the cache: ${strayFiles(folder, file).join(', ')}` };
    }
    const saved = await readReportCache(file, 'clicks', queryKey(QUERY));
    if (saved.kind !== 'ok' || itemsText(saved.report.windows.flatMap((window) => window.items)) !== cleanItems) {
      return { kind: 'failed', reason: 'the cache written reads back as another report' };
    }
    return { kind: 'identical' };
  }

  function judgeRefusal(state: ReportState<'clicks'>, folder: string, file: string, cached: boolean): RunOutcome {
    if (state.status !== 'failed' && state.status !== 'offline') {
      return { kind: 'failed', reason: `the read ended ${state.status}` };
    }
    const message = panelErrorOf(state.error, { shown: state.report !== undefined, asOf: state.asOf }).message;
    const unclear = unclearRefusal(state.error, message, service.key);
    if (unclear !== undefined) {
      return { kind: 'failed', reason: unclear };
    }
    if (reportText(state) !== (cached ? previousItems : undefined)) {
      return {
        kind: 'failed',
        reason: cached ? 'refused, but the report shown is not the cached one' : 'refused, but a report is shown',
      };
    }
    if (cached ? !fs.readFileSync(file).equals(previousBytes) : fs.existsSync(file)) {
      return {
        kind: 'failed',
        reason: cached ? 'refused, but the cache file changed' : 'refused, but a cache file was written',
      };
    }
    if (strayFiles(folder, file).length > 0) {
      return {
        kind: 'failed',
        reason: `refused, with files left beside the cache: ${strayFiles(folder, file).join(', ')}`,
      };
    }
    return { kind: 'refused', message, cause: refusalCause(state.error) };
  }

  it(`ends each of ${RUNS} reads under faults identical to a clean read, or refused cleanly with the previous cache untouched`, async () => {
    await runChaos(
      '100,000-item report read under faults',
      RUNS,
      (number) => faultPlan(number, FIRST_SEED + number, PLAN),
      run,
    );
  });

  // The reads fetch pages in parallel, so which page a request number falls on varies: each
  // run that found a bug is kept reduced to the fault that did it.
  describe('regressions', () => {
    it('seed 160400, reduced: the first page cut off midway is asked for again, and a first read ends identical (it was refused)', async () => {
      const { outcome } = await settle(() =>
        run(fixedPlan(160_400, 'truncated', [1], 'truncated:on=1:path=click'), 100),
      );
      assert.deepEqual(outcome, { kind: 'identical' });
    });

    it('seed 160408, reduced: a service that resets every connection is refused with what to do (the message said only what happened)', async () => {
      const { outcome } = await settle(() => run(fixedPlan(160_408, 'reset', [], 'reset:path=click'), 101));
      assert.equal(outcome.kind, 'refused', JSON.stringify(outcome));
      assert.match(
        outcome.kind === 'refused' ? outcome.message : '',
        /^The service could not be reached\. Check your network connection, then retry\. The cached report is shown/,
      );
    });
  });
});
