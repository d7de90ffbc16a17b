/**
 * The report store's figures (issue 12): an incremental refresh against a full read of a
 * 100,000-item report, a 365-day report (4 windows) against a 120-day one, the memory a cached
 * 100,000-item report holds, and loading it from the cache against `JSON.parse` of its items.
 * The store is measured as it ships (bundled, minified); the client is the production
 * `dist/api.js`; the sandbox runs in a process of its own with the latency `run.ts` set.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AffiliateServiceClient } from '../../src/api/client';
import type { ClickItem } from '../../src/api/types';
import { periodWindows } from '../../src/reports/model/reportPeriods';
import { DEFAULT_SANDBOX_KEY } from '../../src/sandbox/sandboxOptions';
import { emit, median, round2, settle, timed } from './figures';
import { startSandboxProcess } from '../common/sandboxProcess';
import { loadShipped } from './shippedBundle';

type ShippedReports = typeof import('./shippedReports');
type ClientClass = new (options: ConstructorParameters<typeof AffiliateServiceClient>[0]) => AffiliateServiceClient;

const ROUNDS = 3;
const DAY = 86_400_000;
const MB = (bytes: number): number => round2(bytes / 1024 / 1024);

function day(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
}

async function touch(url: string, count: number): Promise<void> {
  const response = await fetch(`${url}/__sandbox/reports/touch?count=${count}`, { method: 'POST' });
  if (!response.ok) {
    throw new Error(`touching report items failed: ${response.status} ${await response.text()}`);
  }
}

export async function benchReportStore(root: string, url: string, Client: ClientClass): Promise<void> {
  const reports = await loadShipped<ShippedReports>(root, path.join(__dirname, 'shippedReports.ts'), 'reports');
  const client = new Client({ baseUrl: url, apiKey: DEFAULT_SANDBOX_KEY, environment: {} });
  const window = { from: day(-120), to: day(0) };
  // No safety margin here: the rounds are seconds apart, so with the store's margin each refresh
  // would also read again the items the rounds before touched (which is what the margin is for).
  const options = { now: () => new Date(), marginMs: 0 };
  try {
    // Incremental refresh of the whole 120-day window after 1% of it changed, against reading it again.
    const full: number[] = [];
    const incremental: number[] = [];
    const requests: number[] = [];
    let read = await reports.readWindowInFull(client, 'clicks', window, {}, options);
    const size = read.window.items.length;
    for (let round = 0; round < ROUNDS; round++) {
      settle();
      const again = await timed(() => reports.readWindowInFull(client, 'clicks', window, {}, options));
      full.push(again.ms);
      read = again.value;
      await touch(url, Math.round(size / 100));
      settle();
      const refreshed = await timed(() => reports.refreshWindow(client, 'clicks', read.window, {}, options));
      if (refreshed.value.mode !== 'incremental') {
        throw new Error(`the refresh fell back to a full read: ${refreshed.value.fallback}`);
      }
      incremental.push(refreshed.ms);
      requests.push(refreshed.value.requests);
      read = refreshed.value;
    }
    const changed = Math.round(size / 100);
    emit({
      name: `incremental refresh of a ${size}-item clicks report with 1% (${changed}) changed vs a full read, 20 ms latency`,
      value: round2(median(incremental)),
      unit: 'ms',
      baseline: round2(median(full)),
      ratio: round2(median(full) / median(incremental)),
      target: `ratio (speed-up) >= 10, and at most ceil(changed/500)+2 = ${Math.ceil(changed / 500) + 2} requests`,
      note: `requests per refresh: ${requests.join(', ')}`,
    });

    // A 365-day report in 4 windows (2 at a time) against a 120-day report, from a sandbox whose
    // history covers the year at the main sandbox's density (about 100,000 items per 120 days).
    const yearSandbox = await startSandboxProcess([
      '--merchants',
      '200',
      '--clicks',
      '302000',
      '--actions',
      '100',
      '--history-days',
      '365',
    ]);
    const yearClient = new Client({ baseUrl: yearSandbox.url, apiKey: DEFAULT_SANDBOX_KEY, environment: {} });
    const yearMs: number[] = [];
    const windowMs: number[] = [];
    let yearItems = 0;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-bench-reports-'));
    try {
      await yearSandbox.setLatency(20);
      const store = (name: string) =>
        new reports.ReportStore({
          cacheFileOf: (kind, key) =>
            path.join(folder, `report-${name}-${kind}-${Buffer.from(key).toString('hex').slice(0, 40)}.json`),
          cacheFolder: folder,
          source: async () => yearClient,
          windowsOf: periodWindows,
          logger: { debug() {}, info() {}, warn() {}, error() {} },
          baseUrl: yearSandbox.url,
        });
      for (let round = 0; round < ROUNDS; round++) {
        settle();
        const short = await timed(() => store(`w${round}`).open({ kind: 'clicks', period: window, filters: {} }));
        settle();
        const year = await timed(() =>
          store(`y${round}`).open({ kind: 'clicks', period: { from: day(-365), to: day(0) }, filters: {} }),
        );
        if (
          year.value.report?.windows.length !== 4 ||
          year.value.status !== 'ready' ||
          short.value.status !== 'ready'
        ) {
          throw new Error(
            `the 365-day report has ${year.value.report?.windows.length} windows, status ${year.value.status}`,
          );
        }
        yearItems = year.value.report.windows.reduce((sum, w) => sum + w.items.length, 0);
        windowMs.push(short.ms);
        yearMs.push(year.ms);
      }
    } finally {
      await yearClient.close();
      await yearSandbox.stop();
    }
    emit({
      name: `a 365-day clicks report (4 windows, 2 at a time, ${yearItems} items, cache written) vs a 120-day one, 20 ms latency`,
      value: round2(median(yearMs)),
      unit: 'ms',
      baseline: round2(median(windowMs)),
      ratio: round2(median(yearMs) / median(windowMs)),
      target: 'close to windows / concurrency: 3 full windows and a 4-day one, 2 at a time, so about 2',
    });

    // The cached report: memory held once loaded, and the load against JSON.parse of the same items.
    const cacheFile = path.join(folder, 'report-bench.json');
    const report = {
      kind: 'clicks' as const,
      baseUrl: url,
      query: 'bench',
      savedAt: new Date().toISOString(),
      windows: [read.window],
    };
    await reports.writeReportCache(cacheFile, report);
    const plainFile = path.join(folder, 'items.json');
    fs.writeFileSync(plainFile, JSON.stringify(read.window.items));
    read = undefined as never;
    const heldBytes = heldByLoadedReport(path.join(root, 'out/bench/reports.js'), cacheFile);
    const load: number[] = [];
    const parse: number[] = [];
    for (let round = 0; round < 7; round++) {
      settle();
      load.push((await timed(() => reports.readReportCache(cacheFile, 'clicks', 'bench'))).ms);
      settle();
      parse.push(
        (await timed(async () => JSON.parse(await fs.promises.readFile(plainFile, 'utf8')) as ClickItem[])).ms,
      );
    }
    emit({
      name: `memory held by a cached ${size}-item clicks report once loaded (JS heap)`,
      value: MB(heldBytes),
      unit: 'MB',
      target: '< 30 MB',
      note: `file ${MB(fs.statSync(cacheFile).size)} MB; the same items as plain JSON ${MB(fs.statSync(plainFile).size)} MB`,
    });
    emit({
      name: `cache load of a ${size}-item clicks report (checked cell by cell) vs readFile + JSON.parse of its items as plain objects`,
      value: round2(median(load)),
      unit: 'ms',
      baseline: round2(median(parse)),
      ratio: round2(median(load) / median(parse)),
    });
    fs.rmSync(folder, { recursive: true, force: true });
  } finally {
    await client.close();
  }
}

/**
 * The heap a loaded report keeps, measured in a fresh process (here, what the bench itself
 * allocated earlier blurs the difference): the heap after loading it and collecting garbage,
 * less the heap before, with the report still referenced.
 */
function heldByLoadedReport(bundle: string, cacheFile: string): number {
  const script = `
    const reports = require(${JSON.stringify(bundle)});
    const heap = () => { gc(); gc(); return process.memoryUsage().heapUsed; };
    (async () => {
      const before = heap();
      const held = await reports.readReportCache(${JSON.stringify(cacheFile)}, 'clicks', 'bench');
      const after = heap();
      if (held.kind !== 'ok') throw new Error(held.reason);
      process.stdout.write(String(after - before) + ' ' + held.report.windows[0].items.length);
    })();`;
  const [bytes] = execFileSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8' }).split(' ');
  return Number(bytes);
}
