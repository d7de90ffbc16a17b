/** The clicks of one period as the figures need them, in one pass: by SubID, merchant, SubID and merchant, and day. */
import type { ClickItem } from '../../api/types';
import { dayPosition, dayPositions } from '../model/reportDays';
import { periodDates } from '../model/reportPeriods';
import type { ReportPeriod } from '../model/reportTypes';

/** A SubID's clicks, and how they split by merchant (keyed by the merchantId as sent). */
export interface SubIdClicks {
  clicks: number;
  byMerchant: Map<number, number>;
}

export interface ClickTally {
  /** Every date of the period, earliest first, and its clicks in the same order. */
  dates: string[];
  daily: Float64Array;
  total: number;
  /** By SubID; items without one, or with an empty one, are in no entry. */
  subIds: Map<string, SubIdClicks>;
  /** By merchantId as sent. */
  merchants: Map<number, number>;
  /** programId → the merchantId its counted clicks named, null when they named several. */
  programMerchants: Map<string, number | null>;
}

/**
 * A bare loop over the items, no closure over per-call objects (see `reportDays` in reportDays.ts).
 * An item counts exactly when it counts in the clicks report (`aggregateClicks`): the same day
 * rules (`dayPosition`) and the same refusal of a count that is negative or not finite. One pass
 * rather than the clicks report, which builds every grouping, ranks the rows and keeps the items:
 * three times the work (in the bench, 100,000 items went from about 50 ms to a third of that).
 */
export function tallyClicks(items: readonly ClickItem[], period: ReportPeriod): ClickTally {
  const dates = periodDates(period);
  const positions = dayPositions(dates);
  const daily = new Float64Array(dates.length);
  const subIds = new Map<string, SubIdClicks>();
  const merchants = new Map<number, number>();
  const programMerchants = new Map<string, number | null>();
  let total = 0;
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    const clicks = item.count;
    if (!Number.isFinite(clicks) || clicks < 0) {
      continue;
    }
    const position = dayPosition(positions, item.date);
    if (position < 0) {
      continue;
    }
    daily[position] += clicks;
    total += clicks;
    const merchantId = item.merchantId;
    if (merchantId !== null) {
      merchants.set(merchantId, (merchants.get(merchantId) ?? 0) + clicks);
      const programId = item.programId;
      if (programId !== null) {
        const known = programMerchants.get(programId);
        if (known === undefined) {
          programMerchants.set(programId, merchantId);
        } else if (known !== null && known !== merchantId) {
          programMerchants.set(programId, null);
        }
      }
    }
    const subId = item.subId;
    if (subId === null || subId === '') {
      continue;
    }
    let tally = subIds.get(subId);
    if (tally === undefined) {
      tally = { clicks: 0, byMerchant: new Map() };
      subIds.set(subId, tally);
    }
    tally.clicks += clicks;
    if (merchantId !== null) {
      tally.byMerchant.set(merchantId, (tally.byMerchant.get(merchantId) ?? 0) + clicks);
    }
  }
  return { dates, daily, total, subIds, merchants, programMerchants };
}
