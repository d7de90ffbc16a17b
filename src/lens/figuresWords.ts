/**
 * Words shared by the figures' lenses and status bar: how old the figures are ("as of 14:02",
 * "offline: figures from 2 h ago"), the trend arrow of a change, and which SubIDs and period
 * they are of.
 *
 * Localised with `t` from `@vscode/l10n` (esbuild makes it `vscode.l10n` in the host), so the
 * unit tests run it in plain Node. Each age has its own whole phrase; a singular and a plural of
 * the same English are told apart by their comments, so a translation can have both forms.
 */
import * as l10n from '@vscode/l10n';
import type { ArticleFigures } from '../reports/index';

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

/** "just now", "5 min ago", "2 h ago", "3 days ago". */
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
