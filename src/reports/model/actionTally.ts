/** The running figures of one group of actions while the actions report is aggregated, per currency. */
import { compareCurrencies, currencyKey, currencyLabel, type CurrencyAmount } from './currencyAmounts';

interface CurrencyFigures {
  commission: number;
  earned: number;
  revenue: number;
  // Whether any action gave the figure: a currency none did is left out of that figure's list.
  hasCommission: boolean;
  hasEarned: boolean;
  hasRevenue: boolean;
}

/**
 * Its count, and per currency its commission, the part earned (PENDING, CONFIRMED and SETTLED) and its revenue:
 * one Map entry per currency holds all three, so an action costs one lookup per group, not per figure.
 */
export interface ActionTally {
  /** The first non-empty name met for the group's key (see groupTable.ts). */
  name: string | null;
  actions: number;
  currencies: Map<string | null, CurrencyFigures>;
}

export type ActionFigure = 'commission' | 'earned' | 'revenue';

export const newActionTally = (name: string | null): ActionTally => ({ name, actions: 0, currencies: new Map() });

export function addAction(
  into: ActionTally,
  currency: string | null,
  commission: number | null,
  revenue: number | null,
  earning: boolean,
): void {
  into.actions += 1;
  if (commission === null && revenue === null) {
    return;
  }
  let figures = into.currencies.get(currency);
  if (figures === undefined) {
    figures = { commission: 0, earned: 0, revenue: 0, hasCommission: false, hasEarned: false, hasRevenue: false };
    into.currencies.set(currency, figures);
  }
  if (commission !== null) {
    figures.commission += commission;
    figures.hasCommission = true;
    if (earning) {
      figures.earned += commission;
      figures.hasEarned = true;
    }
  }
  if (revenue !== null) {
    figures.revenue += revenue;
    figures.hasRevenue = true;
  }
}

/** One figure of the group per currency, codes in alphabetical order, the unknown currency last. */
export function amountsOf(tally: ActionTally, figure: ActionFigure): CurrencyAmount[] {
  const amounts: CurrencyAmount[] = [];
  for (const code of [...tally.currencies.keys()].sort(compareCurrencies)) {
    const figures = tally.currencies.get(code)!;
    const given =
      figure === 'commission' ? figures.hasCommission : figure === 'earned' ? figures.hasEarned : figures.hasRevenue;
    if (given) {
      amounts.push({ currencyCode: code, label: currencyLabel(code), amount: figures[figure] });
    }
  }
  return amounts;
}

/**
 * The currency key of a code as sent (see `currencyKey`), remembered in `known`: upper-casing
 * makes a new string, and 100,000 new strings would each be hashed again for the lookups.
 */
export function currencyOf(known: Map<string, string>, code: string | null): string | null {
  if (code === null) {
    return null;
  }
  let key = known.get(code);
  if (key === undefined) {
    key = currencyKey(code)!;
    known.set(code, key);
  }
  return key;
}
