/** The reports' public surface for the extension, loaded lazily as `dist/reports.js`. */
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
export {
  ReportPanelSession,
  type PanelSessionOptions,
  type PanelProgress,
  type PanelReports,
} from './panel/reportPanelSession';
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
