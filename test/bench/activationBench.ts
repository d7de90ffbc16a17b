/**
 * What a person waits for when a window opens (issue 24, section 5), in the real workbench
 * (code-server and headless Chromium), the production bundles, a 20,000-merchant catalog cached
 * on disk and a 100,000-item clicks report cached. Each round reloads the window once for the
 * extension and once for each baseline, in a rotating order. After each reload:
 *
 * - activation: VS Code's own figure, from Developer: Show Running Extensions (the extension
 *   host's code loading + the `activate()` call), beside a trivial extension's (trivialExtension.ts)
 *   and the built-in extensions'; and the extension's own log line "activated in N ms (CPU M ms)"
 *   (`activate()`'s body, without loading dist/extension.js, and the extension host's CPU time in it);
 * - the first tree paint: ms from the reloaded page's navigation start to the Merchants view's
 *   first row, beside the trivial extension's tree in the same view container and the same load;
 * - the report panel's first chart: Show Reports from the palette once the Merchants view shows,
 *   from the palette's Enter to the chart drawn, against VS Code's Markdown preview of a one-line
 *   file opened the same way after its own reload. This is the one measure of "Show Reports to the
 *   first chart after a window reload" (issue 34 §7); the panel bench times the panel reopened.
 *
 * `subjects: 'targets'` reloads for the extension and the preview only (the figures with targets:
 * `activate()`'s body and the first chart); 'all' adds the panel and the preview opened as soon
 * as the workbench shows. Every figure gives the distribution of its rounds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../host/chromium';
import { ensureCodeServer, startCodeServer } from '../host/codeServer';
import { packageExtension } from '../host/packageExtension';
import { ReportPanel } from '../e2e/reportPanel';
import { Workbench } from '../e2e/workbench';
import { distribution, emit, loadAverage, round2, spreadText } from './figures';
import { closePanel, showWholeReport } from './panelWorkbenchBench';
import {
  catalogCached,
  EXTENSION_ID,
  MARKS_SCRIPT,
  newActivateBody,
  PREVIEWED,
  reloadAndOpen,
  runningExtensions,
  type ActivateBody,
  type Marks,
} from './activationReloads';
import { TRIVIAL_NAME, trivialExtensionVsix } from './trivialExtension';

/** The reloads measured: the extension's, with the panel opened once the Merchants view shows. */
const SHIPPED = 'shipped';
/** The Markdown preview opened once the Merchants view shows, after its own reload. */
const PREVIEW = 'preview';
/** The reloads whose panel, or preview, opens as soon as the workbench shows. */
const AT_ONCE = ['panel at once', 'preview at once'];
/** Its name in Developer: Show Running Extensions (package.nls.json's displayName). */
const EXTENSION_NAME = 'Affiliate Links';
/** The sandbox `npm run bench` measures against: 20,000 merchants, about 100,000 click items in 120 days. */
export const ACTIVATION_SANDBOX = ['--merchants', '20000', '--clicks', '103400', '--actions', '100'];

/** One reload's figures. */
interface Sample {
  marks: Marks;
  /** Running Extensions' activation figure (ms) by extension name. */
  activation: Map<string, number>;
  /** The extension's own "activated in" figure. */
  activateBody: ActivateBody;
  /** Show Reports to the first chart, or the Markdown preview to its heading. */
  firstChart: number;
  /** The rows of the panel's table once its chart was drawn (the panel's reloads). */
  rows?: number;
}

export interface ActivationBenchOptions {
  sandboxUrl: string;
  apiKey: string;
  rounds: number;
  /** 'targets': the extension's and the preview's reloads only; 'all' (default): with the openings at once. */
  subjects?: 'targets' | 'all';
}

/** The panel's first chart against the Markdown preview's, opened the same way. */
function emitChartVsPreview(name: string, chart: number[], previews: number[], load: [number, number]): void {
  const value = distribution(chart);
  const baseline = distribution(previews);
  emit({
    name,
    value: value.median,
    unit: 'ms',
    baseline: baseline.median,
    ratio: round2(value.median / baseline.median),
    target: 'ratio <= 1.0',
    note: `${spreadText(chart)}; preview ${spreadText(previews)}`,
    distribution: value,
    baselineDistribution: baseline,
    load,
  });
}

function emitFigures(extensionBytes: number, samples: Map<string, Sample[]>, load: [number, number]): void {
  const previews = samples.get(PREVIEW)!.map((sample) => sample.firstChart);
  if (samples.has(AT_ONCE[0]!)) {
    const [now, previewNow] = AT_ONCE.map((name) => samples.get(name)!.map((sample) => sample.firstChart)) as [
      number[],
      number[],
    ];
    emitChartVsPreview(
      'Show Reports to the first chart as soon as the workbench shows after a window reload, vs the Markdown preview opened the same way',
      now,
      previewNow,
      load,
    );
  }
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
    value: distribution(ours).median,
    unit: 'ms',
    baseline: distribution(trivial).median,
    ratio: round2(distribution(ours).median / Math.max(1, distribution(trivial).median)),
    note: `${spreadText(ours)}; trivial ${spreadText(trivial)}; every extension's median: ${[...others]
      .map(([id, ms]) => `${id} ${distribution(ms).median}`)
      .join(', ')}`,
    distribution: distribution(ours),
    baselineDistribution: distribution(trivial),
    load,
  });
  const body = of((sample) => sample.activateBody.ms);
  const cpu = of((sample) => sample.activateBody.cpu);
  emit({
    name: `activate()'s body as the extension logs it, after a window reload, ${label}`,
    value: distribution(body).median,
    unit: 'ms',
    target: '< 50 ms',
    note: `${spreadText(body)}; the extension host's CPU time in it ${cpu.length > 0 ? spreadText(cpu) : 'not logged'}`,
    distribution: distribution(body),
    load,
  });
  const tree = of((sample) => sample.marks.merchants);
  const trivialTree = of((sample) => sample.marks.trivial);
  emit({
    name: `first Merchants row after a window reload (ms from navigation start), ${label}, vs the trivial extension's tree in the same load`,
    value: distribution(tree).median,
    unit: 'ms',
    baseline: distribution(trivialTree).median,
    ratio: round2(distribution(tree).median / distribution(trivialTree).median),
    note: `${spreadText(tree)}; trivial ${spreadText(trivialTree)}; the status bar at ${spreadText(of((sample) => sample.marks.workbench))}`,
    load,
  });
  const rows = of((sample) => sample.rows ?? NaN);
  emitChartVsPreview(
    `Show Reports to the first chart after a window reload, ${Math.min(...rows)} click items cached, ${label}, vs the Markdown preview after a window reload`,
    of((sample) => sample.firstChart),
    previews,
    load,
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
    await showWholeReport(await ReportPanel.find(workbench));
    await closePanel(workbench);
    await reloadAndOpen(workbench, server.workspace, false, true); // not counted: the first reload after the sync

    const seen = new Set<string>();
    const subjects = options.subjects === 'targets' ? [SHIPPED, PREVIEW] : [SHIPPED, ...AT_ONCE, PREVIEW];
    const samples = new Map<string, Sample[]>(subjects.map((name) => [name, []]));
    const loadBefore = loadAverage();
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
    const load: [number, number] = [loadBefore, loadAverage()];
    emitFigures(fs.statSync(path.join(extensionDir, 'dist/extension.js')).size, samples, load);
  } finally {
    await browser.close().catch(() => undefined);
    await server.stop();
  }
}
