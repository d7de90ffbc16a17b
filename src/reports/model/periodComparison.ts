/** A period's totals against the previous period's, as a signed percent change a reader expects. */
import * as l10n from '@vscode/l10n';
import type { ActionReport } from './actionReport';
import type { ClickReport } from './clickReport';
import { amountIn, compareCurrencies, currencyLabel, type CurrencyAmount } from './currencyAmounts';

const MINUS = '\u2212';

export type Change =
  | { kind: 'change'; /** Percent, signed; -100 when it fell to zero. */ percent: number; text: string }
  | { kind: 'new'; /** "new", localised. */ text: string }
  | { kind: 'none'; text: '' };

export interface FigureComparison {
  current: number;
  previous: number;
  change: Change;
}

export interface CurrencyComparison extends FigureComparison {
  currencyCode: string | null;
  label: string;
}

/**
 * The change from `previous` to `current`, relative to the size of `previous` (its absolute
 * value, so that a negative amount, a reversed commission, still gives the direction of the
 * move). Rounded to one decimal in the text only; exactly equal figures read "0%". The text is
 * signed as a reader expects ("+12.3%", "−4.0%" with a real minus sign); "new" when there was
 * nothing before, and no change at all when both are zero.
 */
export function percentChange(current: number, previous: number): Change {
  if (previous === 0) {
    return current === 0
      ? { kind: 'none', text: '' }
      : {
          kind: 'new',
          text: l10n.t({
            message: 'new',
            comment: ['In place of a change in percent, when there was nothing before.'],
          }),
        };
  }
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  if (percent === 0) {
    return { kind: 'change', percent: 0, text: '0%' };
  }
  return { kind: 'change', percent, text: `${percent > 0 ? '+' : MINUS}${Math.abs(percent).toFixed(1)}%` };
}

function compare(current: number, previous: number): FigureComparison {
  return { current, previous, change: percentChange(current, previous) };
}

/** Per currency, never across: a currency met in one period only compares with zero. */
export function compareAmounts(
  current: readonly CurrencyAmount[],
  previous: readonly CurrencyAmount[],
): CurrencyComparison[] {
  const codes = new Set<string | null>([...current, ...previous].map((entry) => entry.currencyCode));
  return [...codes].sort(compareCurrencies).map((code) => ({
    currencyCode: code,
    label: currencyLabel(code),
    ...compare(amountIn(current, code) ?? 0, amountIn(previous, code) ?? 0),
  }));
}

export interface ClickComparison {
  clicks: FigureComparison;
}

export function compareClickReports(current: ClickReport, previous: ClickReport): ClickComparison {
  return { clicks: compare(current.totals.clicks, previous.totals.clicks) };
}

export interface ActionComparison {
  actions: FigureComparison;
  commission: CurrencyComparison[];
  earnedCommission: CurrencyComparison[];
  revenue: CurrencyComparison[];
}

export function compareActionReports(current: ActionReport, previous: ActionReport): ActionComparison {
  return {
    actions: compare(current.totals.actions, previous.totals.actions),
    commission: compareAmounts(current.totals.commission, previous.totals.commission),
    earnedCommission: compareAmounts(current.totals.earnedCommission, previous.totals.earnedCommission),
    revenue: compareAmounts(current.totals.revenue, previous.totals.revenue),
  };
}
