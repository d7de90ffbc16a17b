/**
 * Replace Links to Merchant in the real host (issue 33 §3): one workspace edit over every file of the site that
 * links to a merchant, open and closed, which one undo takes back byte for byte; and the product's edit asks the
 * refactor preview for every change. The preview needs a person, so the tests apply through the command's
 * internal option (`preview: false`).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Merchant } from '../../src/api/types';
import type { AffiliateLinksApi } from '../../src/extension';
import { MerchantDomainIndex } from '../../src/links/domainIndex';
import type { MerchantRef } from '../../src/merchant/merchantFields';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { activatedExtension, eventually } from './extensionUnderTest';

const COMMAND = 'affiliateLinks.replaceMerchantLinks';

async function setting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(name, value, vscode.ConfigurationTarget.Global);
}

function deeplinkTo(merchant: Pick<Merchant, 'trackingLink'>, target: string, subId: string): string {
  const url = new URL(merchant.trackingLink!);
  url.searchParams.set('url', target);
  url.searchParams.set('s', subId);
  return url.href;
}

const amp = (url: string) => url.replace(/&/g, '&amp;');
const bytes = async (uri: vscode.Uri) => Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('hex');

interface Outcome {
  applied: boolean;
  files: Array<{ uri: vscode.Uri; replaced: number; kept: number }>;
  failed: unknown[];
}

describe('Replace Links to Merchant in the real host', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let api: AffiliateLinksApi;
  let site: vscode.Uri;
  let dead: MerchantRef;
  const files: Record<string, vscode.Uri> = {};

  before(async () => {
    sandbox = await startSandbox({ merchants: 1_200, clicks: 0, actions: 0, seed: 33 });
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
    const all = [...merchants].map(([key, merchant]) => ({ key, merchant }));
    // An inactive merchant alone on its domain, with an alternative (active, deeplinks, a category and a country
    // in common), that no file of the workspace links to yet (other suites' files may still be there).
    const candidates = all.filter(({ key, merchant }) => {
      const match = index.match(`https://${merchant.defaultDomain}/`);
      return (
        !merchant.isActive &&
        match.kind === 'merchant' &&
        match.merchant.key === key &&
        merchant.trackingLink !== null &&
        merchant.categoryIds.length > 0 &&
        all.some(
          ({ merchant: other }) =>
            other.isActive &&
            other.deeplinkAllowed &&
            other.categoryIds.some((id) => merchant.categoryIds.includes(id)) &&
            (merchant.countryCodes.length === 0 || other.countryCodes.some((c) => merchant.countryCodes.includes(c))),
        )
      );
    });
    await eventually(
      () => (candidates[0] !== undefined && api.merchantLinks.locations(candidates[0].key) !== undefined) || undefined,
      'link health’s count of the site',
      30_000,
    );
    dead = candidates.find(({ key }) => api.merchantLinks.locations(key)!.length === 0)!;
    assert.ok(dead, 'an inactive merchant alone on its domain, with an alternative, linked from nowhere yet');

    site = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'replace-site');
    const link = (page: string, subId: string) =>
      deeplinkTo(dead.merchant, `https://${dead.merchant.defaultDomain}/${page}`, subId);
    const write = async (name: string, text: string) => {
      files[name] = vscode.Uri.joinPath(site, ...name.split('/'));
      await vscode.workspace.fs.writeFile(files[name], new TextEncoder().encode(text));
    };
    // Line ends of Windows in one file, entities in the HTML, a JSX attribute in the MDX, a file without the merchant.
    await write(
      'open.md',
      `# Open\r\n\r\nRead [the review](${link('p?a=1&b=2', 'old')}) and <${link('q', 'open')}>.\r\n\r\n[ref]: ${link('r', 'x')}\r\n`,
    );
    await write('closed.html', `<p>\n  <a href="${amp(link('p?a=1&b=2', 'stale'))}">deal</a> &amp; more\n</p>\n`);
    await write('closed.mdx', `# MDX\n\nSee ${link('m', 'closed')} and <a href="${link('n', 'x')}">this</a>.\n`);
    await write('deep/nested.md', `Nested: [n](${link('nested', 'nested')})\n`);
    await write('untouched.md', `# Nothing of that merchant here\n\nhttps://example.org/plain\n`);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(site, { recursive: true }).then(undefined, () => undefined);
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    for (const name of ['affiliateLinks.baseUrl', 'affiliateLinks.subId']) {
      await setting(name, undefined);
    }
    await sandbox?.close();
  });

  /** The files of the site that link to the merchant, once link health counted them. */
  async function linkingFiles(expected: number): Promise<string[]> {
    return eventually(() => {
      const uris = new Set((api.merchantLinks.locations(dead.key) ?? []).map((l) => l.uri.toString()));
      const inSite = [...uris].filter((uri) => uri.startsWith(`${site.toString()}/`)).sort();
      return inSite.length === expected ? inSite : undefined;
    }, `the ${expected} files linking to the merchant`);
  }

  it('asks the refactor preview for every change it makes (the product path)', async () => {
    await linkingFiles(4);
    const before = await Promise.all(Object.values(files).map(bytes));
    const replacer = api.merchantLinks.replacer();
    assert.ok(replacer, 'link health lent its replacer');
    const built = await replacer.edit(dead.key, { kind: 'unwrap' }, { confirm: true, label: 'a label' });
    assert.equal(built.entries.length, 7, 'one change per link (no <a> gets rel for a plain link)');
    assert.ok(
      built.entries.every((entry) => entry.metadata.needsConfirmation === true && entry.metadata.label === 'a label'),
      'every change needs confirmation',
    );
    assert.equal(built.edit.size, 4, 'four files in the edit');
    assert.deepEqual(await Promise.all(Object.values(files).map(bytes)), before, 'building applies nothing');
  });

  it('offers "Replace all N links to Shop X…" as a quick fix on a dead link of the merchant', async () => {
    await linkingFiles(4);
    const editor = await vscode.window.showTextDocument(files['open.md']!);
    const diagnostic = await eventually(
      () =>
        vscode.languages
          .getDiagnostics(editor.document.uri)
          .find((d) => d.source === 'Affiliate Links' && d.code === 'inactive-merchant'),
      'the dead link’s finding',
    );
    // The site's counts per merchant are published a moment after link health counted the files.
    const title = `Replace all 7 links to ${dead.merchant.name}…`;
    let titles = '';
    const replaceAll = await eventually(async () => {
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        editor.document.uri,
        diagnostic.range,
      );
      titles = actions.map((a) => a.title).join(' | ');
      return actions.find((a) => a.title === title);
    }, `the quick fix "${title}"`).catch((error: unknown) => assert.fail(`${String(error)}: ${titles}`));
    assert.equal(replaceAll.command?.command, COMMAND);
    assert.deepEqual(replaceAll.command?.arguments, [dead.key]);
  });

  it('replaces the links in every file, open or closed, and one undo restores them byte for byte', async () => {
    const opened = await vscode.window.showTextDocument(files['open.md']!);
    await linkingFiles(4);
    const names = Object.keys(files);
    const onDisk = Object.fromEntries(
      await Promise.all(names.map(async (name) => [name, await bytes(files[name]!)] as const)),
    );
    const texts = Object.fromEntries(
      await Promise.all(
        names.map(async (name) => [name, (await vscode.workspace.openTextDocument(files[name]!)).getText()] as const),
      ),
    );

    const outcome = await vscode.commands.executeCommand<Outcome>(COMMAND, dead.key, {
      choice: { kind: 'unwrap' },
      preview: false,
    });
    assert.ok(outcome?.applied, 'applied');
    assert.deepEqual(
      outcome.files.map((f) => `${vscode.workspace.asRelativePath(f.uri)} ${f.replaced}/${f.kept}`).sort(),
      [
        'replace-site/closed.html 1/0',
        'replace-site/closed.mdx 2/0',
        'replace-site/deep/nested.md 1/0',
        'replace-site/open.md 3/0',
      ],
    );
    const text = async (name: string) => (await vscode.workspace.openTextDocument(files[name]!)).getText();
    const domain = dead.merchant.defaultDomain;
    assert.equal(
      await text('open.md'),
      `# Open\r\n\r\nRead [the review](https://${domain}/p?a=1&b=2) and <https://${domain}/q>.\r\n\r\n[ref]: https://${domain}/r\r\n`,
    );
    assert.equal(
      await text('closed.html'),
      `<p>\n  <a href="https://${domain}/p?a=1&amp;b=2">deal</a> &amp; more\n</p>\n`,
    );
    assert.equal(
      await text('closed.mdx'),
      `# MDX\n\nSee https://${domain}/m and <a href="https://${domain}/n">this</a>.\n`,
    );
    assert.equal(await text('deep/nested.md'), `Nested: [n](https://${domain}/nested)\n`);
    assert.equal(await text('untouched.md'), texts['untouched.md']);
    // Link health reads the changed documents by itself: no finding of the merchant is left.
    await eventually(
      () =>
        (api.merchantLinks.locations(dead.key) ?? []).some((l) => l.uri.toString().startsWith(site.toString()))
          ? undefined
          : true,
      'no link to the merchant left in the site',
    );

    // VS Code saves the files of a refactoring (`files.refactoring.autoSave`, on by default): the edit is on disk.
    assert.notEqual(await bytes(files['closed.html']!), onDisk['closed.html'], 'the refactoring saved its files');

    // One undo, from the open editor, takes back the whole edit: every file's text as it was, byte for byte.
    await vscode.window.showTextDocument(opened.document);
    await vscode.commands.executeCommand('undo');
    for (const name of names) {
      const after = await text(name);
      assert.equal(after, texts[name], `${name} as it was`);
      assert.equal(Buffer.from(new TextEncoder().encode(after)).toString('hex'), onDisk[name], `${name} byte for byte`);
    }
    // The undone files are dirty (their saved text is the edit's); saving each writes back the very bytes.
    for (const name of names) {
      const document = await vscode.workspace.openTextDocument(files[name]!);
      assert.equal(document.isDirty, name !== 'untouched.md', `${name} dirty after the undo`);
      await document.save();
    }
    for (const name of names) {
      assert.equal(await bytes(files[name]!), onDisk[name], `${name} on disk as it was`);
    }
    await linkingFiles(4);
  });

  it('replaces with an alternative shop: each article’s SubID, its home page, and says where readers go', async () => {
    await linkingFiles(4);
    const offer = api.merchantLinks.replacer()!.offer(dead.key, () => undefined);
    assert.equal(offer.kind, 'offer');
    if (offer.kind !== 'offer') {
      return;
    }
    assert.equal(offer.links, 7);
    const alternative = offer.choices.alternatives[0];
    assert.ok(alternative, 'an alternative shop (the merchant was chosen for having one)');
    const m = alternative.ref.merchant;
    assert.ok(m.isActive && m.deeplinkAllowed, 'active with deeplinks');
    const outcome = await vscode.commands.executeCommand<Outcome>(COMMAND, dead.key, {
      choice: { kind: 'alternative', key: alternative.ref.key },
      preview: false,
    });
    assert.ok(outcome?.applied);
    const nested = (await vscode.workspace.openTextDocument(files['deep/nested.md']!)).getText();
    assert.equal(nested, `Nested: [n](${deeplinkTo(m, `https://${m.defaultDomain}/`, 'nested')})\n`);
    await vscode.window.showTextDocument(files['open.md']!);
    await vscode.commands.executeCommand('undo');
    assert.equal(
      (await vscode.workspace.openTextDocument(files['deep/nested.md']!)).getText(),
      `Nested: [n](${deeplinkTo(dead.merchant, `https://${dead.merchant.defaultDomain}/nested`, 'nested')})\n`,
    );
    await Promise.all(Object.values(files).map(async (uri) => (await vscode.workspace.openTextDocument(uri)).save()));
  });
});
