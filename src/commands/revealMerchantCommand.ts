/**
 * `affiliateLinks.revealMerchant` (internal, hidden from the palette): shows a merchant, given by its id, in the
 * Merchants view. The report panel's merchant rows run it, so the panel needs no view of its own; each case it cannot
 * show says what to do.
 */
import * as vscode from 'vscode';
import type { CatalogController } from '../controllers/catalogController';
import { COMMANDS } from '../ids';
import { merchantKeyOfId } from '../merchant/merchantKey';
import type { MerchantView } from '../views/merchantView';
import type { Command } from './command';

export class RevealMerchantCommand implements Command {
  readonly id = COMMANDS.revealMerchant;

  constructor(
    private readonly controller: CatalogController,
    private readonly view: MerchantView,
  ) {}

  async execute(merchantId?: unknown): Promise<void> {
    const text = String(merchantId);
    const id = Number(text);
    if (typeof merchantId !== 'string' || !/^\d{1,15}$/.test(text) || !Number.isSafeInteger(id)) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('The report names merchant "{0}", which is not a merchant id of the catalog.', text),
      );
      return;
    }
    const store = this.controller.store;
    if (store === undefined) {
      void vscode.window
        .showInformationMessage(
          vscode.l10n.t('The merchant catalog is not open: set your API key, then try again.'),
          vscode.l10n.t('Set API Key'),
        )
        .then((choice) => choice && vscode.commands.executeCommand(COMMANDS.setApiKey));
      return;
    }
    const key = merchantKeyOfId(id);
    const merchant = store.snapshot.merchants.get(key);
    if (merchant === undefined) {
      void vscode.window
        .showInformationMessage(
          vscode.l10n.t(
            'Merchant {0} is not in the catalog: it may have left the program, or the catalog is not up to date. Refresh the merchants to check.',
            text,
          ),
          vscode.l10n.t('Refresh Merchants'),
        )
        .then((choice) => choice && vscode.commands.executeCommand(COMMANDS.refreshMerchants));
      return;
    }
    if (!(await this.view.reveal(key))) {
      const choice = await vscode.window.showInformationMessage(
        vscode.l10n.t('"{0}" is hidden by the current filter of the Merchants view.', merchant.name),
        vscode.l10n.t('Clear Filter'),
      );
      if (choice) {
        await vscode.commands.executeCommand(COMMANDS.clearFilter);
        await this.view.reveal(key);
      }
    }
  }
}
