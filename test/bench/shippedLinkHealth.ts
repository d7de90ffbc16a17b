/** Entry of the benchmark's bundle of link health's pure core (what dist/linkHealth.js holds of it): built like the extension, minified. */
export { DocumentLinkScanner, documentLinks } from '../../src/health/documentLinks';
export { LineReader } from '../../src/health/lineScan';
export {
  documentOfIndexed,
  indexedFileOf,
  languageOfPath,
  positionOfIndexed,
  SiteIndex,
} from '../../src/health/siteIndex';
export { runInSlices } from '../../src/common/timeSlices';
export { DEFAULT_HEALTH_OPTIONS, LinkHealthRules } from '../../src/health/healthRules';
export { HEALTH_CODES } from '../../src/health/healthCodes';
export { SiteIndexFile } from '../../src/site/siteIndexFile';
export { MerchantDomainIndex } from '../../src/links/domainIndex';
export {
  articleSubIdVariables,
  frontMatterKeys,
  frontMatterValues,
  usesFrontMatter,
} from '../../src/links/articleSubId';
export { LOCAL_SITE_FILES, readIntoIndex } from '../../src/siteDisk/siteIndexReads';
export { expandSubId } from '../../src/links/subId';
export { normalizeMerchant } from '../../src/api/normalize/merchant';
export { merchantKey } from '../../src/merchant/merchantKey';
export { toCatalogMerchant } from '../../src/merchant/merchantFields';
export { LinkVerdicts } from '../../src/health/linkVerdict';
export { queryParametersOf } from '../../src/links/queryParameters';
