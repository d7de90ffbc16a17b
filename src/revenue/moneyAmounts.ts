/** Money kept per currency while revenue at risk adds it up: summed within a currency, never across. */
import type { PairTable } from '../reports/figures/pairFigures';
import { compareCurrencies, currencyLabel, type CurrencyAmount } from '../reports/model/currencyAmounts';
import type { Money } from './revenueReport';

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
      .filter((code) => this.sums.get(code) !== 0)
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
  const sums = { clicks: 0, earned: new AmountSums(), estimate: new AmountSums() };
  for (const [subId, merchantId] of pairKeys) {
    const figures = pairs?.pairs.get(subId)?.get(merchantId);
    if (figures === undefined) {
      continue;
    }
    sums.clicks += figures.clicks;
    sums.earned.add(figures.earned);
    if (!earnedSomething(figures.earned) && figures.clicks > 0) {
      sums.estimate.add(epc(merchantId) ?? [], figures.clicks);
    }
  }
  return { clicks: sums.clicks, earned: sums.earned.list(), estimate: sums.estimate.list() };
}
