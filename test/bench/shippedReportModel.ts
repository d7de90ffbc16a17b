/** Entry of the benchmark's bundle of the report model: built like the extension, minified. */
export { aggregateActions } from '../../src/reports/model/actionReport';
export { aggregateClicks } from '../../src/reports/model/clickReport';
export { ClickReportRows } from '../../src/reports/model/clickRows';
export { normalizeActionItem, normalizeClickItem } from '../../src/api/normalize/reportItems';
