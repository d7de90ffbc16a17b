/** Keeps the cache file and its journal in step with the catalog in memory, as syncs finish. */
import { basename, dirname } from 'node:path';
import type { ClientLogger, MerchantPage } from '../../api/types';
import { NODE_FILE_OPS, removeLeftoverTemps, type CacheFileOps } from '../../common/cacheFiles';
import { messageOf } from '../../common/errorMessage';
import { toCatalogMerchant, type CatalogMerchant } from '../../merchant/merchantFields';
import type { MerchantKey } from '../../merchant/merchantKey';
import { compactPage, type CompactPage } from './cachedMerchant';
import { CacheFileWriter, writeCatalogCache } from './cacheFileWriter';
import { JOURNAL_MAX_ENTRIES, JOURNAL_MAX_SHARE } from './cacheFormat';
import { removeCacheJournal, type JournalBase } from './cacheJournal';
import { loadCachedCatalog, syncedAtOnDisk, type CachedCatalog, type JournalState } from './cacheLoad';
import { appendToSharedJournal, type JournalAppend } from './journalPlan';

export interface CacheKeeperOptions {
  cacheFile: string;
  baseUrl: string;
  logger: ClientLogger;
  now: () => Date;
  /** Told when a page held in memory (loaded from the file, or kept from a full walk) turns out damaged as its details are read. */
  onDamaged?: (reason: string) => void;
  /** Tests only: the file operations writes use, to inject disk faults (default `NODE_FILE_OPS`). */
  files?: CacheFileOps;
}

export type { CachedCatalog, JournalState } from './cacheLoad';

/**
 * A full sync's cache file, written while its walk goes on. When anything goes wrong on the
 * way (the file cannot be created or written, a merchant cannot be serialised, the walk sent
 * a merchant twice), the sync's end writes the whole catalog the ordinary way instead.
 */
export interface FullSave {
  readonly syncedAt: string;
  readonly savedAt: string;
  writer: CacheFileWriter | undefined;
  /** Merchants handed to the writer. */
  count: number;
  /** Pages of the walk so far. */
  pages: number;
  /** The removal of an abandoned writer's temporary file. */
  dropped: Promise<void>;
}

export class CacheKeeper {
  private state: JournalState | undefined;
  /**
   * A page held in memory was found damaged: its merchants lack their details,
   * so the catalog must not be written whole until a full sync has replaced it.
   */
  private damaged = false;

  private readonly files: CacheFileOps;

  constructor(private readonly options: CacheKeeperOptions) {
    this.files = options.files ?? NODE_FILE_OPS;
  }

  /** A page of the catalog in memory could not be read back: see `damaged`. */
  private readonly reportDamage = (reason: string): void => {
    this.damaged = true;
    this.options.onDamaged?.(reason);
  };

  /** Reads the cache file and its journal; never throws. Call `adopt` when the result is shown. */
  async load(): Promise<CachedCatalog> {
    await this.removeLeftovers();
    return loadCachedCatalog(this.options.cacheFile, this.options.baseUrl, this.options.logger, this.reportDamage);
  }

  /** When the catalog on disk was synced; see `syncedAtOnDisk`. */
  syncedAtOnDisk(): Promise<string | undefined> {
    return syncedAtOnDisk(this.options.cacheFile, this.options.baseUrl);
  }

  /** The files now match a loaded catalog that is being shown. */
  adopt(state: JournalState): void {
    this.state = { ...state, base: { ...state.base }, held: [...state.held] };
  }

  /** Starts a full sync's cache file; never throws. */
  async beginAll(syncedAt: string): Promise<FullSave> {
    const savedAt = this.options.now().toISOString();
    const save: FullSave = { syncedAt, savedAt, writer: undefined, count: 0, pages: 0, dropped: Promise.resolve() };
    try {
      save.writer = await CacheFileWriter.open(
        this.options.cacheFile,
        { baseUrl: this.options.baseUrl, syncedAt, savedAt },
        this.files,
      );
    } catch (error) {
      this.options.logger.debug(
        `The merchant cache cannot be written during the sync (${messageOf(error)}); it is written at its end.`,
      );
    }
    return save;
  }

  /**
   * Adds a page of a full sync to its cache file, as the service sent it where it can; never
   * throws. Returns the page's merchants as the catalog should hold them: when the service's
   * bytes came with them, in the compact form a loaded cache has (see `compactPage`), so the
   * walk does not keep every merchant's details in memory.
   */
  addToAll(save: FullSave, page: Pick<MerchantPage, 'merchants' | 'source'>): readonly CatalogMerchant[] {
    save.pages += 1;
    let compact: CompactPage | undefined;
    let plain: CatalogMerchant[] | undefined;
    try {
      if (page.source === undefined) {
        plain = page.merchants.map(toCatalogMerchant);
        save.writer?.addPage(plain);
      } else {
        compact = compactPage(page.merchants, page.source, save.pages, this.reportDamage);
        save.writer?.addSummarizedPage(compact.rows, page.source.bytes);
      }
      save.count += page.merchants.length;
    } catch (error) {
      this.options.logger.debug(
        `The merchant cache could not be written during the sync (${messageOf(error)}); it is written at its end.`,
      );
      this.dropAll(save);
    }
    return compact?.merchants ?? plain ?? page.merchants.map(toCatalogMerchant);
  }

  /** A failed or cancelled full sync: removes its temporary file; never throws. */
  async abortAll(save: FullSave): Promise<void> {
    this.dropAll(save);
    await save.dropped;
  }

  /**
   * After a full sync: puts its cache file in place (or writes the catalog now when that file
   * went wrong), then removes the journal. Never throws.
   */
  async finishAll(save: FullSave, merchants: ReadonlyMap<MerchantKey, CatalogMerchant>): Promise<void> {
    this.damaged = false; // the catalog in memory came whole from the service
    const writer = save.writer;
    if (writer === undefined || writer.failed || save.count !== merchants.size) {
      await this.abortAll(save);
      await this.saveAll(merchants, save.syncedAt);
      return;
    }
    await this.saved(writer.commit(), save);
  }

  /** Rewrites the cache file, then removes the journal. Never throws. */
  async saveAll(merchants: ReadonlyMap<MerchantKey, CatalogMerchant>, syncedAt: string): Promise<void> {
    const savedAt = this.options.now().toISOString();
    const data = { baseUrl: this.options.baseUrl, syncedAt, savedAt, merchants: [...merchants.values()] };
    await this.saved(writeCatalogCache(this.options.cacheFile, data, this.files), { syncedAt, savedAt });
  }

  private dropAll(save: FullSave): void {
    if (save.writer !== undefined) {
      save.dropped = save.writer.abort();
      save.writer = undefined;
    }
  }

  private async saved(write: Promise<void>, { syncedAt, savedAt }: JournalBase): Promise<void> {
    try {
      await write;
    } catch (error) {
      this.state = undefined;
      this.options.logger.warn(
        `Could not save the merchant cache (${messageOf(error)}); the previous cache file is kept, and the catalog is up to date in memory.`,
      );
      return;
    }
    this.state = { base: { savedAt, syncedAt }, entries: 0, merchants: 0, held: [], appendable: true };
    try {
      await removeCacheJournal(this.options.cacheFile, this.files);
    } catch (error) {
      // The old journal names the old cache file, so it is ignored as stale; the next append replaces it.
      this.options.logger.warn(`Could not remove the merchant cache journal (${messageOf(error)}).`);
    }
    await this.removeLeftovers();
  }

  /** Removes the temporary files of cache writes that crashed before their rename; never throws. */
  private async removeLeftovers(): Promise<void> {
    const { cacheFile, logger } = this.options;
    const name = basename(cacheFile);
    const removed = await removeLeftoverTemps(dirname(cacheFile), (target) => target === name);
    if (removed.length > 0) {
      logger.info(`Removed ${removed.length} temporary merchant cache file(s) left by a write that was interrupted.`);
    }
  }

  /**
   * After an incremental sync: appends `changed` (the merchants it added or changed, in the
   * order the merge met them) to the journal, or compacts. Never throws.
   */
  async saveChanges(
    merchants: ReadonlyMap<MerchantKey, CatalogMerchant>,
    changed: readonly CatalogMerchant[],
    syncedAt: string,
  ): Promise<void> {
    const state = this.state;
    const compact =
      state === undefined ||
      !state.appendable ||
      state.entries + 1 > JOURNAL_MAX_ENTRIES ||
      state.merchants + changed.length > JOURNAL_MAX_SHARE * merchants.size;
    if (!compact) {
      let appended: JournalAppend;
      try {
        appended = await appendToSharedJournal(
          this.options.cacheFile,
          state.base,
          state.held,
          { syncedAt, merchants: changed },
          this.files,
        );
      } catch (error) {
        state.appendable = false;
        this.options.logger.warn(
          `Could not append to the merchant cache journal (${messageOf(error)}); the cache keeps the syncs before, and the catalog is up to date in memory.`,
        );
        return;
      }
      if (appended.kind === 'appended') {
        state.held.push(appended.check);
        state.entries = appended.entries;
        state.merchants = appended.merchants;
        return;
      }
      this.options.logger.debug(
        `The merchant cache file is rewritten rather than its journal extended: ${appended.reason}.`,
      );
    }
    if (this.damaged) {
      this.options.logger.debug(
        'The merchant cache is not rewritten while it is damaged; the full sync repairing it will.',
      );
      return;
    }
    await this.saveAll(merchants, syncedAt);
  }
}
