/** The catalog cache as the store uses it; everything else in this folder is the cache's own business. */
export { CacheKeeper, type CacheKeeperOptions, type CachedCatalog, type FullSave } from './cacheKeeper';
export { cacheFileName } from './cacheFormat';
import { CachedMerchant } from './cachedMerchant';
import type { KnownEqual } from '../model/catalogMerge';

/** Two cached merchants over the same page bytes, at the same place: equal without reading their details. */
export const sameCacheEntry: KnownEqual = (a, b) => CachedMerchant.sameEntry(a, b);
