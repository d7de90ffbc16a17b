import * as vscode from 'vscode';
import { COMMANDS, SETTINGS, STATUS_MESSAGE_MS, WORKBENCH_COMMANDS } from '../ids';
import type { CatalogController } from '../controllers/catalogController';
import type { FiguresController } from '../controllers/figuresController';
import type { Command } from './command';

/**
 * `affiliateLinks.refreshFigures`: reads the figures of the lenses, the status bar and the tree
 * again (incrementally, through the report cache). Without a key or with the figures switched
 * off it says what to do instead.
 */
export class RefreshFiguresCommand implements Command {
  readonly id = COMMANDS.refreshFigures;

  constructor(
    private readonly figures: FiguresController,
    private readonly controller: CatalogController,
  ) {}

  async execute(): Promise<void> {
    if (!this.figures.enabled) {
      const openSettings = vscode.l10n.t('Open Settings');
      void vscode.window
        .showInformationMessage(
          vscode.l10n.t(
            'The figures are switched off. Turn on the setting "Affiliate Links: Figures Enabled" to see them.',
          ),
          openSettings,
        )
        .then(
          (choice) =>
            choice === openSettings &&
            vscode.commands.executeCommand(WORKBENCH_COMMANDS.openSettings, SETTINGS.figuresEnabled),
        );
      return;
    }
    if (this.controller.keyContext !== 'set') {
      const setKey = vscode.l10n.t('Set API Key');
      void vscode.window
        .showInformationMessage(vscode.l10n.t('Set your API key to see your figures.'), setKey)
        .then((choice) => choice === setKey && vscode.commands.executeCommand(COMMANDS.setApiKey));
      return;
    }
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Refreshing the figures') },
      () => this.figures.refresh(),
    );
    const asOf = this.figures.asOf;
    vscode.window.setStatusBarMessage(
      asOf.offline
        ? vscode.l10n.t('Affiliate Links: offline, the cached figures stay.')
        : vscode.l10n.t('Affiliate Links: figures refreshed.'),
      STATUS_MESSAGE_MS,
    );
  }
}
