/** The texts the report model writes into its rows, so every view words them alike; localised once, at load. */
import * as l10n from '@vscode/l10n';

export const NO_VALUE_LABELS = {
  program: l10n.t('No program'),
  subId: l10n.t('No SubID'),
  platform: l10n.t('No platform'),
  product: l10n.t('No product'),
  merchant: l10n.t('No merchant'),
  status: l10n.t('No status'),
} as const;

/** The bucket of amounts whose currency the service did not say. */
export const UNKNOWN_CURRENCY_LABEL = l10n.t({
  message: 'unknown currency',
  comment: ['In place of a currency code.'],
});

export const EPC_LABEL = l10n.t({
  message: 'EPC: pending + confirmed + settled commission per click',
  comment: ['EPC: earnings per click.'],
});

export const PROVISIONAL_REASON = l10n.t(
  'Provisional: networks keep updating the last days for a while, so these figures may still change.',
);

export const TOTAL_LABEL = l10n.t({ message: 'Total', comment: ['The totals row of a table.'] });

export const PAYMENT_LABELS = {
  paid: l10n.t({ message: 'Paid', comment: ['Whether the commission was paid out.'] }),
  unpaid: l10n.t({ message: 'Not paid', comment: ['Whether the commission was paid out.'] }),
  unknown: l10n.t({ message: 'Payment not given', comment: ['Whether the commission was paid out.'] }),
} as const;

/** Labels of the statuses the spec lists; any other status is shown as it came. */
export const STATUS_LABELS: Readonly<Record<string, string>> = {
  PENDING: l10n.t({ message: 'Pending', comment: ['The status of an action.'] }),
  CONFIRMED: l10n.t({ message: 'Confirmed', comment: ['The status of an action.'] }),
  SETTLED: l10n.t({
    message: 'Settled',
    comment: ['The status of an action: confirmed and unchanged for 45 to 50 days, earned for good.'],
  }),
  CANCELED: l10n.t({ message: 'Canceled', comment: ['The status of an action.'] }),
};

/** The model knows a merchant only by its id; the store may put the catalog's name instead. */
export function merchantLabel(merchantId: string): string {
  return l10n.t({ message: 'Merchant {0}', args: [merchantId], comment: ['Name of a merchant known only by its id.'] });
}
