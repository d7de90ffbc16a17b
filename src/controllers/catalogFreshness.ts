/**
 * How fresh the shared cached catalog must be (`affiliateLinks.merchants.freshnessHours`), and the timer that brings
 * it up to date in the background once it is older, unless another window did it meanwhile.
 */
import * as vscode from 'vscode';
import type { CatalogStore } from '../catalog/store/catalogStore';
import { Delayer } from '../common/delayer';
import { Disposable } from '../common/lifecycle';
import { SETTINGS } from '../ids';

/** How old the cached catalog may be before a window brings it up to date. */
export function catalogFreshnessMs(): number {
  const hours = vscode.workspace.getConfiguration().get<number>(SETTINGS.merchantsFreshnessHours, 12);
  return Number.isFinite(hours) && hours >= 0 ? Math.min(hours, 168) * 3_600_000 : 12 * 3_600_000;
}

/** Whether a catalog synced at `syncedAt` is still fresh. */
export function isFresh(syncedAt: string | null): boolean {
  return syncedAt !== null && Date.now() - Date.parse(syncedAt) < catalogFreshnessMs();
}

export class CatalogFreshness extends Disposable {
  private readonly timer = this._register(new Delayer(0));

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly store: () => CatalogStore | undefined,
    /** A background sync of the catalog shown. */
    private readonly sync: () => Promise<void>,
  ) {
    super();
  }

  /** Brings the catalog up to date once it gets older than the freshness setting (at least a minute from now). */
  schedule(): void {
    this.cancel();
    const store = this.store();
    const syncedAt = store?.snapshot.syncedAt;
    if (store === undefined || syncedAt === null || syncedAt === undefined || this.isDisposed) {
      return;
    }
    const due = Math.max(60_000, Date.parse(syncedAt) + catalogFreshnessMs() - Date.now());
    this.timer.trigger(() => void this.due(store), due);
  }

  cancel(): void {
    this.timer.cancel();
  }

  private async due(store: CatalogStore): Promise<void> {
    if (this.store() !== store) {
      return;
    }
    if ((await store.followDisk()) || isFresh(store.snapshot.syncedAt)) {
      this.log.info(`Another window synced the catalog at ${store.snapshot.syncedAt}; shown from the cache.`);
      this.schedule();
      return;
    }
    await this.sync();
  }
}
