import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Merchant } from '../../src/api/types';
import type { AffiliateLinksApi } from '../../src/extension';
import { MerchantDomainIndex } from '../../src/links/domainIndex';
import { type MerchantRef } from '../../src/merchant/merchantFields';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { activatedExtension, eventually } from './extensionUnderTest';

async function api(): Promise<AffiliateLinksApi> {
  return (await activatedExtension()).exports as AffiliateLinksApi;
}

async function setBaseUrl(url: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('affiliateLinks').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}

async function editorWith(language: string, content: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language, content });
  return vscode.window.showTextDocument(document);
}

/** Where `needle` starts in the editor's text, as a position. */
function positionOf(editor: vscode.TextEditor, needle: string, plus = 0): vscode.Position {
  const at = editor.document.getText().indexOf(needle);
  assert.ok(at >= 0, `${needle} is in the document`);
  return editor.document.positionAt(at + plus);
}

async function undo(editor: vscode.TextEditor): Promise<void> {
  await vscode.window.showTextDocument(editor.document);
  await vscode.commands.executeCommand('undo');
}

describe('links in the real host', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  /** Merchants of the loaded catalog that their default domain matches alone, by kind. */
  let deeplinkable: MerchantRef[];
  let inactive: MerchantRef;
  let cpc: MerchantRef;
  let noCpc: MerchantRef;

  before(async () => {
    sandbox = await startSandbox({ merchants: 1_200, seed: 21 });
    await setBaseUrl(sandbox.url);
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    const links = await api();
    const merchants = await eventually(
      () =>
        links.controller.store?.snapshot.merchants.size === 1_200
          ? links.controller.store.snapshot.merchants
          : undefined,
      'the catalog',
      30_000,
    );
    const index = new MerchantDomainIndex(merchants);
    const alone = [...merchants]
      .map(([key, merchant]) => ({ key, merchant }))
      .filter(({ key, merchant }) => {
        const match = index.match(`https://${merchant.defaultDomain}/`);
        return match.kind === 'merchant' && match.merchant.key === key;
      });
    const where = (test: (m: Merchant) => boolean) => alone.filter((ref) => test(ref.merchant));
    deeplinkable = where((m) => m.isActive && m.deeplinkAllowed);
    inactive = where((m) => !m.isActive && m.deeplinkAllowed)[0]!;
    cpc = where((m) => m.paymentModels.includes('CPC') || m.adCampaigns.length > 0)[0]!;
    noCpc = where((m) => !m.paymentModels.includes('CPC') && m.adCampaigns.length === 0)[0]!;
    assert.ok(deeplinkable.length >= 3 && inactive && cpc && noCpc, 'the sandbox has every kind of merchant');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    await setBaseUrl(undefined);
    await sandbox?.close();
  });

  it('copies a tracking link and a CPC link to the clipboard', async () => {
    const copied = await vscode.commands.executeCommand<string>('affiliateLinks.copyTrackingLink', cpc.key);
    assert.equal(copied, cpc.merchant.trackingLink);
    assert.equal(await vscode.env.clipboard.readText(), cpc.merchant.trackingLink);

    const cpcLink = await vscode.commands.executeCommand<string>('affiliateLinks.copyCpcTrackingLink', {
      kind: 'merchant',
      key: cpc.key,
    });
    assert.equal(new URL(cpcLink).searchParams.get('model'), 'CPC');
    assert.equal(await vscode.env.clipboard.readText(), cpcLink);
  });

  it('refuses a CPC link for a merchant without CPC, and leaves the clipboard alone', async () => {
    await vscode.env.clipboard.writeText('untouched');
    const copied = await vscode.commands.executeCommand<string | undefined>(
      'affiliateLinks.copyCpcTrackingLink',
      noCpc.key,
    );
    assert.equal(copied, undefined);
    assert.equal(await vscode.env.clipboard.readText(), 'untouched');
  });

  it('replaces the URL under each cursor by its deeplink, in one undo step', async () => {
    const [a, b] = deeplinkable;
    const original = `Read [the review](https://${a!.merchant.defaultDomain}/shoes?size=42) and\nsee https://www.${b!.merchant.defaultDomain}/sale.\n`;
    const editor = await editorWith('markdown', original);
    editor.selections = [
      new vscode.Selection(positionOf(editor, '/shoes', 2), positionOf(editor, '/shoes', 2)),
      new vscode.Selection(positionOf(editor, '/sale', 1), positionOf(editor, '/sale', 1)),
    ];
    const result = await vscode.commands.executeCommand('affiliateLinks.insertDeeplink');
    assert.deepEqual(result, { replaced: 2, inserted: 0 });
    const text = editor.document.getText();
    const first = /\]\(([^)]+)\)/.exec(text)![1]!;
    assert.equal(new URL(first).searchParams.get('url'), `https://${a!.merchant.defaultDomain}/shoes?size=42`);
    assert.ok(first.startsWith(a!.merchant.trackingLink!.split('?')[0]!), 'built on the merchant’s tracking link');
    assert.match(text, /\.\n$/, 'the full stop after the bare URL stays outside the link');
    await undo(editor);
    assert.equal(editor.document.getText(), original);
  });

  it('inserts a Markdown link around the selection, with the target given in the input box', async () => {
    const [a] = deeplinkable;
    const editor = await editorWith('markdown', 'Buy the best shoes today.\n');
    editor.selection = new vscode.Selection(
      positionOf(editor, 'best shoes'),
      positionOf(editor, 'best shoes', 'best shoes'.length),
    );
    await vscode.env.clipboard.writeText(`https://${a!.merchant.defaultDomain}/shoes`);
    const running = vscode.commands.executeCommand('affiliateLinks.insertDeeplink', a!.key);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.deepEqual(await running, { replaced: 0, inserted: 1 });
    const link = /^Buy the \[best shoes\]\(([^)]+)\) today\.\n$/.exec(editor.document.getText());
    assert.ok(link, editor.document.getText());
    assert.equal(new URL(link[1]!).searchParams.get('url'), `https://${a!.merchant.defaultDomain}/shoes`);
  });

  it('adds the SubID setting to the deeplink, and refuses a bad SubID without touching the document', async () => {
    const [a] = deeplinkable;
    const config = vscode.workspace.getConfiguration('affiliateLinks');
    const original = `https://${a!.merchant.defaultDomain}/x\n`;
    const editor = await editorWith('plaintext', original);
    try {
      await config.update('subId', 'bad id!', vscode.ConfigurationTarget.Global);
      editor.selection = new vscode.Selection(positionOf(editor, '/x'), positionOf(editor, '/x'));
      assert.equal(await vscode.commands.executeCommand('affiliateLinks.insertDeeplink'), undefined);
      assert.equal(editor.document.getText(), original);

      await config.update('subId', 'news_${date}', vscode.ConfigurationTarget.Global);
      editor.selection = new vscode.Selection(positionOf(editor, '/x'), positionOf(editor, '/x'));
      assert.deepEqual(await vscode.commands.executeCommand('affiliateLinks.insertDeeplink'), {
        replaced: 1,
        inserted: 0,
      });
      const link = new URL(editor.document.getText().trim());
      assert.match(link.searchParams.get('s') ?? '', /^news_\d{4}-\d{2}-\d{2}$/);
      assert.equal(link.searchParams.get('url'), `https://${a!.merchant.defaultDomain}/x`);
    } finally {
      await config.update('subId', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('refuses the deeplink of an inactive merchant and of a tracking link, leaving the document untouched', async () => {
    const original = `https://${inactive.merchant.defaultDomain}/x and ${deeplinkable[0]!.merchant.trackingLink}\n`;
    const editor = await editorWith('plaintext', original);
    const version = editor.document.version;
    editor.selection = new vscode.Selection(positionOf(editor, '/x'), positionOf(editor, '/x'));
    assert.equal(await vscode.commands.executeCommand('affiliateLinks.insertDeeplink'), undefined);
    editor.selection = new vscode.Selection(positionOf(editor, ' and ', 8), positionOf(editor, ' and ', 8));
    assert.equal(await vscode.commands.executeCommand('affiliateLinks.insertDeeplink'), undefined);
    assert.equal(editor.document.getText(), original);
    assert.equal(editor.document.version, version, 'no edit was made');
  });

  it('monetizes every merchant link of a document in one undoable edit, and counts what it skipped', async () => {
    const [a, b, c] = deeplinkable;
    const original = [
      `<p>See <a href="https://${a!.merchant.defaultDomain}/p?a=1&amp;b=2">this</a>,`,
      `https://${b!.merchant.defaultDomain}/deal, <https://${c!.merchant.defaultDomain}/>`,
      `and https://${inactive.merchant.defaultDomain}/old or ${cpc.merchant.trackingLink} or https://example.org/.</p>`,
      '',
    ].join('\n');
    const editor = await editorWith('html', original);
    const result = await vscode.commands.executeCommand('affiliateLinks.monetizeLinks', { all: true });
    assert.deepEqual(result, { converted: 3, skipped: 2 });
    const text = editor.document.getText();
    const href = /href="([^"]+)"/.exec(text)![1]!.replace(/&amp;/g, '&');
    assert.equal(new URL(href).searchParams.get('url'), `https://${a!.merchant.defaultDomain}/p?a=1&b=2`);
    assert.ok(text.includes(`https://${inactive.merchant.defaultDomain}/old`), 'the inactive merchant’s URL stays');
    assert.ok(text.includes('https://example.org/.'), 'a URL of no merchant stays');
    await undo(editor);
    assert.equal(editor.document.getText(), original);
  });

  it('names on hover the one merchant whose tracking link it is, though many share its host', async () => {
    const a = deeplinkable[0];
    const hostOf = (link: string | null | undefined): string => new URL(link!).host;
    const b = deeplinkable.find(
      (other) => other !== a && hostOf(other.merchant.trackingLink) === hostOf(a!.merchant.trackingLink),
    );
    assert.ok(b, 'the sandbox’s merchants share tracking hosts');
    const link = `${a!.merchant.trackingLink!.split('?')[0]}?url=https%3A%2F%2Fexample.org&s=x`;
    const unknown = `${new URL(a!.merchant.trackingLink!).origin}/no-merchant-has-this-path`;
    const editor = await editorWith('markdown', `See ${link} and ${unknown} .\n`);
    const hoverText = async (at: string): Promise<string> => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor.document.uri,
        positionOf(editor, at, 4),
      );
      // appendText escapes Markdown's characters with backslashes and writes spaces as &nbsp;.
      return hovers
        .flatMap((hover) => hover.contents)
        .map((content) => (typeof content === 'string' ? content : content.value))
        .join('\n')
        .replace(/\\/g, '')
        .replace(/&nbsp;/g, ' ');
    };
    const known = await hoverText(link);
    assert.ok(known.includes(`Tracking link of ${a!.merchant.name}`), known);
    assert.ok(!known.includes(b!.merchant.name), 'no other merchant of the tracking host is named');
    assert.ok((await hoverText(unknown)).includes('A tracking link of the service, but of none of your merchants.'));
  });

  it('shows the merchant of a URL on hover, with trusted links to its two actions only', async () => {
    const [a] = deeplinkable;
    const editor = await editorWith('markdown', `A link: https://${a!.merchant.defaultDomain}/page\n`);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      editor.document.uri,
      positionOf(editor, '/page'),
    );
    const ours = hovers
      .flatMap((hover) => hover.contents)
      .map((content) => (typeof content === 'string' ? content : content.value))
      .find((value) => value.includes('affiliateLinks.'));
    assert.ok(ours, 'our hover is shown');
    assert.ok(ours.includes('command:affiliateLinks.insertDeeplink?'));
    assert.ok(ours.includes('command:affiliateLinks.copyTrackingLink?'));
    // The hover's Insert Deeplink link, run with its own arguments, replaces that URL.
    const encoded = /command:affiliateLinks\.insertDeeplink\?([^)\s]+)/.exec(ours)![1]!;
    const args = JSON.parse(decodeURIComponent(encoded)) as unknown[];
    assert.deepEqual(await vscode.commands.executeCommand('affiliateLinks.insertDeeplink', ...args), {
      replaced: 1,
      inserted: 0,
    });
    assert.equal(
      new URL(editor.document.getText().slice('A link: '.length).trim()).searchParams.get('url'),
      `https://${a!.merchant.defaultDomain}/page`,
    );
    await undo(editor);
    await vscode.workspace
      .getConfiguration('affiliateLinks')
      .update('hover.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      const none = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor.document.uri,
        positionOf(editor, '/page'),
      );
      assert.ok(
        !none
          .flatMap((hover) => hover.contents)
          .some((content) => (typeof content === 'string' ? content : content.value).includes('affiliateLinks.')),
      );
    } finally {
      await vscode.workspace
        .getConfiguration('affiliateLinks')
        .update('hover.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
