/** The clicks report of one period, aggregated in one pass: a series of every day, groups, and totals. */
import type { ClickItem } from '../../api/types';
import { dayPosition, dayPositions, OUTSIDE_PERIOD, reportDays, type ReportOptions } from './reportDays';
import { periodDates } from './reportPeriods';
import { groupLabel, rankRows, shareOf, tallyOf } from './groupTable';
import { merchantLabel, NO_VALUE_LABELS, PROVISIONAL_REASON } from './reportLabels';
import type { ReportPeriod } from './reportTypes';
import type { Dimension } from './reportVocabulary';

/** What the clicks report aggregates by: every dimension of the panel's vocabulary. */
export type ClickGrouping = Dimension;
export { CLICK_DIMENSIONS } from './reportVocabulary';

export interface ClickGroupRow {
  /** The id the group stands for (a merchant id written as text); null for items without one. */
  key: string | null;
  label: string;
  clicks: number;
  /** Report items counted in the group. */
  items: number;
  /** Of all clicks of the report, 0 to 1 (0 when the report has no clicks). */
  share: number;
}

export interface ClickDay {
  date: string;
  clicks: number;
  provisional: boolean;
}

/** Items the aggregation did not count, and why. */
export interface SkippedItems {
  /** Dated before or after the period. */
  outside: number;
  /** With no date, or a date that is not a calendar date. */
  undated: number;
  /** With a figure that cannot be counted: a click count that is negative or not finite. */
  malformed: number;
}

export interface ClickReport {
  kind: 'clicks';
  period: ReportPeriod;
  /** Every date of the period, earliest first, zeros included. */
  days: ClickDay[];
  /** Why days are flagged provisional (PROVISIONAL_REASON). */
  provisionalReason: string;
  /** Each grouping's rows, most clicks first. */
  groups: Record<ClickGrouping, ClickGroupRow[]>;
  totals: { clicks: number; items: number };
  skipped: SkippedItems;
  /** The items counted, in the order they came: the rows of "no grouping". */
  items: ClickItem[];
}

interface ClickTally {
  name: string | null;
  clicks: number;
  items: number;
}

const newTally = (name: string | null): ClickTally => ({ name, clicks: 0, items: 0 });

function count<K>(groups: Map<K, ClickTally>, key: K, name: string | null, clicks: number): void {
  const tally = tallyOf(groups, key, name, newTally);
  tally.clicks += clicks;
  tally.items += 1;
}

function rowsOf<K extends string | number | null>(
  groups: Map<K, ClickTally>,
  total: number,
  label: (key: string | null, name: string | null) => string,
): ClickGroupRow[] {
  const rows: ClickGroupRow[] = [];
  for (const [rawKey, tally] of groups) {
    const key = rawKey === null ? null : String(rawKey);
    rows.push({
      key,
      label: label(key, tally.name),
      clicks: tally.clicks,
      items: tally.items,
      share: shareOf(tally.clicks, total),
    });
  }
  return rankRows(rows, (row) => row.clicks);
}

const clickDay = (date: string, clicks: number, provisional: boolean): ClickDay => ({ date, clicks, provisional });

/** Groups by program, SubID, platform, product and merchant; items the period cannot hold are counted, not dropped. */
export function aggregateClicks(
  items: readonly ClickItem[],
  period: ReportPeriod,
  options: ReportOptions = {},
): ClickReport {
  const dates = periodDates(period);
  const positions = dayPositions(dates);
  const dayClicks = new Float64Array(dates.length);
  const programs = new Map<string | null, ClickTally>();
  const subIds = new Map<string | null, ClickTally>();
  const platforms = new Map<string | null, ClickTally>();
  const products = new Map<string | null, ClickTally>();
  // Keyed by the number as sent, turned into text once per merchant rather than once per item.
  const merchants = new Map<number | null, ClickTally>();
  // Plain counters in the loop; the object is built after it (see dayPositions for why).
  let outside = 0;
  let undated = 0;
  let malformed = 0;
  const counted: ClickItem[] = [];
  let total = 0;

  for (const item of items) {
    const clicks = item.count;
    if (!Number.isFinite(clicks) || clicks < 0) {
      malformed += 1;
      continue;
    }
    const position = dayPosition(positions, item.date);
    if (position < 0) {
      if (position === OUTSIDE_PERIOD) {
        outside += 1;
      } else {
        undated += 1;
      }
      continue;
    }
    dayClicks[position] += clicks;
    total += clicks;
    counted.push(item);
    count(programs, item.programId, item.programName, clicks);
    count(subIds, item.subId, item.subId, clicks);
    count(platforms, item.adspaceId, item.adspaceName, clicks);
    count(products, item.productId, item.productId, clicks);
    count(merchants, item.merchantId, null, clicks);
  }

  return {
    kind: 'clicks',
    period: { from: period.from, to: period.to },
    days: reportDays(dates, dayClicks, options, clickDay),
    provisionalReason: PROVISIONAL_REASON,
    groups: {
      program: rowsOf(programs, total, (key, name) => groupLabel(key, name, NO_VALUE_LABELS.program)),
      subId: rowsOf(subIds, total, (key, name) => groupLabel(key, name, NO_VALUE_LABELS.subId)),
      platform: rowsOf(platforms, total, (key, name) => groupLabel(key, name, NO_VALUE_LABELS.platform)),
      product: rowsOf(products, total, (key, name) => groupLabel(key, name, NO_VALUE_LABELS.product)),
      merchant: rowsOf(merchants, total, (key) => (key === null ? NO_VALUE_LABELS.merchant : merchantLabel(key))),
    },
    totals: { clicks: total, items: counted.length },
    skipped: { outside, undated, malformed },
    items: counted,
  };
}
