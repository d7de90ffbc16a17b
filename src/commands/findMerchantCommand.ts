/** `affiliateLinks.findMerchant`: a QuickPick over the whole catalog; a chosen merchant is revealed in the tree. */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { MerchantKey } from '../merchant/merchantKey';
import type { MerchantView } from '../views/merchantView';
import type { Command } from './command';
import type { MerchantPicker } from './merchantPicker';

/** The buttons on each row of the pick, with the command each runs. */
function rowActions(): ReadonlyArray<{ button: vscode.QuickInputButton; command: string }> {
  return [
    {
      button: { iconPath: new vscode.ThemeIcon('link'), tooltip: vscode.l10n.t('Copy Tracking Link') },
      command: COMMANDS.copyTrackingLink,
    },
    {
      button: { iconPath: new vscode.ThemeIcon('pulse'), tooltip: vscode.l10n.t('Copy CPC Tracking Link') },
      command: COMMANDS.copyCpcTrackingLink,
    },
  ];
}

export class FindMerchantCommand implements Command {
  readonly id = COMMANDS.findMerchant;

  constructor(
    private readonly picker: MerchantPicker,
    private readonly view: MerchantView,
  ) {}

  async execute(): Promise<MerchantKey | undefined> {
    const chosen = await this.picker.pick({
      title: vscode.l10n.t('Find Merchant'),
      buttons: rowActions().map(({ button, command }) => ({
        button,
        run: (ref) => vscode.commands.executeCommand(command, ref.key),
      })),
    });
    if (!chosen) {
      return undefined;
    }
    if (!(await this.view.reveal(chosen.key))) {
      const clearFilter = vscode.l10n.t('Clear Filter');
      const message = vscode.l10n.t({
        message: '"{0}" is hidden by the current filter.',
        args: [chosen.merchant.name],
        comment: '{0} is the name of a merchant.',
      });
      void vscode.window
        .showInformationMessage(message, clearFilter)
        .then(
          (choice) =>
            choice === clearFilter &&
            vscode.commands.executeCommand(COMMANDS.clearFilter).then(() => this.view.reveal(chosen.key)),
        );
    }
    return chosen.key;
  }
}
