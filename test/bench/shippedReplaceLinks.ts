/** Entry of the benchmark's bundle of Replace Links to Merchant's pure core (what dist/linkHealth.js holds of it): built like the extension, minified. */
export { replaceInText, targetsOfLinks } from '../../src/revenue/linkReplacement';
export { replacementChoices } from '../../src/revenue/replacementChoices';
export { DEFAULT_HEALTH_OPTIONS, LinkHealthRules } from '../../src/health/healthRules';
export { LineReader } from '../../src/health/lineScan';
export { MerchantDomainIndex } from '../../src/links/domainIndex';
export { normalizeMerchant } from '../../src/api/normalize/merchant';
export { merchantKey } from '../../src/merchant/merchantKey';
export { toCatalogMerchant } from '../../src/merchant/merchantFields';
