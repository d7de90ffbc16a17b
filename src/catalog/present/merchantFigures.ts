/** The publisher's own figures for a merchant, as the tooltip words them: `Last 30 days: 1,234 clicks · 12 actions`. */

import * as l10n from '@vscode/l10n';

/** An amount in one currency; `currencyCode` null when the service did not say which. */
export interface FiguresAmount {
  currencyCode: string | null;
  amount: number;
}

/**
 * One merchant's figures of the period: the aggregate's `MerchantFigures`, written out here because
 * the catalog never imports the reports.
 */
export interface MerchantPeriodFigures {
  clicks: number;
  actions: number;
  /** Earned (pending + confirmed + settled) commission per click, per currency; null without clicks. */
  epc: readonly FiguresAmount[] | null;
}

/** The figures a tooltip shows: the period's length and the merchant's entry, undefined when it has none. */
export interface MerchantTooltipFigures {
  days: number;
  merchant: MerchantPeriodFigures | undefined;
}

/** Worded like the report panel's sentences ("1,234", en-US grouping), so every machine words them alike. */
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A per-click figure under half a cent would read 0.00: it gets two decimals more. */
const SMALL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

function clicksText(clicks: number): string {
  return clicks === 1 ? l10n.t('{0} click', COUNT.format(clicks)) : l10n.t('{0} clicks', COUNT.format(clicks));
}

function actionsText(actions: number): string {
  return actions === 1 ? l10n.t('{0} action', COUNT.format(actions)) : l10n.t('{0} actions', COUNT.format(actions));
}

/** `EUR 0.07`, `EUR 0.0042`, `0.07 (unknown currency)`. */
function epcAmount({ currencyCode, amount }: FiguresAmount): string {
  const number = (amount !== 0 && Math.abs(amount) < 0.005 ? SMALL : CENTS).format(amount);
  return currencyCode === null
    ? l10n.t({ message: '{0} (unknown currency)', args: [number], comment: ['{0}: an amount.'] })
    : `${currencyCode} ${number}`;
}

/**
 * `Last 30 days: 1,234 clicks · 12 actions · EPC EUR 0.07, USD 0.05`. The actions are left out
 * when there are none, the EPC when there is no commission; a merchant without figures has
 * `no clicks`.
 */
export function merchantFiguresText(figures: MerchantTooltipFigures): string {
  const merchant = figures.merchant;
  const clicks =
    merchant !== undefined && Number.isFinite(merchant.clicks) && merchant.clicks > 0 ? merchant.clicks : 0;
  const parts = [clicks === 0 ? l10n.t('no clicks') : clicksText(clicks)];
  if (merchant !== undefined && Number.isFinite(merchant.actions) && merchant.actions > 0) {
    parts.push(actionsText(merchant.actions));
  }
  const epc = (merchant?.epc ?? []).filter((entry) => Number.isFinite(entry.amount));
  if (clicks > 0 && epc.length > 0) {
    parts.push(
      l10n.t({ message: 'EPC {0}', args: [epc.map(epcAmount).join(', ')], comment: ['EPC: earnings per click.'] }),
    );
  }
  const list = parts.join(' · ');
  return figures.days === 1
    ? l10n.t({
        message: 'Last {0} day: {1}',
        args: [COUNT.format(figures.days), list],
        comment: ['{1}: figures, such as "12 clicks · 1 action".'],
      })
    : l10n.t({
        message: 'Last {0} days: {1}',
        args: [COUNT.format(figures.days), list],
        comment: ['{1}: figures, such as "12 clicks · 1 action".'],
      });
}
