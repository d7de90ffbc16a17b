/**
 * The report panel's chart: every day of the period with its series (clicks by the top five groups plus "Other", or
 * commission per currency) and the chart in words.
 */
import * as l10n from '@vscode/l10n';
import type { ClickItem } from '../../api/types';
import type { ChartData, ChartSeries, GroupBy } from './protocol';
import type { ActionReport } from '../model/actionReport';
import type { ClickGrouping, ClickReport } from '../model/clickReport';
import { dayPosition, dayPositions } from '../model/reportDays';
import { formatAmount, formatCount, formatDay, formatPeriod, tidyAmount } from './panelWords';

/** Groups drawn on their own; the rest are added up as "Other". */
export const CHART_TOP_GROUPS = 5;
export const OTHER_LABEL = l10n.t({ message: 'Other', comment: ['The chart series of all the other groups.'] });

const GROUP_KEYS: Readonly<Record<ClickGrouping, (item: ClickItem) => string | null>> = {
  program: (item) => item.programId,
  subId: (item) => item.subId,
  platform: (item) => item.adspaceId,
  product: (item) => item.productId,
  // The model keys merchants by the id written as text.
  merchant: (item) => (item.merchantId === null ? null : String(item.merchantId)),
};

/** The chart's clicks by a grouping, in words: `list` is each series' label and clicks, separated by commas. */
function byGroupingSentence(grouping: ClickGrouping, list: string): string {
  switch (grouping) {
    case 'program':
      return l10n.t({ message: 'By program: {0}.', args: [list], comment: ['{0}: groups and their clicks.'] });
    case 'subId':
      return l10n.t({ message: 'By SubID: {0}.', args: [list], comment: ['{0}: groups and their clicks.'] });
    case 'platform':
      return l10n.t({ message: 'By platform: {0}.', args: [list], comment: ['{0}: groups and their clicks.'] });
    case 'product':
      return l10n.t({ message: 'By product: {0}.', args: [list], comment: ['{0}: groups and their clicks.'] });
    case 'merchant':
      return l10n.t({ message: 'By merchant: {0}.', args: [list], comment: ['{0}: groups and their clicks.'] });
  }
}

export const isClickGrouping = (groupBy: GroupBy): groupBy is ClickGrouping => Object.hasOwn(GROUP_KEYS, groupBy);

/** A series of a grouping before it is named: the group's key and the model's label. */
export interface GroupSeries {
  key: string | null;
  label: string;
  values: number[];
  other?: boolean;
}

/**
 * The top groups' clicks per day and the rest's, in one pass over the items (the caller keeps
 * them per report). Named later, at each snapshot: the catalog's merchant names may arrive
 * after the report.
 */
export function groupSeries(report: ClickReport, grouping: ClickGrouping): GroupSeries[] {
  const groups = report.groups[grouping];
  const top = groups.slice(0, CHART_TOP_GROUPS);
  const dayCount = report.days.length;
  const slots = new Map(top.map((group, slot) => [group.key, slot]));
  const values = top.map(() => new Float64Array(dayCount));
  const other = new Float64Array(dayCount);
  const positions = dayPositions(report.days.map((day) => day.date));
  const keyOf = GROUP_KEYS[grouping];
  for (const item of report.items) {
    const position = dayPosition(positions, item.date);
    if (position < 0) {
      continue;
    }
    const slot = slots.get(keyOf(item));
    (slot === undefined ? other : values[slot]!)[position] += item.count;
  }
  const series: GroupSeries[] = top.map((group, slot) => ({
    key: group.key,
    label: group.label,
    values: Array.from(values[slot]!),
  }));
  if (groups.length > CHART_TOP_GROUPS) {
    series.push({ key: null, label: OTHER_LABEL, values: Array.from(other), other: true });
  }
  return series;
}

const total = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0);

/** The position of the biggest value (the first, on a tie). */
function busiest(values: readonly number[]): number {
  let best = 0;
  for (let position = 1; position < values.length; position++) {
    if (values[position]! > values[best]!) {
      best = position;
    }
  }
  return best;
}

/** The sentence on the provisional days, or undefined when there are none. */
function provisionalSentence(days: readonly string[], flags: readonly boolean[]): string | undefined {
  const provisional = days.filter((_, position) => flags[position]);
  if (provisional.length === 0) {
    return undefined;
  }
  const period = formatPeriod(provisional[0]!, provisional.at(-1)!);
  return provisional.length === 1
    ? l10n.t('The last {0} day ({1}) is provisional and may still change.', formatCount(1), period)
    : l10n.t('The last {0} days ({1}) are provisional and may still change.', formatCount(provisional.length), period);
}

/** The description's sentences, one after the other. */
function sentences(...texts: Array<string | undefined>): string {
  return texts.filter((text) => text !== undefined).join(' ');
}

function clickDescription(
  report: ClickReport,
  groupBy: GroupBy,
  series: readonly ChartSeries[],
  days: readonly string[],
): string {
  const period = formatPeriod(report.period.from, report.period.to);
  const clicks = report.totals.clicks;
  if (clicks === 0) {
    return l10n.t('No clicks from {0} to {1}.', formatDay(report.period.from), formatDay(report.period.to));
  }
  const byDay = report.days.map((day) => day.clicks);
  const best = busiest(byDay);
  const text = l10n.t({
    message: 'Clicks per day, {0}: {1} in total. Busiest day: {2} with {3}.',
    args: [period, formatCount(clicks), formatDay(days[best]!), formatCount(byDay[best]!)],
    comment: ["{1}: the clicks; {3}: that day's clicks."],
  });
  if (!isClickGrouping(groupBy)) {
    return text;
  }
  return sentences(
    text,
    byGroupingSentence(groupBy, series.map((entry) => `${entry.label} ${formatCount(total(entry.values))}`).join(', ')),
  );
}

function actionDescription(report: ActionReport, series: readonly ChartSeries[], days: readonly string[]): string {
  const period = formatPeriod(report.period.from, report.period.to);
  const actions = report.totals.actions;
  if (series.length === 0) {
    return actions === 1
      ? l10n.t('Commission per day, {0}: no commission in this period ({1} action).', period, formatCount(actions))
      : l10n.t('Commission per day, {0}: no commission in this period ({1} actions).', period, formatCount(actions));
  }
  const parts = series.map((entry) => {
    const code = entry.currencyCode ?? null;
    const best = busiest(entry.values);
    return l10n.t({
      message: '{0} in total, most on {1} ({2})',
      args: [formatAmount(total(entry.values), code), formatDay(days[best]!), formatAmount(entry.values[best]!, code)],
      comment: ["{0}: an amount; {1}: a date; {2}: that day's amount."],
    });
  });
  return sentences(
    l10n.t({
      message: 'Commission per day, {0}: {1}.',
      args: [period, parts.join('; ')],
      comment: ['{1}: the commission in each currency.'],
    }),
    actions === 1
      ? l10n.t('{0} action in all.', formatCount(actions))
      : l10n.t('{0} actions in all.', formatCount(actions)),
  );
}

/**
 * The chart of a clicks report by `groupBy` (day and none draw one series); `grouped` is
 * `groupSeries` of the report and grouping, worked out once by the caller.
 */
export function clickChart(
  report: ClickReport,
  groupBy: GroupBy,
  labelOf: (key: string | null, label: string) => string,
  grouped?: readonly GroupSeries[],
): ChartData {
  const days = report.days.map((day) => day.date);
  const provisional = report.days.map((day) => day.provisional);
  const series: ChartSeries[] = isClickGrouping(groupBy)
    ? (grouped ?? groupSeries(report, groupBy)).map((entry) =>
        entry.other
          ? { label: entry.label, values: entry.values, other: true }
          : { label: labelOf(entry.key, entry.label), values: entry.values },
      )
    : [
        {
          label: l10n.t({ message: 'Clicks', comment: ['The chart series.'] }),
          values: report.days.map((day) => day.clicks),
        },
      ];
  return {
    unit: 'clicks',
    days,
    provisional,
    provisionalReason: report.provisionalReason,
    series,
    description: sentences(clickDescription(report, groupBy, series, days), provisionalSentence(days, provisional)),
  };
}

/** The chart of an actions report: commission per day, one series per currency. */
export function actionChart(report: ActionReport): ChartData {
  const days = report.days.map((day) => day.date);
  const provisional = report.days.map((day) => day.provisional);
  const series = report.commissionByDay.map((entry) => ({
    label: entry.label,
    currencyCode: entry.currencyCode,
    values: entry.values.map(tidyAmount),
  }));
  return {
    unit: 'commission',
    days,
    provisional,
    provisionalReason: report.provisionalReason,
    series,
    description: sentences(actionDescription(report, series, days), provisionalSentence(days, provisional)),
  };
}
