import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import { MerchantDomainIndex } from '../../src/links/domainIndex';
import type { MerchantRef } from '../../src/merchant/merchantFields';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { activatedExtension, eventually } from './extensionUnderTest';
import { clipboardForPaste, pasteWithKeyboard, typeWithKeyboard } from './hostKeyboard';

const PLAIN_TEXT = vscode.DocumentDropOrPasteEditKind.Text.append('plain');
const NO_TOKEN = new vscode.CancellationTokenSource().token;

async function api(): Promise<AffiliateLinksApi> {
  return (await activatedExtension()).exports as AffiliateLinksApi;
}

async function configure(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(name, value, vscode.ConfigurationTarget.Global);
}

async function editorWith(content: string, language = 'markdown'): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language, content });
  return vscode.window.showTextDocument(document);
}

function endOf(editor: vscode.TextEditor): void {
  const end = editor.document.positionAt(editor.document.getText().length);
  editor.selection = new vscode.Selection(end, end);
}

describe('paste and completion in the real host', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let shop: MerchantRef;
  let page: string;
  /** The sandbox's requests so far: none may be added by a paste or a completion. */
  let requestsBefore: number;

  before(async () => {
    await configure('affiliateLinks.figures.enabled', false);
    await configure('affiliateLinks.subId', 'paste-test');
    sandbox = await startSandbox({ merchants: 1_200, seed: 35 });
    await configure('affiliateLinks.baseUrl', sandbox.url);
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
    shop = [...merchants]
      .map(([key, merchant]) => ({ key, merchant }))
      .find(({ key, merchant }) => {
        const match = index.match(`https://${merchant.defaultDomain}/`);
        return merchant.isActive && merchant.deeplinkAllowed && match.kind === 'merchant' && match.merchant.key === key;
      })!;
    assert.ok(shop, 'the sandbox has an active merchant with deeplinks alone on its domain');
    page = `https://${shop.merchant.defaultDomain}/trail-runner?size=42`;
    // The catalog's sync and the key's checks are done (no request for 2 s): from here, nothing may ask the service.
    let last = -1;
    await eventually(
      async () => {
        const now = sandbox.stats().total;
        const settled = now === last;
        last = now;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        return settled && now === sandbox.stats().total ? true : undefined;
      },
      'the requests of the key and the catalog to end',
      30_000,
    );
    requestsBefore = sandbox.stats().total;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    for (const name of ['baseUrl', 'subId', 'figures.enabled', 'paste.default', 'completion.cpc']) {
      await configure(`affiliateLinks.${name}`, undefined);
    }
    await configure('editor.pasteAs.preferences', undefined);
    await sandbox?.close();
  });

  it('offers the deeplink beside the plain paste, first only with affiliateLinks.paste.default', async () => {
    const { paste } = await api();
    const editor = await editorWith('Buy these shoes.\n');
    const chosen = new vscode.Range(0, 4, 0, 15);
    const transfer = new vscode.DataTransfer();
    transfer.set('text/plain', new vscode.DataTransferItem(page));
    const context = { only: undefined, triggerKind: vscode.DocumentPasteTriggerKind.Automatic };
    const [edit] = (await paste.provideDocumentPasteEdits(editor.document, [chosen], transfer, context, NO_TOKEN))!;
    assert.equal(edit!.title, `Insert as affiliate link (${shop.merchant.name})`);
    assert.equal(edit!.kind.value, 'text.affiliateLinks.deeplink');
    const link = /^\[these shoes\]\((.+)\)$/.exec(String(edit!.insertText));
    assert.ok(link, String(edit!.insertText));
    assert.equal(new URL(link[1]!).searchParams.get('url'), page);
    assert.equal(new URL(link[1]!).searchParams.get('s'), 'paste-test');
    assert.ok(
      edit!.yieldTo?.some((kind) => kind.value === PLAIN_TEXT.value),
      'the plain paste comes first',
    );

    await configure('affiliateLinks.paste.default', true);
    const [first] = (await paste.provideDocumentPasteEdits(editor.document, [chosen], transfer, context, NO_TOKEN))!;
    assert.deepEqual(first!.yieldTo, [], 'ours comes first');
    await configure('affiliateLinks.paste.default', undefined);

    const only = { only: vscode.DocumentDropOrPasteEditKind.Text.append('plain'), triggerKind: 1 };
    assert.equal(await paste.provideDocumentPasteEdits(editor.document, [chosen], transfer, only, NO_TOKEN), undefined);
  });

  it('keeps the plain paste as the default of Ctrl+V, and pastes the deeplink when the setting asks', async () => {
    await clipboardForPaste(page);
    const plain = await editorWith('Shoes: ');
    endOf(plain);
    await pasteWithKeyboard();

    await eventually(() => plain.document.getText() === `Shoes: ${page}` || undefined, 'the plain paste', 10_000);

    await configure('affiliateLinks.paste.default', true);
    const ours = await editorWith('Shoes: ');
    endOf(ours);
    await pasteWithKeyboard();

    const written = await eventually(
      () => /^Shoes: (https:\/\/\S+)$/.exec(ours.document.getText())?.[1],
      'the pasted deeplink',
      10_000,
    );
    assert.equal(new URL(written).searchParams.get('url'), page);
    assert.equal(new URL(written).searchParams.get('s'), 'paste-test');
    await configure('affiliateLinks.paste.default', undefined);
  });

  it('pastes as our kind when editor.pasteAs.preferences names it', async () => {
    await configure('editor.pasteAs.preferences', ['text.affiliateLinks']);
    await clipboardForPaste(page);
    const editor = await editorWith('Buy these shoes.\n');
    editor.selection = new vscode.Selection(0, 4, 0, 15);
    await pasteWithKeyboard();
    const link = await eventually(
      () => /^Buy \[these shoes\]\((\S+)\)\.\n$/.exec(editor.document.getText())?.[1],
      'the link pasted as affiliate link',
      10_000,
    );
    assert.equal(new URL(link).searchParams.get('url'), page);
    await configure('editor.pasteAs.preferences', undefined);
  });

  it('writes [the page’s title](deeplink) when the browser’s clipboard carries the title', async () => {
    await configure('affiliateLinks.paste.default', true);
    await clipboardForPaste(page, `<a href="${page.replace(/&/g, '&amp;')}">Trail Runner [42]</a>`);
    const editor = await editorWith('Shoes: ');
    endOf(editor);
    await pasteWithKeyboard();
    const link = await eventually(
      () => /^Shoes: \[Trail Runner \\\[42\\\]\]\((\S+)\)$/.exec(editor.document.getText())?.[1],
      'the titled link',
      10_000,
    );
    assert.equal(new URL(link).searchParams.get('url'), page);
    await configure('affiliateLinks.paste.default', undefined);
  });

  it('offers the same edit for a link dropped from the browser (text/uri-list)', async () => {
    const { paste } = await api();
    const editor = await editorWith('<p></p>', 'html');
    const transfer = new vscode.DataTransfer();
    transfer.set('text/uri-list', new vscode.DataTransferItem(`# dragged\r\n${page}\r\n`));
    const [edit] = (await paste.provideDocumentDropEdits(
      editor.document,
      new vscode.Position(0, 3),
      transfer,
      NO_TOKEN,
    ))!;
    assert.equal(edit!.title, `Insert as affiliate link (${shop.merchant.name})`);
    const html = /^<a href="([^"]+)" rel="sponsored">(.+)<\/a>$/.exec(String(edit!.insertText));
    assert.ok(html, String(edit!.insertText));
    assert.equal(new URL(html[1]!.replace(/&amp;/g, '&')).searchParams.get('url'), page);
    assert.ok(edit!.yieldTo?.some((kind) => kind.value === PLAIN_TEXT.value));
    const files = new vscode.DataTransfer();
    files.set('text/uri-list', new vscode.DataTransferItem('file:///tmp/notes.md'));
    assert.equal(
      await paste.provideDocumentDropEdits(editor.document, new vscode.Position(0, 3), files, NO_TOKEN),
      undefined,
    );
  });

  it('lists the merchant typed inside ](, and inserts its tracking link with the SubID', async () => {
    const editor = await editorWith('See [the shop](');
    endOf(editor);
    const typed = shop.merchant.name.split(' ')[0]!.slice(0, 4);
    await typeWithKeyboard(typed);
    await eventually(() => editor.document.getText().endsWith(typed) || undefined, 'the typed text', 10_000);
    const position = editor.document.positionAt(editor.document.getText().length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      position,
    );
    const item = list.items.find((candidate) => {
      const label = typeof candidate.label === 'string' ? candidate.label : candidate.label.label;
      return label === shop.merchant.name;
    });
    assert.ok(item, `${shop.merchant.name} is listed for "${typed}"`);
    const inserted = String(item.insertText);
    assert.ok(inserted.startsWith(shop.merchant.trackingLink!.split('?')[0]!), inserted);
    assert.equal(new URL(inserted.replace(/&amp;/g, '&')).searchParams.get('s'), 'paste-test');
  });

  it('made no request to the service for any of it', () => {
    assert.equal(sandbox.stats().total, requestsBefore, JSON.stringify(sandbox.stats().byEndpoint));
  });
});
