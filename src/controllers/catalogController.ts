/**
 * Owns the catalog of the current key and service address: opens its store (cache first, then a sync unless another
 * window's is fresh), follows key and setting changes, and shows the store's syncs (`catalogSyncProgress.ts`).
 */
import * as vscode from 'vscode';
import type { AffiliateServiceClient } from '../api/client';
import { cacheFileName } from '../catalog/cache';
import type { SyncStatus } from '../catalog/model/catalogTypes';
import { CatalogStore, type SyncResult } from '../catalog/store/catalogStore';
import { walkOnce } from '../catalog/store/sharedWalk';
import { toDisposable } from '../common/lifecycle';
import type { KeyRingState } from '../secrets/keyRingStore';
import { promptForKey, warnKeyLost, type PromptActions } from '../prompts/catalogPrompts';
import { promptPlatformKey } from '../prompts/keyPrompts';
import type { KeyContext } from './workspaceKeys';
import { affectsConnection, configuredBaseUrl } from '../settings/connectionSettings';
import { SETTINGS } from '../ids';
import { catalogFreshnessMs, CatalogFreshness, isFresh } from './catalogFreshness';
import { syncWithProgress, type SyncTrigger } from './catalogSyncProgress';
import { CatalogRelay } from './catalogRelay';
import { StoreOwner, type StoreOwnerParts } from './storeOwner';

export type { KeyContext } from './workspaceKeys';

export interface ServiceConnection {
  baseUrl: string;
  apiKey: string;
  client(): Promise<AffiliateServiceClient>;
}

interface OpenCatalog {
  store: CatalogStore;
  client: Promise<AffiliateServiceClient> | undefined;
  apiKey: string;
  baseUrl: string;
  cacheFile: string;
  /** Aborted when the catalog is closed: a wait for another window's walk ends. */
  closed: AbortController;
}

export class CatalogController extends StoreOwner {
  private readonly relay = this._register(new CatalogRelay());
  /**
   * Fires when the catalog shown changes: its store's changes, and its store replaced (key or base URL changed) or
   * closed, with the store to draw anew from. Followers subscribe once, not to each store.
   */
  readonly onDidChangeCatalog = this.relay.onDidChangeCatalog;
  /** Fires with every status of the store shown: its syncs page by page, their waits (see `onDidChangeState`). */
  readonly onDidChangeStatus = this.relay.onDidChangeStatus;
  private readonly stateChanged = this._register(new vscode.EventEmitter<void>());
  /** Fires when the key state or the store's sync state (offline, failed...) changes. */
  readonly onDidChangeState = this.stateChanged.event;

  private current: OpenCatalog | undefined;
  private readonly freshness: CatalogFreshness;
  private keyContextValue: KeyContext = 'none';
  private lastSyncValue: SyncResult | undefined;
  private readonly prompts: PromptActions;

  constructor(...parts: StoreOwnerParts) {
    super(...parts);
    this.prompts = {
      retry: () => this.sync({ full: false, notify: true, priority: 'interactive' }),
      showLog: () => this.log.show(),
    };
    this._register(this.keys.onDidChange(() => void this.reloadKey()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (affectsConnection(event)) {
          this.log.info('Connection settings changed; switching catalogs.');
          void this.reloadKey(true);
        }
      }),
    );
    this._register(toDisposable(() => this.closeStore()));
    this.freshness = this._register(
      new CatalogFreshness(
        this.log,
        () => this.current?.store,
        () => this.sync({ full: false, notify: false, priority: 'background' }),
      ),
    );
  }

  get store(): CatalogStore | undefined {
    return this.current?.store;
  }

  /** Where the keys come from (the secret storage, the environment), or why there are none. */
  get keyState(): KeyRingState {
    return this.keys.state;
  }

  /** `set` while a platform key opens a catalog; `accountOnly` with an account key alone. */
  get keyContext(): KeyContext {
    return this.keyContextValue;
  }

  /**
   * The service connection of the current catalog: its address, its key and the client made
   * for it (loaded on first use and shared). The report service reads its reports through it;
   * the key never leaves the extension host.
   */
  get connection(): ServiceConnection | undefined {
    const current = this.current;
    if (!current) {
      return undefined;
    }
    return {
      baseUrl: current.baseUrl,
      apiKey: current.apiKey,
      client: () => (current.client ??= this.clients.create(current.apiKey, current.baseUrl)),
    };
  }

  /** How the current catalog's syncing stands: the store's status, read, never kept here. */
  get status(): SyncStatus | undefined {
    return this.current?.store.status;
  }

  /** When the cached catalog is shown because the service could not be reached: since when it dates. */
  get offline(): { since: string | null } | undefined {
    const status = this.status;
    return status?.state === 'offline' && this.hasMerchants ? { since: status.since } : undefined;
  }

  /** Loading failed and there is nothing cached to show. */
  get loadFailed(): boolean {
    const state = this.status?.state;
    return (state === 'offline' || state === 'failed') && !this.hasMerchants;
  }

  /** The outcome of the last successful sync of the current catalog. */
  get lastSync(): SyncResult | undefined {
    return this.lastSyncValue;
  }

  private get hasMerchants(): boolean {
    return (this.current?.store.snapshot.merchants.size ?? 0) > 0;
  }

  /** Reads the key and opens its catalog: the cache at once, then a sync. */
  async start(): Promise<void> {
    await this.reloadKey();
  }

  /**
   * Runs a sync of the current catalog; resolves when done, whatever the outcome (failures are
   * shown). A request that joins a running (or queued) sync follows it quietly: the request
   * that started it shows its progress and its failure.
   */
  async sync(trigger: SyncTrigger): Promise<void> {
    const store = this.current?.store;
    if (!store) {
      promptForKey();
      return;
    }
    const priority = trigger.priority ?? 'background';
    if (store.wouldJoin({ full: trigger.full })) {
      // Joining raises the running sync to this request's priority.
      await store.sync({ full: trigger.full, priority }).catch(() => undefined);
      return;
    }
    const result = await syncWithProgress(
      store,
      { ...trigger, priority },
      {
        log: this.log,
        prompts: this.prompts,
        client: () => this.current?.client,
      },
    );
    if (result !== undefined) {
      this.lastSyncValue = result;
    }
    this.freshness.schedule();
  }

  /** Reads the workspace's catalog key; reopens the catalog when the key or (with `force`) the settings changed. */
  private async reloadKey(force = false): Promise<void> {
    await this.keys.start();
    const previous = this.keyContextValue;
    this.keyContextValue = this.keys.keyContext;
    const apiKey = this.keys.keys.catalog?.key;
    const baseUrl = configuredBaseUrl();
    if (apiKey === undefined) {
      this.closeStore();
      this.stateChanged.fire();
      if (this.keyContextValue === 'lost' && previous !== 'lost') {
        warnKeyLost();
      } else if (this.keyContextValue === 'accountOnly' && previous !== 'accountOnly') {
        promptPlatformKey();
      }
      return;
    }
    if (!force && this.current && this.current.apiKey === apiKey && this.current.baseUrl === baseUrl) {
      this.stateChanged.fire();
      return;
    }
    await this.openStore(apiKey, baseUrl);
  }

  private async openStore(apiKey: string, baseUrl: string): Promise<void> {
    this.closeStore();
    const cacheFile = vscode.Uri.joinPath(this.globalStorage, cacheFileName(baseUrl, apiKey)).fsPath;
    const current: OpenCatalog = {
      apiKey,
      baseUrl,
      cacheFile,
      closed: new AbortController(),
      client: undefined,
      store: undefined!,
    };
    current.store = new CatalogStore({
      cacheFile,
      baseUrl,
      logger: this.log,
      source: () => (current.client ??= this.clients.create(apiKey, baseUrl)),
    });
    // The view's state follows the store's status; progress counts do not change it.
    let shownState = current.store.status.state;
    current.store.onDidChangeStatus((status) => {
      if (status.state !== shownState) {
        shownState = status.state;
        this.stateChanged.fire();
      }
    });
    this.current = current;
    this.lastSyncValue = undefined;
    const cache = await current.store.loadCache();
    this.log.info(`Catalog for ${baseUrl}: cache ${cache}.`);
    this.relay.show(current.store);
    this.stateChanged.fire();
    if (cache !== 'loaded') {
      // Nothing to show: the tree waits for it (or for another window's walk of the same catalog).
      await this.syncOnce(current, { full: true, notify: true, priority: 'foreground' });
    } else if (isFresh(current.store.snapshot.syncedAt)) {
      this.log.info(
        `The cached catalog was synced at ${current.store.snapshot.syncedAt}, within ${catalogFreshnessMs() / 3_600_000} h: no sync now (${SETTINGS.merchantsFreshnessHours}).`,
      );
      this.freshness.schedule();
    } else {
      await this.syncOnce(current, { full: false, notify: false, priority: 'background' });
    }
  }

  /** A sync at start, unless another window syncs the same catalog now: then its file, when it is saved. */
  private async syncOnce(current: OpenCatalog, trigger: SyncTrigger): Promise<void> {
    const shared = await walkOnce(() => this.sync(trigger), {
      leaseFile: `${current.cacheFile}.reading`,
      followDisk: () => current.store.followDisk(),
      signal: current.closed.signal,
      onWait: (heldBy, ended) => {
        this.log.info(
          `Another window (process ${heldBy}) is syncing this catalog: waiting for its cache file, with no request of this window.`,
        );
        void vscode.window.withProgress(
          { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Another window is loading the merchants') },
          () => ended,
        );
      },
    });
    if (shared.kind === 'followed') {
      this.log.info(`Showing the catalog another window synced at ${current.store.snapshot.syncedAt}.`);
      this.freshness.schedule();
    }
  }

  private closeStore(): void {
    this.freshness.cancel();
    const current = this.current;
    if (!current) {
      return;
    }
    this.current = undefined;
    current.closed.abort();
    current.store.dispose();
    void current.client?.then((client) => client.close()).catch(() => undefined);
    this.relay.show(undefined);
  }
}
