/**
 * The words for a wait of the service's rate limit where a person looks (the tree's loading line, the sync's
 * progress, the status bar): "about 2 min" rather than a countdown, since the estimate moves as other windows send.
 */
import * as vscode from 'vscode';

/** A read's remaining time worth saying. */
const SAY_REMAINING_MS = 10_000;

/** "about 40 s", "about 2 min", "about 1 h" from now until `until` (epoch ms). */
export function aboutDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) {
    return vscode.l10n.t({ message: 'about {0} s', args: [seconds], comment: ['A short wait, in seconds.'] });
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) {
    return vscode.l10n.t({ message: 'about {0} min', args: [minutes], comment: ['A wait, in minutes.'] });
  }
  return vscode.l10n.t({
    message: 'about {0} h',
    args: [Math.round(minutes / 60)],
    comment: ['A long wait, in hours.'],
  });
}

/** "waiting for the service's rate limit, about 2 min", or, after a refusal, "the service asked to wait, about 40 s". */
export function rateLimitWaitText(wait: { until: number; reason: 'window' | 'refused' }, now = Date.now()): string {
  const about = aboutDuration(wait.until - now);
  return wait.reason === 'refused'
    ? vscode.l10n.t({
        message: 'the service asked to wait, {0}',
        args: [about],
        comment: [
          '{0}: a wait such as "about 2 min". Shown after a count, such as "12,000 merchants · the service asked to wait, about 2 min".',
        ],
      })
    : vscode.l10n.t({
        message: "waiting for the service's rate limit, {0}",
        args: [about],
        comment: [
          '{0}: a wait such as "about 2 min". Shown after a count, such as "12,000 merchants · waiting for the service\'s rate limit, about 2 min".',
        ],
      });
}

/**
 * The progress of a sync: "12,345 merchants" loaded so far; then the wait for the rate limit, if
 * any, or else how long the rest should take at the service's limit (`remainingMs`, from the
 * catalog's size before the sync), when that is worth saying.
 */
export function syncingText(
  count: number,
  wait: { until: number; reason: 'window' | 'refused' } | undefined,
  remainingMs?: number,
): string {
  const figure = count.toLocaleString('en-US');
  const loaded = count === 1 ? vscode.l10n.t('{0} merchant', figure) : vscode.l10n.t('{0} merchants', figure);
  if (wait !== undefined) {
    return `${loaded} · ${rateLimitWaitText(wait)}`;
  }
  return remainingMs !== undefined && remainingMs >= SAY_REMAINING_MS
    ? `${loaded} · ${vscode.l10n.t({ message: "{0} at the service's limit", args: [aboutDuration(remainingMs)], comment: ['{0}: how long the rest takes, such as "about 40 s". Follows "12,000 merchants · ".'] })}`
    : loaded;
}
