/** What the buttons of the report panel's messages run (set a key, where keys are found, the log): VS Code's commands. */
import * as vscode from 'vscode';
import { COMMANDS } from '../../../ids';
import { openKeyHelp } from '../../../prompts/keyPrompts';
import type { PANEL_ACTIONS } from '../../../reports/model/reportVocabulary';

/** Runs a button's action; Retry is the panel's own (it reads the reports again). */
export async function runPanelAction(action: Exclude<(typeof PANEL_ACTIONS)[number], 'retry'>): Promise<void> {
  switch (action) {
    case 'setApiKey':
      await vscode.commands.executeCommand(COMMANDS.setApiKey);
      return;
    case 'addAccountKey':
      await vscode.commands.executeCommand(COMMANDS.setApiKey, undefined, 'account');
      return;
    case 'keyHelp':
      await openKeyHelp();
      return;
    case 'showLog':
      await vscode.commands.executeCommand(COMMANDS.showLog);
      return;
  }
}
