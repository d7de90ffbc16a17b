/**
 * What the catalog controller says to the user, with the buttons that help: a missing or lost key, a failed sync,
 * the service offline while cached merchants show. None waits for the user.
 */
import * as vscode from 'vscode';
import { COMMANDS, SETTINGS, WORKBENCH_COMMANDS } from '../ids';
import { actionLabel, type FailureAction, type FailureMessage } from './failureMessages';

export interface PromptActions {
  retry(): Promise<void>;
  showLog(): void;
}

export function promptForKey(): void {
  const setKey = vscode.l10n.t('Set API Key');
  void vscode.window
    .showInformationMessage(vscode.l10n.t('Set your API key to load the merchant catalog.'), setKey)
    .then((choice) => choice === setKey && vscode.commands.executeCommand(COMMANDS.setApiKey));
}

export function warnKeyLost(): void {
  const setKey = vscode.l10n.t('Set API Key');
  void vscode.window
    .showWarningMessage(
      vscode.l10n.t(
        'Your saved API key is gone: the system keyring did not give it back (there may be no keyring, or the key could not be decrypted). Set it again.',
      ),
      setKey,
    )
    .then((choice) => choice === setKey && vscode.commands.executeCommand(COMMANDS.setApiKey));
}

/** The service could not be reached; the cached merchants stay. */
export function warnOffline(failure: FailureMessage, actions: PromptActions): void {
  const retry = actionLabel('Retry');
  const message = vscode.l10n.t({
    message: '{0} Showing the cached merchants.',
    args: [failure.message],
    comment: '{0} is what failed, in whole sentences, e.g. "Loading merchants failed: Could not reach the service."',
  });
  void vscode.window
    .showWarningMessage(message, retry)
    .then((choice) => (choice === retry ? actions.retry() : undefined));
}

/** Shows a failure with its buttons and runs the one chosen. */
export async function showFailure(failure: FailureMessage, actions: PromptActions): Promise<void> {
  const buttons = failure.actions.map((action) => ({ action, label: actionLabel(action) }));
  const choice = await vscode.window.showErrorMessage(failure.message, ...buttons.map((button) => button.label));
  await runAction(buttons.find((button) => button.label === choice)?.action, actions);
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
