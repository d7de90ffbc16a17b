/** Turns a node of the pure tree model into a VS Code TreeItem. Tooltips come later, in resolveTreeItem. */
import * as vscode from 'vscode';
import { merchantDescription } from '../catalog/present/merchantFormat';
import type { MerchantTooltipFigures } from '../catalog/present/merchantFigures';
import { merchantTooltipMarkdown } from '../catalog/present/merchantTooltip';
import { merchantContextValue } from '../catalog/tree/merchantDetails';
import type { CatalogNode } from '../catalog/tree/treeNodes';

function merchantIcon(imageUri: string | null, isActive: boolean): vscode.ThemeIcon | vscode.Uri {
  if (imageUri) {
    try {
      const url = new URL(imageUri);
      if (url.protocol === 'https:') {
        return vscode.Uri.parse(url.href);
      }
    } catch {
      // not a URL: the codicon below
    }
  }
  return new vscode.ThemeIcon(isActive ? 'briefcase' : 'circle-slash');
}

export function createTreeItem(node: CatalogNode): vscode.TreeItem {
  switch (node.kind) {
    case 'group': {
      const item = new vscode.TreeItem(
        node.label,
        node.active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
      );
      item.id = node.id;
      item.description = String(node.count);
      item.contextValue = 'group';
      item.accessibilityInformation = { label: `${node.label} merchants, ${node.count}` };
      return item;
    }
    case 'bucket': {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = node.id;
      item.description = String(node.count);
      item.contextValue = 'bucket';
      return item;
    }
    case 'merchant': {
      const item = new vscode.TreeItem(node.merchant.name, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = node.id;
      item.description = merchantDescription(node.merchant);
      item.iconPath = merchantIcon(node.merchant.imageUri, node.merchant.isActive);
      item.contextValue = merchantContextValue(node.merchant);
      return item;
    }
    case 'detail': {
      const item = new vscode.TreeItem(
        node.label,
        node.hasChildren ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
      );
      item.id = node.id;
      item.description = node.description;
      item.contextValue = 'detail';
      return item;
    }
  }
}

/**
 * The merchant's tooltip, built only when VS Code asks for it: untrusted, no HTML, no command
 * links; with the publisher's figures of the period when they are loaded.
 */
export function merchantTooltip(node: CatalogNode, figures?: MerchantTooltipFigures): vscode.MarkdownString | undefined {
  if (node.kind !== 'merchant') {
    return undefined;
  }
  const markdown = new vscode.MarkdownString(merchantTooltipMarkdown(node.merchant, undefined, figures));
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}
