/** The view-title toggles: each sets one option of the tree (filter, deeplink-only, sort order). */
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
    new TreeOptionCommand('affiliateLinks.clearFilter', () => {
      options.setFilter('');
      options.setDeeplinkOnly(false);
    }),
    new TreeOptionCommand('affiliateLinks.showDeeplinkOnly', () => options.setDeeplinkOnly(true)),
    new TreeOptionCommand('affiliateLinks.showAllMerchants', () => options.setDeeplinkOnly(false)),
    new TreeOptionCommand('affiliateLinks.sortByCommission', () => options.setSort('commission')),
    new TreeOptionCommand('affiliateLinks.sortByName', () => options.setSort('name')),
  ];
}
