/** Entry of the benchmark's bundle of the catalog model: built like the extension, minified. */
export { CatalogStore, DEFAULT_SAFETY_MARGIN_MS } from '../../src/catalog/catalogStore';
export { readCatalogCache } from '../../src/catalog/catalogCache';
export { CatalogTreeModel } from '../../src/catalog/catalogTree';
export { CachedMerchant } from '../../src/catalog/cachedMerchant';
export { toStored } from '../../src/catalog/storedMerchant';
