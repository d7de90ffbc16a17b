/** The "Merchants" view: the tree, its message line, and the context keys its welcome and title actions use. */
import * as vscode from 'vscode';
import type { CatalogNode } from '../catalog/tree/treeNodes';
import { Disposable } from '../common/lifecycle';
import { CONTEXT_KEYS, SETTINGS, VIEWS, setContext } from '../ids';
import type { MerchantKey } from '../merchant/merchantKey';
import type { CatalogController } from '../controllers/catalogController';
import { syncingText } from '../prompts/waitWords';
import { MerchantTreeProvider, type TreeFiguresSource } from './merchantTreeProvider';
import type { TreeViewOptions } from './treeViewOptions';
import type { MerchantLinksSource } from '../problems/merchantLinksHub';

/** The message line's sentence about the filter: what it keeps, and how many of all are shown. */
function filterMessage(text: string, deeplinkOnly: boolean, shown: string, total: string): string {
  if (text === '') {
    return vscode.l10n.t({
      message: 'Filter deeplink-capable: {0} of {1} shown.',
      args: [shown, total],
      comment: 'Only merchants that allow deeplinks are shown: {0} of all {1}.',
    });
  }
  return deeplinkOnly
    ? vscode.l10n.t({
        message: 'Filter "{0}", deeplink-capable: {1} of {2} shown.',
        args: [text, shown, total],
        comment: '{0} is the text the merchants are filtered by; {1} how many merchants are shown, of all {2}.',
      })
    : vscode.l10n.t({
        message: 'Filter "{0}": {1} of {2} shown.',
        args: [text, shown, total],
        comment: '{0} is the text the merchants are filtered by; {1} how many merchants are shown, of all {2}.',
      });
}

export class MerchantView extends Disposable {
  readonly provider: MerchantTreeProvider;
  private readonly view: vscode.TreeView<CatalogNode>;
  /** A catalog is loading with nothing cached (a first start, a new key): show the view once it has merchants. */
  private revealWhenLoaded = false;

  constructor(
    private readonly controller: CatalogController,
    private readonly options: TreeViewOptions,
    /** The publisher's figures, for the tooltips and the sort by clicks. */
    private readonly figures?: TreeFiguresSource,
    /** How many articles link to each merchant, for the tooltips, once link health counted them. */
    links?: MerchantLinksSource,
    /** Revenue at risk: inactive merchants still linked to get a warning, and tooltips their clicks at risk. */
    risk?: ConstructorParameters<typeof MerchantTreeProvider>[3],
  ) {
    super();
    this.provider = this._register(new MerchantTreeProvider(options, figures, links, risk));
    this.view = this._register(
      vscode.window.createTreeView(VIEWS.merchants, { treeDataProvider: this.provider, showCollapseAll: true }),
    );
    this._register(
      controller.onDidChangeCatalog((event) => {
        if (event.kind === 'replaced') {
          this.revealWhenLoaded = event.store !== undefined && event.store.snapshot.syncedAt === null;
        }
        this.provider.showCatalog(event);
      }),
    );
    // The loading line follows the walk page by page, and its waits.
    this._register(controller.onDidChangeStatus(() => this.update()));
    this._register(controller.onDidChangeState(() => this.update()));
    this._register(
      this.provider.onDidChangeModel(() => {
        this.update();
        this.revealIfFirstLoaded();
      }),
    );
    if (figures) {
      this._register(figures.onDidChange(() => this.update()));
    }
    this.provider.showCatalog({ kind: 'replaced', store: controller.store });
    this.update();
  }

  /** The line above the tree: environment key, offline, filter. */
  get message(): string | undefined {
    return this.view.message;
  }

  /** Whether the view is showing. */
  get visible(): boolean {
    return this.view.visible;
  }

  /** The names of the merchants selected in the tree. */
  get selectedMerchants(): string[] {
    return this.view.selection.flatMap((node) => (node.kind === 'merchant' ? [node.merchant.name] : []));
  }

  /**
   * The first time a catalog loads (nothing was cached for this key and service), the view is
   * shown as its merchants arrive, so the person who just set a key, or opened an article on a
   * first start, sees where the merchants are. It takes neither the focus nor a selection.
   */
  private revealIfFirstLoaded(): void {
    if (!this.revealWhenLoaded) {
      return;
    }
    const [first] = this.provider.getChildren();
    if (first === undefined) {
      return;
    }
    this.revealWhenLoaded = false;
    if (!this.view.visible) {
      void this.view.reveal(first, { select: false, focus: false, expand: false }).then(undefined, () => undefined);
    }
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
      parts.push(vscode.l10n.t('Using the key from the AFFILIATE_LINKS_API_KEY environment variable.'));
    }
    const status = controller.status;
    if (status?.state === 'syncing' && (status.wait !== undefined || (this.provider.model?.totalCount ?? 0) === 0)) {
      parts.push(
        vscode.l10n.t({
          message: 'Loading merchants: {0}.',
          args: [syncingText(status.loaded, status.wait)],
          comment: [
            '{0}: how many have arrived, and any wait, e.g. "12,000 merchants · waiting for the service\'s rate limit, about 2 min".',
          ],
        }),
      );
    }
    const offline = controller.offline;
    if (offline) {
      parts.push(
        offline.since
          ? vscode.l10n.t({
              message: 'Offline: showing merchants cached on {0}.',
              args: [new Date(offline.since).toLocaleString()],
              comment: '{0} is a date and time.',
            })
          : vscode.l10n.t('Offline: showing merchants cached in an earlier session.'),
      );
    }
    const model = this.provider.model;
    const filter = this.options.current;
    if (model && (filter.filter !== '' || filter.deeplinkOnly)) {
      parts.push(
        filterMessage(
          filter.filter,
          filter.deeplinkOnly,
          model.shownCount.toLocaleString('en-US'),
          model.totalCount.toLocaleString('en-US'),
        ),
      );
    }
    if (model && filter.sort === 'clicks' && controller.keyContext === 'set' && this.figures?.aggregate === undefined) {
      parts.push(
        this.figures?.enabled === false
          ? vscode.l10n.t({
              message: 'Sorted by name: your clicks are not read while the setting "{0}" is off.',
              args: [SETTINGS.figuresEnabled],
              comment: '{0} is the id of a setting.',
            })
          : vscode.l10n.t('Sorted by name until your clicks are loaded.'),
      );
    }
    this.view.message = parts.length > 0 ? parts.join(' ') : undefined;
  }
}
