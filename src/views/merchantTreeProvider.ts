/**
 * The merchant tree: a thin adapter from the pure CatalogTreeModel to VS Code. It re-renders
 * from the catalog store's change events and never fetches. A change that leaves every
 * touched merchant where it was refreshes only those rows; anything else refreshes the tree.
 */
import * as vscode from 'vscode';
import type { CatalogChange } from '../catalog/model/catalogTypes';
import type { CatalogStore } from '../catalog/store/catalogStore';
import { CatalogTreeModel } from '../catalog/tree/catalogTree';
import type { CatalogNode } from '../catalog/tree/treeNodes';
import { Disposable } from '../common/lifecycle';
import type { TreeViewOptions } from './treeViewOptions';
import { createTreeItem, merchantTooltip } from './merchantTreeItem';

export class MerchantTreeProvider extends Disposable implements vscode.TreeDataProvider<CatalogNode> {
  private readonly changed = this._register(new vscode.EventEmitter<CatalogNode | CatalogNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly modelChanged = this._register(new vscode.EventEmitter<void>());
  /** Fires after the model was rebuilt (counts may have changed). */
  readonly onDidChangeModel = this.modelChanged.event;

  private store: CatalogStore | undefined;
  private storeSubscription: vscode.Disposable | undefined;
  private cachedModel: CatalogTreeModel | undefined;

  constructor(private readonly options: TreeViewOptions) {
    super();
    this._register(options.onDidChange(() => this.refreshAll()));
    this._register({ dispose: () => this.storeSubscription?.dispose() });
  }

  /** Shows the catalog of `store` (undefined: nothing). */
  setStore(store: CatalogStore | undefined): void {
    this.storeSubscription?.dispose();
    this.store = store;
    this.storeSubscription = store?.onDidChange((change) => this.onCatalogChange(change));
    this.refreshAll();
  }

  /** The model for the current catalog and options, built on first use after a change. */
  get model(): CatalogTreeModel | undefined {
    if (!this.store) {
      return undefined;
    }
    this.cachedModel ??= new CatalogTreeModel(this.store.snapshot.merchants, this.options.current);
    return this.cachedModel;
  }

  getTreeItem(node: CatalogNode): vscode.TreeItem {
    return createTreeItem(node);
  }

  resolveTreeItem(item: vscode.TreeItem, node: CatalogNode): vscode.TreeItem {
    item.tooltip = merchantTooltip(node);
    return item;
  }

  getChildren(node?: CatalogNode): CatalogNode[] {
    const model = this.model;
    if (!model || model.totalCount === 0) {
      return []; // the view's welcome content shows instead
    }
    return node ? model.children(node) : model.roots();
  }

  getParent(node: CatalogNode): CatalogNode | undefined {
    return this.model?.parent(node);
  }

  private refreshAll(): void {
    this.cachedModel = undefined;
    this.changed.fire(undefined);
    this.modelChanged.fire();
  }

  private onCatalogChange(change: CatalogChange): void {
    const previous = this.cachedModel;
    if (change.keys === 'all' || !previous || !this.store) {
      this.refreshAll();
      return;
    }
    const next = new CatalogTreeModel(this.store.snapshot.merchants, this.options.current);
    const inPlace: CatalogNode[] = [];
    for (const key of change.keys) {
      const before = previous.nodeForMerchant(key);
      const after = next.nodeForMerchant(key);
      if (!before || !after || before.id !== after.id || previous.parent(before)?.id !== next.parent(after)?.id) {
        this.refreshAll();
        return;
      }
      inPlace.push(after);
    }
    this.cachedModel = next;
    if (inPlace.length > 0) {
      this.changed.fire(inPlace);
    }
  }
}
