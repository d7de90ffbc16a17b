/**
 * The catalog model's shared vocabulary. Everything under `src/catalog/` is pure (no
 * `vscode` import) and unit-tested in plain Node; the tree provider and commands adapt it.
 */
import type { Merchant } from '../api/types';

/** Stable identity of a merchant across syncs: `id:<merchantId>`, or a fallback key when the id is null. */
export type MerchantKey = string;

/** The catalog at one moment. Maps are never mutated after they are handed out. */
export interface CatalogSnapshot {
  merchants: ReadonlyMap<MerchantKey, Merchant>;
  /** ISO time when the last successful sync started; null before the first one. */
  syncedAt: string | null;
  /** Where the merchants came from: nothing yet, the cache file, or the service. */
  source: 'empty' | 'cache' | 'network';
}

/** What a change touched: some merchants (by key), or everything (first load, clear, base URL switch). */
export interface CatalogChange {
  keys: ReadonlySet<MerchantKey> | 'all';
}

export type SyncStatus =
  | { state: 'idle' }
  | { state: 'syncing'; full: boolean; loaded: number }
  | { state: 'offline'; since: string; error: Error }
  | { state: 'failed'; error: Error };

/** A minimal event, like vscode.Event, so the pure core needs no vscode. */
export type Listener<T> = (value: T) => void;
export interface Subscription {
  dispose(): void;
}
export type CatalogEvent<T> = (listener: Listener<T>) => Subscription;
