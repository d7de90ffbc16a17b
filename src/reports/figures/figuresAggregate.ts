/**
 * The aggregate of the figures period, built once when the reports arrive and then only read by lenses (`figuresOf`).
 */
import type { ActionItem, ClickItem } from '../../api/types';
import { aggregateActions } from '../model/actionReport';
import { compareCurrencies, currencyLabel, type CurrencyAmount } from '../model/currencyAmounts';
import { percentChange, type Change } from '../model/periodComparison';
import type { ReportPeriod } from '../model/reportTypes';
import { tallyClicks } from './figuresClickTally';
import { tallyPairs, type PairTable } from './pairFigures';

export interface SubIdFigures {
  subId: string;
  clicks: number;
  previousClicks: number;
  earnedCommission: CurrencyAmount[];
  /** The SubID's clicks of the period by merchant (merchantId as text), for the items that name one. */
  clicksByMerchant?: ReadonlyMap<string, number>;
}

export interface MerchantFigures {
  merchantId: string;
  clicks: number;
  /** Actions of the period (any status) of the programs seen with this merchant only. */
  actions: number;
  earnedCommission: CurrencyAmount[];
  /** Earned (pending + confirmed + settled) commission per click, per currency; null without clicks. */
  epc: CurrencyAmount[] | null;
}

export interface FiguresAggregate {
  period: ReportPeriod;
  previousPeriod: ReportPeriod;
  /** The figures period in days (7, 30 or 90). */
  days: number;
  subIds: ReadonlyMap<string, SubIdFigures>;
  /** By merchantId as text: the clicks of the reports it was built from (see `subIdsOnly`). */
  merchants: ReadonlyMap<string, MerchantFigures>;
  /** Each SubID's figures alone, as `figuresOf` gives them for that SubID (built once, shared). */
  figuresAlone?: ReadonlyMap<string, ArticleFigures>;
  /**
   * Set while the aggregate is built from the reports of these SubIDs alone (the active article's,
   * read before anything account-wide): `totals`, `dailyClicks` and `merchants` then count their
   * clicks only. Undefined when it is built from the account's reports (of the workspace's
   * platform, with a platform filter).
   */
  subIdsOnly?: readonly string[];
  /**
   * The clicks over the period and the previous one of the reports it was built from, whatever
   * their SubID: the account's, or those of `subIdsOnly` alone while that is set.
   */
  totals?: { clicks: number; previousClicks: number };
  /** The clicks of each day of the period (of the account, or of `subIdsOnly`), earliest first (the last is the period's last day). */
  dailyClicks?: ReadonlyArray<{ date: string; clicks: number }>;
  /** False while the previous period is not read yet: no change is shown (rather than "new"). */
  previousKnown?: boolean;
  /** Each (SubID, merchant) pair's clicks and earnings over the last 30 days of the period: revenue at risk's figures. */
  pairs?: PairTable;
  /** False while the actions report is not read yet: the pairs' earnings are not known (revenue at risk waits). */
  actionsKnown?: boolean;
}

export interface FiguresInput {
  period: ReportPeriod;
  previousPeriod: ReportPeriod;
  days: number;
  clicks: readonly ClickItem[];
  /** Undefined while the previous period is not read yet: the figures then show no change. */
  previousClicks: readonly ClickItem[] | undefined;
  actions: readonly ActionItem[];
  /** The SubIDs the reports were read for, when they were read for these alone; undefined for the account's reports. */
  subIdsOnly?: readonly string[];
  /** False while the actions report is not read yet (the figures show clicks meanwhile): earnings are not known. */
  actionsKnown?: boolean;
}

/** The figures of several SubIDs together (an article's or a line's). */
export interface ArticleFigures {
  /** The SubIDs asked for that have data, deduplicated, in the order asked. */
  subIds: string[];
  clicks: number;
  previousClicks: number;
  change: Change;
  earnedCommission: CurrencyAmount[];
  /** Their clicks by merchant (merchantId as text), where click items name the merchant. */
  clicksByMerchant?: ReadonlyMap<string, number>;
}

/** The editable form of SubIdFigures while the aggregate is built. */
interface SubIdTally {
  subId: string;
  clicks: number;
  previousClicks: number;
  earnedCommission: CurrencyAmount[];
  clicksByMerchant: Map<string, number>;
}

/**
 * Built with the report model's rules (clicks tallied by `tallyClicks` with the clicks report's
 * day and count rules; actions by `aggregateActions`), so an item counts here exactly when it
 * counts in the report panel. Actions carry no merchant: an action goes to a merchant through its
 * program, when the click items show that program with one merchant only.
 */
export function buildFiguresAggregate(input: FiguresInput): FiguresAggregate {
  const clicks = tallyClicks(input.clicks, input.period);
  const previousKnown = input.previousClicks !== undefined;
  const previous = tallyClicks(input.previousClicks ?? [], input.previousPeriod);
  const actions = aggregateActions(input.actions, input.period);

  const subIds = new Map<string, SubIdTally>();
  const tallyOf = (subId: string): SubIdTally => {
    let tally = subIds.get(subId);
    if (tally === undefined) {
      tally = { subId, clicks: 0, previousClicks: 0, earnedCommission: [], clicksByMerchant: new Map() };
      subIds.set(subId, tally);
    }
    return tally;
  };
  for (const [subId, figures] of clicks.subIds) {
    const tally = tallyOf(subId);
    tally.clicks = figures.clicks;
    for (const [merchantId, merchantClicks] of figures.byMerchant) {
      tally.clicksByMerchant.set(String(merchantId), merchantClicks);
    }
  }
  for (const [subId, figures] of previous.subIds) {
    tallyOf(subId).previousClicks = figures.clicks;
  }
  for (const row of actions.groups.subId) {
    if (row.key !== null && row.key !== '' && row.earnedCommission.length > 0) {
      tallyOf(row.key).earnedCommission = row.earnedCommission;
    }
  }

  const merchants = new Map<string, MerchantFigures>();
  for (const [merchantId, merchantClicks] of clicks.merchants) {
    const key = String(merchantId);
    merchants.set(key, {
      merchantId: key,
      clicks: merchantClicks,
      actions: 0,
      earnedCommission: [],
      epc: null,
    });
  }
  const merchantOfProgram = programMerchants([clicks.programMerchants, previous.programMerchants]);
  for (const row of actions.groups.program) {
    const merchantId = row.key === null ? undefined : merchantOfProgram.get(row.key);
    if (merchantId === undefined) {
      continue;
    }
    let figures = merchants.get(merchantId);
    if (figures === undefined) {
      figures = { merchantId, clicks: 0, actions: 0, earnedCommission: [], epc: null };
      merchants.set(merchantId, figures);
    }
    figures.actions += row.actions;
    figures.earnedCommission = sumAmounts([figures.earnedCommission, row.earnedCommission]);
  }
  for (const figures of merchants.values()) {
    figures.epc =
      figures.clicks > 0
        ? figures.earnedCommission.map((entry) => ({ ...entry, amount: entry.amount / figures.clicks }))
        : null;
  }

  const dailyClicks: Array<{ date: string; clicks: number }> = [];
  for (let position = 0; position < clicks.dates.length; position++) {
    dailyClicks.push({ date: clicks.dates[position]!, clicks: clicks.daily[position]! });
  }
  return {
    period: { from: input.period.from, to: input.period.to },
    previousPeriod: { from: input.previousPeriod.from, to: input.previousPeriod.to },
    days: input.days,
    subIds,
    merchants,
    figuresAlone: figuresAlone(subIds, previousKnown),
    ...(input.subIdsOnly === undefined ? {} : { subIdsOnly: [...input.subIdsOnly] }),
    totals: { clicks: clicks.total, previousClicks: previous.total },
    dailyClicks,
    previousKnown,
    pairs: tallyPairs(input.clicks, input.actions, input.period, merchantOfProgram, clicks.subIds),
    actionsKnown: input.actionsKnown !== false,
  };
}

/**
 * The figures of the given SubIDs together: the sums over those (deduplicated) that have data,
 * clicks or commission in either period; undefined when none has.
 */
export function figuresOf(aggregate: FiguresAggregate, subIds: readonly string[]): ArticleFigures | undefined {
  const found: SubIdFigures[] = [];
  const seen = new Set<string>();
  for (const subId of subIds) {
    const figures = aggregate.subIds.get(subId);
    if (figures !== undefined && !seen.has(subId) && hasData(figures)) {
      seen.add(subId);
      found.push(figures);
    }
  }
  if (found.length === 0) {
    return undefined;
  }
  // Most lines hold one SubID: its figures were put together when the aggregate was built.
  return (
    (found.length === 1 ? aggregate.figuresAlone?.get(found[0]!.subId) : undefined) ??
    together(found, aggregate.previousKnown !== false)
  );
}

/** The sums of SubIDs that have data; without a change while the previous period is not known. */
function together(found: readonly SubIdFigures[], previousKnown: boolean): ArticleFigures {
  let clicks = 0;
  let previousClicks = 0;
  const clicksByMerchant = new Map<string, number>();
  for (const figures of found) {
    clicks += figures.clicks;
    previousClicks += figures.previousClicks;
    for (const [merchantId, merchantClicks] of figures.clicksByMerchant ?? []) {
      clicksByMerchant.set(merchantId, (clicksByMerchant.get(merchantId) ?? 0) + merchantClicks);
    }
  }
  return {
    subIds: found.map((figures) => figures.subId),
    clicks,
    previousClicks,
    change: previousKnown ? percentChange(clicks, previousClicks) : { kind: 'none', text: '' },
    earnedCommission: sumAmounts(found.map((figures) => figures.earnedCommission)),
    clicksByMerchant,
  };
}

/** Each SubID's figures alone, as `figuresOf` gives them, frozen since every lens of the SubID shares them. */
function figuresAlone(subIds: ReadonlyMap<string, SubIdFigures>, previousKnown: boolean): Map<string, ArticleFigures> {
  const alone = new Map<string, ArticleFigures>();
  for (const figures of subIds.values()) {
    if (hasData(figures)) {
      const sums = together([figures], previousKnown);
      Object.freeze(sums.subIds);
      Object.freeze(sums.earnedCommission);
      alone.set(figures.subId, Object.freeze(sums));
    }
  }
  return alone;
}

function hasData(figures: SubIdFigures): boolean {
  return figures.clicks > 0 || figures.previousClicks > 0 || figures.earnedCommission.length > 0;
}

/**
 * programId → merchantId (as text) for the programs the click items of both periods show with
 * one merchant only.
 */
function programMerchants(seenInPeriods: ReadonlyArray<ReadonlyMap<string, number | null>>): Map<string, string> {
  const seen = new Map<string, number | null>(); // null: seen with several merchants
  for (const period of seenInPeriods) {
    for (const [programId, merchantId] of period) {
      const known = seen.get(programId);
      seen.set(programId, known === undefined || known === merchantId ? merchantId : null);
    }
  }
  const merchants = new Map<string, string>();
  for (const [programId, merchantId] of seen) {
    if (merchantId !== null) {
      merchants.set(programId, String(merchantId));
    }
  }
  return merchants;
}

/** Amounts summed per currency, never across: codes in alphabetical order, the unknown currency last. */
function sumAmounts(lists: ReadonlyArray<readonly CurrencyAmount[]>): CurrencyAmount[] {
  const sums = new Map<string | null, number>();
  for (const list of lists) {
    for (const entry of list) {
      sums.set(entry.currencyCode, (sums.get(entry.currencyCode) ?? 0) + entry.amount);
    }
  }
  return [...sums.keys()]
    .sort(compareCurrencies)
    .map((currencyCode) => ({ currencyCode, label: currencyLabel(currencyCode), amount: sums.get(currencyCode)! }));
}
