/** Reading the catalog back from disk: the cache file with its journal applied, merged as syncs merge. */
import { normalizeBaseUrl } from '../../api/baseUrl';
import type { ClientLogger } from '../../api/types';
import { toCatalogMerchant, type CatalogMerchant } from '../../merchant/merchantFields';
import type { MerchantKey } from '../../merchant/merchantKey';
import { mergeMerchants, replaceAll } from '../model/catalogMerge';
import { CachedMerchant } from './cachedMerchant';
import { readCheckedJournal, type JournalBase } from './cacheJournal';
import { readCacheHeader, readCatalogCache } from './cacheReader';

/** What is known of the files on disk; undefined in the keeper when no usable cache file is known. */
export interface JournalState {
  base: JournalBase;
  /** Entries and merchants the journal holds. */
  entries: number;
  merchants: number;
  /** The checks (`crc32`) of the journal entries the catalog in memory holds, loaded or appended. */
  held: string[];
  /** False when the journal may end in a torn or bad line: the next save compacts. */
  appendable: boolean;
}

export type CachedCatalog =
  | { kind: 'missing' }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'ok'; merchants: Map<MerchantKey, CatalogMerchant>; syncedAt: string; state: JournalState };

/**
 * Reads the cache file and applies its journal, so what is loaded equals what was in memory after
 * the last sync saved; never throws. `onDamaged` hears of a page found damaged when read later.
 */
export async function loadCachedCatalog(
  cacheFile: string,
  baseUrl: string,
  logger: ClientLogger,
  onDamaged: (reason: string) => void,
): Promise<CachedCatalog> {
  const read = await readCatalogCache(cacheFile, onDamaged);
  if (read.kind === 'missing') {
    return read;
  }
  if (read.kind === 'unreadable') {
    return read;
  }
  if (read.baseUrl !== normalizeBaseUrl(baseUrl)) {
    return { kind: 'unreadable', reason: `written for ${read.baseUrl}` };
  }
  const base = { savedAt: read.savedAt, syncedAt: read.syncedAt };
  const state: JournalState = { base, entries: 0, merchants: 0, held: [], appendable: true };
  const { read: journal, checks } = await readCheckedJournal(cacheFile, base);
  if (journal.kind === 'stale') {
    logger.warn(`The merchant cache journal is ignored (${journal.reason}).`);
  }
  const reportProblem = (problem: string | undefined): void => {
    if (problem !== undefined) {
      logger.warn(`The merchant cache journal ends early (${problem}); the entries before it are used.`);
    }
  };
  if (journal.kind !== 'ok' || journal.entries.length === 0) {
    if (journal.kind === 'ok') {
      reportProblem(journal.problem); // nothing of it is used: the next entry starts it afresh
    }
    return { kind: 'ok', merchants: replaceAll<CatalogMerchant>(read.merchants), syncedAt: read.syncedAt, state };
  }
  const updates = journal.entries.flatMap((entry) => entry.merchants.map(toCatalogMerchant));
  const merchants = mergeMerchants(
    replaceAll<CatalogMerchant>(read.merchants),
    updates,
    CachedMerchant.sameEntry,
  ).merchants;
  state.entries = journal.entries.length;
  state.merchants = updates.length;
  state.held = checks;
  state.appendable = journal.problem === undefined;
  reportProblem(journal.problem);
  return { kind: 'ok', merchants, syncedAt: journal.entries.at(-1)!.syncedAt, state };
}

/**
 * When the catalog on disk was synced (the file's sync, or its journal's last), without reading
 * its merchants; undefined when there is none that reads. Another window may have synced since.
 */
export async function syncedAtOnDisk(cacheFile: string, baseUrl: string): Promise<string | undefined> {
  const header = await readCacheHeader(cacheFile);
  if (header === undefined || header.baseUrl !== normalizeBaseUrl(baseUrl)) {
    return undefined;
  }
  const { read } = await readCheckedJournal(cacheFile, { savedAt: header.savedAt, syncedAt: header.syncedAt });
  return read.kind === 'ok' && read.entries.length > 0 ? read.entries.at(-1)!.syncedAt : header.syncedAt;
}
