/**
 * The panel state the webview owns: its default, its loose restore from `getState()`, and the changes the toolbar, tabs
 * and table make to it. No DOM.
 */
import * as l10n from '@vscode/l10n';
import type { ColumnInfo, RowAction } from '../../../reports/panel/protocol';
import {
  defaultPanelState,
  FILTER_KEYS,
  GROUPINGS,
  PRESETS,
  REPORT_TABS,
  type GroupBy,
  type PanelFilters,
  type PanelSort,
  type PanelState,
  type PeriodChoice,
  type PresetName,
  type ReportTab,
} from '../../../reports/model/reportVocabulary';

/** The presets' names, read when drawn (translations.ts: never when the module loads). */
const PRESET_LABELS: Readonly<Record<PresetName, () => string>> = {
  today: () => l10n.t('Today'),
  yesterday: () => l10n.t('Yesterday'),
  last7: () => l10n.t('Last 7 days'),
  last30: () => l10n.t('Last 30 days'),
  thisMonth: () => l10n.t('This month'),
  lastMonth: () => l10n.t('Last month'),
  last90: () => l10n.t('Last 90 days'),
  last120: () => l10n.t('Last 120 days'),
  last12Months: () => l10n.t('Last 12 months'),
};

export { PRESETS, GROUPINGS, defaultPanelState } from '../../../reports/model/reportVocabulary';

export function presetLabel(preset: PresetName): string {
  return PRESET_LABELS[preset]();
}

const GROUP_LABELS: Readonly<Record<GroupBy, () => string>> = {
  day: () => l10n.t('Day'),
  program: () => l10n.t('Program'),
  subId: () => l10n.t('SubID'),
  platform: () => l10n.t('Platform'),
  product: () => l10n.t('Product'),
  merchant: () => l10n.t('Merchant'),
  none: () => l10n.t('None (items)'),
};

export function groupLabel(groupBy: GroupBy): string {
  return GROUP_LABELS[groupBy]();
}

/** Two days, already formatted, as a range: "3 Nov 2026 – 23 Nov 2026". */
export function dateRangeText(from: string, to: string): string {
  return l10n.t({ message: '{0} – {1}', args: [from, to], comment: ['A range of dates: from {0} to {1}.'] });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Longer filter values are not ids of this service; a restored state is not trusted further. */
const MAX_FILTER_LENGTH = 200;

export function isDay(value: unknown): value is string {
  return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function restorePeriod(raw: unknown): PeriodChoice | undefined {
  if (!isRecord(raw)) {
    return undefined;
  }
  if (raw.preset === 'custom') {
    return isDay(raw.from) && isDay(raw.to) && raw.from <= raw.to
      ? { preset: 'custom', from: raw.from, to: raw.to }
      : undefined;
  }
  const preset = PRESETS.find((name) => name === raw.preset);
  return preset === undefined ? undefined : { preset };
}

function restoreFilters(raw: unknown): PanelFilters {
  const filters: PanelFilters = {};
  if (!isRecord(raw)) {
    return filters;
  }
  for (const name of FILTER_KEYS) {
    const value = raw[name];
    if (typeof value === 'string' && value.length > 0 && value.length <= MAX_FILTER_LENGTH) {
      filters[name] = value;
    }
  }
  return filters;
}

function restoreSort(raw: unknown): PanelSort | null {
  if (!isRecord(raw) || typeof raw.column !== 'string' || raw.column.length === 0 || raw.column.length > 100) {
    return null;
  }
  return raw.direction === 'asc' || raw.direction === 'desc' ? { column: raw.column, direction: raw.direction } : null;
}

/**
 * The state `getState()` returned, checked loosely: null when there is none or it is of
 * another version; otherwise each field that is valid is kept and the others take their
 * default. The host validates it again.
 */
export function restorePanelState(raw: unknown): PanelState | null {
  if (!isRecord(raw) || raw.version !== 1) {
    return null;
  }
  const fallback = defaultPanelState();
  return {
    version: 1,
    tab: REPORT_TABS.includes(raw.tab as ReportTab) ? (raw.tab as ReportTab) : fallback.tab,
    period: restorePeriod(raw.period) ?? fallback.period,
    filters: restoreFilters(raw.filters),
    groupBy: GROUPINGS.includes(raw.groupBy as GroupBy) ? (raw.groupBy as GroupBy) : fallback.groupBy,
    sort: restoreSort(raw.sort),
  };
}

/** The same state, whatever the order of keys and absent versus undefined filters. */
export function samePanelState(a: PanelState, b: PanelState): boolean {
  return canonical(a) === canonical(b);
}

function canonical(state: PanelState): string {
  const { period, filters, sort } = state;
  return JSON.stringify([
    state.version,
    state.tab,
    period.preset,
    period.preset === 'custom' ? [period.from, period.to] : null,
    filters.adspaceId ?? null,
    filters.programId ?? null,
    filters.subId ?? null,
    state.groupBy,
    sort === null ? null : [sort.column, sort.direction],
  ]);
}

/** Another tab: the columns differ, so the sort goes; Actions has no Merchant grouping. */
export function withTab(state: PanelState, tab: ReportTab): PanelState {
  const groupBy = tab === 'actions' && state.groupBy === 'merchant' ? 'day' : state.groupBy;
  return { ...state, tab, groupBy, sort: null };
}

export function withPeriod(state: PanelState, period: PeriodChoice): PanelState {
  return { ...state, period };
}

export type FilterName = keyof PanelFilters;

export function withFilter(state: PanelState, name: FilterName, value: string | undefined): PanelState {
  const filters: PanelFilters = { ...state.filters };
  if (value === undefined || value === '') {
    delete filters[name];
  } else {
    filters[name] = value;
  }
  return { ...state, filters };
}

/** Another grouping: other columns, so the sort goes. */
export function withGroupBy(state: PanelState, groupBy: GroupBy): PanelState {
  return { ...state, groupBy, sort: null };
}

export function withSort(state: PanelState, sort: PanelSort | null): PanelState {
  return { ...state, sort };
}

const ROW_FILTERS: Partial<Record<RowAction, { filter: FilterName; grouping: GroupBy }>> = {
  filterPlatform: { filter: 'adspaceId', grouping: 'platform' },
  filterProgram: { filter: 'programId', grouping: 'program' },
  filterSubId: { filter: 'subId', grouping: 'subId' },
};

/** True for the row actions the webview does itself (a new panel state). */
export function isFilterAction(action: RowAction): boolean {
  return ROW_FILTERS[action] !== undefined;
}

/**
 * A row's filter action: the filter set to the row's key. Filtering by the dimension the table
 * is grouped by would leave one row, so the table then shows that one by day.
 */
export function withRowFilter(state: PanelState, action: RowAction, key: string): PanelState {
  const rule = ROW_FILTERS[action];
  if (rule === undefined) {
    return state;
  }
  const filtered = withFilter(state, rule.filter, key);
  return state.groupBy === rule.grouping ? withGroupBy(filtered, 'day') : filtered;
}

/**
 * The sort after choosing a column's header: the other direction when it is the sorted column;
 * otherwise text ascending and numbers and dates descending (biggest, newest first).
 */
export function toggledSort(current: PanelSort | null, column: ColumnInfo): PanelSort {
  if (current !== null && current.column === column.id) {
    return { column: column.id, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { column: column.id, direction: column.kind === 'text' ? 'asc' : 'desc' };
}

export function periodLabel(period: PeriodChoice): string {
  return period.preset === 'custom' ? dateRangeText(period.from, period.to) : presetLabel(period.preset);
}
