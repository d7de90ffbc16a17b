/** Turns a node of the pure tree model into a VS Code TreeItem. Tooltips come later, in resolveTreeItem. */
import * as vscode from 'vscode';
import { merchantDescription } from '../catalog/present/merchantFormat';
import { merchantIcon } from '../catalog/present/merchantIcon';
import type { MerchantTooltipFigures } from '../catalog/present/merchantFigures';
import { merchantTooltipMarkdown } from '../catalog/present/merchantTooltip';
import { merchantContextValue } from '../catalog/tree/merchantDetails';
import type { CatalogNode } from '../catalog/tree/treeNodes';

/** A codicon, or the merchant's logo when `showLogos` (the setting `affiliateLinks.merchants.logos`) asks for it: see merchantIcon. */
function merchantIconPath(
  merchant: Parameters<typeof merchantIcon>[0],
  showLogos: boolean,
): vscode.ThemeIcon | vscode.Uri {
  const icon = merchantIcon(merchant, showLogos);
  return icon.kind === 'logo' ? vscode.Uri.parse(icon.url) : new vscode.ThemeIcon(icon.id);
}

/** `showLogos`: merchants show their logos instead of codicons (the setting `affiliateLinks.merchants.logos`). */
export function createTreeItem(node: CatalogNode, showLogos = false): vscode.TreeItem {
  switch (node.kind) {
    case 'group': {
      const item = new vscode.TreeItem(
        node.label,
        node.active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
      );
      item.id = node.id;
      item.description = String(node.count);
      item.contextValue = 'group';
      const count = String(node.count);
      item.accessibilityInformation = {
        label: node.active
          ? vscode.l10n.t({
              message: 'Active merchants, {0}',
              args: [count],
              comment:
                'What a screen reader says of the group of active merchants in the Merchants view; {0} is how many it holds.',
            })
          : vscode.l10n.t({
              message: 'Inactive merchants, {0}',
              args: [count],
              comment:
                'What a screen reader says of the group of inactive merchants in the Merchants view; {0} is how many it holds.',
            }),
      };
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
      item.iconPath = merchantIconPath(node.merchant, showLogos);
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
 * links; with the publisher's figures of the period when they are loaded, and how many articles link to
 * the merchant once link health counted them.
 */
export function merchantTooltip(
  node: CatalogNode,
  figures?: MerchantTooltipFigures,
  linkedArticles?: number,
): vscode.MarkdownString | undefined {
  if (node.kind !== 'merchant') {
    return undefined;
  }
  const markdown = new vscode.MarkdownString(
    merchantTooltipMarkdown(node.merchant, undefined, figures, linkedArticles),
  );
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}
