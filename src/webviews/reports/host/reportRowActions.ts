/**
 * What the host does for a row of the report table: open the workspace file named after a
 * SubID, or show a merchant in the Merchants view. Each says what to do when it cannot.
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../../../ids';
import { merchantKey } from '../../../merchant/merchantKey';
import type { CatalogController } from '../../../controllers/catalogController';
import type { MerchantView } from '../../../views/merchantView';
import type { HostRowAction } from '../protocol';
import type { SubIdFiles } from './subIdFiles';

export class ReportRowActions {
  constructor(
    private readonly controller: CatalogController,
    private readonly merchants: MerchantView,
    private readonly subIdFiles: SubIdFiles,
  ) {}

  async run(action: HostRowAction, key: string): Promise<void> {
    if (action === 'openSubIdFile') {
      await this.subIdFiles.open(key);
    } else {
      await this.revealMerchant(key);
    }
  }

  private async revealMerchant(merchantId: string): Promise<void> {
    const id = Number(merchantId);
    if (!/^\d{1,15}$/.test(merchantId) || !Number.isSafeInteger(id)) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('The report names merchant "{0}", which is not a merchant id of the catalog.', merchantId),
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
    const key = merchantKey({ merchantId: id, name: '', defaultDomain: '', trackingLink: null });
    const merchant = store.snapshot.merchants.get(key);
    if (merchant === undefined) {
      void vscode.window
        .showInformationMessage(
          vscode.l10n.t(
            'Merchant {0} is not in the catalog: it may have left the program, or the catalog is not up to date. Refresh the merchants to check.',
            merchantId,
          ),
          vscode.l10n.t('Refresh Merchants'),
        )
        .then((choice) => choice && vscode.commands.executeCommand(COMMANDS.refreshMerchants));
      return;
    }
    if (!(await this.merchants.reveal(key))) {
      const choice = await vscode.window.showInformationMessage(
        vscode.l10n.t('"{0}" is hidden by the current filter of the Merchants view.', merchant.name),
        vscode.l10n.t('Clear Filter'),
      );
      if (choice) {
        await vscode.commands.executeCommand(COMMANDS.clearFilter);
        await this.merchants.reveal(key);
      }
    }
  }
}
