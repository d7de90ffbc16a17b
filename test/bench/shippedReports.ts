/** Entry of the benchmark's bundle of the report store and cache: built like the extension, minified. */
export { ReportStore } from '../../src/reports/store/reportStore';
export { readWindowInFull, refreshWindow } from '../../src/reports/store/reportReader';
export { readReportCache, writeReportCache } from '../../src/reports/cache/reportCacheFile';
