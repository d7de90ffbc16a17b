/**
 * The sandbox's site (issue 25 §7): the link health core, run over every article the generator
 * wrote with the catalog it wrote them from, finds exactly the findings per rule it printed.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import { documentLinks } from '../../src/health/documentLinks';
import { HEALTH_CODES, type HealthCode } from '../../src/health/healthCodes';
import { DEFAULT_HEALTH_OPTIONS, LinkHealthRules } from '../../src/health/healthRules';
import { articleSubIdVariables, subIdCollisions } from '../../src/links/articleSubId';
import { MerchantDomainIndex } from '../../src/links/domainIndex';
import { expandSubId } from '../../src/links/subId';
import { toCatalogMerchant, type MerchantSummary } from '../../src/merchant/merchantFields';
import { merchantKey, type MerchantKey } from '../../src/merchant/merchantKey';
import type { WireMerchant } from '../../src/api/wire';
import { generateDataset } from '../../src/sandbox/dataset';
import { SANDBOX_DEFAULTS } from '../../src/sandbox/server';
import { writeSite, type SiteSummary } from '../../src/sandbox/site';

const LANGUAGES: Record<string, string> = { '.md': 'markdown', '.mdx': 'mdx', '.html': 'html' };
const NOW = new Date('2026-11-21T12:00:00Z');

/** The catalog's domain index, as the extension builds it from the merchants it synced. */
function catalogIndex(merchants: readonly WireMerchant[]): MerchantDomainIndex {
  const catalog = new Map<MerchantKey, MerchantSummary>();
  for (const raw of merchants) {
    const normalized = normalizeMerchant(raw);
    if (normalized.ok) {
      catalog.set(merchantKey(normalized.value), toCatalogMerchant(normalized.value));
    }
  }
  return new MerchantDomainIndex(catalog);
}

/** Every article file under `root`, node_modules left out as the site index leaves it out. */
function articleFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.split(path.sep).includes('node_modules') && LANGUAGES[path.extname(file)] !== undefined)
    .sort();
}

/** What the health core finds in the site, per article file and in all. */
function checkSite(root: string, summary: SiteSummary, merchants: readonly WireMerchant[]) {
  const rules = new LinkHealthRules(
    { index: catalogIndex(merchants) },
    { ...DEFAULT_HEALTH_OPTIONS, disclosurePatterns: summary.disclosurePatterns },
  );
  const total = Object.fromEntries(HEALTH_CODES.map((code) => [code, 0])) as Record<HealthCode, number>;
  const perFile = new Map<string, { subId: string | undefined; codes: Record<HealthCode, number> }>();
  for (const file of articleFiles(root)) {
    const absolute = path.join(root, file);
    const text = fs.readFileSync(absolute, 'utf8');
    const template = summary.subIdTemplate;
    const expected = expandSubId(
      template,
      articleSubIdVariables(template, { path: absolute.split(path.sep).join('/'), text }, { date: NOW }),
    );
    assert.ok(expected.ok, `${file}: ${expected.ok ? '' : expected.message}`);
    const codes = Object.fromEntries(HEALTH_CODES.map((code) => [code, 0])) as Record<HealthCode, number>;
    for (const finding of rules.check(documentLinks(text, LANGUAGES[path.extname(file)]), expected.subId)) {
      codes[finding.code] += 1;
      total[finding.code] += 1;
    }
    perFile.set(file.split(path.sep).join('/'), { subId: expected.subId, codes });
  }
  return { total, perFile };
}

describe('the sandbox’s site', () => {
  const dataset = generateDataset({ ...SANDBOX_DEFAULTS, clicks: 0, actions: 0, now: NOW });
  let root: string;
  before(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-site-'))));
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gives the findings per rule it printed, article by article, every rule at least once', () => {
    const { summary, articles } = writeSite(root, dataset.merchants, { articles: 40, seed: SANDBOX_DEFAULTS.seed });
    assert.deepEqual(Object.keys(summary.findings), [...HEALTH_CODES], 'the generator knows every rule, in order');
    const found = checkSite(root, summary, dataset.merchants);
    assert.equal(found.perFile.size, 40);
    for (const article of articles) {
      const own = found.perFile.get(article.path);
      assert.ok(own, article.path);
      assert.equal(own.subId, article.subId, `${article.path}: the SubID the template gives it`);
      assert.deepEqual(own.codes, article.findings, article.path);
    }
    assert.deepEqual(found.total, summary.findings);
    assert.equal(
      summary.total,
      Object.values(found.total).reduce((a, b) => a + b, 0),
    );
    for (const code of HEALTH_CODES) {
      assert.ok(summary.findings[code] > 0, `${code} occurs`);
    }
    assert.deepEqual(summary.files, { md: 16, mdx: 16, html: 8 });
  });

  it('writes page bundles and flat files that its SubID template names apart, and ${fileBasenameNoExtension} does not', () => {
    const files = articleFiles(root).map((file) => ({
      path: file.split(path.sep).join('/'),
      text: fs.readFileSync(path.join(root, file), 'utf8'),
    }));
    assert.ok(
      files.some((file) => file.path.endsWith('/index.md')) && files.some((f) => /\d-[a-z-]+\.md$/.test(f.path)),
    );
    assert.deepEqual(subIdCollisions('${frontMatter:slug:fileDirnameBasename}', files, { date: NOW }), []);
    const clashes = subIdCollisions('${fileBasenameNoExtension}', files, { date: NOW });
    assert.equal(clashes[0]?.subId, 'index');
  });

  it('is written by `npm run sandbox -- --site DIR --articles N`, which prints the counts as one JSON line', async () => {
    const directory = path.join(root, 'from-cli');
    const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const args = ['src/sandbox/cli.ts', '--site', directory, '--articles', '12', '--merchants', '400', '--seed', '9'];
    const child = spawn(tsx, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 0, err);
    const lines = out.trim().split('\n');
    assert.equal(lines.length, 1);
    const summary = JSON.parse(lines[0]) as SiteSummary;
    assert.equal(summary.site, directory);
    assert.equal(summary.subIdTemplate, '${frontMatter:slug:fileDirnameBasename}');
    const merchants = generateDataset({ seed: 9, merchants: 400, clicks: 0, actions: 0, now: NOW }).merchants;
    assert.deepEqual(checkSite(directory, summary, merchants).total, summary.findings);
    assert.ok(fs.existsSync(path.join(directory, 'node_modules', 'site-theme', 'README.md')));
  });

  it('refuses --articles without --site, and a bad count', async () => {
    const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
    for (const [args, named] of [
      [['--articles', '3'], '--site'],
      [['--site', root, '--articles', '0'], '--articles'],
    ] as const) {
      const child = spawn(tsx, ['src/sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      child.stderr.on('data', (chunk) => (err += chunk));
      assert.equal(await new Promise((resolve) => child.on('exit', resolve)), 2);
      assert.ok(err.includes(named), err);
    }
  });
});
