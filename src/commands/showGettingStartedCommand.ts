import * as vscode from 'vscode';
import type { Command } from './command';

/** `affiliateLinks.showGettingStarted`: the README's getting-started section, in the Markdown preview. */
export class ShowGettingStartedCommand implements Command {
  readonly id = 'affiliateLinks.showGettingStarted';

  constructor(private readonly extensionUri: vscode.Uri) {}

  async execute(): Promise<void> {
    await vscode.commands.executeCommand('markdown.showPreview', vscode.Uri.joinPath(this.extensionUri, 'README.md'));
  }
}
