/**
 * The words for a wait of the service's rate limit, where a person looks: the tree's loading
 * line, the sync's progress, the status bar's tooltip. "about 2 min" rather than a countdown: the
 * budget's estimate moves as other windows send.
 */
import * as vscode from 'vscode';

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
  return vscode.l10n.t({ message: 'about {0} h', args: [Math.round(minutes / 60)], comment: ['A long wait, in hours.'] });
}

/** "waiting for the service's rate limit, about 2 min", or, after a refusal, "the service asked to wait, about 40 s". */
export function rateLimitWaitText(wait: { until: number; reason: 'window' | 'refused' }, now = Date.now()): string {
  const about = aboutDuration(wait.until - now);
  return wait.reason === 'refused'
    ? vscode.l10n.t({ message: 'the service asked to wait, {0}', args: [about], comment: ['{0}: a wait such as "about 2 min". Shown after a count, such as "12,000 merchants · the service asked to wait, about 2 min".'] })
    : vscode.l10n.t({ message: "waiting for the service's rate limit, {0}", args: [about], comment: ['{0}: a wait such as "about 2 min". Shown after a count, such as "12,000 merchants · waiting for the service\'s rate limit, about 2 min".'] });
}
