/** The actions report of one period, aggregated in one pass; every amount kept per currency (currencyAmounts.ts). */
import type { ActionItem } from '../../api/types';
import { compareCurrencies, currencyLabel, type CurrencyAmount } from './currencyAmounts';
import { addAction, amountsOf, currencyOf, newActionTally, type ActionTally } from './actionTally';
import { dayPosition, dayPositions, OUTSIDE_PERIOD, reportDays, type ReportOptions } from './reportDays';
import { periodDates } from './reportPeriods';
import { groupLabel, rankRows, shareOf, tallyOf } from './groupTable';
import { NO_VALUE_LABELS, PAYMENT_LABELS, PROVISIONAL_REASON, STATUS_LABELS } from './reportLabels';
import type { SkippedItems } from './clickReport';
import type { ReportPeriod } from './reportTypes';
import type { Dimension } from './reportVocabulary';

/** What the actions report aggregates by: the panel's dimensions but the merchant (its items carry none). */
export type ActionGrouping = Exclude<Dimension, 'merchant'>;
export { ACTION_DIMENSIONS } from './reportVocabulary';

/** The statuses whose commission counts as earned (EPC, the figures); CANCELED does not. */
export const EARNING_STATUSES: readonly string[] = ['PENDING', 'CONFIRMED', 'SETTLED'];
/** The spec's statuses: always present in `statuses`, in this order, even with no action. */
const KNOWN_STATUSES = ['PENDING', 'CONFIRMED', 'SETTLED', 'CANCELED'] as const;

export interface ActionGroupRow {
  key: string | null;
  label: string;
  actions: number;
  /** Of all actions of the report, 0 to 1. */
  share: number;
  /** Commission of every action of the group, whatever its status. */
  commission: CurrencyAmount[];
  /** Commission of its PENDING, CONFIRMED and SETTLED actions (what EPC counts). */
  earnedCommission: CurrencyAmount[];
}

export interface StatusRow {
  /** As the service sent it (upper-cased); null when it sent none. */
  status: string | null;
  label: string;
  actions: number;
  commission: CurrencyAmount[];
  revenue: CurrencyAmount[];
}

export type Payment = 'paid' | 'unpaid' | 'unknown';

export interface PaymentRow {
  payment: Payment;
  label: string;
  actions: number;
  commission: CurrencyAmount[];
}

export interface ActionDay {
  date: string;
  actions: number;
  provisional: boolean;
}

/** One currency's amount for each day of `days`, in the same order. */
export interface CurrencySeries {
  currencyCode: string | null;
  label: string;
  values: number[];
}

export interface ActionReport {
  kind: 'actions';
  period: ReportPeriod;
  days: ActionDay[];
  commissionByDay: CurrencySeries[];
  provisionalReason: string;
  /** PENDING, CONFIRMED, SETTLED, CANCELED, then any other status as it came, then actions without one. */
  statuses: StatusRow[];
  /** Paid, not paid, then (when any) actions whose payment the service did not say. */
  payment: PaymentRow[];
  groups: Record<ActionGrouping, ActionGroupRow[]>;
  totals: {
    actions: number;
    commission: CurrencyAmount[];
    revenue: CurrencyAmount[];
    earnedCommission: CurrencyAmount[];
  };
  /** `malformed` here: a commission or revenue that is not a finite number. */
  skipped: SkippedItems;
  items: ActionItem[];
}

function isMalformed(amount: number | null): boolean {
  return amount !== null && !Number.isFinite(amount);
}

function groupRows(groups: Map<string | null, ActionTally>, total: number, noValueLabel: string): ActionGroupRow[] {
  const rows: ActionGroupRow[] = [];
  for (const [key, group] of groups) {
    rows.push({
      key,
      label: groupLabel(key, group.name, noValueLabel),
      actions: group.actions,
      share: shareOf(group.actions, total),
      commission: amountsOf(group, 'commission'),
      earnedCommission: amountsOf(group, 'earned'),
    });
  }
  return rankRows(rows, (row) => row.actions);
}

function statusRows(statuses: Map<string | null, ActionTally>): StatusRow[] {
  for (const status of KNOWN_STATUSES) {
    tallyOf(statuses, status, null, newActionTally);
  }
  const known = new Set<string | null>(KNOWN_STATUSES);
  const others = [...statuses.keys()].filter((status) => !known.has(status));
  others.sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0));
  return [...KNOWN_STATUSES, ...others].map((status) => {
    const group = statuses.get(status)!;
    const label = status === null ? NO_VALUE_LABELS.status : (STATUS_LABELS[status] ?? status);
    return {
      status,
      label,
      actions: group.actions,
      commission: amountsOf(group, 'commission'),
      revenue: amountsOf(group, 'revenue'),
    };
  });
}

function paymentRows(paid: ActionTally, unpaid: ActionTally, unknown: ActionTally): PaymentRow[] {
  const row = (payment: Payment, from: ActionTally): PaymentRow => ({
    payment,
    label: PAYMENT_LABELS[payment],
    actions: from.actions,
    commission: amountsOf(from, 'commission'),
  });
  const rows = [row('paid', paid), row('unpaid', unpaid)];
  if (unknown.actions > 0) {
    rows.push(row('unknown', unknown));
  }
  return rows;
}

const actionDay = (date: string, actions: number, provisional: boolean): ActionDay => ({ date, actions, provisional });

function seriesOf(byCurrency: Map<string | null, Float64Array>): CurrencySeries[] {
  return [...byCurrency.keys()].sort(compareCurrencies).map((currencyCode) => ({
    currencyCode,
    label: currencyLabel(currencyCode),
    values: Array.from(byCurrency.get(currencyCode)!),
  }));
}

/**
 * Counts and amounts by status, paid versus not paid, commission per day, groups by program,
 * SubID, platform and product. An action's day is its `date` when the service sends one, else the
 * day of `createdAt` (when the action was performed, which is what the service filters by).
 */
export function aggregateActions(
  items: readonly ActionItem[],
  period: ReportPeriod,
  options: ReportOptions = {},
): ActionReport {
  const dates = periodDates(period);
  const positions = dayPositions(dates);
  const dayCount = dates.length;
  const dayActions = new Float64Array(dayCount);
  const dayCommission = new Map<string | null, Float64Array>();
  const statuses = new Map<string | null, ActionTally>();
  const programs = new Map<string | null, ActionTally>();
  const subIds = new Map<string | null, ActionTally>();
  const platforms = new Map<string | null, ActionTally>();
  const products = new Map<string | null, ActionTally>();
  const [paid, unpaid, unknownPayment, totals] = [
    newActionTally(null),
    newActionTally(null),
    newActionTally(null),
    newActionTally(null),
  ];
  const currencyKeys = new Map<string, string>();
  // Plain counters in the loop; the object is built after it (see dayPositions for why).
  let outside = 0;
  let undated = 0;
  let malformed = 0;
  const counted: ActionItem[] = [];

  for (const item of items) {
    const { commission, revenue } = item;
    if (isMalformed(commission) || isMalformed(revenue)) {
      malformed += 1;
      continue;
    }
    const position = dayPosition(positions, item.date ?? item.createdAt);
    if (position < 0) {
      if (position === OUTSIDE_PERIOD) {
        outside += 1;
      } else {
        undated += 1;
      }
      continue;
    }
    counted.push(item);
    const currency = currencyOf(currencyKeys, item.currencyCode);
    const status = item.status;
    const earning = status !== null && EARNING_STATUSES.includes(status);
    dayActions[position] += 1;
    if (commission !== null) {
      let series = dayCommission.get(currency);
      if (series === undefined) {
        series = new Float64Array(dayCount);
        dayCommission.set(currency, series);
      }
      series[position] += commission;
    }
    addAction(totals, currency, commission, revenue, earning);
    addAction(tallyOf(statuses, status, null, newActionTally), currency, commission, revenue, earning);
    addAction(
      item.paidOut === true ? paid : item.paidOut === false ? unpaid : unknownPayment,
      currency,
      commission,
      revenue,
      earning,
    );
    addAction(
      tallyOf(programs, item.programId, item.programName, newActionTally),
      currency,
      commission,
      revenue,
      earning,
    );
    addAction(tallyOf(subIds, item.subId, item.subId, newActionTally), currency, commission, revenue, earning);
    addAction(
      tallyOf(platforms, item.adspaceId, item.adspaceName, newActionTally),
      currency,
      commission,
      revenue,
      earning,
    );
    addAction(
      tallyOf(products, item.productId, item.productId, newActionTally),
      currency,
      commission,
      revenue,
      earning,
    );
  }

  const total = totals.actions;
  return {
    kind: 'actions',
    period: { from: period.from, to: period.to },
    days: reportDays(dates, dayActions, options, actionDay),
    commissionByDay: seriesOf(dayCommission),
    provisionalReason: PROVISIONAL_REASON,
    statuses: statusRows(statuses),
    payment: paymentRows(paid, unpaid, unknownPayment),
    groups: {
      program: groupRows(programs, total, NO_VALUE_LABELS.program),
      subId: groupRows(subIds, total, NO_VALUE_LABELS.subId),
      platform: groupRows(platforms, total, NO_VALUE_LABELS.platform),
      product: groupRows(products, total, NO_VALUE_LABELS.product),
    },
    totals: {
      actions: total,
      commission: amountsOf(totals, 'commission'),
      revenue: amountsOf(totals, 'revenue'),
      earnedCommission: amountsOf(totals, 'earned'),
    },
    skipped: { outside, undated, malformed },
    items: counted,
  };
}
