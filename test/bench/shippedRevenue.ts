/** Entry of the benchmark's bundle of revenue at risk (issue 33) and what it is built from: built like the extension, minified. */
export * from './shippedLinkHealth';
export { buildFiguresAggregate } from '../../src/reports/figures/figuresAggregate';
export { tallyPairs } from '../../src/reports/figures/pairFigures';
export { tallyClicks } from '../../src/reports/figures/figuresClickTally';
export { normalizeActionItem, normalizeClickItem } from '../../src/api/normalize/reportItems';
export { DEFAULT_SEVERITIES } from '../../src/health/healthCodes';
export { moneyLinkOf } from '../../src/health/moneyLinks';
export { buildRevenueReport, RevenueReportBuilder } from '../../src/revenue/revenueReportBuilder';
export { RiskTreeModel } from '../../src/revenue/riskTreeModel';
