/**
 * What the catalog controller says to the user, with the buttons that help: a missing or lost
 * key, a failed sync, and a sync that found the service offline while cached merchants show.
 * None of these waits for the user before the caller goes on.
 */
import * as vscode from 'vscode';
import { COMMANDS, SETTINGS, WORKBENCH_COMMANDS } from '../ids';
import type { FailureAction, FailureMessage } from './failureMessages';

export interface PromptActions {
  retry(): Promise<void>;
  showLog(): void;
}

export function promptForKey(): void {
  void vscode.window
    .showInformationMessage('Set your API key to load the merchant catalog.', 'Set API Key')
    .then((choice) => choice && vscode.commands.executeCommand(COMMANDS.setApiKey));
}

export function warnKeyLost(): void {
  void vscode.window
    .showWarningMessage(
      'Your saved API key is gone: the system keyring did not give it back (there may be no keyring, or the key could not be decrypted). Set it again.',
      'Set API Key',
    )
    .then((choice) => choice && vscode.commands.executeCommand(COMMANDS.setApiKey));
}

/** The service could not be reached; the cached merchants stay. */
export function warnOffline(failure: FailureMessage, actions: PromptActions): void {
  void vscode.window.showWarningMessage(`${failure.message} Showing the cached merchants.`, 'Retry').then((choice) => (choice === 'Retry' ? actions.retry() : undefined));
}

/** Shows a failure with its buttons and runs the one chosen. */
export async function showFailure(failure: FailureMessage, actions: PromptActions): Promise<void> {
  const choice = await vscode.window.showErrorMessage(failure.message, ...failure.actions);
  await runAction(choice, actions);
}

async function runAction(choice: FailureAction | undefined, actions: PromptActions): Promise<void> {
  switch (choice) {
    case 'Set API Key':
      await vscode.commands.executeCommand(COMMANDS.setApiKey);
      break;
    case 'Retry':
      await actions.retry();
      break;
    case 'Show Log':
      actions.showLog();
      break;
    case 'Open Settings':
      await vscode.commands.executeCommand(WORKBENCH_COMMANDS.openSettings, SETTINGS.baseUrl);
      break;
    default:
      break;
  }
}
