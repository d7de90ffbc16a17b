/**
 * The README's screenshots: a workbench theme to take them in (light or dark), the part of the
 * window a screenshot shows, and where it goes. Every screenshot is written to the e2e's own
 * (git-ignored) screenshot folder; with `UPDATE_README_SCREENSHOTS=1` it is also written to
 * `media/screenshots/<name>.png`, the committed files the README shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import type { E2eEnvironment } from './environment';
import { SCREENSHOT_DIR, type Workbench } from './workbench';

export const README_SCREENSHOT_DIR = path.resolve(__dirname, '../../media/screenshots');

/** What the README shows, one screenshot per theme each: `media/screenshots/<feature>-<theme>.png`. */
export const README_FEATURES = [
  'tree',
  'hover',
  'monetize',
  'figures',
  'reports',
  'health',
  'revenue',
  'replace-preview',
  'paste',
] as const;
export type ReadmeFeature = (typeof README_FEATURES)[number];

export interface ReadmeTheme {
  /** The name in the screenshots' file names. */
  name: 'light' | 'dark';
  /** `workbench.colorTheme`. */
  colorTheme: string;
  /** The class the workbench element takes in that theme. */
  workbenchClass: string;
}

export const README_THEMES: readonly ReadmeTheme[] = [
  { name: 'light', colorTheme: 'Default Light Modern', workbenchClass: 'vs' },
  { name: 'dark', colorTheme: 'Default Dark Modern', workbenchClass: 'vs-dark' },
];

export function updatingReadmeScreenshots(): boolean {
  return process.env.UPDATE_README_SCREENSHOTS === '1';
}

/**
 * Sets `workbench.colorTheme` in the user settings and reloads the window: code-server reads
 * the user settings when the window loads, not while it runs.
 */
export async function useTheme(env: E2eEnvironment, theme: ReadmeTheme): Promise<void> {
  const settingsFile = path.join(env.server.userDataDir, 'User/settings.json');
  const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, 'workbench.colorTheme': theme.colorTheme }, null, 2));
  await env.workbench.page.reload();
  await env.workbench.page.locator(`.monaco-workbench.${theme.workbenchClass}`).waitFor({ timeout: 60_000 });
  await env.workbench.page.locator('.statusbar').waitFor({ timeout: 60_000 });
}

/**
 * Drags the sash right of the primary side bar until the side bar is `width` pixels wide, so
 * that the tree's rows show their whole descriptions.
 */
export async function widenSidebar(workbench: Workbench, width: number): Promise<void> {
  const sidebar = (await workbench.page.locator('.part.sidebar').boundingBox())!;
  if (Math.abs(sidebar.width - width) < 4) {
    return;
  }
  const right = sidebar.x + sidebar.width;
  const sashes = await workbench.page.locator('.monaco-sash.vertical:visible').all();
  for (const sash of sashes) {
    const box = await sash.boundingBox();
    if (box && Math.abs(box.x + box.width / 2 - right) <= box.width) {
      const y = box.y + box.height / 2;
      await workbench.page.mouse.move(box.x + box.width / 2, y);
      await workbench.page.mouse.down();
      await workbench.page.mouse.move(sidebar.x + width, y, { steps: 5 });
      await workbench.page.mouse.up();
      return;
    }
  }
  throw new Error('no sash at the right edge of the side bar');
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The smallest rectangle of the window that holds every one of `parts` (those on screen),
 * with `margin` pixels around it, inside the window.
 */
export async function regionOf(workbench: Workbench, parts: readonly Locator[], margin = 0): Promise<Region> {
  const boxes = [];
  for (const part of parts) {
    const box = await part.boundingBox();
    if (box) {
      boxes.push(box);
    }
  }
  if (boxes.length === 0) {
    throw new Error('none of the parts to screenshot is on screen');
  }
  const viewport = workbench.page.viewportSize() ?? { width: 1400, height: 900 };
  const left = Math.max(0, Math.min(...boxes.map((box) => box.x)) - margin);
  const top = Math.max(0, Math.min(...boxes.map((box) => box.y)) - margin);
  const right = Math.min(viewport.width, Math.max(...boxes.map((box) => box.x + box.width)) + margin);
  const bottom = Math.min(viewport.height, Math.max(...boxes.map((box) => box.y + box.height)) + margin);
  return { x: Math.floor(left), y: Math.floor(top), width: Math.ceil(right - left), height: Math.ceil(bottom - top) };
}

/** Hidden while a README picture is taken: the notification toasts (the notification center stays as it is). */
export const README_HIDDEN = '.notifications-toasts { visibility: hidden !important; }';

/** Takes the screenshot of `feature` in `theme`, of `region` (default: the whole window); returns where it was written. */
export async function readmeScreenshot(
  workbench: Workbench,
  feature: ReadmeFeature,
  theme: ReadmeTheme,
  region?: Region,
): Promise<string[]> {
  const png = await workbench.page.screenshot({
    clip: region,
    animations: 'disabled',
    caret: 'hide',
    // A notification that arrives at its own time (the platform question once the reports name the account's
    // platforms) is not what the picture shows: it is hidden while the picture is taken, nothing else changes.
    style: README_HIDDEN,
  });
  const name = `${feature}-${theme.name}.png`;
  const files = [path.join(SCREENSHOT_DIR, `readme-${name}`)];
  if (updatingReadmeScreenshots()) {
    files.push(path.join(README_SCREENSHOT_DIR, name));
  }
  for (const file of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, png);
  }
  return files;
}
