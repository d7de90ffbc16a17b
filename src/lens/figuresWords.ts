/**
 * Words shared by the figures' lenses and status bar: how old the figures are ("as of 14:02",
 * "offline: figures from 2 h ago"), the trend arrow of a change, and which SubIDs and period
 * they are of.
 */
import type { ArticleFigures } from '../reports/index';

/** "as of 14:02" (today) or "as of 3 Dec, 14:02"; offline: "offline: figures from 2 h ago". */
export function figuresAgeText(asOf: { at: string | undefined; offline: boolean }, now: Date = new Date()): string {
  if (asOf.at === undefined) {
    return asOf.offline ? 'offline: no figures could be read yet' : 'reading the figures…';
  }
  const at = new Date(asOf.at);
  if (asOf.offline) {
    return `offline: figures from ${ageText(now.getTime() - at.getTime())}`;
  }
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString() ? `as of ${time}` : `as of ${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}, ${time}`;
}

/** "just now", "5 min ago", "2 h ago", "3 days ago". */
export function ageText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) {
    return 'just now';
  }
  if (minutes < 60) {
    return `${minutes} min ago`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    return `${hours} h ago`;
  }
  return `${Math.floor(hours / 24)} days ago`;
}

/** "↑12.3%", "↓4.0%", "→0%", "↑new"; empty when neither period has clicks. */
export function trendText(figures: ArticleFigures): string {
  const change = figures.change;
  switch (change.kind) {
    case 'none':
      return '';
    case 'new':
      return '↑new';
    case 'change': {
      const arrow = change.percent > 0 ? '↑' : change.percent < 0 ? '↓' : '→';
      return `${arrow}${change.text.replace(/^[+\u2212]/, '')}`;
    }
  }
}

/** "SubID best-running-shoes" or "SubIDs a, b and 3 more", "over the last 30 days (2026-10-25 to 2026-11-24)". */
export function figuresSubjectText(figures: ArticleFigures, days: number, period: { from: string; to: string }): string {
  const subIds = figures.subIds;
  const named = subIds.length <= 4 ? subIds.join(', ') : `${subIds.slice(0, 3).join(', ')} and ${subIds.length - 3} more`;
  return `${subIds.length === 1 ? 'SubID' : 'SubIDs'} ${named}, over the last ${days} days (${period.from} to ${period.to})`;
}
