/**
 * The reports' vocabulary written once as tuples (tabs, presets, groupings, filters, actions, limits), the panel
 * state they make and its default: the one value module the report model, the panel's session and host, and the
 * webview app all import. It imports nothing, so the webview's browser bundle can take it as it is.
 */

export const REPORT_TABS = ['clicks', 'actions'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** In the order the Period control offers them. */
export const PRESETS = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'thisMonth',
  'lastMonth',
  'last90',
  'last120',
  'last12Months',
] as const;
export type PresetName = (typeof PRESETS)[number];

/** In the order Group by offers them. */
export const GROUPINGS = ['day', 'program', 'subId', 'platform', 'product', 'merchant', 'none'] as const;
export type GroupBy = (typeof GROUPINGS)[number];

/** What a report's rows are grouped by besides the day and the items themselves. */
export type Dimension = Exclude<GroupBy, 'day' | 'none'>;
const isDimension = (groupBy: GroupBy): groupBy is Dimension => groupBy !== 'day' && groupBy !== 'none';
/** The actions report has no merchant (its items carry none). */
const ACTIONLESS = 'merchant' satisfies GroupBy;

/** The groupings each tab offers, in Group by's order. */
export const TAB_GROUPINGS: Readonly<Record<ReportTab, readonly GroupBy[]>> = {
  clicks: GROUPINGS,
  actions: GROUPINGS.filter((groupBy) => groupBy !== ACTIONLESS),
};

/** The dimensions each report aggregates by. */
export const CLICK_DIMENSIONS: readonly Dimension[] = TAB_GROUPINGS.clicks.filter(isDimension);
export const ACTION_DIMENSIONS: readonly Exclude<Dimension, typeof ACTIONLESS>[] = TAB_GROUPINGS.actions.filter(
  (groupBy): groupBy is Exclude<Dimension, typeof ACTIONLESS> => isDimension(groupBy) && groupBy !== ACTIONLESS,
);

/** The clicks table's groupings whose rows the actions can be joined to (by program, SubID, platform, or merchant through its programs): they show an actions column. */
export const GROUPINGS_WITH_ACTIONS: readonly GroupBy[] = CLICK_DIMENSIONS.filter(
  (dimension) => dimension !== 'product',
);

/** The service's filters: platform (`adspaceId`), program and SubID. */
export const FILTER_KEYS = ['adspaceId', 'programId', 'subId'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
/** Absent means all. */
export type PanelFilters = Partial<Record<FilterKey, string>>;

/** What the webview asks the host to do with a button (the Longer Period button it does itself). */
export const PANEL_ACTIONS = ['setApiKey', 'addAccountKey', 'keyHelp', 'retry', 'showLog'] as const;
/** What choosing a row asks the host to do (the filters the webview applies itself). */
export const HOST_ROW_ACTIONS = ['openSubIdFile', 'revealMerchant'] as const;

/** What the webview may send, at most; and the rows a reply carries at most. */
export const PANEL_LIMITS = {
  filterValue: 200,
  sortColumn: 100,
  rowKey: 200,
  problem: 2000,
  maxRows: 500,
  earliestDate: '2000-01-01',
} as const;

export type PeriodChoice = { preset: PresetName } | { preset: 'custom'; from: string; to: string };

export interface PanelSort {
  /** A column id of the current table (`ColumnInfo.id` of the protocol). */
  column: string;
  direction: 'asc' | 'desc';
}

/** The panel state: what the webview keeps with setState and the serializer restores. */
export interface PanelState {
  version: 1;
  tab: ReportTab;
  period: PeriodChoice;
  filters: PanelFilters;
  groupBy: GroupBy;
  /** Null: the table's own order (most clicks or actions first; by date for Day and None). */
  sort: PanelSort | null;
}

/** The state a panel opens on when it has none saved. */
export function defaultPanelState(): PanelState {
  return { version: 1, tab: 'clicks', period: { preset: 'last30' }, filters: {}, groupBy: 'day', sort: null };
}
