/**
 * From a panel state to the store queries it needs: the report shown, the previous period's, the other kind's
 * (for EPC) and the unfiltered one (for the filters).
 */
import * as l10n from '@vscode/l10n';
import { MAX_PERIOD_DAYS } from '../../api/period';
import type {
  GroupBy,
  PanelFilters,
  PanelState,
  PeriodChoice,
  PresetName,
  ReportTab,
} from './protocol';
import { FILTER_KEYS, TAB_GROUPINGS } from '../model/reportVocabulary';
import { periodLength, previousPeriod, resolveReportPeriod } from '../model/reportPeriods';
import type { ReportPeriod } from '../model/reportTypes';
import type { StoreQuery } from '../store/reportStore';

/** The longest custom period the panel reads (in windows of 120 days): three years. */
export const MAX_CUSTOM_PERIOD_DAYS = 1096;

/** The groupings a tab offers: the actions report has no merchant. */
export function groupingsOf(tab: ReportTab): GroupBy[] {
  return [...TAB_GROUPINGS[tab]];
}

export interface PanelQueries {
  period: ReportPeriod;
  previousPeriod: ReportPeriod;
  current: StoreQuery;
  previous: StoreQuery;
  other: StoreQuery;
  /** The same kind and period without filters: its choices fill the filter lists. */
  unfiltered: StoreQuery;
}

export type PanelPlan = { ok: true; queries: PanelQueries } | { ok: false; message: string };

/** The state with what the tab cannot show replaced: a grouping it lacks becomes 'day'. */
export function normalizeState(state: PanelState): PanelState {
  const groupBy = groupingsOf(state.tab).includes(state.groupBy) ? state.groupBy : 'day';
  return { ...state, filters: cleanFilters(state.filters), groupBy };
}

/** Only filters with a value: an empty SubID is "all", not a SubID of "". */
function cleanFilters(filters: PanelFilters | undefined): PanelFilters {
  const clean: PanelFilters = {};
  for (const name of FILTER_KEYS) {
    const value = filters?.[name];
    if (typeof value === 'string' && value !== '') {
      clean[name] = value;
    }
  }
  return clean;
}

/**
 * The period a choice stands for on `today`, or why it cannot be read. Beyond the service's
 * own rules (real dates, from not after to), a custom period may not end after today (there
 * are no reports of the future) nor be longer than three years (it is read in 120-day
 * windows, each a full read).
 */
export function resolvePanelPeriod(
  choice: PeriodChoice,
  today: string,
): { ok: true; period: ReportPeriod } | { ok: false; message: string } {
  let result: ReturnType<typeof resolveReportPeriod>;
  try {
    result = resolveReportPeriod(choice, today);
  } catch (error) {
    // An unknown preset or a broken date of today: the host validates both, but the panel must still answer.
    return {
      ok: false,
      message: l10n.t({
        message: 'The period could not be worked out ({0}). Choose a period from the list.',
        args: [(error as Error).message],
        comment: ['{0}: a technical reason, in English.'],
      }),
    };
  }
  if (!result.ok) {
    return { ok: false, message: result.problem.message };
  }
  const { from, to } = result.period;
  if (choice.preset === 'custom') {
    if (to > today) {
      return {
        ok: false,
        message: l10n.t({
          message: 'dateTo ({0}) must not be after today ({1}): there are no reports of days to come.',
          args: [to, today],
          comment: ["Keep dateTo: a query parameter's name."],
        }),
      };
    }
    const length = periodLength(result.period);
    if (length > MAX_CUSTOM_PERIOD_DAYS) {
      return {
        ok: false,
        message: l10n.t(
          'The period from {0} to {1} spans {2} days; it cannot exceed {3} days (3 years, read {4} days at a time).',
          from,
          to,
          length,
          MAX_CUSTOM_PERIOD_DAYS,
          MAX_PERIOD_DAYS + 1,
        ),
      };
    }
  }
  return { ok: true, period: result.period };
}

/** The store queries of a (normalized) panel state. */
export function planSelection(state: PanelState, today: string): PanelPlan {
  const resolved = resolvePanelPeriod(state.period, today);
  if (!resolved.ok) {
    return resolved;
  }
  const { period } = resolved;
  const before = previousPeriod(period);
  const filters = cleanFilters(state.filters);
  const other: ReportTab = state.tab === 'clicks' ? 'actions' : 'clicks';
  return {
    ok: true,
    queries: {
      period,
      previousPeriod: before,
      current: { kind: state.tab, period, filters },
      previous: { kind: state.tab, period: before, filters },
      other: { kind: other, period, filters },
      unfiltered: { kind: state.tab, period, filters: {} },
    },
  };
}

const LONGER: Partial<Record<PresetName, PresetName>> = {
  today: 'last7',
  yesterday: 'last7',
  last7: 'last30',
  thisMonth: 'last30',
  last30: 'last90',
  lastMonth: 'last90',
  last90: 'last12Months',
  last120: 'last12Months',
};

/** The next longer preset to offer when a period has no data; none after a year. */
export function longerPeriod(choice: PeriodChoice): PeriodChoice | undefined {
  if (choice.preset === 'custom') {
    return { preset: 'last90' };
  }
  const next = LONGER[choice.preset];
  return next === undefined ? undefined : { preset: next };
}
