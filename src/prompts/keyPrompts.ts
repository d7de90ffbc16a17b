/**
 * The prompts for the right kind of key (the account key for the reports, a platform key for the catalog) and for
 * choosing the workspace's platform, each with its button. None waits for the user.
 */
import * as vscode from 'vscode';
import { COMMANDS, WORKBENCH_COMMANDS } from '../ids';
import {
  askPlatformWords,
  KEY_HELP_URL,
  keyButton,
  needsAccountKeyWords,
  needsPlatformKeyWords,
  platformWithoutKeyWords,
} from '../keys/keyWords';

/** The kind of key Set API Key asks for when a prompt runs it (only its words change: the answers decide the kind). */
export type AskedKind = 'any' | 'platform' | 'account';

function offer(message: string, add: 'addAccountKey' | 'addPlatformKey'): void {
  const addLabel = keyButton(add);
  const help = keyButton('whereToFind');
  void vscode.window.showInformationMessage(message, addLabel, help).then((choice) => {
    if (choice === addLabel) {
      void vscode.commands.executeCommand(
        COMMANDS.setApiKey,
        undefined,
        add === 'addAccountKey' ? 'account' : 'platform',
      );
    } else if (choice === help) {
      void openKeyHelp();
    }
  });
}

export function openKeyHelp(): Thenable<unknown> {
  return vscode.commands.executeCommand(WORKBENCH_COMMANDS.open, vscode.Uri.parse(KEY_HELP_URL));
}

export function promptAccountKey(message = needsAccountKeyWords()): void {
  offer(message, 'addAccountKey');
}

export function promptPlatformKey(message = needsPlatformKeyWords()): void {
  offer(message, 'addPlatformKey');
}

export function promptPlatformWithoutKey(platform: string): void {
  offer(platformWithoutKeyWords(platform), 'addPlatformKey');
}

export function askPlatform(count: number): void {
  const choose = keyButton('choosePlatform');
  void vscode.window
    .showInformationMessage(askPlatformWords(count), choose)
    .then((choice) => choice === choose && vscode.commands.executeCommand(COMMANDS.choosePlatform));
}
