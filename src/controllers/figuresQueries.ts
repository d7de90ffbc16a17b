/**
 * The report queries the figures read: the figures period's clicks, the previous period's and its actions (for the
 * workspace's platform, or one SubID of the active article), today's clicks, and the preset of a figures period.
 */
import { presetPeriod, previousPeriod } from '../reports/model/reportPeriods';
import type { ReportState, StoreQuery } from '../reports/store/reportState';
import type { FiguresDays } from '../settings/figuresSettings';
import type { PresetName } from '../reports/model/reportVocabulary';

/** The figures' three queries over one set of filters. */
export interface FiguresQueries {
  clicks: StoreQuery<'clicks'>;
  previous: StoreQuery<'clicks'>;
  actions: StoreQuery<'actions'>;
}

/** The three queries of the figures period ending `today`, filtered to the workspace's platform (`adspaceId`) and to `subId`, when given. */
export function figuresQueries(days: FiguresDays, today: string, subId?: string, adspaceId?: string): FiguresQueries {
  const period = presetPeriod(presetOfDays(days), today);
  const filters = { ...(adspaceId === undefined ? {} : { adspaceId }), ...(subId === undefined ? {} : { subId }) };
  return {
    clicks: { kind: 'clicks', period, filters },
    previous: { kind: 'clicks', period: previousPeriod(period), filters },
    actions: { kind: 'actions', period, filters },
  };
}

/** Today's clicks alone (of the workspace's platform, when given): what the status bar needs while the figures are off. */
export function todayQuery(today: string, adspaceId?: string): StoreQuery<'clicks'> {
  return {
    kind: 'clicks',
    period: presetPeriod('today', today),
    filters: adspaceId === undefined ? {} : { adspaceId },
  };
}

/** Today's clicks for the status bar: counted from a clicks report whose period ends today. */
export interface TodayClicks {
  /** The report's state (status, time, error) that the figure is counted from. */
  state: ReportState<'clicks'>;
  /** Clicks dated `day` in it; undefined while it has no report. */
  clicks: number | undefined;
}

/** The clicks dated `day` in the report shown for `state`. */
export function clicksOn(state: ReportState<'clicks'>, day: string): number | undefined {
  const report = state.report;
  if (report === undefined) {
    return undefined;
  }
  let clicks = 0;
  for (const window of report.windows) {
    if (window.from > day || window.to < day) {
      continue;
    }
    for (const item of window.items) {
      if (item.date === day) {
        clicks += item.count;
      }
    }
  }
  return clicks;
}

/** The report panel's preset for a figures period. */
export function presetOfDays(days: FiguresDays): PresetName {
  return days === 7 ? 'last7' : days === 90 ? 'last90' : 'last30';
}
