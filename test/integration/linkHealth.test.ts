import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Merchant } from '../../src/api/types';
import { MerchantDomainIndex } from '../../src/links/domainIndex';
import type { MerchantRef } from '../../src/merchant/merchantFields';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import type { AffiliateLinksApi } from '../../src/extension';
import { activatedExtension, eventually } from './extensionUnderTest';

const SOURCE = 'Affiliate Links';
const config = () => vscode.workspace.getConfiguration();

async function setting(name: string, value: unknown): Promise<void> {
  await config().update(name, value, vscode.ConfigurationTarget.Global);
}

/** A deeplink of a merchant as the builders write it (also for an inactive merchant, which they refuse). */
function deeplinkTo(merchant: Pick<Merchant, 'trackingLink'>, target: string, subId: string): string {
  const url = new URL(merchant.trackingLink!);
  url.searchParams.set('url', target);
  url.searchParams.set('s', subId);
  return url.href;
}

/** The file's link health diagnostics as `code line:col-line:col`. */
function shown(uri: vscode.Uri): string[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => d.source === SOURCE)
    .map(
      (d) =>
        `${String(d.code)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`,
    )
    .sort();
}

/** Where `needle` is in `text`, as `line:col-line:col`. */
function rangeOf(text: string, needle: string): string {
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `${needle} is in the text`);
  const line = text.slice(0, at).split('\n').length - 1;
  const column = at - (text.lastIndexOf('\n', at - 1) + 1);
  return `${line}:${column}-${line}:${column + needle.length}`;
}

describe('link health in the real host', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let site: vscode.Uri;
  let inactive: MerchantRef;
  let active: MerchantRef;
  let other: MerchantRef;
  /** Active merchants the site never links to. */
  let unlinked: MerchantRef;
  let inactiveUnlinked: MerchantRef;
  let api: AffiliateLinksApi;
  const files: Record<string, { uri: vscode.Uri; text: string }> = {};

  async function write(name: string, text: string): Promise<vscode.Uri> {
    const uri = vscode.Uri.joinPath(site, name);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    files[name] = { uri, text };
    return uri;
  }

  before(async () => {
    sandbox = await startSandbox({ merchants: 1_200, seed: 33 });
    await setting('affiliateLinks.baseUrl', sandbox.url);
    await setting('affiliateLinks.subId', '${fileBasenameNoExtension}');
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    api = (await activatedExtension()).exports as AffiliateLinksApi;
    const merchants = await eventually(
      () =>
        api.controller.store?.snapshot.merchants.size === 1_200 ? api.controller.store.snapshot.merchants : undefined,
      'the catalog',
      30_000,
    );
    const index = new MerchantDomainIndex(merchants);
    const alone = [...merchants]
      .map(([key, merchant]) => ({ key, merchant }))
      .filter(({ key, merchant }) => {
        const match = index.match(`https://${merchant.defaultDomain}/`);
        return match.kind === 'merchant' && match.merchant.key === key && merchant.trackingLink !== null;
      });
    inactive = alone.find(({ merchant }) => !merchant.isActive && merchant.deeplinkAllowed)!;
    [active, other, unlinked] = alone.filter(({ merchant }) => merchant.isActive && merchant.deeplinkAllowed);
    inactiveUnlinked = alone.filter(({ merchant }) => !merchant.isActive && merchant.deeplinkAllowed)[1]!;
    assert.ok(
      inactive && active && other && unlinked && inactiveUnlinked,
      'the sandbox has the merchants the site needs',
    );

    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    site = vscode.Uri.joinPath(folder, 'health-site');
    const dead = (subId: string) =>
      deeplinkTo(inactive.merchant, `https://${inactive.merchant.defaultDomain}/p`, subId);
    const live = (subId: string, merchant = active.merchant) =>
      deeplinkTo(merchant, `https://${merchant.defaultDomain}/shoes`, subId);
    await write('inactive.md', `# Old\n\nRead [the review](${dead('inactive')}) today.\n`);
    await write('subid.md', `# SubID\n\nSee ${live('another-article', other.merchant)} now.\n`);
    await write('page.html', `<p>\n  <a href="${live('page').replace(/&/g, '&amp;')}">deal</a>\n</p>\n`);
    await write('linked.md', `# Linked\n\n[shop](${live('linked')})\n`);
    // Fixed on save: a SubID (safe), a dead link with no other merchant for its page (unwrapping it is not
    // safe) and a plain link to a merchant (making it a deeplink is not safe): only the SubID may change.
    await write(
      'saved.md',
      `# Saved\n\nSee ${live('another-article', other.merchant)} now.\n\nRead [the old review](${dead('saved')}).\n\nOr go to https://${other.merchant.defaultDomain}/plain directly.\n`,
    );
    await write('node_modules/pkg/readme.md', `${dead('readme')}\n`);
    await write('build/out.md', `${dead('out')}\n`);
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(folder, '.gitignore'),
      new TextEncoder().encode('/health-site/build/\n'),
    );
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(site, { recursive: true }).then(undefined, () => undefined);
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    for (const name of ['affiliateLinks.baseUrl', 'affiliateLinks.subId', 'editor.codeActionsOnSave']) {
      await setting(name, undefined);
    }
    await sandbox?.close();
  });

  it("shows the site's broken links in the Problems panel, closed files included, excluded folders left out", async () => {
    const inactiveFile = files['inactive.md']!;
    const expected = {
      'inactive.md': [
        `inactive-merchant ${rangeOf(inactiveFile.text, deeplinkTo(inactive.merchant, `https://${inactive.merchant.defaultDomain}/p`, 'inactive'))}`,
      ],
      'subid.md': [
        `subid-mismatch ${rangeOf(files['subid.md']!.text, /See (\S+) now/.exec(files['subid.md']!.text)![1]!)}`,
      ],
      'page.html': [
        `rel-sponsored-missing ${rangeOf(files['page.html']!.text, /href="([^"]+)"/.exec(files['page.html']!.text)![1]!)}`,
      ],
      'linked.md': [],
      'node_modules/pkg/readme.md': [],
      'build/out.md': [],
    };
    await eventually(
      () =>
        Object.entries(expected).every(
          ([name, lines]) => JSON.stringify(shown(files[name]!.uri)) === JSON.stringify(lines.sort()),
        ) || undefined,
      'the expected diagnostics',
      45_000,
    ).catch((error: unknown) => {
      const seen = Object.fromEntries(Object.keys(expected).map((name) => [name, shown(files[name]!.uri)]));
      throw new Error(`${String(error)}: ${JSON.stringify(seen, null, 1)}`);
    });
    const diagnostic = vscode.languages.getDiagnostics(inactiveFile.uri).find((d) => d.source === SOURCE)!;
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(diagnostic.message, new RegExp(inactive.merchant.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.ok(
      !vscode.workspace.textDocuments.some((d) => d.uri.toString() === inactiveFile.uri.toString()),
      'the file is closed',
    );
  });

  it('follows a rule’s severity setting', async () => {
    const uri = files['subid.md']!.uri;
    await setting('affiliateLinks.linkHealth.subIdMismatch', 'off');
    await eventually(() => shown(uri).length === 0 || undefined, 'the rule turned off');
    await setting('affiliateLinks.linkHealth.subIdMismatch', 'error');
    const d = await eventually(
      () => vscode.languages.getDiagnostics(uri).find((x) => x.source === SOURCE),
      'the rule on',
    );
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    await setting('affiliateLinks.linkHealth.subIdMismatch', undefined);
  });

  it('updates a file’s diagnostics as it is edited, before it is saved', async () => {
    const { uri, text } = files['linked.md']!;
    const editor = await vscode.window.showTextDocument(uri);
    const dead = deeplinkTo(inactive.merchant, `https://${inactive.merchant.defaultDomain}/new`, 'linked');
    await editor.edit((edit) => edit.insert(new vscode.Position(3, 0), `\nNew: ${dead}\n`));
    await eventually(
      () => shown(uri).join() === `inactive-merchant 4:5-4:${5 + dead.length}` || undefined,
      'the new finding',
    );
    await vscode.commands.executeCommand('undo');
    await eventually(
      () => (editor.document.getText() === text && shown(uri).length === 0) || undefined,
      'the edit undone',
    );
  });

  it('applies a quick fix as one undoable edit, and offers to ignore the link', async () => {
    const { uri } = files['page.html']!;
    const editor = await vscode.window.showTextDocument(uri);
    const diagnostic = await eventually(
      () => vscode.languages.getDiagnostics(uri).find((d) => d.source === SOURCE),
      'the finding',
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      diagnostic.range,
    );
    const ours = actions.filter((a) => a.kind?.value === 'quickfix');
    const titles = ours.map((a) => a.title);
    assert.ok(titles.includes('Ignore this link'), titles.join(' | '));
    assert.ok(
      titles.some((t) => t.includes('ignored links')),
      titles.join(' | '),
    );
    const fix = ours.find((a) => a.title === 'Add rel="sponsored"')!;
    assert.ok(fix?.isPreferred && fix.edit, titles.join(' | '));
    const before = editor.document.getText();
    assert.ok(await vscode.workspace.applyEdit(fix.edit!));
    assert.match(editor.document.getText(), /<a rel="sponsored" href=|<a href="[^"]+" rel="sponsored"/);
    await eventually(() => shown(uri).length === 0 || undefined, 'the finding fixed');
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), before, 'one undo takes the fix back');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('fixes what is safe on save with source.fixAll.affiliateLinks, and leaves what is not', async () => {
    await setting('editor.codeActionsOnSave', { 'source.fixAll.affiliateLinks': 'explicit' });
    const { uri, text } = files['saved.md']!;
    const wrong = /See (\S+) now/.exec(text)![1]!;
    const dead = /\]\(([^)]+)\)/.exec(text)![1]!;
    const plain = `https://${other.merchant.defaultDomain}/plain`;
    const editor = await vscode.window.showTextDocument(uri);
    const unsafe = (shifted: string) =>
      [`inactive-merchant ${rangeOf(shifted, dead)}`, `not-monetized ${rangeOf(shifted, plain)}`].sort();
    await eventually(
      () =>
        JSON.stringify(shown(uri)) ===
          JSON.stringify([...unsafe(text), `subid-mismatch ${rangeOf(text, wrong)}`].sort()) || undefined,
      'the SubID, dead link and plain link findings',
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(shown(uri))}`);
    });
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '<!-- saved -->\n'));
    assert.ok(await editor.document.save());
    const onDisk = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const fixed = wrong.replace('s=another-article', 's=saved');
    assert.notEqual(fixed, wrong);
    assert.equal(
      onDisk,
      `<!-- saved -->\n${text.replace(wrong, fixed)}`,
      'the SubID fixed; the dead link and the plain link as they were',
    );
    await eventually(
      () => JSON.stringify(shown(uri)) === JSON.stringify(unsafe(onDisk)) || undefined,
      'the unsafe findings, still shown after the save',
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(shown(uri))}`);
    });
    await setting('editor.codeActionsOnSave', undefined);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  /** Every place the site links to `ref`, as Show Links to Merchant lists them (once link health counted them). */
  async function linksTo(ref: MerchantRef): Promise<vscode.Location[]> {
    return eventually(
      async () =>
        vscode.commands.executeCommand<vscode.Location[] | undefined>('affiliateLinks.showMerchantLinks', ref.key),
      'the links to the merchant',
    );
  }

  /** The places of `locations` in the site of this test, as `file line:col-line:col`. */
  function inSite(locations: vscode.Location[]): string[] {
    return locations
      .filter((l) => l.uri.toString().startsWith(`${site.toString()}/`))
      .map(
        (l) =>
          `${l.uri.path.slice(site.path.length + 1)} ${l.range.start.line}:${l.range.start.character}-${l.range.end.line}:${l.range.end.character}`,
      );
  }

  /** Deactivates a merchant in the sandbox and syncs; resolves once the catalog shows it inactive. */
  async function deactivate(ref: MerchantRef): Promise<void> {
    const at = sandbox.dataset.merchants.findIndex((m) => m.merchantId === ref.merchant.merchantId);
    sandbox.dataset.merchants[at]!.isActive = false;
    sandbox.touchMerchant(at);
    await vscode.commands.executeCommand('affiliateLinks.refreshMerchants');
    await eventually(
      () => api.controller.store?.snapshot.merchants.get(ref.key)?.isActive === false || undefined,
      'the merchant inactive in the catalog',
      30_000,
    );
  }

  it('lists every link to a merchant (Show Links to Merchant) and counts its articles in its tooltip', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const locations = await linksTo(active);
    const page = files['page.html']!.text;
    const linked = files['linked.md']!.text;
    assert.deepEqual(inSite(locations), [
      `linked.md ${rangeOf(linked, /\]\(([^)]+)\)/.exec(linked)![1]!)}`,
      `page.html ${rangeOf(page, /href="([^"]+)"/.exec(page)![1]!)}`,
    ]);
    assert.equal(
      vscode.window.activeTextEditor?.document.uri.toString(),
      locations[0]!.uri.toString(),
      'the peek opens on the first link',
    );
    const articles = new Set(locations.map((l) => l.uri.toString())).size;
    const provider = api.view.provider;
    const tooltip = () => {
      const node = provider.model!.nodeForMerchant(active.key)!;
      const item = provider.resolveTreeItem(provider.getTreeItem(node), node);
      return (item.tooltip as vscode.MarkdownString).value.replace(/\\/g, '');
    };
    await eventually(() => tooltip().includes(`Linked from ${articles} articles`) || undefined, 'the tooltip count');
    assert.deepEqual(await linksTo(inactiveUnlinked), [], 'a merchant nobody links to has no place');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('says nothing after a sync that changes no linked merchant', async () => {
    const before = api.warnings.length;
    await deactivate(unlinked);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.deepEqual(api.warnings.slice(before), []);
  });

  it('shows a merchant’s links as dead once a sync finds it inactive, in one notice with their counts', async () => {
    const { uri, text } = files['linked.md']!;
    await eventually(() => (shown(uri).length === 0 ? true : undefined), 'no finding while the merchant is active');
    const locations = await linksTo(active);
    const articles = new Set(locations.map((l) => l.uri.toString())).size;
    const before = api.warnings.length;
    await deactivate(active);
    const link = /\]\(([^)]+)\)/.exec(text)![1]!;
    await eventually(
      () => shown(uri).join() === `inactive-merchant ${rangeOf(text, link)}` || undefined,
      'the new finding',
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.deepEqual(api.warnings.slice(before), [
      `A merchant you link to became inactive: ${locations.length} links in ${articles} articles.`,
    ]);
  });

  it('clears the diagnostics of a deleted file', async () => {
    const { uri } = files['inactive.md']!;
    assert.equal(shown(uri).length, 1);
    await vscode.workspace.fs.delete(uri);
    await eventually(() => shown(uri).length === 0 || undefined, 'the diagnostics cleared');
  });
});
