/**
 * What the command line's figures (cliBench.ts, issue 36 §3) run over: the benches' 10,000-article site
 * (linkHealthSite.ts's `writeBenchSite`), its `.vscode/settings.json` with the settings the generator wrote it for,
 * a catalog snapshot of the same merchants (through JSON and normalised as the client gives them to the store, then
 * `writeCatalogSnapshot`), and the site in a temporary git repository with 10 files changed for `--changed-since`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { JsonObject } from '../../src/api/normalize/fields';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import { writeCatalogSnapshot } from '../../src/catalog/snapshot/catalogSnapshot';
import { LINK_HEALTH_RULE_SETTINGS, SETTINGS } from '../../src/ids';
import { toCatalogMerchant, type CatalogMerchant } from '../../src/merchant/merchantFields';
import { merchantKey, type MerchantKey } from '../../src/merchant/merchantKey';
import type { SiteArticle, SiteSummary } from '../../src/sandbox/site';
import type { FindingCode } from '../../src/sandbox/siteLinks';
import { SITE_NOW, writeBenchSite } from './linkHealthSite';

/** Files changed for `--changed-since`. */
export const CHANGED = 10;

export interface CliSite {
  /** The site's folder (the git repository's work tree). */
  site: string;
  /** The snapshot's file, outside the site. */
  snapshot: string;
  summary: SiteSummary;
  articles: SiteArticle[];
  merchants: number;
  /** The site's files as the bench lists them (Markdown, MDX, HTML; node_modules left out), absolute. */
  files: string[];
  /**
   * Settings (outside the site, for `--config`) that leave the site its Markdown files alone, as `files.exclude` does
   * in the editor: the files markdownlint-cli2 lints; and the findings the generator printed for them.
   */
  markdownOnly: { settings: string; files: number; findings: number };
  /** The articles changed after the commit, relative to the site, and the findings the generator printed for them. */
  changed: { files: string[]; findings: Record<FindingCode, number> };
}

/** The generated merchants as the store holds them: through JSON, normalised, keyed. */
function catalogOf(merchants: readonly unknown[]): Map<MerchantKey, CatalogMerchant> {
  const catalog = new Map<MerchantKey, CatalogMerchant>();
  for (const wire of JSON.parse(JSON.stringify(merchants)) as JsonObject[]) {
    const result = normalizeMerchant(wire);
    if (result.ok) {
      catalog.set(merchantKey(result.value), toCatalogMerchant(result.value));
    }
  }
  return catalog;
}

/** The settings the site is written for, as a workspace's `.vscode/settings.json` holds them. */
function settingsOf(summary: SiteSummary): Record<string, unknown> {
  return {
    [SETTINGS.subId]: summary.subIdTemplate,
    [SETTINGS.deeplinkUrlParameter]: summary.deeplink.urlParameter,
    [SETTINGS.deeplinkSubIdParameter]: summary.deeplink.subIdParameter,
    [SETTINGS.linkHealthDisclosurePatterns]: summary.disclosurePatterns,
    // Off by default; on, so that all eight rules run and the counts can be the generator's.
    [LINK_HEALTH_RULE_SETTINGS['disclosure-missing']]: 'warning',
  };
}

function git(cwd: string, args: readonly string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', '-c', 'commit.gpgsign=false', ...args],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
}

/**
 * Writes the site, its settings and the snapshot under `dir`, commits the site in a new git repository, then changes
 * `CHANGED` articles spread over the site (a paragraph added at the end: no finding added or taken away).
 */
export function writeCliSite(dir: string, catalogSize: number): CliSite {
  const { merchants, summary, files, articles } = writeBenchSite(dir, catalogSize);
  const site = summary.site;
  fs.mkdirSync(path.join(site, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(site, '.vscode', 'settings.json'), `${JSON.stringify(settingsOf(summary), null, 2)}\n`);
  const catalog = catalogOf(merchants);
  const snapshot = path.join(dir, 'catalog-snapshot.txt');
  fs.writeFileSync(snapshot, writeCatalogSnapshot({ takenAt: SITE_NOW.toISOString(), merchants: catalog }));
  const markdownSettings = path.join(dir, 'markdown-only-settings.json');
  const onlyMarkdown = { ...settingsOf(summary), 'files.exclude': { '**/*.mdx': true, '**/*.{html,htm}': true } };
  fs.writeFileSync(markdownSettings, `${JSON.stringify(onlyMarkdown, null, 2)}\n`);
  const markdownArticles = articles.filter((article) => /\.(md|markdown)$/.test(article.path));
  const markdownFindings = markdownArticles.reduce(
    (sum, article) => sum + Object.values(article.findings).reduce((total, count) => total + count, 0),
    0,
  );

  git(site, ['init', '-q', '-b', 'main']);
  git(site, ['add', '-A']);
  git(site, ['commit', '-q', '-m', 'the site']);
  const step = Math.floor(articles.length / CHANGED);
  const picked = Array.from({ length: CHANGED }, (_, i) => articles[i * step + i]!);
  const findings = Object.fromEntries(Object.keys(summary.findings).map((code) => [code, 0])) as Record<
    FindingCode,
    number
  >;
  for (const article of picked) {
    fs.appendFileSync(path.join(site, article.path), '\nOne more paragraph, written after the commit.\n');
    for (const [code, count] of Object.entries(article.findings)) {
      findings[code as FindingCode] += count;
    }
  }
  const changedFiles = picked.map((article) => article.path.split(path.sep).join('/'));
  const listed = git(site, ['status', '--porcelain']).trim().split('\n');
  if (listed.length !== CHANGED) {
    throw new Error(`git lists ${listed.length} changed files, expected ${CHANGED}: ${listed.join('; ')}`);
  }
  return {
    site,
    snapshot,
    summary,
    articles,
    merchants: catalog.size,
    files,
    markdownOnly: { settings: markdownSettings, files: markdownArticles.length, findings: markdownFindings },
    changed: { files: changedFiles, findings },
  };
}
