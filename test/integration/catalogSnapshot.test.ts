/**
 * Export Catalog Snapshot in the real host (issue 36): with the sandbox's catalog synced, the command writes the
 * catalog the store shows (its merchants' details read from the pages they were kept over) to the file it is handed,
 * asking the service nothing; the file reads back as the same merchants. A target it cannot write gets no file and
 * the command says so.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Merchant } from '../../src/api/types';
import { readCatalogSnapshot } from '../../src/catalog/snapshot/catalogSnapshot';
import type { AffiliateLinksApi } from '../../src/extension';
import { MERCHANT_FIELDS } from '../../src/merchant/merchantFields';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { activatedExtension, eventually } from './extensionUnderTest';

const COMMAND = 'affiliateLinks.exportCatalogSnapshot';
const MERCHANTS = 1_300;

/** Every field of a merchant, read by name (a merchant of the store reads its details behind getters). */
function plain(merchant: Merchant): Record<string, unknown> {
  return Object.fromEntries(MERCHANT_FIELDS.map((field) => [field, merchant[field]]));
}

async function setting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(name, value, vscode.ConfigurationTarget.Global);
}

describe('Export Catalog Snapshot in the real host', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let api: AffiliateLinksApi;
  let folder: string;

  before(async () => {
    sandbox = await startSandbox({ merchants: MERCHANTS, clicks: 50, actions: 20, seed: 36 });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'export-snapshot-'));
    await setting('affiliateLinks.baseUrl', sandbox.url);
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    api = (await activatedExtension()).exports as AffiliateLinksApi;
    await eventually(
      () => (api.controller.store?.snapshot.merchants.size === MERCHANTS ? true : undefined),
      'the sandbox’s catalog synced',
      30_000,
    );
  });

  after(async () => {
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    await setting('affiliateLinks.baseUrl', undefined);
    await sandbox?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('writes the catalog the store shows to the file it is handed, asking the service nothing', async () => {
    // What the extension asks at a new key (the figures, the reports) is asked before the command runs.
    await eventually(
      async () => {
        const total = sandbox.stats().total;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return sandbox.stats().total === total ? true : undefined;
      },
      'the requests of the new key to settle',
      30_000,
    );
    const before = sandbox.stats();
    const target = vscode.Uri.file(path.join(folder, 'catalog-snapshot.txt'));
    const written = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMAND, target);
    assert.equal(written?.toString(), target.toString());
    const after = sandbox.stats();
    assert.equal(after.total, before.total, 'no request to the service');
    assert.equal(after.byEndpoint.merchant, before.byEndpoint.merchant);

    const read = readCatalogSnapshot(fs.readFileSync(target.fsPath, 'utf8'));
    assert.ok(read.ok, read.ok ? '' : read.problem);
    const store = api.controller.store!.snapshot;
    assert.equal(read.snapshot.takenAt, store.syncedAt, 'dated when the catalog was synced');
    assert.equal(read.snapshot.baseUrl, sandbox.url);
    assert.deepEqual([...read.snapshot.merchants.keys()], [...store.merchants.keys()], 'the same merchants, in order');
    assert.deepEqual(
      [...read.snapshot.merchants.values()].map(plain),
      [...store.merchants.values()].map(plain),
      'every field of every merchant',
    );
    assert.equal(read.snapshot.merchants.size, MERCHANTS);
  });

  it('writes nothing where it cannot write (a folder), and says so', async () => {
    const target = vscode.Uri.file(path.join(folder, 'a-folder'));
    fs.mkdirSync(target.fsPath);
    const written = await vscode.commands.executeCommand<vscode.Uri | undefined>(COMMAND, target);
    assert.equal(written, undefined);
    assert.ok(fs.statSync(target.fsPath).isDirectory(), 'the folder is left as it was');
  });
});
