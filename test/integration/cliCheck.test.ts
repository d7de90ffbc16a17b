/**
 * `affiliate-links check` (the built dist/cli.js, run as a process) over the sandbox's generated site, beside the
 * extension in the real host (issue 36): its findings equal the generator's printed counts rule by rule, and the
 * extension's diagnostics over the same files finding by finding (code, severity, lines and columns): one engine.
 * Its exit code for each case; `--changed-since` in a temporary git repository finds only the changed files'
 * findings; `--fix` writes what the extension's fix-all on save writes, and leaves no finding a safe fix clears.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { writeCatalogSnapshot } from '../../src/catalog/snapshot/catalogSnapshot';
import type { CheckReport } from '../../src/cli/checkReport';
import type { AffiliateLinksApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { writeSite, type SiteArticle, type SiteSummary } from '../../src/sandbox/site';
import { siteDeeplink, siteMerchants } from '../../src/sandbox/siteLinks';
import { activatedExtension, eventually } from './extensionUnderTest';
import { expectedLines } from './generatedSite';

const SOURCE = 'Affiliate Links';
const ARTICLES = 40;
const CLI = path.resolve(__dirname, '../../../dist/cli.js');
const SEVERITY_NAMES = ['error', 'warning', 'info', 'hint'] as const;
const FIX_ALL = 'source.fixAll.affiliateLinks';

async function setting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(name, value, vscode.ConfigurationTarget.Global);
}

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs dist/cli.js with Node (the extension host's own executable, as Node), in `cwd`. */
function runCli(args: readonly string[], cwd: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', AFFILIATE_LINKS_KEY: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The report of a JSON run. */
function reportOf(run: CliRun): CheckReport {
  assert.ok(run.code === 0 || run.code === 1, `the run stopped with ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as CheckReport;
}

/** Each finding as `file:line:column-endLine:endColumn code severity`, sorted. */
function cliLines(report: CheckReport): string[] {
  return report.findings
    .map((f) => `${f.file}:${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.code} ${f.severity}`)
    .sort();
}

/** The same from the Problems panel, for the files of the site (1-based, as the command line counts). */
function shownLines(site: vscode.Uri, files: readonly string[]): string[] {
  return files
    .flatMap((file) =>
      vscode.languages
        .getDiagnostics(vscode.Uri.joinPath(site, file))
        .filter((d) => d.source === SOURCE)
        .map(
          (d) =>
            `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1} ${String(d.code)} ${SEVERITY_NAMES[d.severity]}`,
        ),
    )
    .sort();
}

/** Each article's findings per rule as the command line found them, in the form of `expectedLines`. */
function cliArticleLines(report: CheckReport, articles: readonly SiteArticle[]): string[] {
  return articles
    .map((article) => {
      const counts = new Map<string, number>();
      for (const finding of report.findings.filter((f) => f.file === article.path)) {
        counts.set(finding.code, (counts.get(finding.code) ?? 0) + 1);
      }
      return `${article.path}: ${[...counts]
        .map(([code, count]) => `${code}×${count}`)
        .sort()
        .join(', ')}`;
    })
    .sort();
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, '-c', 'user.email=ci@example.com', '-c', 'user.name=CI', ...args], {
    encoding: 'utf8',
  });
}

describe('affiliate-links check over the sandbox’s generated site, beside the extension in the real host', function () {
  this.timeout(180_000);
  let sandbox: Sandbox;
  let site: vscode.Uri;
  let temp: string;
  let summary: SiteSummary;
  let articles: SiteArticle[];
  /** The catalog the extension synced, and the settings it runs with, in files. */
  let snapshotFile: string;
  let configFile: string;
  /** The common arguments: that catalog and those settings, the report in JSON. */
  let base: string[];

  before(async () => {
    sandbox = await startSandbox({ merchants: 600, clicks: 0, actions: 0, seed: 25 });
    await setting('affiliateLinks.baseUrl', sandbox.url);
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    const api = (await activatedExtension()).exports as AffiliateLinksApi;
    await eventually(
      () => (api.controller.store?.snapshot.merchants.size === 600 ? true : undefined),
      'the catalog',
      30_000,
    );
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-cli-'));
    snapshotFile = path.join(temp, 'catalog.snapshot');
    fs.writeFileSync(
      snapshotFile,
      writeCatalogSnapshot({ takenAt: new Date().toISOString(), merchants: api.controller.store!.snapshot.merchants }),
    );
    site = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'cli-site');
    ({ summary, articles } = writeSite(site.fsPath, sandbox.dataset.merchants, { articles: ARTICLES, seed: 25 }));
    await setting('affiliateLinks.subId', summary.subIdTemplate);
    await setting('affiliateLinks.linkHealth.disclosureMissing', 'warning');
    configFile = path.join(temp, 'settings.json');
    fs.writeFileSync(
      configFile,
      JSON.stringify({
        'affiliateLinks.subId': summary.subIdTemplate,
        'affiliateLinks.linkHealth.disclosureMissing': 'warning',
      }),
    );
    base = ['check', '--catalog', snapshotFile, '--config', configFile, '--format', 'json'];
  });

  after(async () => {
    await vscode.workspace.fs.delete(site, { recursive: true }).then(undefined, () => undefined);
    fs.rmSync(temp, { recursive: true, force: true });
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    for (const name of [
      'affiliateLinks.baseUrl',
      'affiliateLinks.subId',
      'affiliateLinks.linkHealth.disclosureMissing',
    ]) {
      await setting(name, undefined);
    }
    await sandbox?.close();
  });

  it('finds the generator’s printed findings rule by rule, and the extension’s diagnostics finding by finding', async () => {
    const run = await runCli([...base, '--fail-on', 'never'], site.fsPath);
    const report = reportOf(run);
    assert.equal(run.code, 0);
    assert.equal(report.filesChecked, ARTICLES, 'every article, nothing under node_modules');
    assert.deepEqual(report.skipped, []);
    assert.deepEqual(cliArticleLines(report, articles), expectedLines(articles));
    const perRule = Object.fromEntries(Object.keys(summary.findings).map((code) => [code, 0]));
    report.findings.forEach((finding) => (perRule[finding.code]! += 1));
    assert.deepEqual(perRule, summary.findings, 'the printed counts per rule');
    assert.equal(report.findings.length, summary.total);
    // The extension over the same files, in this host: the same findings at the same places, with the same severity.
    const files = articles.map((article) => article.path);
    const expected = cliLines(report);
    await eventually(
      () => (JSON.stringify(shownLines(site, files)) === JSON.stringify(expected) ? true : undefined),
      'the extension’s diagnostics',
      60_000,
    ).catch((error: unknown) => {
      const shown = shownLines(site, files);
      const onlyCli = expected.filter((line) => !shown.includes(line));
      const onlyShown = shown.filter((line) => !expected.includes(line));
      throw new Error(
        `${String(error)}:\nonly the command line: ${onlyCli.join('\n')}\nonly the extension: ${onlyShown.join('\n')}`,
      );
    });
    const merchantLinks = report.merchantLinks ?? [];
    assert.ok(merchantLinks.length > 0 && merchantLinks.every((count) => count.links >= count.articles));
  });

  it('exits 0, 1 or 2 as each case asks', async () => {
    const cwd = site.fsPath;
    assert.equal((await runCli(base, cwd)).code, 1, 'warnings, failing on warnings by default');
    assert.equal((await runCli([...base, '--fail-on', 'error'], cwd)).code, 0, 'no rule is an error');
    assert.equal((await runCli([...base, '--fail-on', 'never'], cwd)).code, 0);
    const clean = path.join(temp, 'clean');
    fs.mkdirSync(clean);
    fs.writeFileSync(path.join(clean, 'a.md'), '# Nothing to sell\n\nSee [the docs](https://example.com/docs).\n');
    const cleanRun = await runCli([...base, '--fail-on', 'info'], clean);
    assert.deepEqual([cleanRun.code, reportOf(cleanRun).filesChecked], [0, 1], 'a clean site');
    const noCatalog = await runCli(['check', '--config', configFile], cwd);
    assert.equal(noCatalog.code, 2);
    assert.match(noCatalog.stderr, /no catalog: pass --catalog FILE/);
    const damaged = path.join(temp, 'damaged.snapshot');
    fs.writeFileSync(damaged, fs.readFileSync(snapshotFile, 'utf8').replace('"isActive":true', '"isActive":false'));
    const refused = await runCli(['check', '--catalog', damaged], cwd);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /the catalog snapshot .* is refused: line \d+ does not match its check/);
    const usage = await runCli([...base, '--fail-on', 'sometimes'], cwd);
    assert.deepEqual([usage.code, usage.stdout], [2, '']);
    const old = await runCli([...base, '--max-catalog-age', '0'], cwd);
    assert.equal(old.code, 2, 'a snapshot taken before the run is older than 0 days');
  });

  it('checks only what changed since a commit of a temporary git repository', async () => {
    const repo = path.join(temp, 'repo');
    fs.cpSync(site.fsPath, repo, { recursive: true });
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'the site');
    const [dead] = siteMerchants(sandbox.dataset.merchants).inactive;
    const deadLink = `\n[old](${siteDeeplink(dead!.trackingLink!, `https://${dead!.defaultDomain}/p`, 'x')})\n`;
    const changed = [articles[3]!.path, articles[17]!.path];
    changed.forEach((file) => fs.appendFileSync(path.join(repo, file), deadLink));
    fs.writeFileSync(path.join(repo, 'new-article.md'), `This page has affiliate links.\n${deadLink}`);
    const since = reportOf(await runCli([...base, '--changed-since', 'HEAD'], repo));
    const whole = reportOf(await runCli(base, repo));
    const expected = [...changed, 'new-article.md'];
    assert.equal(since.filesChecked, 3);
    assert.deepEqual(
      cliLines(since),
      cliLines(whole).filter((line) => expected.includes(line.slice(0, line.indexOf(':')))),
      'the changed files’ findings, as a whole run finds them',
    );
    assert.deepEqual([...new Set(since.findings.map((f) => f.file))].sort(), expected.sort());
    assert.deepEqual(since.merchantLinks, whole.merchantLinks, 'the links per merchant over the whole site');
    // With the cache a whole run left (only the changed files read): the same report.
    const cache = ['--cache-location', path.join(temp, 'check-cache')];
    assert.equal((await runCli([...base, ...cache], repo)).stderr, '');
    const cached = reportOf(await runCli([...base, ...cache, '--changed-since', 'HEAD'], repo));
    assert.deepEqual([cliLines(cached), cached.merchantLinks], [cliLines(since), whole.merchantLinks]);
  });

  it('fixes what fix-all on save fixes, and leaves no finding a safe fix clears', async () => {
    const copy = path.join(temp, 'fixed');
    fs.cpSync(site.fsPath, copy, { recursive: true });
    const fixing = await runCli([...base, '--fix', '--fail-on', 'never'], copy);
    const fixed = reportOf(fixing);
    assert.match(fixing.stderr, /--fix wrote \d+ files/);
    assert.deepEqual(
      fixed.findings.filter((finding) => finding.fix !== undefined).map((f) => `${f.file}:${f.line} ${f.code}`),
      [],
      'no finding with a safe fix is left',
    );
    assert.deepEqual(
      fixed.findings.filter((f) => f.code === 'subid-mismatch' || f.code === 'rel-sponsored-missing'),
      [],
    );
    const again = reportOf(await runCli([...base, '--fail-on', 'never'], copy));
    assert.deepEqual(cliLines(again), cliLines(fixed), 'the report of --fix is the report of the fixed site');
    // The extension's fix-all on each article that had a safe fix writes the very same text.
    const before = reportOf(await runCli([...base, '--fail-on', 'never'], site.fsPath));
    const fixedFiles = [...new Set(before.findings.filter((f) => f.fix !== undefined).map((f) => f.file))];
    let compared = 0;
    for (const file of fixedFiles) {
      const uri = vscode.Uri.joinPath(site, file);
      const document = await vscode.workspace.openTextDocument(uri);
      if (!['markdown', 'mdx', 'html'].includes(document.languageId)) {
        continue; // an .mdx file without an MDX extension is plain text: the editor has no fix-all for it
      }
      compared++;
      // Asked for the source actions, ours kept; the document just opened may take a moment to be read.
      const actions = await eventually(
        async () => {
          const found = (
            await vscode.commands.executeCommand<vscode.CodeAction[]>(
              'vscode.executeCodeActionProvider',
              uri,
              new vscode.Range(0, 0, document.lineCount, 0),
              vscode.CodeActionKind.Source.value,
            )
          ).filter((action) => action.kind?.value === FIX_ALL);
          return found.length === 1 ? found : undefined;
        },
        `${file}: one fix-all action`,
        10_000,
      );
      const edits = actions[0]!.edit?.get(uri) ?? [];
      const text = document.getText();
      const fixedText = edits
        .map((edit) => ({ start: document.offsetAt(edit.range.start), end: document.offsetAt(edit.range.end), edit }))
        .sort((a, b) => b.start - a.start)
        .reduce((out, { start, end, edit }) => out.slice(0, start) + edit.newText + out.slice(end), text);
      assert.equal(fs.readFileSync(path.join(copy, file), 'utf8'), fixedText, file);
    }
    assert.ok(compared > 5, `${compared} of ${fixedFiles.length} articles with a safe fix compared`);
  });
});
