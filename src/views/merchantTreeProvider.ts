/** The merchant tree: a thin adapter from the pure CatalogTreeModel to VS Code, re-rendered from the store's events. */
import * as vscode from 'vscode';
import type { CatalogChange } from '../catalog/model/catalogTypes';
import type { MerchantTooltipFigures } from '../catalog/present/merchantFigures';
import type { CatalogStore } from '../catalog/store/catalogStore';
import { CatalogTreeModel } from '../catalog/tree/catalogTree';
import type { CatalogNode, TreeOptions } from '../catalog/tree/treeNodes';
import { Disposable, toDisposable } from '../common/lifecycle';
import { SETTINGS } from '../ids';
import type { FiguresAggregate } from '../reports/figures/figuresAggregate';
import type { TreeViewOptions } from './treeViewOptions';
import type { MerchantLinksSource } from '../problems/merchantLinksHub';
import { createTreeItem, merchantTooltip } from './merchantTreeItem';

/** Where the tree reads the publisher's figures: the figures service (it fetches nothing for the tree). */
export interface TreeFiguresSource {
  /** Fires when the aggregate changed (loaded, refreshed, closed). */
  readonly onDidChange: vscode.Event<void>;
  /** The aggregate of the figures period; undefined with no key, when switched off, or before the first load. */
  readonly aggregate: FiguresAggregate | undefined;
  /** Whether the figures are switched on (`affiliateLinks.figures.enabled`). */
  readonly enabled: boolean;
}

function logosSetting(): boolean {
  return vscode.workspace.getConfiguration().get<boolean>(SETTINGS.merchantLogos, false) === true;
}

/**
 * A change that leaves every touched merchant where it was refreshes only those rows; anything else
 * refreshes the tree. The figures are read when a tooltip is resolved or the tree is sorted by
 * clicks; when they change, the tree is sorted again (sorted by clicks) or its rows re-rendered.
 */
export class MerchantTreeProvider extends Disposable implements vscode.TreeDataProvider<CatalogNode> {
  private readonly changed = this._register(new vscode.EventEmitter<CatalogNode | CatalogNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly modelChanged = this._register(new vscode.EventEmitter<void>());
  /** Fires after the model was rebuilt (counts may have changed). */
  readonly onDidChangeModel = this.modelChanged.event;

  private store: CatalogStore | undefined;
  private storeSubscription: vscode.Disposable | undefined;
  private cachedModel: CatalogTreeModel | undefined;
  /** The figures the rows were last rendered with. */
  private shownAggregate: FiguresAggregate | undefined;
  /** Merchants show their logos instead of codicons (the setting; off by default). */
  private showLogos = logosSetting();

  constructor(
    private readonly options: TreeViewOptions,
    private readonly figures?: TreeFiguresSource,
    private readonly links?: MerchantLinksSource,
  ) {
    super();
    this._register(options.onDidChange(() => this.refreshAll()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SETTINGS.merchantLogos)) {
          this.showLogos = logosSetting();
          this.changed.fire(undefined); // the same rows, drawn again with their new icons
        }
      }),
    );
    this._register(toDisposable(() => this.storeSubscription?.dispose()));
    if (figures) {
      this.shownAggregate = figures.aggregate;
      this._register(figures.onDidChange(() => this.onFiguresChange()));
    }
    if (links) {
      // The same rows: their tooltips are resolved again with the new counts.
      this._register(links.onDidChange(() => this.changed.fire(undefined)));
    }
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
    this.cachedModel ??= new CatalogTreeModel(this.store.snapshot.merchants, this.treeOptions());
    return this.cachedModel;
  }

  /** What the tooltip of a merchant with this id shows of the figures; undefined while none are loaded. */
  tooltipFigures(merchantId: number | null): MerchantTooltipFigures | undefined {
    const aggregate = this.figures?.aggregate;
    if (aggregate === undefined) {
      return undefined;
    }
    return {
      days: aggregate.days,
      merchant: merchantId === null ? undefined : aggregate.merchants.get(String(merchantId)),
    };
  }

  getTreeItem(node: CatalogNode): vscode.TreeItem {
    return createTreeItem(node, this.showLogos);
  }

  resolveTreeItem(item: vscode.TreeItem, node: CatalogNode): vscode.TreeItem {
    item.tooltip = merchantTooltip(
      node,
      node.kind === 'merchant' ? this.tooltipFigures(node.merchant.merchantId) : undefined,
      node.kind === 'merchant' ? this.links?.articlesLinking(node.key) : undefined,
    );
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

  private treeOptions(): TreeOptions {
    const options = this.options.current;
    if (options.sort !== 'clicks') {
      return options;
    }
    const merchants = this.figures?.aggregate?.merchants;
    return { ...options, clicksOf: (merchantId) => merchants?.get(String(merchantId))?.clicks };
  }

  private onFiguresChange(): void {
    const aggregate = this.figures?.aggregate;
    if (aggregate === this.shownAggregate) {
      return; // only where the figures stand changed (refreshing, offline): nothing the tree shows
    }
    this.shownAggregate = aggregate;
    if (this.options.current.sort === 'clicks') {
      this.refreshAll();
    } else {
      this.changed.fire(undefined); // the same order; the rows' tooltips are resolved again
    }
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
    const next = new CatalogTreeModel(this.store.snapshot.merchants, this.treeOptions());
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
