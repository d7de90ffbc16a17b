/**
 * The sandbox's generated site in the real host (issue 25 §8): link health finds, file by file and rule by rule,
 * the findings the generator printed, closed files included (their SubIDs from the front matter the index kept),
 * and asks the service nothing for it.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { writeSite, type SiteArticle } from '../../src/sandbox/site';
import { activatedExtension, eventually } from './extensionUnderTest';

const SOURCE = 'Affiliate Links';
const ARTICLES = 40;

async function setting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(name, value, vscode.ConfigurationTarget.Global);
}

/** Each article's findings as `path: code×count, …` (codes without a finding left out), sorted by path. */
function expectedLines(articles: readonly SiteArticle[]): string[] {
  return articles
    .map((article) => {
      const codes = Object.entries(article.findings)
        .filter(([, count]) => count > 0)
        .map(([code, count]) => `${code}×${count}`)
        .sort();
      return `${article.path}: ${codes.join(', ')}`;
    })
    .sort();
}

/** The same, as the Problems panel has it for every article of the site. */
function shownLines(site: vscode.Uri, articles: readonly SiteArticle[]): string[] {
  return articles
    .map((article) => {
      const counts = new Map<string, number>();
      for (const diagnostic of vscode.languages.getDiagnostics(vscode.Uri.joinPath(site, article.path))) {
        if (diagnostic.source === SOURCE) {
          counts.set(String(diagnostic.code), (counts.get(String(diagnostic.code)) ?? 0) + 1);
        }
      }
      const codes = [...counts].map(([code, count]) => `${code}×${count}`).sort();
      return `${article.path}: ${codes.join(', ')}`;
    })
    .sort();
}

describe('link health over the sandbox’s generated site, in the real host', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let site: vscode.Uri;

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
    site = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'generated-site');
  });

  after(async () => {
    await vscode.workspace.fs.delete(site, { recursive: true }).then(undefined, () => undefined);
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

  it('finds in every article the findings per rule the generator printed, closed files included, asking the service nothing', async () => {
    const { summary, articles } = writeSite(site.fsPath, sandbox.dataset.merchants, { articles: ARTICLES, seed: 25 });
    await setting('affiliateLinks.subId', summary.subIdTemplate);
    await setting('affiliateLinks.linkHealth.disclosureMissing', 'warning');
    const catalogRequests = sandbox.stats().byEndpoint.merchant;

    assert.equal(articles.length, ARTICLES);
    const expected = expectedLines(articles);
    const everyRule = Object.entries(summary.findings).filter(([, count]) => count > 0).length;
    assert.equal(everyRule, Object.keys(summary.findings).length, 'the site has every rule’s finding');
    await eventually(
      () => (JSON.stringify(shownLines(site, articles)) === JSON.stringify(expected) ? true : undefined),
      'the printed findings',
      60_000,
    ).catch((error: unknown) => {
      const shown = shownLines(site, articles);
      const differing = shown
        .filter((line, i) => line !== expected[i])
        .map((line) => {
          const path = line.slice(0, line.indexOf(':'));
          return `${line}  (printed: ${expected.find((e) => e.startsWith(`${path}:`))})`;
        });
      throw new Error(`${String(error)}:\n${differing.join('\n')}`);
    });
    const total = shownLines(site, articles).reduce(
      (sum, line) => sum + [...line.matchAll(/×(\d+)/g)].reduce((s, m) => s + Number(m[1]), 0),
      0,
    );
    assert.equal(total, summary.total, 'the printed total');
    assert.ok(
      articles.every((article) => !vscode.workspace.textDocuments.some((d) => d.uri.path.endsWith(article.path))),
      'every article is closed',
    );
    for (const excluded of summary.excluded) {
      const inside = vscode.languages
        .getDiagnostics()
        .filter(([uri, diagnostics]) => uri.path.includes(`/generated-site/${excluded}/`) && diagnostics.length > 0);
      assert.deepEqual(inside, [], `nothing under ${excluded}`);
    }
    assert.equal(sandbox.stats().byEndpoint.merchant, catalogRequests, 'no catalog request for the site');
  });
});
