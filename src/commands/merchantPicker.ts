/** A QuickPick over the whole catalog, shared by Find Merchant and the link commands run from the palette. */
import * as vscode from 'vscode';
import { merchantDescription } from '../catalog/present/merchantFormat';
import { acceptedItem } from '../catalog/search/pickAcceptance';
import type { MerchantRef, MerchantSummary } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';
import type { CatalogController } from '../controllers/catalogController';
import type { CatalogSearch } from '../controllers/merchantSearchIndex';
import { explainNoCatalog } from './noCatalogMessage';

const SHOWN = 200;

export interface MerchantPick extends vscode.QuickPickItem, MerchantRef {}

export interface PickOptions {
  /** Localised, like the placeholder. */
  title: string;
  placeholder?: string;
  /** Buttons on every item, with what they do; the pick stays open. */
  buttons?: ReadonlyArray<{ button: vscode.QuickInputButton; run(ref: MerchantRef): unknown }>;
}

function toPick(
  key: MerchantKey,
  merchant: MerchantSummary,
  buttons: readonly vscode.QuickInputButton[],
): MerchantPick {
  return {
    key,
    merchant,
    label: merchant.name,
    description: merchantDescription(merchant),
    detail: merchant.isActive ? undefined : vscode.l10n.t('Inactive'),
    alwaysShow: true,
    buttons,
  };
}

/**
 * VS Code is slow when handed 20,000 items, so our own index matches as the user types and the
 * pick only ever holds its best few hundred. The index is built once per catalog snapshot.
 */
export class MerchantPicker {
  constructor(
    private readonly controller: CatalogController,
    private readonly catalogSearch: CatalogSearch,
  ) {}

  /**
   * Lets the user choose a merchant; undefined when they cancel. With no catalog yet, says so
   * and offers the step that loads one instead.
   */
  async pick(options: PickOptions): Promise<MerchantRef | undefined> {
    const merchants = this.controller.store?.snapshot.merchants;
    const search = this.catalogSearch.current();
    if (!merchants || !search) {
      explainNoCatalog(this.controller);
      return undefined;
    }
    const buttons = options.buttons ?? [];
    const pick = vscode.window.createQuickPick<MerchantPick>();
    const count = merchants.size.toLocaleString('en-US');
    pick.title =
      merchants.size === 1
        ? vscode.l10n.t({
            message: '{0} ({1} merchant)',
            args: [options.title, count],
            comment: '{0} is the title of the pick, e.g. "Find Merchant"; {1} how many merchants the catalog holds.',
          })
        : vscode.l10n.t({
            message: '{0} ({1} merchants)',
            args: [options.title, count],
            comment: '{0} is the title of the pick, e.g. "Find Merchant"; {1} how many merchants the catalog holds.',
          });
    pick.placeholder = options.placeholder ?? vscode.l10n.t('Type a merchant name or domain');
    pick.matchOnDescription = false;
    let itemsChangedAt = 0;
    const show = (query: string): void => {
      itemsChangedAt = performance.now();
      pick.items = search.search(query, SHOWN).map((hit) =>
        toPick(
          hit.key,
          hit.merchant,
          buttons.map((b) => b.button),
        ),
      );
    };
    show('');
    const chosen = await new Promise<MerchantPick | undefined>((resolve) => {
      pick.onDidChangeValue(show);
      pick.onDidTriggerItemButton(({ item, button }) =>
        buttons.find((b) => b.button === button)?.run({ key: item.key, merchant: item.merchant }),
      );
      pick.onDidAccept(() =>
        resolve(acceptedItem(pick.selectedItems[0], pick.items, performance.now() - itemsChangedAt)),
      );
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
    pick.dispose();
    return chosen && { key: chosen.key, merchant: chosen.merchant };
  }
}
