/** Money kept per currency while revenue at risk adds it up: summed within a currency, never across. */
import { pairClicks, pairEarned, pairFigures, type PairFigures, type PairTable } from '../reports/figures/pairFigures';
import { compareCurrencies, currencyLabel, type CurrencyAmount } from '../reports/model/currencyAmounts';
import type { Money } from './revenueReport';

/** Below this an amount is 0: totals kept by taking rows out and putting them back drift by far less. */
const NEGLIGIBLE = 1e-9;

/** Amounts per currency being summed. */
export class AmountSums {
  private readonly sums = new Map<string | null, number>();

  add(amounts: readonly CurrencyAmount[], times = 1): void {
    for (const entry of amounts) {
      this.sums.set(entry.currencyCode, (this.sums.get(entry.currencyCode) ?? 0) + entry.amount * times);
    }
  }

  /** Codes in alphabetical order, the unknown currency last; amounts that sum to 0 left out. */
  list(): CurrencyAmount[] {
    return [...this.sums.keys()]
      .filter((code) => Math.abs(this.sums.get(code)!) > NEGLIGIBLE)
      .sort(compareCurrencies)
      .map((currencyCode) => ({
        currencyCode,
        label: currencyLabel(currencyCode),
        amount: this.sums.get(currencyCode)!,
      }));
  }
}

/** Whether a list holds an amount other than 0. */
export function earnedSomething(amounts: readonly CurrencyAmount[] | undefined): boolean {
  return amounts !== undefined && amounts.some((entry) => entry.amount !== 0);
}

/**
 * The money of distinct pairs (SubID, merchantId): their clicks, their earnings per currency, and where a pair took
 * clicks but earned nothing yet, clicks × the merchant's EPC as an estimate.
 */
export function pairsMoney(
  pairs: PairTable | undefined,
  epc: (merchantId: string) => readonly CurrencyAmount[] | undefined,
  pairKeys: Iterable<readonly [string, string]>,
): Money {
  let only: Money | undefined;
  let sums: { clicks: number; earned: AmountSums; estimate: AmountSums } | undefined;
  for (const [subId, merchantId] of pairKeys) {
    const money = pairMoney(pairs, epc, subId, merchantId);
    if (money.clicks === 0 && money.earned.length === 0) {
      continue;
    }
    if (only === undefined && sums === undefined) {
      // Most sums are of one pair: its lists as they are, no per-currency tally.
      only = money;
      continue;
    }
    if (sums === undefined) {
      sums = { clicks: 0, earned: new AmountSums(), estimate: new AmountSums() };
      addTo(sums, only!);
      only = undefined;
    }
    addTo(sums, money);
  }
  if (sums !== undefined) {
    return { clicks: sums.clicks, earned: sums.earned.list(), estimate: sums.estimate.list() };
  }
  return only ?? { clicks: 0, earned: [], estimate: [] };
}

const NONE = Object.freeze([]) as unknown as CurrencyAmount[];

/** One pair's money: `pairsMoney` of one pair, without the lists a sum needs. */
export function pairMoney(
  pairs: PairTable | undefined,
  epc: (merchantId: string) => readonly CurrencyAmount[] | undefined,
  subId: string,
  merchantId: string,
): Money {
  const figures = pairs === undefined ? undefined : pairFigures(pairs, subId, merchantId);
  return figures === undefined ? NO_PAIR_MONEY : moneyOfFigures(figures, () => epc(merchantId));
}

/** `pairMoney` with the merchant's EPC already looked up (a row asks once for all its pairs), no figures object made. */
export function pairMoneyAt(
  pairs: PairTable | undefined,
  merchantEpc: readonly CurrencyAmount[] | undefined,
  subId: string,
  merchantId: string,
): Money {
  if (pairs === undefined) {
    return NO_PAIR_MONEY;
  }
  const clicks = pairClicks(pairs, subId, merchantId);
  const earned = pairEarned(pairs, subId, merchantId);
  if (clicks === 0 && earned === undefined) {
    return NO_PAIR_MONEY;
  }
  const estimate = clicks > 0 && !earnedSomething(earned) ? times(merchantEpc, clicks) : NONE;
  return { clicks, earned: earned === undefined ? NONE : nonZero(earned), estimate };
}

/** The money of a pair's figures: where it took clicks but earned nothing yet, clicks × the EPC as an estimate. */
function moneyOfFigures(
  figures: PairFigures,
  epc: readonly CurrencyAmount[] | undefined | (() => readonly CurrencyAmount[] | undefined),
): Money {
  const estimating = !earnedSomething(figures.earned) && figures.clicks > 0;
  const estimate = estimating ? times(typeof epc === 'function' ? epc() : epc, figures.clicks) : NONE;
  return { clicks: figures.clicks, earned: nonZero(figures.earned), estimate };
}

/** A pair without clicks or earnings. */
const NO_PAIR_MONEY: Money = Object.freeze({ clicks: 0, earned: NONE, estimate: NONE }) as Money;

function addTo(sums: { clicks: number; earned: AmountSums; estimate: AmountSums }, money: Money): void {
  sums.clicks += money.clicks;
  sums.earned.add(money.earned);
  sums.estimate.add(money.estimate);
}

/** The list without amounts of 0 (the same list when it has none). */
function nonZero(amounts: readonly CurrencyAmount[]): CurrencyAmount[] {
  return amounts.some((entry) => entry.amount === 0)
    ? amounts.filter((entry) => entry.amount !== 0)
    : (amounts as CurrencyAmount[]);
}

/** Each amount times `factor`, amounts of 0 left out. */
function times(amounts: readonly CurrencyAmount[] | undefined, factor: number): CurrencyAmount[] {
  if (amounts === undefined || amounts.length === 0) {
    return NONE;
  }
  const out: CurrencyAmount[] = [];
  for (const entry of amounts) {
    if (entry.amount !== 0) {
      out.push({ currencyCode: entry.currencyCode, label: entry.label, amount: entry.amount * factor });
    }
  }
  return out;
}

/** Text in code-unit order: the rows' ties, the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
