/**
 * `affiliateLinks.findMerchant`: a QuickPick over the whole catalog. VS Code is slow when
 * handed 20,000 items, so our own index matches as the user types and the pick only ever
 * holds its best few hundred. Choosing a merchant reveals it in the tree.
 */
import * as vscode from 'vscode';
import type { Merchant } from '../api/types';
import type { MerchantKey } from '../catalog/catalogTypes';
import { MerchantSearchIndex } from '../catalog/merchantSearch';
import { merchantDescription } from '../catalog/catalogTree';
import type { CatalogController } from '../services/catalogController';
import type { MerchantView } from '../views/merchantView';
import type { Command } from './command';

const SHOWN = 200;

interface MerchantPick extends vscode.QuickPickItem {
  key: MerchantKey;
}

function toPick(key: MerchantKey, merchant: Merchant): MerchantPick {
  return {
    key,
    label: merchant.name,
    description: merchantDescription(merchant),
    detail: merchant.isActive ? undefined : 'Inactive',
    alwaysShow: true,
  };
}

export class FindMerchantCommand implements Command {
  readonly id = 'affiliateLinks.findMerchant';
  private index: { merchants: ReadonlyMap<MerchantKey, Merchant>; search: MerchantSearchIndex } | undefined;

  constructor(
    private readonly controller: CatalogController,
    private readonly view: MerchantView,
  ) {}

  async execute(): Promise<MerchantKey | undefined> {
    const merchants = this.controller.store?.snapshot.merchants;
    if (!merchants || merchants.size === 0) {
      const choice = await vscode.window.showInformationMessage(
        this.controller.keyContext === 'set' ? 'The merchant catalog is not loaded yet.' : 'Set your API key to load the merchant catalog.',
        this.controller.keyContext === 'set' ? 'Refresh Merchants' : 'Set API Key',
      );
      if (choice) {
        await vscode.commands.executeCommand(choice === 'Set API Key' ? 'affiliateLinks.setApiKey' : 'affiliateLinks.refreshMerchants');
      }
      return undefined;
    }
    if (this.index?.merchants !== merchants) {
      this.index = { merchants, search: new MerchantSearchIndex(merchants) };
    }
    const search = this.index.search;
    const pick = vscode.window.createQuickPick<MerchantPick>();
    pick.title = `Find Merchant (${merchants.size.toLocaleString('en-US')})`;
    pick.placeholder = 'Type a merchant name or domain';
    pick.matchOnDescription = false;
    const show = (query: string): void => {
      pick.items = search.search(query, SHOWN).map((hit) => toPick(hit.key, hit.merchant));
    };
    show('');
    pick.onDidChangeValue(show);
    const chosen = await new Promise<MerchantPick | undefined>((resolve) => {
      pick.onDidAccept(() => resolve(pick.selectedItems[0]));
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
    pick.dispose();
    if (!chosen) {
      return undefined;
    }
    if (!(await this.view.reveal(chosen.key))) {
      void vscode.window.showInformationMessage(`${chosen.label} is hidden by the current filter.`, 'Clear Filter').then(
        (choice) => choice && vscode.commands.executeCommand('affiliateLinks.clearFilter').then(() => this.view.reveal(chosen.key)),
      );
    }
    return chosen.key;
  }
}
