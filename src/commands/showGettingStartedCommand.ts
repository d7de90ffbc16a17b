import * as vscode from 'vscode';
import { COMMANDS, WORKBENCH_COMMANDS } from '../ids';
import type { Command } from './command';

/** `affiliateLinks.showGettingStarted`: the README's getting-started section, in the Markdown preview. */
export class ShowGettingStartedCommand implements Command {
  readonly id = COMMANDS.showGettingStarted;

  constructor(private readonly extensionUri: vscode.Uri) {}

  async execute(): Promise<void> {
    await vscode.commands.executeCommand(WORKBENCH_COMMANDS.markdownPreview, vscode.Uri.joinPath(this.extensionUri, 'README.md'));
  }
}
