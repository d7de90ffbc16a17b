import type * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { Command } from './command';

/** `affiliateLinks.showLog`: reveals the "Affiliate Links" log. */
export class ShowLogCommand implements Command {
  readonly id = COMMANDS.showLog;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  execute(): void {
    this.log.show(true);
  }
}
