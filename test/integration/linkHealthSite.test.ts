/**
 * The sandbox's generated site in the real host (issue 25 §8): link health finds, file by file and rule by rule,
 * the findings the generator printed, closed files included (their SubIDs from the front matter the index kept),
 * and asks the service nothing for it (every request the sandbox sees while it reads the site is counted).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { writeSite, type SiteArticle } from '../../src/sandbox/site';
import { siteDeeplink, siteMerchants } from '../../src/sandbox/siteLinks';
import { activatedExtension, eventually } from './extensionUnderTest';
import { expectedLines } from './generatedSite';

const SOURCE = 'Affiliate Links';
const ARTICLES = 40;

async function setting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(name, value, vscode.ConfigurationTarget.Global);
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
    // What the extension reads by itself read first (the figures, fresh for their refresh interval), so that every
    // request the service sees from here on is one the scan made (the README's link health row).
    await vscode.commands.executeCommand('affiliateLinks.refreshFigures');
    const requestsBefore = sandbox.stats();
    const { summary, articles } = writeSite(site.fsPath, sandbox.dataset.merchants, { articles: ARTICLES, seed: 25 });
    await setting('affiliateLinks.subId', summary.subIdTemplate);
    await setting('affiliateLinks.linkHealth.disclosureMissing', 'warning');

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
      articles.every(
        (article) =>
          !vscode.workspace.textDocuments.some(
            (d) => d.uri.toString() === vscode.Uri.joinPath(site, article.path).toString(),
          ),
      ),
      'every article is closed',
    );
    for (const excluded of summary.excluded) {
      const inside = vscode.languages
        .getDiagnostics()
        .filter(([uri, diagnostics]) => uri.path.includes(`/generated-site/${excluded}/`) && diagnostics.length > 0);
      assert.deepEqual(inside, [], `nothing under ${excluded}`);
    }
    const requests = sandbox.stats();
    assert.equal(
      requests.total - requestsBefore.total,
      0,
      `requests while link health read the site: ${JSON.stringify(requests.byEndpoint)}, before ${JSON.stringify(requestsBefore.byEndpoint)}`,
    );
  });

  it('shows all 500 findings of a file that has 500, each on its own link', async () => {
    const inactive = siteMerchants(sandbox.dataset.merchants).inactive;
    // Disclosed (the disclosure rule is on in this file), so each finding is a link's.
    const text =
      'This page has affiliate links.\n\n' +
      Array.from({ length: 500 }, (_, i) => {
        const m = inactive[i % inactive.length]!;
        return `Pick ${i}: [${m.name}](${siteDeeplink(m.trackingLink!, `https://${m.defaultDomain}/p/${i}`, 'many')}).\n`;
      }).join('\n');
    const uri = vscode.Uri.joinPath(site, 'many.md');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    const lines = await eventually(
      () => {
        const found = vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
        return found.length === 500 ? found.map((d) => d.range.start.line) : undefined;
      },
      '500 findings',
      30_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${vscode.languages.getDiagnostics(uri).length} shown`);
    });
    assert.deepEqual(
      lines.sort((a, b) => a - b),
      Array.from({ length: 500 }, (_, i) => 2 + 2 * i),
    );
    assert.ok(vscode.languages.getDiagnostics(uri).every((d) => d.code === 'inactive-merchant'));
  });

  it('leaves out a new file over 8 MB, and still checks a small one written after it', async () => {
    const [dead] = siteMerchants(sandbox.dataset.merchants).inactive;
    const link = `[old](${siteDeeplink(dead!.trackingLink!, `https://${dead!.defaultDomain}/p`, 'x')})`;
    const large = vscode.Uri.joinPath(site, 'large', 'dump.md');
    const small = vscode.Uri.joinPath(site, 'large', 'small.md');
    const filler = `${'Filler text of a generated dump. '.repeat(31)}\n`;
    const text = `This page has affiliate links.\n\n${link}\n\n${filler.repeat(Math.ceil((8.5 * 1024 * 1024) / filler.length))}`;
    assert.ok(text.length > 8 * 1024 * 1024);
    await vscode.workspace.fs.writeFile(large, new TextEncoder().encode(text));
    await vscode.workspace.fs.writeFile(small, new TextEncoder().encode(text.slice(0, 200)));
    const findings = (uri: vscode.Uri) =>
      vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE && d.code === 'inactive-merchant');
    await eventually(() => (findings(small).length === 1 ? true : undefined), 'the small file checked', 30_000);
    // Both were written before the small one was checked: the large one was read (or left out) by then.
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(findings(large), [], 'nothing for the file over 8 MB');
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(site, 'large'), { recursive: true });
  });

  it('keeps the files created while the site is listed again (a .gitignore changed), each with its findings', async () => {
    const [dead] = siteMerchants(sandbox.dataset.merchants).inactive;
    const text = `This page has affiliate links.\n\n[old](${siteDeeplink(dead!.trackingLink!, `https://${dead!.defaultDomain}/p`, 'x')})\n`;
    const created: vscode.Uri[] = [];
    // The .gitignore makes the index list the site again; files come while it does, 40 ms apart.
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(site, 'listed', '.gitignore'),
      new TextEncoder().encode('tmp/\n'),
    );
    for (let i = 0; i < 25; i++) {
      const uri = vscode.Uri.joinPath(site, 'listed', `late-${i}.md`);
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      created.push(uri);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const missing = () =>
      created.filter(
        (uri) =>
          !vscode.languages.getDiagnostics(uri).some((d) => d.source === SOURCE && d.code === 'inactive-merchant'),
      );
    await eventually(() => (missing().length === 0 ? true : undefined), 'every late file checked', 30_000).catch(
      (error: unknown) => {
        throw new Error(`${String(error)}: ${missing().length} of 25 without their finding`);
      },
    );
  });

  it('leaves out what a .gitignore below the root leaves out, relative to its folder, `!` lines as git reads them', async () => {
    const [dead] = siteMerchants(sandbox.dataset.merchants).inactive;
    const text = `This page has affiliate links.\n\n[old](${siteDeeplink(dead!.trackingLink!, `https://${dead!.defaultDomain}/p`, 'x')})\n`;
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(site, 'blog', '.gitignore'),
      // A negated file comes back; one in a folder left out does not.
      new TextEncoder().encode('drafts/\nwip-*.md\n!wip-ready.md\n!drafts/back.md\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const leftOut = ['drafts/old.md', 'drafts/back.md', 'wip-draft.md'].map((path) =>
      vscode.Uri.joinPath(site, 'blog', ...path.split('/')),
    );
    const kept = [vscode.Uri.joinPath(site, 'drafts', 'old.md'), vscode.Uri.joinPath(site, 'blog', 'wip-ready.md')];
    for (const uri of [...leftOut, ...kept]) {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    }
    const codes = (uri: vscode.Uri) =>
      vscode.languages
        .getDiagnostics(uri)
        .filter((d) => d.source === SOURCE)
        .map((d) => String(d.code));
    const shown = () =>
      [...leftOut, ...kept].map((uri) => `${vscode.workspace.asRelativePath(uri)}: ${codes(uri).join() || 'nothing'}`);
    // The kept files' findings show, and the left-out ones' never do (or go once the .gitignore is read).
    await eventually(
      () =>
        kept.every((uri) => codes(uri).join() === 'inactive-merchant') &&
        leftOut.every((uri) => codes(uri).length === 0)
          ? true
          : undefined,
      'the kept files checked, the left-out ones not',
      30_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${shown().join('; ')}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.deepEqual(
      leftOut.map((uri) => codes(uri)),
      [[], [], []],
      `still left out once every file was read: ${shown().join('; ')}`,
    );
  });
});
