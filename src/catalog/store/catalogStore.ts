/** The merchant catalog in memory: shown from the cache file at once, kept up to date by syncs, announced by events. */
import { isAbortError } from '../../api/errors';
import type { ClientLogger, MerchantPage } from '../../api/types';
import type { CacheFileOps } from '../../common/cacheFiles';
import { Emitter, type Event } from '../../common/emitter';
import { messageOf } from '../../common/errorMessage';
import { LatestWins } from '../../common/latestWins';
import { Disposable } from '../../common/lifecycle';
import type { CatalogMerchant } from '../../merchant/merchantFields';
import type { MerchantKey } from '../../merchant/merchantKey';
import { CacheKeeper, sameCacheEntry, type FullSave } from '../cache';
import { changedKeys, mergeMerchants } from '../model/catalogMerge';
import type { CatalogChange, CatalogSnapshot, SyncStatus } from '../model/catalogTypes';
import { KeptWalk } from './keptWalk';
import { failureStatus, walkMerchants, type MerchantSource } from './merchantWalk';
import { SyncQueue, syncCancelled, type SyncJob, type SyncOptions } from './syncQueue';

export type { MerchantSource } from './merchantWalk';

export interface CatalogStoreOptions {
  /** Path of this catalog's cache file (see `cacheFileName`). */
  cacheFile: string;
  baseUrl: string;
  /** Called at the start of each sync; lets the extension load the client lazily. */
  source: () => Promise<MerchantSource>;
  logger: ClientLogger;
  now?: () => Date;
  /** How far before the last sync's start an incremental sync asks from. Default 5 minutes. */
  safetyMarginMs?: number;
  /** Tests only: the file operations the cache writes with, to inject disk faults (see `CacheFileOps`). */
  files?: CacheFileOps;
}

export type { SyncOptions } from './syncQueue';

export interface SyncResult {
  kind: 'full' | 'incremental';
  /** Merchants the service sent. */
  received: number;
  /** Merchants added or changed (and, after a full walk, removed). */
  changed: number;
  /** Merchants in the catalog afterwards. */
  total: number;
}

export type CacheLoad = 'loaded' | 'missing' | 'unreadable';

export const DEFAULT_SAFETY_MARGIN_MS = 5 * 60_000;

function emptySnapshot(): CatalogSnapshot {
  return { merchants: new Map<MerchantKey, CatalogMerchant>(), syncedAt: null, source: 'empty' };
}

export class CatalogStore extends Disposable {
  private current: CatalogSnapshot = emptySnapshot();
  private currentStatus: SyncStatus = { state: 'idle' };
  /** A turn whenever the catalog is replaced, so a cache read that lost the race is dropped. */
  private readonly replacements = this._register(new LatestWins());
  private readonly syncs: SyncQueue<SyncResult>;
  private readonly changes: Emitter<CatalogChange>;
  private readonly statuses: Emitter<SyncStatus>;
  private readonly now: () => Date;
  private readonly safetyMarginMs: number;
  private readonly cache: CacheKeeper;
  private readonly kept: KeptWalk;

  /** Fires with the keys a sync added or changed, or 'all' after a cache load, a full walk or `clear()`. */
  readonly onDidChange: Event<CatalogChange>;
  /** Fires whenever `status` changes; the one place the extension learns how syncing stands. */
  readonly onDidChangeStatus: Event<SyncStatus>;

  constructor(private readonly options: CatalogStoreOptions) {
    super();
    const onListenerError = (error: unknown): void =>
      options.logger.error(`A catalog listener failed: ${messageOf(error)}`);
    // Registered first, disposed last: the syncs are cancelled before the listeners go.
    this.changes = this._register(new Emitter(onListenerError));
    this.statuses = this._register(new Emitter(onListenerError));
    this.syncs = this._register(new SyncQueue((job) => this.execute(job), onListenerError));
    this.onDidChange = this.changes.event;
    this.onDidChangeStatus = this.statuses.event;
    this.now = options.now ?? (() => new Date());
    this.kept = new KeptWalk(this.now, options.logger);
    this.safetyMarginMs = Math.max(0, options.safetyMarginMs ?? DEFAULT_SAFETY_MARGIN_MS);
    this.cache = new CacheKeeper({
      cacheFile: options.cacheFile,
      baseUrl: options.baseUrl,
      logger: options.logger,
      now: this.now,
      onDamaged: (reason) => this.repairCache(reason),
      files: options.files,
    });
  }

  get snapshot(): CatalogSnapshot {
    return this.current;
  }

  get status(): SyncStatus {
    return this.currentStatus;
  }

  /**
   * Shows the cached catalog (the cache file with its journal applied), firing a change of
   * 'all'. A cache that cannot be read (or was written for another base URL) is logged with
   * the reason. When the catalog was replaced
   * while the file was read (a sync finished, or `clear()`), the cache is not shown; the
   * result is still 'loaded'.
   */
  async loadCache(): Promise<CacheLoad> {
    const shown = this.replacements.current();
    const read = await this.cache.load();
    if (read.kind === 'missing') {
      return 'missing';
    }
    if (read.kind === 'unreadable') {
      this.options.logger.warn(`The cached merchant catalog cannot be used (${read.reason}); it will be loaded again.`);
      return 'unreadable';
    }
    if (!shown.isCurrent) {
      this.options.logger.debug('The cached merchant catalog was read after a newer one was shown; not used.');
      return 'loaded';
    }
    this.cache.adopt(read.state);
    this.replace({ merchants: read.merchants, syncedAt: read.syncedAt, source: 'cache' }, 'all');
    this.options.logger.info(`Showing ${read.merchants.size} cached merchants from the sync of ${read.syncedAt}.`);
    return 'loaded';
  }

  /**
   * Shows the cache file again when another window synced it after the catalog shown was synced;
   * true when it did. Reads only the file's header and journal otherwise.
   */
  async followDisk(): Promise<boolean> {
    const onDisk = await this.cache.syncedAtOnDisk();
    const shown = this.current.syncedAt;
    if (onDisk === undefined || (shown !== null && onDisk <= shown) || this.syncs.wouldJoin(false)) {
      return false;
    }
    return (await this.loadCache()) === 'loaded' && this.current.syncedAt === onDisk;
  }

  /**
   * Brings the catalog up to date: a full walk when `full` is asked or nothing was synced yet,
   * otherwise only the merchants updated since the last sync started (minus the safety margin).
   *
   * One sync runs at a time. A call while one runs joins it: it gets the running sync's
   * result or error (including a cancellation by the caller who started it), and its own
   * `onProgress` follows that sync. Its own `signal` only stops its waiting. The exception is
   * `full` while an incremental sync runs: the full walk is queued to run after it, and
   * further full requests join the queued one.
   */
  sync(options: SyncOptions = {}): Promise<SyncResult> {
    return this.syncs.request(this.wantsFull(options), options);
  }

  /** Whether a `sync(options)` now would join the sync that runs (or is queued) rather than start one. */
  wouldJoin(options: Pick<SyncOptions, 'full'> = {}): boolean {
    return this.syncs.wouldJoin(this.wantsFull(options));
  }

  private wantsFull(options: Pick<SyncOptions, 'full'>): boolean {
    return options.full === true || this.current.syncedAt === null;
  }

  /** Empties the catalog (change 'all') and cancels a running sync; the cache file is left alone. */
  clear(): void {
    this.syncs.cancelRunning();
    this.replace(emptySnapshot(), 'all');
  }

  /**
   * A page of the cached catalog shown turned out damaged when a merchant's details were read
   * from it: its merchants show only their summary until a full walk replaces the catalog and
   * rewrites the file, which starts now (or joins the running one).
   */
  private repairCache(reason: string): void {
    if (this.isDisposed) {
      return;
    }
    this.options.logger.warn(`The cached merchant catalog is damaged (${reason}); loading all merchants again.`);
    this.sync({ full: true }).catch((error: unknown) => {
      this.options.logger.warn(
        `The damaged merchant cache could not be replaced yet (${messageOf(error)}); the next full sync, or the next start, tries again.`,
      );
    });
  }

  /** A sync cut short leaves memory and file as they were, and keeps its pages for the next sync (`KeptWalk`). */
  private async execute(job: SyncJob): Promise<SyncResult> {
    if (job.signal.aborted) {
      throw syncCancelled();
    }
    const previous = this.currentStatus;
    const lastSynced = this.current.syncedAt;
    const full = job.full || lastSynced === null;
    job.full = full;
    this.setStatus({ state: 'syncing', full, loaded: 0 });
    const filters = full
      ? {}
      : { updatedAtFrom: new Date(Date.parse(lastSynced!) - this.safetyMarginMs).toISOString() };
    const resumed = this.kept.take(full, JSON.stringify(filters));
    // A sync that goes on from kept pages dates from when they were read: what changed since is asked for next time.
    const startedAt = resumed?.startedAt ?? this.now();
    /** The pages read in this sync, kept when it is cut short. */
    const pages: MerchantPage[] = [...(resumed?.pages ?? [])];
    /** A full sync's cache file, written as the pages arrive. */
    let save: FullSave | undefined;
    try {
      const source = await this.options.source();
      this.options.logger.debug(
        `Merchant sync (${full ? 'full' : `updated since ${filters.updatedAtFrom}`}) started${resumed ? `, going on from ${resumed.pages.length} pages kept from a sync cut short` : ''}.`,
      );
      save = full ? await this.cache.beginAll(startedAt.toISOString()) : undefined;
      const { received, walked, count } = await walkMerchants(source, {
        job,
        full,
        filters,
        resumed,
        save,
        cache: this.cache,
        pages,
        setStatus: (status) => this.setStatus(status),
      });
      const syncedAt = startedAt.toISOString();
      return await (save === undefined
        ? this.commitChanges(received, syncedAt)
        : this.commitAll(walked, count, syncedAt, save));
    } catch (error) {
      if (save !== undefined) {
        await this.cache.abortAll(save);
      }
      this.kept.keep(full, JSON.stringify(filters), startedAt, pages);
      if (job.signal.aborted) {
        this.setStatus(previous);
        throw isAbortError(error) ? error : syncCancelled();
      }
      this.setStatus(failureStatus(error, previous, startedAt, this.current.syncedAt));
      throw error;
    }
  }

  /** Swaps in a full walk's catalog, announces it, then saves it; nothing here can fail the sync. */
  private async commitAll(
    merchants: Map<MerchantKey, CatalogMerchant>,
    received: number,
    syncedAt: string,
    save: FullSave,
  ): Promise<SyncResult> {
    const changed = changedKeys(this.current.merchants, merchants, sameCacheEntry).size;
    this.replace({ merchants, syncedAt, source: 'network' }, 'all');
    await this.cache.finishAll(save, merchants);
    return this.done({ kind: 'full', received, changed, total: merchants.size });
  }

  /** Merges an incremental sync's merchants, announces the change, then saves it; nothing here can fail the sync. */
  private async commitChanges(received: CatalogMerchant[], syncedAt: string): Promise<SyncResult> {
    const merged = mergeMerchants(this.current.merchants, received, sameCacheEntry);
    const { merchants, changed } = merged;
    this.replace({ merchants, syncedAt, source: 'network' }, changed.size > 0 ? changed : undefined);
    await this.cache.saveChanges(
      merchants,
      [...changed].map((key) => merchants.get(key)!),
      syncedAt,
    );
    return this.done({ kind: 'incremental', received: received.length, changed: changed.size, total: merchants.size });
  }

  private done(result: SyncResult): SyncResult {
    this.setStatus({ state: 'idle' });
    this.options.logger.debug(
      `Merchant sync (${result.kind}) done: ${result.received} received, ${result.changed} changed, ${result.total} in all.`,
    );
    return result;
  }

  /** `keys` undefined: the snapshot changed (e.g. syncedAt) but no merchant did; no event. */
  private replace(snapshot: CatalogSnapshot, keys: CatalogChange['keys'] | undefined): void {
    this.current = snapshot;
    this.replacements.next();
    if (keys !== undefined) {
      this.changes.fire({ keys });
    }
  }

  private setStatus(status: SyncStatus): void {
    this.currentStatus = status;
    this.statuses.fire(status);
  }
}
