/** Money kept per currency while revenue at risk adds it up: summed within a currency, never across. */
import { compareCurrencies, currencyLabel, type CurrencyAmount } from '../reports/model/currencyAmounts';

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
