/**
 * The status bar's platform item ("$(globe) Tech Review Blog"): shown once there is a platform to choose; choosing it
 * runs Choose Platform.
 */
import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { COMMANDS, STATUS_BAR_ITEMS } from '../ids';
import { platformLabel } from '../keys/keyWords';
import type { WorkspaceKeys } from '../controllers/workspaceKeys';
import { makeStatusBarItem, type MakeStatusBarItem } from './statusBarItems';

export class PlatformStatusBarItem extends Disposable {
  private readonly item: vscode.StatusBarItem;

  constructor(
    private readonly keys: WorkspaceKeys,
    make: MakeStatusBarItem = makeStatusBarItem,
  ) {
    super();
    this.item = this._register(
      make({
        id: STATUS_BAR_ITEMS.platform,
        priority: 101,
        name: vscode.l10n.t('Affiliate Links: Platform'),
        command: COMMANDS.choosePlatform,
      }),
    );
    this._register(keys.onDidChange(() => this.show()));
    this.show();
  }

  private show(): void {
    if (this.isDisposed) {
      return;
    }
    const choices = this.keys.choices;
    const { platform } = this.keys.workspace;
    if (this.keys.keyContext === 'none' || (choices.length < 2 && platform === undefined)) {
      this.item.hide();
      return;
    }
    const name = platformLabel(platform?.name);
    this.item.text = `$(globe) ${name}`;
    const own = this.keys.keys.catalog?.own !== false;
    this.item.tooltip = [
      vscode.l10n.t({
        message: 'Affiliate Links platform of this workspace: {0}.',
        args: [name],
        comment: ['{0}: a platform (website, app) name, or "All platforms".'],
      }),
      platform === undefined
        ? vscode.l10n.t('The figures count the clicks of every platform.')
        : own
          ? vscode.l10n.t('Links come from its platform key, and the figures count its clicks.')
          : vscode.l10n.t(
              'It has no platform key of its own: links come from another key. The figures count its clicks.',
            ),
      vscode.l10n.t('Click to choose another.'),
    ].join(' ');
    this.item.show();
  }
}
