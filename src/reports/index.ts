/**
 * The reports' public surface for the extension: the store, the cache file names, the periods.
 * The extension loads this module lazily (esbuild builds it as `dist/reports.js`), when a
 * report or a figure is first asked for, not at activation.
 */
export {
  ReportStore,
  DEFAULT_CACHE_LIMITS,
  queryKey,
  type ReportState,
  type StoreQuery,
  type ReportStoreOptions,
  type ReportProgress,
} from './store/reportStore';
export { reportCacheFileName } from './cache/reportCacheFile';
export { periodWindows, presetPeriod, previousPeriod, resolveReportPeriod } from './model/reportPeriods';
export { DEFAULT_PROVISIONAL_DAYS } from './model/reportDays';
export { ReportPanelSession, type PanelSessionOptions, type PanelProgress } from './panel/reportPanelSession';
export { toCsv, toTsv, type ExportTable } from './panel/tableExport';
export {
  buildFiguresAggregate,
  figuresOf,
  type ArticleFigures,
  type FiguresAggregate,
  type FiguresInput,
  type MerchantFigures,
  type SubIdFigures,
} from './figures/figuresAggregate';
export {
  amountsText,
  articleLensText,
  clicksText,
  figuresAgeText,
  figuresSubjectText,
  lensTooltipText,
  lineLensText,
  trendText,
} from './figures/figuresWords';
export { reportPlatforms, type ReportPlatform } from './model/reportPlatforms';
