import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { activatedExtension, eventually } from './extensionUnderTest';

async function api(): Promise<AffiliateLinksApi> {
  return (await activatedExtension()).exports as AffiliateLinksApi;
}

async function setBaseUrl(url: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('affiliateLinks').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}

function daysBefore(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

describe('reports in the real host', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;

  before(async () => {
    sandbox = await startSandbox({ merchants: 60, clicks: 3_000, actions: 300, seed: 31 });
    await setBaseUrl(sandbox.url);
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    const links = await api();
    await eventually(
      () => (links.controller.connection?.baseUrl === sandbox.url ? true : undefined),
      'the connection to the sandbox',
      30_000,
    );
  });

  after(async () => {
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    await setBaseUrl(undefined);
    await sandbox?.close();
  });

  it('reads a clicks report through the store, its total equal to the sandbox’s sum, and serves it from the cache next time', async () => {
    const links = await api();
    const store = links.reports.store();
    assert.ok(store, 'a store for the current key');
    const query = { kind: 'clicks' as const, period: { from: daysBefore(30), to: daysBefore(0) }, filters: {} };
    const state = await store.open(query);
    assert.equal(state.status, 'ready', state.error?.message);
    const total = state.report!.windows.flatMap((window) => window.items).reduce((sum, item) => sum + item.count, 0);
    const expected = sandbox.dataset.clicks
      .filter((item) => item.date >= query.period.from && item.date <= query.period.to)
      .reduce((sum, item) => sum + item.count, 0);
    assert.equal(total, expected);
    assert.equal(links.reports.store(), store, 'the same store while the connection stays');
    const again = await store.open(query);
    assert.deepEqual(again.lastRefresh?.modes, ['incremental']);
  });

  it('opens a new store when the service address changes', async () => {
    const links = await api();
    const before = links.reports.store();
    const other = await startSandbox({ merchants: 10, clicks: 100, seed: 32 });
    try {
      await setBaseUrl(other.url);
      await eventually(
        () => (links.controller.connection?.baseUrl === other.url ? true : undefined),
        'the new connection',
        30_000,
      );
      const after = links.reports.store();
      assert.ok(after && after !== before);
    } finally {
      await setBaseUrl(sandbox.url);
      await other.close();
    }
  });
});
