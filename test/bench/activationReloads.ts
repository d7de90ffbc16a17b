/**
 * What the activation bench (activationBench.ts) does in the workbench after each window reload:
 * the marks of the first tree rows, the panel's or the preview's first paint, Running Extensions'
 * figures, and the extension's own "activated in" log line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ReportPanel } from '../e2e/reportPanel';
import type { Workbench } from '../e2e/workbench';
import { closePanel, runFromPalette, timeToChart, timeToMarkdownPreview } from './panelWorkbenchBench';
import { TRIVIAL_ROW } from './trivialExtension';

/** The one-line file the Markdown preview shows (panelWorkbenchBench.ts writes the same). */
export const PREVIEWED = 'hello.md';
export const EXTENSION_ID = 'affiliate-links.affiliate-links';

/** Notes in the page, from its navigation start, when the rows of each tree first show (read after a reload). */
export const MARKS_SCRIPT = `(() => {
  const marks = (window.__benchMarks = {});
  const rowWith = (text) => [...document.querySelectorAll('.monaco-list-row[role="treeitem"]')].some((row) => row.textContent.includes(text));
  const probes = { workbench: () => document.querySelector('.statusbar') !== null, merchants: () => rowWith('Active'), trivial: () => rowWith(${JSON.stringify(TRIVIAL_ROW)}) };
  const tick = () => {
    for (const [name, probe] of Object.entries(probes)) if (marks[name] === undefined && probe()) marks[name] = performance.now();
    if (Object.keys(marks).length < Object.keys(probes).length && performance.now() < 120000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

export interface Marks {
  workbench: number;
  merchants: number;
  trivial: number;
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
 * Resolves with the marks and the ms from the palette's Enter to the chart drawn (or the preview's heading).
 */
export async function reloadAndOpen(
  workbench: Workbench,
  workspace: string,
  preview: boolean,
  settled: boolean,
): Promise<{ marks: Marks; firstChart: number; rows?: number }> {
  if (preview && !settled) {
    await workbench.openFile(PREVIEWED);
  }
  // The old page keeps its marks and its status bar until the reload navigates away from it.
  await workbench.page.evaluate('window.__benchMarks = undefined');
  await workbench.runCommand('Developer: Reload Window');
  const before = await marksOf(workbench.page, settled ? ['merchants', 'trivial'] : ['workbench']);
  let firstChart: number;
  let rows: number | undefined;
  if (!preview) {
    firstChart = await timeToChart(workbench);
    // The rows the chart's view lists (read after the timing): the whole report, as the setup chose.
    rows = Number(await (await ReportPanel.find(workbench)).byId('grid').getAttribute('aria-rowcount')) - 2;
    await closePanel(workbench);
  } else if (settled) {
    firstChart = await timeToMarkdownPreview(workbench, workspace);
  } else {
    const started = await runFromPalette(workbench, 'Markdown: Open Preview');
    await (await workbench.webviewFrame('Preview')).locator('h1').waitFor({ timeout: 30_000 });
    firstChart = Date.now() - started;
    await workbench.runCommand('View: Close All Editors');
  }
  const marks = settled ? before : await marksOf(workbench.page, ['merchants', 'trivial']);
  return rows === undefined ? { marks, firstChart } : { marks, firstChart, rows };
}

/** The activation figures Developer: Show Running Extensions shows, by extension name. */
export async function runningExtensions(workbench: Workbench): Promise<Map<string, number>> {
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

/** `activate()`'s body as the extension logs it: its wall time, and the extension host's CPU time meanwhile. */
export interface ActivateBody {
  ms: number;
  cpu: number;
}

/** The "activated in N ms (CPU M ms)" of the newest extension log not read before. */
export function newActivateBody(userDataDir: string, seen: Set<string>): ActivateBody {
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
    const match = / activated in ([\d.]+) ms(?: \(CPU ([\d.]+) ms\))?/.exec(fs.readFileSync(log, 'utf8'));
    if (match) {
      seen.add(log);
      return { ms: Number(match[1]), cpu: match[2] === undefined ? NaN : Number(match[2]) };
    }
  }
  return { ms: NaN, cpu: NaN };
}

/** Waits until the catalog's cache file (a file of more than 10 MB in the extension's global storage) is written. */
export async function catalogCached(userDataDir: string): Promise<void> {
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
