/** What a command says when it needs the merchant catalog and none is loaded, with the step that loads one. */
import * as vscode from 'vscode';
import type { CatalogController } from '../services/catalogController';

export async function explainNoCatalog(controller: CatalogController): Promise<void> {
  const keySet = controller.keyContext === 'set';
  const action = keySet ? 'Refresh Merchants' : 'Set API Key';
  const choice = await vscode.window.showInformationMessage(
    keySet ? 'The merchant catalog is not loaded yet. Refresh the merchants, then try again.' : 'Set your API key to load the merchant catalog, then try again.',
    action,
  );
  if (choice) {
    await vscode.commands.executeCommand(keySet ? 'affiliateLinks.refreshMerchants' : 'affiliateLinks.setApiKey');
  }
}
