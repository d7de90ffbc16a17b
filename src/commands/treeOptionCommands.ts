/** The view-title toggles: each sets one option of the tree (filter, deeplink-only, sort order). */
import { COMMANDS } from '../ids';
import type { TreeViewOptions } from '../views/treeViewOptions';
import type { Command } from './command';

class TreeOptionCommand implements Command {
  constructor(
    readonly id: string,
    private readonly apply: () => void,
  ) {}

  execute(): void {
    this.apply();
  }
}

export function treeOptionCommands(options: TreeViewOptions): Command[] {
  return [
    new TreeOptionCommand(COMMANDS.clearFilter, () => {
      options.setFilter('');
      options.setDeeplinkOnly(false);
    }),
    new TreeOptionCommand(COMMANDS.showDeeplinkOnly, () => options.setDeeplinkOnly(true)),
    new TreeOptionCommand(COMMANDS.showAllMerchants, () => options.setDeeplinkOnly(false)),
    new TreeOptionCommand(COMMANDS.sortByCommission, () => options.setSort('commission')),
    new TreeOptionCommand(COMMANDS.sortByName, () => options.setSort('name')),
    new TreeOptionCommand(COMMANDS.sortByClicks, () => options.setSort('clicks')),
  ];
}
