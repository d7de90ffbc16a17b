/** Entry of the benchmark's bundle of the catalog model: built like the extension, minified. */
export { CatalogStore, DEFAULT_SAFETY_MARGIN_MS } from '../../src/catalog/store/catalogStore';
export { readCatalogCache } from '../../src/catalog/cache/cacheReader';
export { CatalogTreeModel } from '../../src/catalog/tree/catalogTree';
export { pagesParsed } from '../../src/catalog/cache/testing';
export { toStored } from '../../src/catalog/cache/storedMerchant';
