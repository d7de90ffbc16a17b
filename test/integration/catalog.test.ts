import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { api, expectedGroups, groups, setBaseUrl } from './catalogView';
import { eventually } from './extensionUnderTest';

describe('the merchant catalog in the real host', function () {
  this.timeout(60_000);
  let first: Sandbox;
  let second: Sandbox;

  before(async () => {
    first = await startSandbox({ merchants: 2_500, seed: 11 });
    second = await startSandbox({ merchants: 120, seed: 12 });
    await setBaseUrl(first.url);
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
  });

  after(async () => {
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    await setBaseUrl(undefined);
    await first?.close();
    await second?.close();
  });

  it('starts with no key and an empty view', async () => {
    const links = await api();
    await eventually(() => (links.controller.keyContext === 'none' ? true : undefined), 'no key');
    assert.deepEqual(links.view.provider.getChildren(), []);
  });

  it('refuses a key the service rejects, and saves nothing', async () => {
    const saved = await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', 'WrongKey123');
    assert.equal(saved, false);
    assert.equal((await api()).controller.keyContext, 'none');
  });

  it('sets a key through the command, then shows both groups with the sandbox’s counts', async () => {
    const saved = await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', first.key);
    assert.equal(saved, true);
    const links = await api();
    await eventually(
      () => (links.controller.store?.snapshot.merchants.size === 2_500 ? true : undefined),
      'the whole catalog',
      30_000,
    );
    await eventually(
      () => (groups(links)[0]?.count === expectedGroups(first)[0]?.count ? true : undefined),
      'the tree to show the catalog',
    );
    assert.deepEqual(groups(links), expectedGroups(first));
  });

  it('splits a group of more than 1,000 merchants into buckets, and expands a merchant to its details', async () => {
    const links = await api();
    const [active, inactive] = links.view.provider.getChildren();
    const big = [active!, inactive!].find((group) => group.kind === 'group' && group.count > 1_000);
    assert.ok(big, 'a group over 1,000');
    const buckets = links.view.provider.getChildren(big);
    assert.ok(buckets.every((node) => node.kind === 'bucket'));
    assert.ok(buckets.length > 1);
    const merchant = links.view.provider.getChildren(buckets[0]).find((node) => node.kind === 'merchant');
    assert.ok(merchant);
    const details = links.view.provider
      .getChildren(merchant)
      .map((node) => (node.kind === 'detail' ? node.label : node.kind));
    assert.ok(
      details.some((label) => /domains/i.test(label)),
      details.join(', '),
    );
    const item = links.view.provider.getTreeItem(merchant);
    assert.equal(item.label, merchant.kind === 'merchant' ? merchant.merchant.name : '');
    assert.equal(item.tooltip, undefined, 'the tooltip is built lazily');
    const resolved = links.view.provider.resolveTreeItem(item, merchant);
    assert.ok(resolved.tooltip instanceof vscode.MarkdownString);
    assert.equal(resolved.tooltip.isTrusted, false);
  });

  it('reuses the cached catalog when it comes back to a base URL: no request while it is fresh, and Refresh Merchants syncs only what changed', async () => {
    const links = await api();
    await setBaseUrl(second.url);
    await eventually(
      () => (links.controller.store?.snapshot.merchants.size === 120 ? true : undefined),
      'the second catalog',
      30_000,
    );
    assert.deepEqual(groups(links), expectedGroups(second), 'a base URL change switches catalogs');

    const changed = [3, 1_200, 2_400].map((index) => first.dataset.merchants[index]!.name);
    [3, 1_200, 2_400].forEach((index) => first.touchMerchant(index));
    // The catalog's endpoint only: the figures open the first service's reports a second after the switch
    // (figuresController.ts), and read them when they never had them, which depends on what ran before.
    const catalogRequests = () => first.stats().byEndpoint.merchant;
    const requestsBefore = catalogRequests();
    await setBaseUrl(first.url);
    await eventually(
      () => (links.controller.store?.snapshot.merchants.size === 2_500 ? true : undefined),
      'the cached first catalog',
      5_000,
    );
    assert.deepEqual(groups(links), expectedGroups(first));
    // Synced a minute ago, within affiliateLinks.merchants.freshnessHours (12 by default): shown as cached.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(
      catalogRequests(),
      requestsBefore,
      `no catalog request for a fresh cached catalog (all endpoints now: ${JSON.stringify(first.stats().byEndpoint)})`,
    );
    assert.equal(links.controller.lastSync as unknown, undefined, 'no sync since the switch');

    await vscode.commands.executeCommand('affiliateLinks.refreshMerchants');
    await eventually(() => links.controller.lastSync, 'the incremental sync', 30_000);
    assert.equal(links.controller.lastSync?.kind, 'incremental');
    assert.ok((links.controller.lastSync?.received ?? 0) >= changed.length, 'the touched merchants came back');
    assert.ok((links.controller.lastSync?.received ?? 99) < 20, 'only what changed came back, not the catalog');
  });

  it('keeps the cached catalog when the service cannot be reached, and says it is offline', async () => {
    const links = await api();
    first.setFaults('reset');
    try {
      await vscode.commands.executeCommand('affiliateLinks.refreshMerchants');
      await eventually(() => links.controller.offline, 'the offline state', 20_000);
      assert.equal(links.controller.store?.snapshot.merchants.size, 2_500, 'nothing lost');
      assert.deepEqual(groups(links), expectedGroups(first));
      assert.match(links.view.message ?? '', /^Offline: showing merchants cached on .+\.$/);
    } finally {
      first.setFaults('');
    }
    await vscode.commands.executeCommand('affiliateLinks.refreshMerchants');
    await eventually(() => (links.controller.offline === undefined ? true : undefined), 'back online', 20_000);
    assert.equal(links.view.message, undefined);
  });

  it('recognises a failure of the lazily loaded client when the service is gone: one status, offline, and the log names the error class', async () => {
    const links = await api();
    const gone = await startSandbox({ merchants: 40, seed: 13 });
    try {
      await setBaseUrl(gone.url);
      await eventually(
        () =>
          links.controller.store?.snapshot.merchants.size === 40 && links.controller.status?.state === 'idle'
            ? true
            : undefined,
        'the catalog of the service about to stop',
        30_000,
      );
      await gone.close();
      await vscode.commands.executeCommand('affiliateLinks.refreshMerchants');
      const status = await eventually(
        () => (links.controller.status?.state === 'offline' ? links.controller.status : undefined),
        'the store to say offline',
        30_000,
      );
      assert.equal(
        status.state === 'offline' && status.error.name,
        'NetworkError',
        'the error keeps its literal class name',
      );
      assert.deepEqual(
        links.controller.offline,
        { since: links.controller.store?.snapshot.syncedAt },
        "the view reads the store's status",
      );
      assert.equal(links.controller.loadFailed, false, 'the cached merchants are still shown');
      assert.equal(links.controller.store?.snapshot.merchants.size, 40, 'nothing lost');
      await vscode.commands.executeCommand('affiliateLinks.showLog');
      const log = await eventually(
        () =>
          vscode.workspace.textDocuments.find(
            (document) => document.uri.scheme === 'output' && /\[NetworkError, network\]/.test(document.getText()),
          ),
        'a log line naming NetworkError',
        20_000,
      );
      assert.match(log.getText(), /\[error\] Loading merchants failed: .+ \[NetworkError, network\]/);
    } finally {
      await gone.close().catch(() => undefined);
      await setBaseUrl(first.url);
      await eventually(
        () => (links.controller.store?.snapshot.merchants.size === 2_500 ? true : undefined),
        'the first catalog again',
        30_000,
      );
    }
  });

  it('narrows the tree with the filter and says how many are shown', async () => {
    const links = await api();
    const country = first.dataset.merchants[0]!.countryCodes[0]!;
    await vscode.commands.executeCommand('affiliateLinks.filterMerchants', country);
    try {
      const model = links.view.provider.model!;
      assert.ok(model.shownCount > 0 && model.shownCount < 2_500, `${model.shownCount} shown`);
      await eventually(() => (links.view.message?.includes(`"${country}"`) ? true : undefined), 'the filter message');
      assert.match(links.view.message ?? '', new RegExp(`Filter "${country}": [\\d,]+ of 2,500 shown\\.`));
    } finally {
      await vscode.commands.executeCommand('affiliateLinks.clearFilter');
    }
    await eventually(() => (links.view.message === undefined ? true : undefined), 'the filter to be cleared');
  });

  it('sorts by average commission from the view-title toggle, highest first', async () => {
    const links = await api();
    await vscode.commands.executeCommand('affiliateLinks.sortByCommission');
    try {
      const [active] = links.view.provider.getChildren();
      const firstPage = links.view.provider.getChildren(active);
      const merchants = links.view.provider.getChildren(firstPage[0]).filter((node) => node.kind === 'merchant');
      const commissions = merchants
        .map((node) => (node.kind === 'merchant' ? node.merchant.averageCommission : null))
        .filter((value) => value !== null);
      assert.ok(commissions.length > 10);
      assert.deepEqual(
        commissions,
        [...commissions].sort((a, b) => b - a),
      );
    } finally {
      await vscode.commands.executeCommand('affiliateLinks.sortByName');
    }
  });

  it('reports a key the service refuses on a later request', async () => {
    const links = await api();
    const rejecting = await startSandbox({ merchants: 10, key: 'AnotherKey1' });
    try {
      await setBaseUrl(rejecting.url);
      await eventually(() => (links.controller.loadFailed ? true : undefined), 'the 401 to be reported', 20_000);
      assert.equal(links.controller.store?.snapshot.merchants.size, 0);
    } finally {
      await setBaseUrl(first.url);
      await rejecting.close();
    }
  });

  it('empties the view when the key is cleared', async () => {
    const links = await api();
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    await eventually(() => (links.controller.keyContext === 'none' ? true : undefined), 'the key to be gone');
    assert.equal(links.controller.store, undefined);
    assert.deepEqual(links.view.provider.getChildren(), []);
  });
});
