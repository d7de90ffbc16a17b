/**
 * The report panel's figures (issue 13) that need no workbench: the webview bundle's size
 * (minified and gzipped), the activation bundle's growth against the commit before the panel
 * (built in the same run from git), and the largest message the host sends the webview with a
 * 100,000-item report loaded, for every tab and grouping. The session is built as it ships
 * (bundled and minified, shippedReportPanel.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AffiliateServiceClient } from '../../src/api/client';
import type { GroupBy, PanelState, ReportTab } from '../../src/reports/panel/protocol';
import { emit, median, round2, settle, timed } from './figures';
import { loadShipped } from './shippedBundle';

type ClientClass = new (options: ConstructorParameters<typeof AffiliateServiceClient>[0]) => AffiliateServiceClient;

/** The last commit before the report panel: the activation bundle's baseline. */
export const BEFORE_PANEL_COMMIT = '80a1c35';
const KB = (bytes: number): number => round2(bytes / 1024);
const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function benchWebviewBundle(root: string): void {
  const file = path.join(root, 'dist/webview/reports.js');
  const bytes = fs.readFileSync(file);
  const css = ['reports.css', 'uPlot.min.css', 'codicon.css'].reduce(
    (sum, name) => sum + fs.statSync(path.join(root, 'dist/webview', name)).size,
    0,
  );
  emit({
    name: 'webview bundle dist/webview/reports.js (minified)',
    value: KB(bytes.length),
    unit: 'KB',
    target: '<= 150 KB',
    note: `${KB(zlib.gzipSync(bytes, { level: 9 }).length)} KB gzipped; CSS beside it ${KB(css)} KB`,
  });
}

/** The production dist/extension.js of `commit`, built from a `git archive` of it; undefined without the history. */
function activationBundleAt(root: string, commit: string): number | undefined {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-baseline-'));
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', commit, 'src', 'esbuild.mjs', 'package.json'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', folder], { input: archive });
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'));
    execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: folder, stdio: 'ignore' });
    return fs.statSync(path.join(folder, 'dist/extension.js')).size;
  } catch {
    return undefined;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

function benchActivationGrowth(root: string): void {
  const now = fs.statSync(path.join(root, 'dist/extension.js')).size;
  const before = activationBundleAt(root, BEFORE_PANEL_COMMIT);
  emit({
    name: `activation bundle dist/extension.js growth since ${BEFORE_PANEL_COMMIT} (before the panel), minified`,
    value: before === undefined ? KB(now) : KB(now - before),
    unit: 'KB',
    ...(before === undefined ? {} : { baseline: KB(before), ratio: round2(now / before) }),
    target: 'growth <= 15 KB',
    note: before === undefined ? `no git history here: ${KB(now)} KB now, growth not measured` : `${KB(now)} KB now`,
  });
}

const GROUPINGS: Record<ReportTab, GroupBy[]> = {
  clicks: ['day', 'program', 'subId', 'platform', 'product', 'merchant', 'none'],
  actions: ['day', 'program', 'subId', 'platform', 'product', 'none'],
};

/** Every tab and grouping of a 120-day view over the report: the largest snapshot and the largest row reply (500 rows). */
async function benchLargestMessage(root: string, url: string, apiKey: string, Client: ClientClass): Promise<void> {
  const reports = await loadShipped<typeof import('./shippedReportPanel')>(
    root,
    path.join(__dirname, 'shippedReportPanel.ts'),
    'reportPanel',
  );
  const client = new Client({ baseUrl: url, apiKey, environment: {} });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-panel-'));
  const store = new reports.ReportStore({
    cacheFileOf: (kind, key) => path.join(folder, reports.reportCacheFileName(url, apiKey, kind, key)),
    cacheFolder: folder,
    source: async () => client,
    windowsOf: reports.periodWindows,
    logger: SILENT,
    baseUrl: url,
  });
  const session = new reports.ReportPanelSession({ store, today: localToday, provisionalDays: 2, logger: SILENT });
  try {
    let largest = { bytes: 0, what: '' };
    let items = 0;
    const firstSnapshot: number[] = [];
    for (const tab of ['clicks', 'actions'] as const) {
      for (const groupBy of GROUPINGS[tab]) {
        const state: PanelState = {
          version: 1,
          tab,
          period: { preset: 'last120' },
          filters: {},
          groupBy,
          sort: null,
        };
        const ready = new Promise<void>((resolve) => {
          const listener = session.onDidSnapshot((snapshot) => {
            if (snapshot.status === 'ready' && snapshot.table !== undefined) {
              listener.dispose();
              resolve();
            }
          });
        });
        const first = session.select(state);
        if (first.status !== 'ready' || first.table === undefined) {
          await ready;
        }
        settle();
        const timedView = await timed(async () => session.select(state));
        firstSnapshot.push(timedView.ms);
        const snapshot = session.current()!;
        const snapshotBytes = Buffer.byteLength(JSON.stringify({ type: 'snapshot', snapshot }));
        if (snapshotBytes > largest.bytes) {
          largest = { bytes: snapshotBytes, what: `snapshot, ${tab} by ${groupBy}` };
        }
        const rows = session.rows({ selectionId: snapshot.selectionId, offset: 0, count: 500 });
        const replyBytes = Buffer.byteLength(
          JSON.stringify({ type: 'reply', id: 1, method: 'rows', ok: true, result: rows }),
        );
        if (replyBytes > largest.bytes) {
          largest = { bytes: replyBytes, what: `500 rows, ${tab} by ${groupBy}` };
        }
        if (tab === 'clicks' && groupBy === 'none') {
          items = snapshot.table?.rowCount ?? 0;
        }
      }
    }
    emit({
      name: `largest message to the webview, ${items} click items loaded (every tab and grouping)`,
      value: KB(largest.bytes),
      unit: 'KB',
      target: '< 1024 KB',
      note: largest.what,
    });
    emit({
      name: `a view's first snapshot with its reports in memory (${items} click items), median over tabs and groupings`,
      value: round2(median(firstSnapshot)),
      unit: 'ms',
      note: `slowest ${round2(Math.max(...firstSnapshot))} ms`,
    });
  } finally {
    session.dispose();
    store.dispose();
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export async function benchReportPanel(root: string, url: string, apiKey: string, Client: ClientClass): Promise<void> {
  benchWebviewBundle(root);
  benchActivationGrowth(root);
  await benchLargestMessage(root, url, apiKey, Client);
}
