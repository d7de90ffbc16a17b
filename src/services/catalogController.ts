/**
 * Owns the catalog of the current key and base URL: opens its store (cache first, then a
 * sync), follows key and setting changes, runs syncs with progress and cancel, and turns
 * failures into messages with buttons. Views read the store it exposes; they never fetch.
 */
import * as vscode from 'vscode';
import type { AffiliateServiceClient } from '../api/client';
import { CatalogStore, type SyncResult } from '../catalog/catalogStore';
import { cacheFileName } from '../catalog/catalogCache';
import { Disposable } from '../common/lifecycle';
import type { ApiKeyState, ApiKeyStore } from '../secrets/apiKeyStore';
import { affectsConnection, configuredBaseUrl, type ClientFactory } from './clientFactory';
import { describeFailure, type FailureAction } from './failureMessages';

export type KeyContext = 'none' | 'set' | 'lost';

export interface SyncRequest {
  full: boolean;
  /** Show a cancellable notification (user-initiated syncs and first loads). */
  notify: boolean;
}

export class CatalogController extends Disposable {
  private readonly storeChanged = this._register(new vscode.EventEmitter<CatalogStore | undefined>());
  /** Fires when the catalog behind the views is replaced (key or base URL changed) or closed. */
  readonly onDidChangeStore = this.storeChanged.event;
  private readonly stateChanged = this._register(new vscode.EventEmitter<void>());
  /** Fires when the key state, the offline flag or the load failure changes. */
  readonly onDidChangeState = this.stateChanged.event;

  private current: { store: CatalogStore; client: Promise<AffiliateServiceClient> | undefined; apiKey: string; baseUrl: string } | undefined;
  private keyStateValue: ApiKeyState = { kind: 'none' };
  private offlineSince: string | null | undefined;
  private loadFailedValue = false;
  private lastSyncValue: SyncResult | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly globalStorage: vscode.Uri,
    private readonly keys: ApiKeyStore,
    private readonly clients: ClientFactory,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(keys.onDidChange(() => void this.reloadKey()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (affectsConnection(event)) {
          this.log.info('Connection settings changed; switching catalogs.');
          void this.reloadKey(true);
        }
      }),
    );
    this._register({ dispose: () => this.closeStore() });
  }

  get store(): CatalogStore | undefined {
    return this.current?.store;
  }

  get keyState(): ApiKeyState {
    return this.keyStateValue;
  }

  get keyContext(): KeyContext {
    switch (this.keyStateValue.kind) {
      case 'stored':
      case 'environment':
        return 'set';
      case 'lost':
      case 'unavailable':
        return 'lost';
      default:
        return 'none';
    }
  }

  /** When the cached catalog is shown because the service could not be reached: since when it dates. */
  get offline(): { since: string | null } | undefined {
    return this.offlineSince === undefined ? undefined : { since: this.offlineSince };
  }

  /** The outcome of the last successful sync of the current catalog. */
  get lastSync(): SyncResult | undefined {
    return this.lastSyncValue;
  }

  /** Loading failed and there is nothing cached to show. */
  get loadFailed(): boolean {
    return this.loadFailedValue;
  }

  /** Reads the key and opens its catalog: the cache at once, then a sync. */
  async start(): Promise<void> {
    await this.reloadKey();
  }

  /** Runs a sync of the current catalog; resolves when done, whatever the outcome (failures are shown). */
  sync(request: SyncRequest): Promise<void> {
    const current = this.current;
    if (!current) {
      void this.promptForKey();
      return Promise.resolve();
    }
    // One sync at a time: a refresh joins the running one; a full reload runs after it.
    if (this.running && !request.full) {
      return this.running;
    }
    const run = (this.running ?? Promise.resolve()).then(() => this.runSync(current.store, request));
    const tracked = run.finally(() => {
      if (this.running === tracked) {
        this.running = undefined;
      }
    });
    this.running = tracked;
    return tracked;
  }

  private async runSync(store: CatalogStore, request: SyncRequest): Promise<void> {
    const full = request.full || store.snapshot.syncedAt === null;
    const title = full ? 'Loading all merchants' : 'Updating merchants';
    const work = async (progress?: vscode.Progress<{ message?: string }>, token?: vscode.CancellationToken): Promise<void> => {
      const controller = new AbortController();
      const cancel = token?.onCancellationRequested(() => controller.abort());
      try {
        const result = await store.sync({
          full,
          signal: controller.signal,
          onProgress: (loaded) => progress?.report({ message: `${loaded.toLocaleString('en-US')} merchants` }),
        });
        this.lastSyncValue = result;
        this.log.info(`Merchant sync (${result.kind}): ${result.received} received, ${result.changed} changed, ${result.total} in the catalog.`);
        this.loadFailedValue = false;
        this.setOffline(undefined);
      } catch (error) {
        this.handleFailure(error, store);
      } finally {
        cancel?.dispose();
      }
    };
    if (request.notify || full) {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, work);
    } else {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, (progress) => work(progress));
    }
  }

  private handleFailure(error: unknown, store: CatalogStore): void {
    const failure = describeFailure(error, 'Loading merchants');
    this.log.error(failure.message);
    if (failure.actions.length === 0) {
      return; // cancelled: nothing was changed
    }
    const hasCatalog = store.snapshot.merchants.size > 0;
    this.loadFailedValue = !hasCatalog;
    if (failure.offline && hasCatalog) {
      this.setOffline(store.snapshot.syncedAt);
      void vscode.window.showWarningMessage(`${failure.message} Showing the cached merchants.`, 'Retry').then((choice) => {
        if (choice === 'Retry') {
          void this.sync({ full: false, notify: true });
        }
      });
      return;
    }
    this.stateChanged.fire();
    void this.showFailure(failure.message, failure.actions);
  }

  /** Shows a failure with its buttons and runs the one chosen. */
  async showFailure(message: string, actions: FailureAction[]): Promise<void> {
    const choice = await vscode.window.showErrorMessage(message, ...actions);
    switch (choice) {
      case 'Set API Key':
        await vscode.commands.executeCommand('affiliateLinks.setApiKey');
        break;
      case 'Retry':
        await this.sync({ full: false, notify: true });
        break;
      case 'Show Log':
        this.log.show();
        break;
      case 'Open Settings':
        await vscode.commands.executeCommand('workbench.action.openSettings', 'affiliateLinks.baseUrl');
        break;
      default:
        break;
    }
  }

  private setOffline(since: string | null | undefined): void {
    this.offlineSince = since;
    this.stateChanged.fire();
  }

  private async promptForKey(): Promise<void> {
    const choice = await vscode.window.showInformationMessage('Set your API key to load the merchant catalog.', 'Set API Key');
    if (choice) {
      await vscode.commands.executeCommand('affiliateLinks.setApiKey');
    }
  }

  /** Re-reads the key; reopens the catalog when the key or (with `force`) the settings changed. */
  private async reloadKey(force = false): Promise<void> {
    const state = await this.keys.get();
    const previous = this.keyStateValue;
    this.keyStateValue = state;
    const apiKey = state.kind === 'stored' || state.kind === 'environment' ? state.key : undefined;
    const baseUrl = configuredBaseUrl();
    if (apiKey === undefined) {
      this.closeStore();
      this.stateChanged.fire();
      if (state.kind === 'lost' && previous.kind !== 'lost') {
        void vscode.window
          .showWarningMessage(
            'Your saved API key is gone: the system keyring did not give it back (there may be no keyring, or the key could not be decrypted). Set it again.',
            'Set API Key',
          )
          .then((choice) => choice && vscode.commands.executeCommand('affiliateLinks.setApiKey'));
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
    const current = {
      apiKey,
      baseUrl,
      client: undefined as Promise<AffiliateServiceClient> | undefined,
      store: undefined as unknown as CatalogStore,
    };
    current.store = new CatalogStore({
      cacheFile,
      baseUrl,
      logger: this.log,
      source: () => (current.client ??= this.clients.create(apiKey, baseUrl)),
    });
    this.current = current;
    this.offlineSince = undefined;
    this.loadFailedValue = false;
    this.lastSyncValue = undefined;
    const cache = await current.store.loadCache();
    this.log.info(`Catalog for ${baseUrl}: cache ${cache}.`);
    this.storeChanged.fire(current.store);
    this.stateChanged.fire();
    await this.sync({ full: cache !== 'loaded', notify: cache !== 'loaded' });
  }

  private closeStore(): void {
    const current = this.current;
    if (!current) {
      return;
    }
    this.current = undefined;
    current.store.dispose();
    void current.client?.then((client) => client.close()).catch(() => undefined);
    this.storeChanged.fire(undefined);
  }
}
