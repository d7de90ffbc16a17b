/**
 * `affiliateLinks.findMerchant`: a QuickPick over the whole catalog (see MerchantPicker).
 * Choosing a merchant reveals it in the tree, where its context menu holds its actions; each
 * row of the pick also has buttons that copy its tracking link or its CPC link at once.
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { MerchantKey } from '../merchant/merchantKey';
import type { MerchantView } from '../views/merchantView';
import type { Command } from './command';
import type { MerchantPicker } from './merchantPicker';

const ROW_ACTIONS = [
  { button: { iconPath: new vscode.ThemeIcon('link'), tooltip: 'Copy Tracking Link' }, command: COMMANDS.copyTrackingLink },
  { button: { iconPath: new vscode.ThemeIcon('pulse'), tooltip: 'Copy CPC Tracking Link' }, command: COMMANDS.copyCpcTrackingLink },
] as const;

export class FindMerchantCommand implements Command {
  readonly id = COMMANDS.findMerchant;

  constructor(
    private readonly picker: MerchantPicker,
    private readonly view: MerchantView,
  ) {}

  async execute(): Promise<MerchantKey | undefined> {
    const chosen = await this.picker.pick({
      title: 'Find Merchant',
      buttons: ROW_ACTIONS.map(({ button, command }) => ({ button, run: (ref) => vscode.commands.executeCommand(command, ref.key) })),
    });
    if (!chosen) {
      return undefined;
    }
    if (!(await this.view.reveal(chosen.key))) {
      void vscode.window.showInformationMessage(`"${chosen.merchant.name}" is hidden by the current filter.`, 'Clear Filter').then(
        (choice) => choice && vscode.commands.executeCommand(COMMANDS.clearFilter).then(() => this.view.reveal(chosen.key)),
      );
    }
    return chosen.key;
  }
}
