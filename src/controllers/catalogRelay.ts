/**
 * The events of the catalog shown now, across its stores: the controller hands each new store (or none) to the relay
 * as it shows it, and whoever follows the catalog subscribes once, instead of following each store by hand.
 */
import * as vscode from 'vscode';
import type { CatalogChange, SyncStatus } from '../catalog/model/catalogTypes';
import type { CatalogStore } from '../catalog/store/catalogStore';
import { Disposable, MutableDisposable, disposeAll, toDisposable } from '../common/lifecycle';

/** What a follower of the catalog hears (`CatalogController.onDidChangeCatalog`). */
export type CatalogEvent =
  /** Another store is shown, or none (no key, closed): everything is drawn again from `store`. */
  | { readonly kind: 'replaced'; readonly store: CatalogStore | undefined }
  /** The store shown changed: `change` says which merchants. */
  | { readonly kind: 'changed'; readonly store: CatalogStore; readonly change: CatalogChange };

export class CatalogRelay extends Disposable {
  private readonly catalogChanged = this._register(new vscode.EventEmitter<CatalogEvent>());
  readonly onDidChangeCatalog = this.catalogChanged.event;
  private readonly statusChanged = this._register(new vscode.EventEmitter<SyncStatus>());
  readonly onDidChangeStatus = this.statusChanged.event;
  /** The subscriptions to the store shown. */
  private readonly following = this._register(new MutableDisposable());

  /** Relays `store`'s events from now on, in place of the last store's, and tells the followers it was replaced. */
  show(store: CatalogStore | undefined): void {
    if (store === undefined) {
      this.following.clear();
    } else {
      const changes = store.onDidChange((change) => this.catalogChanged.fire({ kind: 'changed', store, change }));
      const statuses = store.onDidChangeStatus((status) => this.statusChanged.fire(status));
      this.following.value = toDisposable(() => disposeAll([changes, statuses]));
    }
    this.catalogChanged.fire({ kind: 'replaced', store });
  }
}
