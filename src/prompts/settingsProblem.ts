/** A setting that stops a command, said with a button that opens the setting. */
import * as vscode from 'vscode';
import { SETTINGS, WORKBENCH_COMMANDS } from '../ids';

/** Shows a settings problem with a button that opens the setting; does not wait for the user. */
export function reportSettingsProblem(message: string, setting: string = SETTINGS.subId): void {
  const openSettings = vscode.l10n.t('Open Settings');
  void vscode.window
    .showWarningMessage(message, openSettings)
    .then(
      (choice) => choice === openSettings && vscode.commands.executeCommand(WORKBENCH_COMMANDS.openSettings, setting),
    );
}
