import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { TreeViewOptions } from '../views/treeViewOptions';
import type { Command } from './command';

/**
 * `affiliateLinks.filterMerchants`: narrows the tree by name, domain or country code as the
 * user types. Escape restores the filter that was there before. A text given as argument
 * is applied at once.
 */
export class FilterMerchantsCommand implements Command {
  readonly id = COMMANDS.filterMerchants;

  constructor(private readonly options: TreeViewOptions) {}

  execute(given?: unknown): void {
    if (typeof given === 'string') {
      this.options.setFilter(given);
      return;
    }
    const before = this.options.current.filter;
    const input = vscode.window.createInputBox();
    input.title = vscode.l10n.t('Filter Merchants');
    input.placeholder = vscode.l10n.t('Name, domain or country code (e.g. DE)');
    input.value = before;
    let accepted = false;
    input.onDidChangeValue((value) => this.options.setFilter(value));
    input.onDidAccept(() => {
      accepted = true;
      input.hide();
    });
    input.onDidHide(() => {
      if (!accepted) {
        this.options.setFilter(before);
      }
      input.dispose();
    });
    input.show();
  }
}
