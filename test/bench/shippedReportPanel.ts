/** Entry of the benchmark's bundle of the report store and the panel's session: built like the extension, minified. */
export { ReportStore } from '../../src/reports/store/reportStore';
export { reportCacheFileName } from '../../src/reports/cache/reportCacheFile';
export { periodWindows } from '../../src/reports/model/reportPeriods';
export { ReportPanelSession } from '../../src/reports/panel/reportPanelSession';
