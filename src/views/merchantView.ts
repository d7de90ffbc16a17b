/**
 * The "Merchants" view: the tree, its message line (key from the environment, offline,
 * filter, a sort by clicks waiting for the figures) and the context keys its welcome content
 * and title actions depend on.
 */
import * as vscode from 'vscode';
import type { CatalogNode } from '../catalog/tree/treeNodes';
import { Disposable } from '../common/lifecycle';
import { CONTEXT_KEYS, SETTINGS, VIEWS, setContext } from '../ids';
import type { MerchantKey } from '../merchant/merchantKey';
import type { CatalogController } from '../services/catalogController';
import { MerchantTreeProvider, type TreeFiguresSource } from './merchantTreeProvider';
import type { TreeViewOptions } from './treeViewOptions';

export class MerchantView extends Disposable {
  readonly provider: MerchantTreeProvider;
  private readonly view: vscode.TreeView<CatalogNode>;

  constructor(
    private readonly controller: CatalogController,
    private readonly options: TreeViewOptions,
    /** The publisher's figures, for the tooltips and the sort by clicks. */
    private readonly figures?: TreeFiguresSource,
  ) {
    super();
    this.provider = this._register(new MerchantTreeProvider(options, figures));
    this.view = this._register(vscode.window.createTreeView(VIEWS.merchants, { treeDataProvider: this.provider, showCollapseAll: true }));
    this._register(controller.onDidChangeStore((store) => this.provider.setStore(store)));
    this._register(controller.onDidChangeState(() => this.update()));
    this._register(this.provider.onDidChangeModel(() => this.update()));
    if (figures) {
      this._register(figures.onDidChange(() => this.update()));
    }
    this.provider.setStore(controller.store);
    this.update();
  }

  /** The line above the tree: environment key, offline, filter. */
  get message(): string | undefined {
    return this.view.message;
  }

  /** The names of the merchants selected in the tree. */
  get selectedMerchants(): string[] {
    return this.view.selection.flatMap((node) => (node.kind === 'merchant' ? [node.merchant.name] : []));
  }

  /** Shows a merchant in the tree: selects and focuses its row, expanding its group and bucket. */
  async reveal(key: MerchantKey): Promise<boolean> {
    const node = this.provider.model?.nodeForMerchant(key);
    if (!node) {
      return false;
    }
    await this.view.reveal(node, { select: true, focus: true, expand: false });
    return true;
  }

  private update(): void {
    const controller = this.controller;
    setContext(CONTEXT_KEYS.keyState, controller.keyContext);
    setContext(CONTEXT_KEYS.loadFailed, controller.loadFailed);
    const parts: string[] = [];
    if (controller.keyState.kind === 'environment') {
      parts.push('Using the key from the AFFILIATE_LINKS_API_KEY environment variable.');
    }
    const offline = controller.offline;
    if (offline) {
      const when = offline.since ? new Date(offline.since).toLocaleString() : 'an earlier session';
      parts.push(`Offline: showing merchants cached ${offline.since ? 'on ' : 'in '}${when}.`);
    }
    const model = this.provider.model;
    const filter = this.options.current;
    if (model && (filter.filter !== '' || filter.deeplinkOnly)) {
      const what = [filter.filter !== '' ? `"${filter.filter}"` : '', filter.deeplinkOnly ? 'deeplink-capable' : ''].filter(Boolean).join(', ');
      parts.push(`Filter ${what}: ${model.shownCount.toLocaleString('en-US')} of ${model.totalCount.toLocaleString('en-US')} shown.`);
    }
    if (model && filter.sort === 'clicks' && controller.keyContext === 'set' && this.figures?.aggregate === undefined) {
      parts.push(
        this.figures?.enabled === false
          ? `Sorted by name: your clicks are not read while the setting "${SETTINGS.figuresEnabled}" is off.`
          : 'Sorted by name until your clicks are loaded.',
      );
    }
    this.view.message = parts.length > 0 ? parts.join(' ') : undefined;
  }
}
