/**
 * What a person waits for when a window opens (issue 24, section 5), in the real workbench
 * (code-server and headless Chromium), the production bundles, a 20,000-merchant catalog cached
 * on disk and a 100,000-item clicks report cached. Each round reloads the window once for the
 * extension and once for each baseline, in a rotating order. After each reload:
 *
 * - activation: VS Code's own figure, from Developer: Show Running Extensions (the extension
 *   host's code loading + the `activate()` call), beside a trivial extension's (trivialExtension.ts)
 *   and the built-in extensions'; and the extension's own log line "activated in N ms"
 *   (`activate()`'s body, without loading dist/extension.js);
 * - the first tree paint: ms from the reloaded page's navigation start to the Merchants view's
 *   first row, beside the trivial extension's tree in the same view container and the same load;
 * - the report panel's first chart: Show Reports from the palette once the Merchants view shows,
 *   to the chart drawn, against VS Code's Markdown preview of a one-line file after its own reload.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../host/chromium';
import { ensureCodeServer, startCodeServer } from '../host/codeServer';
import { packageExtension } from '../host/packageExtension';
import { ReportPanel } from '../e2e/reportPanel';
import { Workbench } from '../e2e/workbench';
import { emit, median, round2 } from './figures';
import { closePanel, runFromPalette, timeToChart, timeToMarkdownPreview } from './panelWorkbenchBench';
import { TRIVIAL_NAME, TRIVIAL_ROW, trivialExtensionVsix } from './trivialExtension';

const EXTENSION_ID = 'affiliate-links.affiliate-links';
/** The one-line file the Markdown preview shows (panelWorkbenchBench.ts writes the same). */
const PREVIEWED = 'hello.md';
/** The reloads measured: the extension's, with the panel opened once the Merchants view shows. */
const SHIPPED = 'shipped';
/** The reloads whose panel, or preview, opens as soon as the workbench shows. */
const AT_ONCE = ['panel at once', 'preview at once'];
/** Its name in Developer: Show Running Extensions (package.nls.json's displayName). */
const EXTENSION_NAME = 'Affiliate Links';
/** The sandbox `npm run bench` measures against: 20,000 merchants, about 100,000 click items in 120 days. */
export const ACTIVATION_SANDBOX = ['--merchants', '20000', '--clicks', '103400', '--actions', '100'];

/** Notes in the page, from its navigation start, when the rows of each tree first show (read after a reload). */
const MARKS_SCRIPT = `(() => {
  const marks = (window.__benchMarks = {});
  const rowWith = (text) => [...document.querySelectorAll('.monaco-list-row[role="treeitem"]')].some((row) => row.textContent.includes(text));
  const probes = { workbench: () => document.querySelector('.statusbar') !== null, merchants: () => rowWith('Active'), trivial: () => rowWith(${JSON.stringify(TRIVIAL_ROW)}) };
  const tick = () => {
    for (const [name, probe] of Object.entries(probes)) if (marks[name] === undefined && probe()) marks[name] = performance.now();
    if (Object.keys(marks).length < Object.keys(probes).length && performance.now() < 120000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

interface Marks {
  workbench: number;
  merchants: number;
  trivial: number;
}

/** One reload's figures. */
interface Sample {
  marks: Marks;
  /** Running Extensions' activation figure (ms) by extension id. */
  activation: Map<string, number>;
  /** The extension's own "activated in" figure. */
  activateBody: number;
  /** Show Reports to the first chart, or the Markdown preview to its heading. */
  firstChart: number;
}

export interface ActivationBenchOptions {
  sandboxUrl: string;
  apiKey: string;
  rounds: number;
}

const marksOf = async (page: Workbench['page'], names: Array<keyof Marks>): Promise<Marks> => {
  await page.waitForFunction(
    `window.__benchMarks && ${names.map((n) => `window.__benchMarks.${n} !== undefined`).join(' && ')}`,
    undefined,
    { timeout: 120_000 },
  );
  return JSON.parse((await page.evaluate('JSON.stringify(window.__benchMarks)')) as string) as Marks;
};

/**
 * Reloads the window and opens the panel (or the preview) once the Merchants view shows
 * (`settled`), or as soon as the workbench shows, as a person who reloads and opens it at once
 * (the preview's file then is open before the reload: Quick Open does not answer that early).
 */
async function reloadAndOpen(workbench: Workbench, workspace: string, preview: boolean, settled: boolean) {
  if (preview && !settled) {
    await workbench.openFile(PREVIEWED);
  }
  // The old page keeps its marks and its status bar until the reload navigates away from it.
  await workbench.page.evaluate('window.__benchMarks = undefined');
  await workbench.runCommand('Developer: Reload Window');
  const before = await marksOf(workbench.page, settled ? ['merchants', 'trivial'] : ['workbench']);
  let firstChart: number;
  if (!preview) {
    firstChart = await timeToChart(workbench);
    await closePanel(workbench);
  } else if (settled) {
    firstChart = await timeToMarkdownPreview(workbench, workspace);
  } else {
    const started = await runFromPalette(workbench, 'Markdown: Open Preview');
    await (await workbench.webviewFrame('Preview')).locator('h1').waitFor({ timeout: 30_000 });
    firstChart = Date.now() - started;
    await workbench.runCommand('View: Close All Editors');
  }
  return { marks: settled ? before : await marksOf(workbench.page, ['merchants', 'trivial']), firstChart };
}

/** The activation figures Developer: Show Running Extensions shows, by extension id. */
async function runningExtensions(workbench: Workbench): Promise<Map<string, number>> {
  await workbench.runCommand('Developer: Show Running Extensions');
  const editor = workbench.page.locator('.runtime-extensions-editor');
  await editor.locator('.extension .activation-time', { hasText: 'ms' }).first().waitFor();
  await workbench.page.waitForTimeout(500);
  const names = await editor.locator('.extension .name').allTextContents();
  const times = await editor.locator('.extension .activation-time').allTextContents();
  await workbench.runCommand('View: Close All Editors');
  const found = new Map<string, number>();
  names.forEach((name, index) => {
    const ms = /(\d+)ms/.exec(times[index] ?? '');
    if (ms) {
      found.set(name.trim(), Number(ms[1]));
    }
  });
  return found;
}

/** The "activated in N ms" of the newest extension log not read before. */
function newActivateBody(userDataDir: string, seen: Set<string>): number {
  const logs: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('Affiliate Links.log') && !seen.has(full)) logs.push(full);
    }
  };
  walk(path.join(userDataDir, 'logs'));
  for (const log of logs) {
    const match = / activated in ([\d.]+) ms/.exec(fs.readFileSync(log, 'utf8'));
    if (match) {
      seen.add(log);
      return Number(match[1]);
    }
  }
  return NaN;
}

/** Waits until the catalog's cache file (a file of more than 10 MB in the extension's global storage) is written. */
async function catalogCached(userDataDir: string): Promise<void> {
  const folder = path.join(userDataDir, 'User/globalStorage', EXTENSION_ID);
  for (let waited = 0; waited < 120_000; waited += 500) {
    const files = fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }) : [];
    if (files.some((file) => fs.statSync(path.join(folder, file)).size > 10_000_000)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the catalog cache file was not written within 2 minutes');
}

const spread = (values: number[]): string =>
  `median ${round2(median(values))}, min ${round2(Math.min(...values))}, max ${round2(Math.max(...values))}, n ${values.length}: ${values.map(round2).join(', ')}`;

/** The panel's first chart against the Markdown preview's, opened the same way. */
function emitChartVsPreview(name: string, chart: number[], previews: number[]): void {
  emit({
    name,
    value: round2(median(chart)),
    unit: 'ms',
    baseline: round2(median(previews)),
    ratio: round2(median(chart) / median(previews)),
    target: 'ratio <= 1.0',
    note: `${spread(chart)}; preview ${spread(previews)}`,
  });
}

function emitFigures(extensionBytes: number, samples: Map<string, Sample[]>): void {
  const previews = samples.get('preview')!.map((sample) => sample.firstChart);
  const [now, previewNow] = AT_ONCE.map((name) => samples.get(name)!.map((sample) => sample.firstChart)) as [
    number[],
    number[],
  ];
  emitChartVsPreview(
    'Show Reports to the first chart as soon as the workbench shows after a window reload, vs the Markdown preview opened the same way',
    now,
    previewNow,
  );
  const runs = samples.get(SHIPPED)!;
  const of = (pick: (sample: Sample) => number): number[] => runs.map(pick).filter((value) => !Number.isNaN(value));
  const ours = of((sample) => sample.activation.get(EXTENSION_NAME) ?? NaN);
  const trivial = of((sample) => sample.activation.get(TRIVIAL_NAME) ?? NaN);
  const others = new Map<string, number[]>();
  for (const sample of runs) {
    for (const [id, ms] of sample.activation) {
      others.set(id, [...(others.get(id) ?? []), ms]);
    }
  }
  const label = `dist/extension.js ${round2(extensionBytes / 1024)} KB`;
  emit({
    name: `activation after a window reload, 20,000 merchants cached (Running Extensions: code loading + activate() call), ${label}, vs a trivial extension`,
    value: median(ours),
    unit: 'ms',
    baseline: median(trivial),
    ratio: round2(median(ours) / Math.max(1, median(trivial))),
    target: 'activate() < 50 ms',
    note: `${spread(ours)}; trivial ${spread(trivial)}; every extension's median: ${[...others]
      .map(([id, ms]) => `${id} ${median(ms)}`)
      .join(', ')}`,
  });
  const body = of((sample) => sample.activateBody);
  emit({
    name: `activate()'s body as the extension logs it, ${label}`,
    value: round2(median(body)),
    unit: 'ms',
    note: spread(body),
  });
  const tree = of((sample) => sample.marks.merchants);
  const trivialTree = of((sample) => sample.marks.trivial);
  emit({
    name: `first Merchants row after a window reload (ms from navigation start), ${label}, vs the trivial extension's tree in the same load`,
    value: round2(median(tree)),
    unit: 'ms',
    baseline: round2(median(trivialTree)),
    ratio: round2(median(tree) / median(trivialTree)),
    note: `${spread(tree)}; trivial ${spread(trivialTree)}; the status bar at ${spread(of((sample) => sample.marks.workbench))}`,
  });
  emitChartVsPreview(
    `Show Reports to the first chart after a window reload, 100,000 click items cached, ${label}, vs the Markdown preview after a window reload`,
    of((sample) => sample.firstChart),
    previews,
  );
}

export async function benchActivation(options: ActivationBenchOptions): Promise<void> {
  ensureCodeServer();
  let extensionDir = '';
  const server = await startCodeServer({
    install: [packageExtension(), trivialExtensionVsix()],
    settings: { 'affiliateLinks.baseUrl': options.sandboxUrl, 'affiliateLinks.rateLimit': 'off' },
    env: { AFFILIATE_LINKS_API_KEY: options.apiKey },
    prepare: ({ extensionsDir }) => {
      const folder = fs.readdirSync(extensionsDir).find((entry) => entry.startsWith(`${EXTENSION_ID}-`));
      extensionDir = path.join(extensionsDir, folder ?? '');
    },
  });
  const browser = await launchChromium();
  try {
    const workbench = await Workbench.open(browser, server.url, server.workspace);
    // Tall enough for Running Extensions to list every extension without scrolling.
    await workbench.page.setViewportSize({ width: 1400, height: 1800 });
    await workbench.page.context().addInitScript(MARKS_SCRIPT);
    // The first sync writes the catalog's cache; the first panel reads the report and caches it,
    // and the panel keeps its view (Last 120 days, no grouping) for every later open.
    await workbench.openView('Affiliate Links');
    await workbench.treeRows('Active').first().waitFor({ timeout: 120_000 });
    await catalogCached(server.userDataDir);
    fs.writeFileSync(path.join(server.workspace, PREVIEWED), '# Hello preview\n\nOne line.\n');
    await workbench.runCommand('Affiliate Links: Show Reports');
    const panel = await ReportPanel.find(workbench);
    await panel.choose('period-select', 'last120');
    await panel.choose('groupby-select', 'none');
    await panel.byId('as-of').filter({ hasText: /as of/i }).waitFor({ timeout: 120_000 });
    await panel.chartDrawn();
    await closePanel(workbench);
    await reloadAndOpen(workbench, server.workspace, false, true); // not counted: the first reload after the sync

    const seen = new Set<string>();
    const subjects = [SHIPPED, ...AT_ONCE, 'preview'];
    const samples = new Map<string, Sample[]>(subjects.map((name) => [name, []]));
    for (let round = 0; round < options.rounds; round++) {
      for (let turn = 0; turn < subjects.length; turn++) {
        const subject = subjects[(round + turn) % subjects.length]!;
        const preview = subject.startsWith('preview');
        const opened = await reloadAndOpen(workbench, server.workspace, preview, !AT_ONCE.includes(subject));
        const activation = await runningExtensions(workbench);
        const sample = { ...opened, activation, activateBody: newActivateBody(server.userDataDir, seen) };
        samples.get(subject)!.push(sample);
        process.stderr.write(
          `activation bench: round ${round + 1} ${subject}: ${JSON.stringify({ ...sample, activation: Object.fromEntries(activation) })}\n`,
        );
      }
    }
    emitFigures(fs.statSync(path.join(extensionDir, 'dist/extension.js')).size, samples);
  } finally {
    await browser.close().catch(() => undefined);
    await server.stop();
  }
}
