/**
 * What the file watchers never report, in the real host: new watchers miss what changes while they start
 * (after a window's reload, a file saved just after the first scan read it kept its old findings). Here a
 * folder in `files.watcherExclude` stands for those first moments: its changes are never reported, so
 * only the index's second look at the site, once its new watchers run, can find them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { activatedExtension, eventually } from './extensionUnderTest';

const SOURCE = 'Affiliate Links';

async function setting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(name, value, vscode.ConfigurationTarget.Global);
}

function codes(uri: vscode.Uri): string[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((diagnostic) => diagnostic.source === SOURCE)
    .map((diagnostic) => String(diagnostic.code));
}

async function write(uri: vscode.Uri, text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('link health when the file watchers say nothing, in the real host', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let blind: vscode.Uri;

  before(async () => {
    sandbox = await startSandbox({ merchants: 300, clicks: 0, actions: 0, seed: 41 });
    await setting('affiliateLinks.baseUrl', sandbox.url);
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    const api = (await activatedExtension()).exports as AffiliateLinksApi;
    await eventually(
      () => (api.controller.store?.snapshot.merchants.size === 300 ? true : undefined),
      'the catalog',
      30_000,
    );
    blind = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'unwatched-site');
    await setting('files.watcherExclude', { '**/unwatched-site/**': true });
  });

  after(async () => {
    await vscode.workspace.fs.delete(blind, { recursive: true }).then(undefined, () => undefined);
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    for (const name of ['affiliateLinks.baseUrl', 'files.watcherExclude', 'affiliateLinks.linkHealth.enabled']) {
      await setting(name, undefined);
    }
    await sandbox?.close();
  });

  it('reads again, once its new watchers run, a file changed or deleted after the first scan read it', async () => {
    const inactive = sandbox.dataset.merchants.find((merchant) => !merchant.isActive && merchant.trackingLink)!;
    const article = vscode.Uri.joinPath(blind, 'review.md');
    const deleted = vscode.Uri.joinPath(blind, 'old/review.md');
    const dead = `# Review\n\nBuy it [here](${inactive.trackingLink}).\n`;
    await write(article, dead);
    await write(deleted, dead);
    // Link health made again: a first scan with new watchers, as after a window's reload.
    await setting('affiliateLinks.linkHealth.enabled', false);
    await setting('affiliateLinks.linkHealth.enabled', true);
    await eventually(
      () => (codes(article).includes('inactive-merchant') && codes(deleted).length > 0 ? true : undefined),
      'the first scan',
      30_000,
    );

    // Saved, and deleted, just after the first scan read them: no watcher reports it, the second look finds it.
    await write(article, '# Review\n\nSold out, sorry.\n');
    fs.rmSync(deleted.fsPath);
    await eventually(
      () => (codes(article).length === 0 && codes(deleted).length === 0 ? true : undefined),
      'the second look at the site',
      15_000,
    );

    // The premise: once the index has looked again, a change in this folder stays unseen.
    await write(article, dead);
    await sleep(4_000);
    assert.deepEqual(codes(article), [], 'the watchers report nothing under files.watcherExclude');
  });
});
