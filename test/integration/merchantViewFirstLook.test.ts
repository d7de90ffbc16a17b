/**
 * What a newcomer sees of the Merchants view in the real host: the view shows itself when a
 * catalog loads for the first time, and rows whose logo cannot load (the sandbox's logo host
 * does not resolve) show a codicon, not a blank gap, unless logos are asked for.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CatalogNode, MerchantNode } from '../../src/catalog/tree/treeNodes';
import type { AffiliateLinksApi } from '../../src/extension';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { activatedExtension, eventually } from './extensionUnderTest';

async function api(): Promise<AffiliateLinksApi> {
  return (await activatedExtension()).exports as AffiliateLinksApi;
}

async function setting(name: 'baseUrl' | 'merchants.logos', value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('affiliateLinks').update(name, value, vscode.ConfigurationTarget.Global);
}

/** Every merchant row of the tree, through its groups and pages. */
function merchantNodes(links: AffiliateLinksApi): MerchantNode[] {
  const provider = links.view.provider;
  const out: MerchantNode[] = [];
  const visit = (node: CatalogNode): void => {
    if (node.kind === 'merchant') {
      out.push(node);
    } else if (node.kind === 'group' || node.kind === 'bucket') {
      provider.getChildren(node).forEach(visit);
    }
  };
  provider.getChildren().forEach(visit);
  return out;
}

/** The codicon id of a row's icon, or the address of its image; no `instanceof` across bundles. */
function iconOf(links: AffiliateLinksApi, node: MerchantNode): string {
  const icon = links.view.provider.getTreeItem(node).iconPath as
    | { id?: unknown; scheme?: unknown; toString(): string }
    | undefined;
  if (typeof icon?.id === 'string') {
    return `codicon:${icon.id}`;
  }
  return typeof icon?.scheme === 'string' ? icon.toString() : `none: ${String(icon)}`;
}

describe('the Merchants view at first sight, in the real host', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;

  before(async () => {
    sandbox = await startSandbox({ merchants: 60, seed: 151 });
  });

  after(async () => {
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    await setting('merchants.logos', undefined);
    await setting('baseUrl', undefined);
    await sandbox?.close();
  });

  it('shows itself, once, when a catalog loads for the first time', async () => {
    const links = await api();
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await eventually(() => (links.view.visible ? undefined : true), 'the view hidden');
    await setting('baseUrl', sandbox.url);
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    await eventually(
      () => (links.controller.store?.snapshot.merchants.size === 60 ? true : undefined),
      'the sandbox’s catalog',
      30_000,
    );
    await eventually(() => (links.view.visible ? true : undefined), 'the Merchants view shown', 15_000);

    // Loaded again (cached now), the catalog leaves the view where the user put it.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await eventually(() => (links.view.visible ? undefined : true), 'the view hidden');
    await vscode.commands.executeCommand('affiliateLinks.refreshMerchants');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(links.view.visible, false);
  });

  it('shows a codicon for a merchant whose logo cannot load, active or inactive', async () => {
    const links = await api();
    const nodes = merchantNodes(links);
    const withLogo = nodes.filter((node) => node.merchant.imageUri?.startsWith('https://'));
    assert.ok(
      withLogo.some((node) => node.merchant.isActive) && withLogo.some((node) => !node.merchant.isActive),
      'the sandbox has logos of active and inactive merchants',
    );
    // The sandbox's logo host is a name that does not resolve: a logo there would be a blank gap.
    assert.ok(withLogo.every((node) => new URL(node.merchant.imageUri!).hostname === 'cdn.sandbox-links.net'));
    for (const node of withLogo) {
      assert.equal(
        iconOf(links, node),
        node.merchant.isActive ? 'codicon:briefcase' : 'codicon:circle-slash',
        node.merchant.name,
      );
    }
  });

  it('shows the logos when the setting asks for them, and codicons again when it is cleared', async () => {
    const links = await api();
    const changed = new Promise<void>((resolve) => {
      const subscription = links.view.provider.onDidChangeTreeData(() => {
        subscription.dispose();
        resolve();
      });
    });
    await setting('merchants.logos', true);
    await changed;
    const nodes = merchantNodes(links);
    for (const node of nodes) {
      const logo = node.merchant.imageUri;
      const expected = logo?.startsWith('https://')
        ? new URL(logo).href
        : node.merchant.isActive
          ? 'codicon:briefcase'
          : 'codicon:circle-slash';
      assert.equal(iconOf(links, node), expected, node.merchant.name);
    }
    assert.ok(
      nodes.some((node) => node.merchant.imageUri === null),
      'some merchant has no logo at all',
    );
    await setting('merchants.logos', undefined);
    await eventually(
      () => (nodes.every((node) => iconOf(links, node).startsWith('codicon:')) ? true : undefined),
      'codicons again',
    );
  });
});
