/** How the merchant tree is shown (filter, deeplinks only, sort), mirrored into context keys for its toggles. */
import * as vscode from 'vscode';
import type { SortOrder, TreeOptions } from '../catalog/tree/treeNodes';
import { Disposable } from '../common/lifecycle';
import { CONTEXT_KEYS, STATE_KEYS, setContext } from '../ids';

/** Kept in memory for the window; the sort order is remembered across sessions. */
export class TreeViewOptions extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<TreeOptions>());
  readonly onDidChange = this.changed.event;
  private value: TreeOptions;

  constructor(private readonly globalState: vscode.Memento) {
    super();
    const saved = globalState.get<unknown>(STATE_KEYS.sort);
    const sort: SortOrder = saved === 'commission' || saved === 'clicks' ? saved : 'name';
    this.value = { sort, filter: '', deeplinkOnly: false };
    this.publish();
  }

  get current(): TreeOptions {
    return this.value;
  }

  setFilter(filter: string): void {
    this.update({ filter: filter.trim() });
  }

  setDeeplinkOnly(deeplinkOnly: boolean): void {
    this.update({ deeplinkOnly });
  }

  setSort(sort: SortOrder): void {
    void this.globalState.update(STATE_KEYS.sort, sort);
    this.update({ sort });
  }

  private update(change: Partial<TreeOptions>): void {
    const next = { ...this.value, ...change };
    if (
      next.filter === this.value.filter &&
      next.deeplinkOnly === this.value.deeplinkOnly &&
      next.sort === this.value.sort
    ) {
      return;
    }
    this.value = next;
    this.publish();
    this.changed.fire(next);
  }

  private publish(): void {
    setContext(CONTEXT_KEYS.filtered, this.value.filter !== '');
    setContext(CONTEXT_KEYS.deeplinkOnly, this.value.deeplinkOnly);
    setContext(CONTEXT_KEYS.sort, this.value.sort);
  }
}
