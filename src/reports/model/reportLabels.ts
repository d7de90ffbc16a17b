/**
 * The texts the report model writes into its rows: labels of the groups that have no id, and
 * the explanations a view shows beside a figure. Kept here so every view words them alike.
 */

export const NO_VALUE_LABELS = {
  program: 'No program',
  subId: 'No SubID',
  platform: 'No platform',
  product: 'No product',
  merchant: 'No merchant',
  status: 'No status',
} as const;

/** The bucket of amounts whose currency the service did not say. */
export const UNKNOWN_CURRENCY_LABEL = 'unknown currency';

export const EPC_LABEL = 'EPC: pending + confirmed commission per click';

export const PROVISIONAL_REASON =
  'Provisional: networks keep updating the last days for a while, so these figures may still change.';

export const TOTAL_LABEL = 'Total';

export const PAYMENT_LABELS = { paid: 'Paid', unpaid: 'Not paid', unknown: 'Payment not given' } as const;

/** Labels of the statuses the spec lists; any other status is shown as it came. */
export const STATUS_LABELS: Readonly<Record<string, string>> = { PENDING: 'Pending', CONFIRMED: 'Confirmed', CANCELED: 'Canceled' };

/** The model knows a merchant only by its id; the store may put the catalog's name instead. */
export function merchantLabel(merchantId: string): string {
  return `Merchant ${merchantId}`;
}
