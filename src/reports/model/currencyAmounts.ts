/** Amounts kept per currency: commission and revenue come in each action's currency, never summed across. */
import { UNKNOWN_CURRENCY_LABEL } from './reportLabels';

export interface CurrencyAmount {
  /** ISO 4217 code as sent (upper-cased), or null when the service left it out. */
  currencyCode: string | null;
  label: string;
  amount: number;
}

/** "eur" and "EUR" are the same currency: the code is upper-cased before it is used as a key. */
export function currencyKey(code: string | null): string | null {
  return code === null ? null : code.toUpperCase();
}

/** An amount without a currency goes to its own "unknown currency" bucket rather than being guessed into another. */
export function currencyLabel(code: string | null): string {
  return code ?? UNKNOWN_CURRENCY_LABEL;
}

/** Codes in alphabetical order, the unknown currency last. */
export function compareCurrencies(a: string | null, b: string | null): number {
  if (a === b) {
    return 0;
  }
  if (a === null || b === null) {
    return a === null ? 1 : -1;
  }
  return a < b ? -1 : 1;
}

/** The amount in one currency, or null when the list has none in it. */
export function amountIn(amounts: readonly CurrencyAmount[], currencyCode: string | null): number | null {
  for (const entry of amounts) {
    if (entry.currencyCode === currencyCode) {
      return entry.amount;
    }
  }
  return null;
}
