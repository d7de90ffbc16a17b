/**
 * What the command line's tests share: a catalog snapshot of the link health tests' merchants, sites written into
 * temporary folders, and `affiliate-links` run in this process with its output kept.
 */
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeCatalogSnapshot } from '../../../src/catalog/snapshot/catalogSnapshot';
import { checkReportOf } from '../../../src/cli/checkCommand';
import type { CheckReport } from '../../../src/cli/checkReport';
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli } from '../../../src/cli/runCli';
import { readSettingsText, type CheckSettings } from '../../../src/cli/settingsFile';
import { merchantKey, type MerchantKey } from '../../../src/merchant/merchantKey';
import type { CatalogMerchant } from '../../../src/merchant/merchantFields';
import { MERCHANTS } from '../health/healthCatalog';
import { blankMerchant } from '../helpers/merchants';

export { deeplink, MERCHANTS } from '../health/healthCatalog';

/** The day the tests run on, and the snapshot's date a day before. */
export const NOW = new Date('2026-11-21T12:00:00Z');
export const TAKEN_AT = '2026-11-20T12:00:00.000Z';

/** The merchants of the link health tests, each with an id. */
export function catalogMerchants(): Map<MerchantKey, CatalogMerchant> {
  const merchants = new Map<MerchantKey, CatalogMerchant>();
  Object.values(MERCHANTS).forEach((fields, i) => {
    const merchant = blankMerchant({ ...fields, merchantId: 1000 + i });
    merchants.set(merchantKey(merchant), merchant);
  });
  return merchants;
}

export function snapshotText(takenAt = TAKEN_AT): string {
  return writeCatalogSnapshot({ takenAt, merchants: catalogMerchants() });
}

/** A temporary folder with these files (text or bytes), made anew; removed by `removeTemp`. */
export function tempFolder(files: Record<string, string | Buffer> = {}, prefix = 'affiliate-links-cli-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  writeFiles(dir, files);
  return dir;
}

export function writeFiles(dir: string, files: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, ...name.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

export function removeTemp(dir: string | undefined): void {
  if (dir !== undefined) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A process for the command line, in `cwd`, at NOW; what it writes is kept. */
function ioIn(cwd: string, env: Record<string, string>, own: Partial<CliIo> = {}) {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: { write: (text: string) => (out.stdout += text), isTTY: false },
    stderr: { write: (text: string) => (out.stderr += text) },
    env,
    cwd,
    now: () => NOW,
    ...own,
  };
  return { io, out };
}

/** Runs `affiliate-links ARGV` in this process. */
export async function runIn(cwd: string, argv: readonly string[], env: Record<string, string> = {}): Promise<CliRun> {
  const { io, out } = ioIn(cwd, env);
  const code = await runCli(argv, io);
  return { code, ...out };
}

/** The report of `affiliate-links check ARGV` (before any format writes it down), and what went to stderr. */
export async function reportIn(
  cwd: string,
  argv: readonly string[],
  env: Record<string, string> = {},
  own: Partial<CliIo> = {},
): Promise<{ report: CheckReport; stderr: string }> {
  const { io, out } = ioIn(cwd, env, own);
  const run = await checkReportOf(argv, io);
  if (!run.ok) {
    throw new Error(`check stopped with ${run.code}: ${out.stderr}`);
  }
  return { report: run.report, stderr: out.stderr };
}

/** A report's findings as `file:line:column code` lines, in report order. */
export function findingLines(report: Pick<CheckReport, 'findings'>): string[] {
  return report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.code}`);
}

/** git in `dir`, with an author of its own (a test's commits need no configuration of the machine's). */
export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, '-c', 'user.email=ci@example.com', '-c', 'user.name=CI', ...args], {
    encoding: 'utf8',
  });
}

/** The check's settings from a settings file's text (JSON with comments). */
export function settingsOf(text = '{}'): CheckSettings {
  const read = readSettingsText(text, 'settings.json');
  assert.ok(read.ok);
  return read.settings;
}
