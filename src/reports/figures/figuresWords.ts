/**
 * Every word of the figures where an article is written: the lenses' lines and what the lenses and status bar share.
 */
import * as l10n from '@vscode/l10n';
import type { CurrencyAmount } from '../model/currencyAmounts';
import type { ArticleFigures, FiguresAggregate } from './figuresAggregate';

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
  if (figures.earnedCommission.length > 0) {
    parts.push(
      l10n.t({
        message: '{0} pending + confirmed + settled',
        args: [amountsText(figures.earnedCommission)],
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

/** "as of 14:02" (today) or "as of 3 Dec, 14:02"; offline: "offline: figures from 2 h ago". */
export function figuresAgeText(asOf: { at: string | undefined; offline: boolean }, now: Date = new Date()): string {
  if (asOf.at === undefined) {
    return asOf.offline ? l10n.t('offline: no figures could be read yet') : l10n.t('reading the figures…');
  }
  const at = new Date(asOf.at);
  if (asOf.offline) {
    return offlineAgeText(now.getTime() - at.getTime());
  }
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString()
    ? l10n.t({ message: 'as of {0}', args: [time], comment: '{0} is a time of today, e.g. 14:02.' })
    : l10n.t({
        message: 'as of {0}, {1}',
        args: [at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' }), time],
        comment: '{0} is a day, e.g. "3 Dec"; {1} a time, e.g. 14:02.',
      });
}

/** How long ago, counted as the words say it: under a minute, minutes, hours (under 48), days. */
function ageOf(ms: number): { unit: 'now' | 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) {
    return { unit: 'now', count: 0 };
  }
  if (minutes < 60) {
    return { unit: 'minutes', count: minutes };
  }
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? { unit: 'hours', count: hours } : { unit: 'days', count: Math.floor(hours / 24) };
}

/**
 * "just now", "5 min ago", "2 h ago", "3 days ago".
 *
 * Each age has its own whole phrase; a singular and a plural of the same English are told apart by
 * their comments, so a translation can have both forms.
 */
export function ageText(ms: number): string {
  const { unit, count } = ageOf(ms);
  switch (unit) {
    case 'now':
      return l10n.t('just now');
    case 'minutes':
      return count === 1
        ? l10n.t({ message: '{0} min ago', args: [count], comment: 'One minute ago ({0} is 1).' })
        : l10n.t({ message: '{0} min ago', args: [count], comment: '{0} minutes ago (more than one).' });
    case 'hours':
      return count === 1
        ? l10n.t({ message: '{0} h ago', args: [count], comment: 'One hour ago ({0} is 1).' })
        : l10n.t({ message: '{0} h ago', args: [count], comment: '{0} hours ago (more than one).' });
    case 'days':
      return l10n.t({ message: '{0} days ago', args: [count], comment: '{0} is 2 or more.' });
  }
}

/** "offline: figures from 2 h ago": one whole phrase per age. */
function offlineAgeText(ms: number): string {
  const { unit, count } = ageOf(ms);
  switch (unit) {
    case 'now':
      return l10n.t('offline: figures from just now');
    case 'minutes':
      return count === 1
        ? l10n.t({ message: 'offline: figures from {0} min ago', args: [count], comment: 'One minute ago ({0} is 1).' })
        : l10n.t({
            message: 'offline: figures from {0} min ago',
            args: [count],
            comment: '{0} minutes ago (more than one).',
          });
    case 'hours':
      return count === 1
        ? l10n.t({ message: 'offline: figures from {0} h ago', args: [count], comment: 'One hour ago ({0} is 1).' })
        : l10n.t({
            message: 'offline: figures from {0} h ago',
            args: [count],
            comment: '{0} hours ago (more than one).',
          });
    case 'days':
      return l10n.t({ message: 'offline: figures from {0} days ago', args: [count], comment: '{0} is 2 or more.' });
  }
}

/** "↑12.3%", "↓4.0%", "→0%", "↑new"; empty when neither period has clicks. */
export function trendText(figures: ArticleFigures): string {
  const change = figures.change;
  switch (change.kind) {
    case 'none':
      return '';
    case 'new':
      return l10n.t({
        message: '↑new',
        comment: 'The trend of clicks that had none in the previous period: an up arrow and "new".',
      });
    case 'change': {
      const arrow = change.percent > 0 ? '↑' : change.percent < 0 ? '↓' : '→';
      return `${arrow}${change.text.replace(/^[+\u2212]/, '')}`;
    }
  }
}

/** "SubID best-running-shoes" or "SubIDs a, b and 3 more", "over the last 30 days (2026-10-25 to 2026-11-24)". */
export function figuresSubjectText(
  figures: ArticleFigures,
  days: number,
  period: { from: string; to: string },
): string {
  const subIds = figures.subIds;
  if (subIds.length === 1) {
    return l10n.t({
      message: 'SubID {0}, over the last {1} days ({2} to {3})',
      args: [subIds[0]!, days, period.from, period.to],
      comment:
        '{0} is a SubID; {1} the number of days of the period (7, 30 or 90); {2} and {3} its first and last dates.',
    });
  }
  const named =
    subIds.length <= 4
      ? subIds.join(', ')
      : l10n.t({
          message: '{0} and {1} more',
          args: [subIds.slice(0, 3).join(', '), subIds.length - 3],
          comment: '{0} is a list of SubIDs; {1} how many more there are (2 or more).',
        });
  return l10n.t({
    message: 'SubIDs {0}, over the last {1} days ({2} to {3})',
    args: [named, days, period.from, period.to],
    comment:
      '{0} is a list of SubIDs, e.g. "a, b and 3 more"; {1} the number of days of the period (7, 30 or 90); {2} and {3} its first and last dates.',
  });
}

/** A lens's tooltip: whose clicks over which period, how old they are, and what choosing it does. */
export function lensTooltipText(
  figures: ArticleFigures,
  aggregate: Pick<FiguresAggregate, 'days' | 'period'>,
  age: string,
): string {
  return l10n.t({
    message: 'Affiliate Links: clicks of {0}; {1}. Click to show the report of {2}.',
    args: [figuresSubjectText(figures, aggregate.days, aggregate.period), age, figures.subIds[0]!],
    comment:
      '{0} says which SubIDs and period, e.g. "SubID best-running-shoes, over the last 30 days (2026-10-25 to 2026-11-24)"; {1} how old the figures are, e.g. "as of 14:02" or "offline: figures from 2 h ago"; {2} is a SubID.',
  });
}
