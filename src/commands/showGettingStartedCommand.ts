import * as vscode from 'vscode';
import { COMMANDS, WALKTHROUGH, WORKBENCH_COMMANDS } from '../ids';
import type { Command } from './command';

/**
 * `affiliateLinks.showGettingStarted`: the extension's walkthrough (`contributes.walkthroughs`)
 * on VS Code's Welcome page, where each step shows whether it is done.
 */
export class ShowGettingStartedCommand implements Command {
  readonly id = COMMANDS.showGettingStarted;

  /** `extensionId`: `<publisher>.<name>`, which VS Code puts in front of the walkthrough's own id. */
  constructor(private readonly extensionId: string) {}

  async execute(): Promise<void> {
    await vscode.commands.executeCommand(
      WORKBENCH_COMMANDS.openWalkthrough,
      `${this.extensionId}#${WALKTHROUGH.id}`,
      false,
    );
  }
}
