/** Entry of the benchmark's bundle of the link rules and search: built like the extension, minified. */
export { findUrls } from '../../src/links/urlFinder';
export { MerchantDomainIndex } from '../../src/links/domainIndex';
export { planMonetize } from '../../src/links/monetizePlan';
export { DEFAULT_DEEPLINK_OPTIONS } from '../../src/links/deeplink';
export { MerchantSearchIndex } from '../../src/catalog/search/merchantSearch';
export { normalizeMerchant } from '../../src/api/normalize/merchant';
export { merchantKey } from '../../src/merchant/merchantKey';
export { toCatalogMerchant } from '../../src/merchant/merchantFields';
