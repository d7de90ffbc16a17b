/** The catalog model's shared vocabulary: the map, its snapshot, a change and the sync status. */
import type { CatalogMerchant } from '../../merchant/merchantFields';
import type { MerchantKey } from '../../merchant/merchantKey';

/** The catalog's merchants by key, in catalog order. */
export type CatalogMap = ReadonlyMap<MerchantKey, CatalogMerchant>;

/** The catalog at one moment. Maps are never mutated after they are handed out. */
export interface CatalogSnapshot {
  merchants: CatalogMap;
  /** ISO time when the last successful sync started; null before the first one. */
  syncedAt: string | null;
  /** Where the merchants came from: nothing yet, the cache file, or the service. */
  source: 'empty' | 'cache' | 'network';
}

/** What a change touched: some merchants (by key), or everything (first load, clear, base URL switch). */
export interface CatalogChange {
  keys: ReadonlySet<MerchantKey> | 'all';
}

/**
 * Where the catalog's syncing stands; the one place the extension reads it from. `offline`:
 * the service could not be reached (network failure or timeout, see `isOfflineError`); `since`
 * is when the catalog shown was synced, or, before any sync, when the service was first found
 * offline. `failed`: anything else (an HTTP error such as 401, 403, 404 or 5xx, an answer that
 * cannot be read).
 */
export type SyncStatus =
  | { state: 'idle' }
  | {
      state: 'syncing';
      full: boolean;
      loaded: number;
      /** While its next page waits for the service's rate limit (longer than pacing): when it is expected to go, and why. */
      wait?: { until: number; reason: 'window' | 'refused' };
    }
  | { state: 'offline'; since: string; error: Error }
  | { state: 'failed'; error: Error };
