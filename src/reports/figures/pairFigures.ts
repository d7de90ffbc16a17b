/**
 * The figures of each (SubID, merchant) pair over the money window (the last 30 days of the figures period): what
 * revenue at risk reads. One pass over each report's items, with the report model's day and status rules.
 */
import type { ActionItem, ClickItem } from '../../api/types';
import { fromDayNumber, toDayNumber } from '../../api/calendarDate';
import { EARNING_STATUSES } from '../model/actionReport';
import { compareCurrencies, currencyKey, currencyLabel, type CurrencyAmount } from '../model/currencyAmounts';
import { dayPosition, dayPositions } from '../model/reportDays';
import { periodDates } from '../model/reportPeriods';
import type { ReportPeriod } from '../model/reportTypes';

/** The days revenue at risk looks back over, at most (the figures period when shorter). */
export const MONEY_WINDOW_DAYS = 30;

/** One pair's clicks and earned commission (pending + confirmed + settled) per currency, in the money window. */
export interface PairFigures {
  readonly clicks: number;
  /** Codes in alphabetical order, the unknown currency last; empty when its actions earned nothing. */
  readonly earned: readonly CurrencyAmount[];
}

export interface PairTable {
  /** The money window: the last `days` days of the figures period (`to - from` days, as the service measures). */
  window: ReportPeriod;
  days: number;
  /**
   * SubID → merchantId (as text) → the pair's figures; pairs without clicks or earnings are not kept. A table
   * `tallyPairs` made builds it on first read: the product reads pairs through `pairFigures` and `subIdClicks`.
   */
  readonly pairs: ReadonlyMap<string, ReadonlyMap<string, PairFigures>>;
  /** merchantId (as text) → the programs the click items show with it alone (how its actions are found). */
  programs: ReadonlyMap<string, readonly string[]>;
  /** What `tallyPairs` counted, as it counted it: no object per pair (there are tens of thousands). */
  source?: PairSource;
}

/** The pairs as counted: clicks by SubID and numeric merchantId (only counts above 0 are pairs), earnings apart. */
export interface PairSource {
  /** SubID → its clicks by merchant (the figures' own click tally, when the window is its period). */
  clicks: ReadonlyMap<string, { readonly byMerchant: ReadonlyMap<number, number> }>;
  earned: ReadonlyMap<string, ReadonlyMap<string, readonly CurrencyAmount[]>>;
}

/** The last MONEY_WINDOW_DAYS days of `period` (all of it when shorter), measured as presets are. */
export function moneyWindow(period: ReportPeriod): { window: ReportPeriod; days: number } {
  const to = toDayNumber(period.to);
  const from = toDayNumber(period.from);
  if (to === undefined || from === undefined || to - from <= MONEY_WINDOW_DAYS) {
    return { window: { from: period.from, to: period.to }, days: Math.max(0, (to ?? 0) - (from ?? 0)) };
  }
  return { window: { from: fromDayNumber(to - MONEY_WINDOW_DAYS), to: period.to }, days: MONEY_WINDOW_DAYS };
}

const NOTHING_EARNED: readonly CurrencyAmount[] = Object.freeze([]);

/** `amounts` with `amount` added in its currency: a new list, codes in alphabetical order, the unknown last. */
function addAmount(
  amounts: readonly CurrencyAmount[],
  currencyCode: string | null,
  amount: number,
): readonly CurrencyAmount[] {
  const next = amounts.map((entry) => (entry.currencyCode === currencyCode ? { ...entry, amount: entry.amount + amount } : entry));
  if (!amounts.some((entry) => entry.currencyCode === currencyCode)) {
    next.push({ currencyCode, label: currencyLabel(currencyCode), amount });
    next.sort((a, b) => compareCurrencies(a.currencyCode, b.currencyCode));
  }
  return Object.freeze(next);
}

/**
 * The pairs of the money window. Clicks count as the clicks report counts them (its day rule; a count that is
 * negative or not finite refused); actions as the actions report does (the day of `date`, else of `createdAt`;
 * a malformed commission refused), earned when PENDING, CONFIRMED or SETTLED. An action reaches a merchant through
 * its program (`merchantOfProgram`: the programs the click items show with one merchant only).
 */
export function tallyPairs(
  clicks: readonly ClickItem[],
  actions: readonly ActionItem[],
  period: ReportPeriod,
  merchantOfProgram: ReadonlyMap<string, string>,
  /**
   * The period's clicks by SubID and merchant as the figures tallied them (`tallyClicks`, the same day and count
   * rules): when the money window is the whole period, the pairs' clicks are read from it, not from the items again.
   */
  periodClicks?: ReadonlyMap<string, { byMerchant: ReadonlyMap<number, number> }>,
): PairTable {
  const { window, days } = moneyWindow(period);
  const positions = dayPositions(periodDates(window));
  const wholePeriod = window.from === period.from && window.to === period.to;
  // The figures' own tally serves as it is when the window is the whole period; else the items are counted again.
  let clickMaps: Map<string, { byMerchant: Map<number, number> }> | undefined;
  if (periodClicks === undefined || !wholePeriod) {
    clickMaps = new Map();
    for (let index = 0; index < clicks.length; index++) {
      const item = clicks[index]!;
      const count = item.count;
      const subId = item.subId;
      if (item.merchantId === null || subId === null || subId === '' || !(count > 0) || count === Infinity) {
        continue;
      }
      if (dayPosition(positions, item.date) >= 0) {
        let bySubId = clickMaps.get(subId)?.byMerchant;
        if (bySubId === undefined) {
          bySubId = new Map();
          clickMaps.set(subId, { byMerchant: bySubId });
        }
        bySubId.set(item.merchantId, (bySubId.get(item.merchantId) ?? 0) + count);
      }
    }
  }
  const earnedMaps = new Map<string, Map<string, readonly CurrencyAmount[]>>();
  for (const item of actions) {
    const { subId, programId, commission, revenue, status } = item;
    // Refused as the actions report refuses it: a commission or revenue sent but not a finite number.
    if (revenue !== null && !Number.isFinite(revenue)) {
      continue;
    }
    if (subId === null || subId === '' || programId === null || commission === null || !Number.isFinite(commission)) {
      continue;
    }
    const merchantId = merchantOfProgram.get(programId);
    if (merchantId === undefined || status === null || !EARNING_STATUSES.includes(status)) {
      continue;
    }
    if (dayPosition(positions, item.date ?? item.createdAt) >= 0) {
      let bySubId = earnedMaps.get(subId);
      if (bySubId === undefined) {
        bySubId = new Map();
        earnedMaps.set(subId, bySubId);
      }
      bySubId.set(merchantId, addAmount(bySubId.get(merchantId) ?? NOTHING_EARNED, currencyKey(item.currencyCode), commission));
    }
  }
  const source: PairSource = { clicks: clickMaps ?? periodClicks!, earned: earnedMaps };
  let pairs: Map<string, Map<string, PairFigures>> | undefined;
  let programs: Map<string, string[]> | undefined;
  return {
    window,
    days,
    get pairs() {
      pairs ??= pairsOf(source);
      return pairs;
    },
    // Read by one command (a merchant's reports): made then.
    get programs() {
      programs ??= programsOf(merchantOfProgram);
      return programs;
    },
    source,
  };
}

/** merchantId → its programs, from program → merchant. */
function programsOf(merchantOfProgram: ReadonlyMap<string, string>): Map<string, string[]> {
  const programs = new Map<string, string[]>();
  for (const [programId, merchantId] of merchantOfProgram) {
    const list = programs.get(merchantId);
    if (list === undefined) {
      programs.set(merchantId, [programId]);
    } else {
      list.push(programId);
    }
  }
  return programs;
}

/** The pair's figures, or undefined when it took no click and earned nothing in the window. */
export function pairFigures(table: PairTable, subId: string, merchantId: string): PairFigures | undefined {
  if (table.source === undefined) {
    return table.pairs.get(subId)?.get(merchantId);
  }
  const clicks = pairClicks(table, subId, merchantId);
  const earned = pairEarned(table, subId, merchantId);
  return clicks > 0 || earned !== undefined ? { clicks, earned: earned ?? NOTHING_EARNED } : undefined;
}

/** The pair's clicks in the window: `pairFigures`'s without an object made (revenue at risk reads thousands). */
export function pairClicks(table: PairTable, subId: string, merchantId: string): number {
  const source = table.source;
  const clicks =
    source === undefined
      ? table.pairs.get(subId)?.get(merchantId)?.clicks
      : source.clicks.get(subId)?.byMerchant.get(Number(merchantId));
  return clicks !== undefined && clicks > 0 ? clicks : 0;
}

/** The pair's earnings in the window, undefined when it earned nothing: `pairFigures`'s without an object made. */
export function pairEarned(table: PairTable, subId: string, merchantId: string): readonly CurrencyAmount[] | undefined {
  const source = table.source;
  if (source === undefined) {
    const figures = table.pairs.get(subId)?.get(merchantId);
    return figures === undefined || figures.earned.length === 0 ? undefined : figures.earned;
  }
  return source.earned.get(subId)?.get(merchantId);
}

/** A SubID's clicks in the window with every merchant: the affiliate clicks of the article it stands for. */
export function subIdClicks(table: PairTable, subId: string): number {
  let clicks = 0;
  const counted = table.source === undefined ? undefined : table.source.clicks.get(subId)?.byMerchant;
  if (counted !== undefined) {
    counted.forEach((count) => (clicks += count > 0 ? count : 0));
  } else if (table.source === undefined) {
    table.pairs.get(subId)?.forEach((figures) => (clicks += figures.clicks));
  }
  return clicks;
}

/** Every pair as a figures object: SubIDs in the order counted, within one its merchants with clicks, then those that only earned. */
function pairsOf(source: PairSource): Map<string, Map<string, PairFigures>> {
  const pairs = new Map<string, Map<string, PairFigures>>();
  const put = (subId: string, merchantId: string, figures: PairFigures) => {
    let bySubId = pairs.get(subId);
    if (bySubId === undefined) {
      bySubId = new Map();
      pairs.set(subId, bySubId);
    }
    bySubId.set(merchantId, figures);
  };
  for (const [subId, { byMerchant }] of source.clicks) {
    for (const [merchantId, count] of byMerchant) {
      if (count > 0) {
        const id = String(merchantId);
        put(subId, id, { clicks: count, earned: source.earned.get(subId)?.get(id) ?? NOTHING_EARNED });
      }
    }
  }
  for (const [subId, bySubId] of source.earned) {
    for (const [merchantId, earned] of bySubId) {
      if (!((source.clicks.get(subId)?.byMerchant.get(Number(merchantId)) ?? 0) > 0)) {
        put(subId, merchantId, { clicks: 0, earned });
      }
    }
  }
  return pairs;
}
