/** What a command says when it needs the merchant catalog and none is loaded, with the step that loads one. */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { CatalogController } from '../controllers/catalogController';

/** Does not wait for the user: the command that needed the catalog ends at once. */
export function explainNoCatalog(controller: CatalogController): void {
  const keySet = controller.keyContext === 'set';
  const action = keySet ? vscode.l10n.t('Refresh Merchants') : vscode.l10n.t('Set API Key');
  void vscode.window
    .showInformationMessage(
      keySet
        ? vscode.l10n.t('The merchant catalog is not loaded yet. Refresh the merchants, then try again.')
        : vscode.l10n.t('Set your API key to load the merchant catalog, then try again.'),
      action,
    )
    .then(
      (choice) =>
        choice === action && vscode.commands.executeCommand(keySet ? COMMANDS.refreshMerchants : COMMANDS.setApiKey),
    );
}
