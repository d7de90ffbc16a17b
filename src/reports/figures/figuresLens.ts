/**
 * The words of the figures lenses: an article's line at the top ("1,234 clicks · +12.3% vs
 * previous 30 days · EUR 56.70 pending + confirmed") and a line's ("87 clicks · Zalando 60,
 * Nike 27"). Numbers with thousands separators, amounts per currency and never summed across.
 */
import * as l10n from '@vscode/l10n';
import type { CurrencyAmount } from '../model/currencyAmounts';
import type { ArticleFigures } from './figuresAggregate';

const SEPARATOR = ' · ';
/** How many SubIDs or merchants a line's lens names before it says how many more there are. */
const NAMED_ON_A_LINE = 3;
/** Made once: `toLocaleString` makes a formatter at every call, which thousands of lenses would pay for. */
const WHOLE = new Intl.NumberFormat('en-US');
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1 click", "0 clicks", "1,234 clicks". */
export function clicksText(clicks: number): string {
  return clicks === 1 ? l10n.t('{0} click', WHOLE.format(clicks)) : l10n.t('{0} clicks', WHOLE.format(clicks));
}

/** "EUR 56.70", or "EUR 56.70, USD 1,200.00": one amount per currency, in the order given. */
export function amountsText(amounts: readonly CurrencyAmount[]): string {
  return amounts.map((entry) => `${entry.label} ${MONEY.format(entry.amount)}`).join(', ');
}

/**
 * An article's lens: its clicks, the change against the previous period (left out when both
 * periods have none) and, where actions earned something, the commission per currency.
 */
export function articleLensText(figures: ArticleFigures, days: number): string {
  const parts = [clicksText(figures.clicks)];
  if (figures.change.kind !== 'none') {
    parts.push(
      days === 1
        ? l10n.t({
            message: '{0} vs previous day',
            args: [figures.change.text],
            comment: ['{0}: a change, such as +12.3% or new.'],
          })
        : l10n.t({
            message: '{0} vs previous {1} days',
            args: [figures.change.text, WHOLE.format(days)],
            comment: ['{0}: a change, such as +12.3% or new.'],
          }),
    );
  }
  if (figures.pendingConfirmedCommission.length > 0) {
    parts.push(
      l10n.t({
        message: '{0} pending + confirmed',
        args: [amountsText(figures.pendingConfirmedCommission)],
        comment: ['{0}: commission amounts.'],
      }),
    );
  }
  return parts.join(SEPARATOR);
}

/**
 * A line's lens: the clicks of its links, then by merchant where the merchants on the line had
 * clicks ("87 clicks · Zalando 60, Nike 27", most clicks first), else its SubIDs
 * ("87 clicks · best-running-shoes").
 */
export function lineLensText(
  figures: ArticleFigures,
  merchantsOnLine?: Array<{ name: string; clicks: number }>,
): string {
  if (merchantsOnLine === undefined || merchantsOnLine.length === 0) {
    const named = listText(figures.subIds.slice(0, NAMED_ON_A_LINE), figures.subIds.length);
    return named === '' ? clicksText(figures.clicks) : `${clicksText(figures.clicks)}${SEPARATOR}${named}`;
  }
  // The line's links are known by merchant: its clicks are those that went to them, not the SubID's whole.
  const merchants = [...merchantsOnLine].sort(
    (a, b) => b.clicks - a.clicks || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  const clicks = merchants.reduce((sum, merchant) => sum + merchant.clicks, 0);
  const shown = merchants.slice(0, NAMED_ON_A_LINE);
  const named =
    merchants.length === 1
      ? merchants[0]!.name
      : listText(
          shown.map((merchant) => `${merchant.name} ${WHOLE.format(merchant.clicks)}`),
          merchants.length,
        );
  return `${clicksText(clicks)}${SEPARATOR}${named}`;
}

/** "a, b, c" or, of five, "a, b, c +2 more". */
function listText(shown: readonly string[], of: number): string {
  const more = of - shown.length;
  return more > 0
    ? l10n.t({ message: '{0} +{1} more', args: [shown.join(', '), more], comment: ['{0}: a list of names.'] })
    : shown.join(', ');
}
