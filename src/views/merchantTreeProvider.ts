/** The merchant tree: a thin adapter from the pure CatalogTreeModel to VS Code, re-rendered from the store's events. */
import * as vscode from 'vscode';
import type { CatalogChange } from '../catalog/model/catalogTypes';
import type { MerchantTooltipFigures } from '../catalog/present/merchantFigures';
import type { CatalogStore } from '../catalog/store/catalogStore';
import type { CatalogEvent } from '../controllers/catalogRelay';
import { CatalogTreeModel } from '../catalog/tree/catalogTree';
import { merchantNodeId, type CatalogNode, type MerchantNode, type TreeOptions } from '../catalog/tree/treeNodes';
import { Disposable } from '../common/lifecycle';
import { SETTINGS } from '../ids';
import type { MerchantKey } from '../merchant/merchantKey';
import type { FiguresAggregate } from '../reports/figures/figuresAggregate';
import type { TreeViewOptions } from './treeViewOptions';
import type { MerchantLinksSource } from '../problems/merchantLinksHub';
import { createTreeItem, merchantTooltip } from './merchantTreeItem';
import { escapeMarkdownText } from '../catalog/present/merchantTooltip';

/** Where the tree reads the publisher's figures: the figures service (it fetches nothing for the tree). */
export interface TreeFiguresSource {
  /** Fires when the aggregate changed (loaded, refreshed, closed). */
  readonly onDidChange: vscode.Event<void>;
  /** The aggregate of the figures period; undefined with no key, when switched off, or before the first load. */
  readonly aggregate: FiguresAggregate | undefined;
  /** Whether the figures are switched on (`affiliateLinks.figures.enabled`). */
  readonly enabled: boolean;
}

/** Which merchants the site still links to at a loss: Revenue at Risk's report, read by the rows. */
export interface MerchantRiskSource {
  /** Fires when revenue at risk was worked out again. */
  readonly onDidChange: vscode.Event<unknown>;
  /** The merchant's links at risk: whether it is inactive, and its clicks at risk (undefined while figures load). */
  riskOf(key: MerchantKey): { inactive: boolean; clicks: number | undefined; days: number } | undefined;
}

function logosSetting(): boolean {
  return vscode.workspace.getConfiguration().get<boolean>(SETTINGS.merchantLogos, false) === true;
}

/**
 * A change that leaves every touched merchant where it was refreshes only those rows; anything else
 * refreshes the tree. The figures and link health's counts are read when a tooltip is resolved (a row
 * hovered) or the tree is sorted by clicks: when they change, the tree is sorted again (sorted by clicks)
 * and otherwise left as it is.
 *
 * VS Code knows a row by the object `getChildren` handed out, and a refresh of the whole tree forgets
 * them all until the workbench asks again: a context-menu command chosen meanwhile gets no merchant,
 * and the selection reads empty. So each merchant row keeps one object while the model's shape holds,
 * and what changes how rows look (logos, a merchant's fields) refreshes those objects; the rows read
 * their merchant afresh by id.
 */
export class MerchantTreeProvider extends Disposable implements vscode.TreeDataProvider<CatalogNode> {
  private readonly changed = this._register(new vscode.EventEmitter<CatalogNode | CatalogNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly modelChanged = this._register(new vscode.EventEmitter<void>());
  /** Fires after the model was rebuilt (counts may have changed). */
  readonly onDidChangeModel = this.modelChanged.event;

  private store: CatalogStore | undefined;
  private cachedModel: CatalogTreeModel | undefined;
  /** The figures the rows were last rendered with. */
  private shownAggregate: FiguresAggregate | undefined;
  /** Merchants show their logos instead of codicons (the setting; off by default). */
  private showLogos = logosSetting();
  /** The merchant rows handed out since the tree was last refreshed whole, by node id. */
  private readonly rows = new Map<string, MerchantNode>();
  /** What each merchant at risk was drawn with (`inactive|clicks`), to redraw only those that changed. */
  private shownRisk = new Map<MerchantKey, string>();

  constructor(
    private readonly options: TreeViewOptions,
    private readonly figures?: TreeFiguresSource,
    private readonly links?: MerchantLinksSource,
    private readonly risk?: MerchantRiskSource & { keysAtRisk(): Iterable<MerchantKey> },
  ) {
    super();
    if (risk !== undefined) {
      this._register(risk.onDidChange(() => this.onRiskChange()));
    }
    this._register(options.onDidChange(() => this.refreshAll()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SETTINGS.merchantLogos)) {
          this.showLogos = logosSetting();
          this.refreshRows(); // the same rows, drawn again with their new icons
        }
      }),
    );
    if (figures) {
      this.shownAggregate = figures.aggregate;
      this._register(figures.onDidChange(() => this.onFiguresChange()));
    }
  }

  /** Shows the catalog of a store replaced (undefined: nothing), or the change of the store shown. */
  showCatalog(event: CatalogEvent): void {
    if (event.kind === 'replaced') {
      this.store = event.store;
      this.refreshAll();
    } else {
      this.onCatalogChange(event.change);
    }
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
    const current = this.current(node);
    const item = createTreeItem(current, this.showLogos);
    // An inactive merchant the site still links to: a warning where its icon was.
    if (current.kind === 'merchant' && this.risk?.riskOf(current.key)?.inactive === true) {
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
    }
    return item;
  }

  resolveTreeItem(item: vscode.TreeItem, shown: CatalogNode): vscode.TreeItem {
    const node = this.current(shown);
    item.tooltip = merchantTooltip(
      node,
      node.kind === 'merchant' ? this.tooltipFigures(node.merchant.merchantId) : undefined,
      node.kind === 'merchant' ? this.links?.articlesLinking(node.key) : undefined,
    );
    const risk = node.kind === 'merchant' ? this.risk?.riskOf(node.key) : undefined;
    if (risk !== undefined && item.tooltip instanceof vscode.MarkdownString) {
      // As text in the tooltip's Markdown (appendText would make every space a non-breaking one).
      item.tooltip.appendMarkdown(
        risk.clicks === undefined
          ? `\n\n${escapeMarkdownText(vscode.l10n.t('Links of the site to it are at risk (Revenue at Risk); figures are loading.'))}`
          : `\n\n${escapeMarkdownText(vscode.l10n.t('Clicks at risk: {0} in the last {1} days (Revenue at Risk).', risk.clicks.toLocaleString('en-US'), risk.days))}`,
      );
    }
    return item;
  }

  getChildren(node?: CatalogNode): CatalogNode[] {
    const model = this.model;
    if (!model || model.totalCount === 0) {
      return []; // the view's welcome content shows instead
    }
    return (node ? model.children(node) : model.roots()).map((child) => this.row(child));
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
    }
    // Sorted otherwise, only the tooltips change, and a tooltip is made when the row is hovered. Rows are not
    // drawn again for it: that closes an open hover, and a Quick Pick over the view (the focus goes to the tree).
  }

  private refreshAll(): void {
    this.cachedModel = undefined;
    this.rows.clear();
    this.changed.fire(undefined);
    this.modelChanged.fire();
  }

  /** Revenue at risk changed: the rows whose warning or clicks at risk changed are drawn again. */
  private onRiskChange(): void {
    const risk = this.risk;
    if (risk === undefined) {
      return;
    }
    const next = new Map<MerchantKey, string>();
    for (const key of risk.keysAtRisk()) {
      const entry = risk.riskOf(key);
      next.set(key, `${entry?.inactive}|${entry?.clicks}`);
    }
    const changed = new Set<MerchantKey>();
    next.forEach((shown, key) => this.shownRisk.get(key) !== shown && changed.add(key));
    this.shownRisk.forEach((_, key) => !next.has(key) && changed.add(key));
    this.shownRisk = next;
    if (changed.size > 0) {
      this.refreshRows(changed);
    }
  }

  /** The merchant rows handed out (all, or those of `keys`), drawn again where they are. */
  private refreshRows(keys?: Iterable<MerchantKey>): void {
    const rows =
      keys === undefined
        ? [...this.rows.values()]
        : [...keys].flatMap((key) => this.rows.get(merchantNodeId(key)) ?? []);
    if (rows.length > 0) {
      this.changed.fire(rows);
    }
  }

  /** The object this row was first handed out as, so VS Code can refresh the row it knows. */
  private row(node: CatalogNode): CatalogNode {
    if (node.kind !== 'merchant') {
      return node;
    }
    const known = this.rows.get(node.id);
    if (known !== undefined) {
      return known;
    }
    this.rows.set(node.id, node);
    return node;
  }

  /** A row as the current model has it (a merchant row may be older than the merchant's fields). */
  private current(node: CatalogNode): CatalogNode {
    return node.kind === 'merchant' ? (this.model?.nodeForMerchant(node.key) ?? node) : node;
  }

  private onCatalogChange(change: CatalogChange): void {
    const previous = this.cachedModel;
    if (change.keys === 'all' || !previous || !this.store) {
      this.refreshAll();
      return;
    }
    const next = new CatalogTreeModel(this.store.snapshot.merchants, this.treeOptions());
    const inPlace: MerchantKey[] = [];
    for (const key of change.keys) {
      const before = previous.nodeForMerchant(key);
      const after = next.nodeForMerchant(key);
      if (!before || !after || before.id !== after.id || previous.parent(before)?.id !== next.parent(after)?.id) {
        this.refreshAll();
        return;
      }
      inPlace.push(key);
    }
    this.cachedModel = next;
    this.refreshRows(inPlace);
  }
}
