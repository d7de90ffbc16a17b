/**
 * What link health reads of the figures to say what a finding costs: implemented in the activation bundle by the
 * revenue at risk controller, handed to link health's bundle (so it is a shape, with events of `common/emitter`).
 */
import type { Event } from '../common/emitter';
import type { PairTable } from '../reports/figures/pairFigures';
import type { CurrencyAmount } from '../reports/model/currencyAmounts';

export interface MoneySource {
  /** The figures' (SubID, merchant) pairs of the money window; undefined while they load (or are off). */
  readonly pairs: PairTable | undefined;
  /** The account's EPC with a merchant over 90 days, per currency, where there is history. */
  epc(merchantId: string): readonly CurrencyAmount[] | undefined;
  /** The pairs or the EPCs changed. */
  readonly onDidChangeMoney: Event<void>;
  /** The site's clicks at risk and the merchants they go to; undefined while the figures load or nothing is counted. */
  atRisk(): { clicks: number; merchants: number; days: number } | undefined;
  /** Revenue at risk was worked out again. */
  readonly onDidChangeAtRisk: Event<unknown>;
}
