/** What the catalog's integration suites share: the extension's API, the service address, the tree's groups. */
import * as vscode from 'vscode';
import type { CatalogNode } from '../../src/catalog/tree/treeNodes';
import type { AffiliateLinksApi } from '../../src/extension';
import type { Sandbox } from '../../src/sandbox/server';
import { activatedExtension } from './extensionUnderTest';

export async function api(): Promise<AffiliateLinksApi> {
  return (await activatedExtension()).exports as AffiliateLinksApi;
}

export async function setBaseUrl(url: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('affiliateLinks').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}

/** The tree's top rows: its groups with their counts. */
export function groups(links: AffiliateLinksApi): Array<{ label: string; count: number }> {
  return links.view.provider
    .getChildren()
    .filter((node): node is Extract<CatalogNode, { kind: 'group' }> => node.kind === 'group')
    .map((node) => ({ label: node.label, count: node.count }));
}

/** The groups the tree should show for the sandbox's catalog. */
export function expectedGroups(sandbox: Sandbox): Array<{ label: string; count: number }> {
  const active = sandbox.dataset.merchants.filter((merchant) => merchant.isActive).length;
  return [
    { label: 'Active', count: active },
    { label: 'Inactive', count: sandbox.dataset.merchants.length - active },
  ];
}
