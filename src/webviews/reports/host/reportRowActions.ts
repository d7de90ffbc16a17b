/**
 * What the host does for a row of the report table: open the workspace file named after a
 * SubID, or show a merchant in the Merchants view (through its command). Each says what to do when it cannot.
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../../../ids';
import type { HostRowAction } from '../../../reports/panel/protocol';
import type { SubIdFiles } from './subIdFiles';

export class ReportRowActions {
  constructor(private readonly subIdFiles: SubIdFiles) {}

  async run(action: HostRowAction, key: string): Promise<void> {
    if (action === 'openSubIdFile') {
      await this.subIdFiles.open(key);
    } else {
      await vscode.commands.executeCommand(COMMANDS.revealMerchant, key);
    }
  }
}
