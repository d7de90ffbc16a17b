/**
 * The words of the panel's state: the "as of" line of the toolbar and the progress line of a
 * full read. Kept apart from the DOM so they read the same wherever they are shown.
 */
import * as l10n from '@vscode/l10n';
import type { PanelSnapshot, ReportTab } from '../../../reports/panel/protocol';
import type { Formatters } from './formatters';

export interface StatusText {
  text: string;
  /** The full moment, for the tooltip. */
  title: string;
}

/** "Up to date as of 14:02", "Cached 14:02, refreshing…", "Offline: showing the report as of …". */
export function asOfText(snapshot: PanelSnapshot | undefined, format: Formatters, now: Date): StatusText {
  if (snapshot === undefined) {
    return { text: l10n.t('Starting…'), title: '' };
  }
  const at = snapshot.asOf === undefined ? undefined : format.moment(snapshot.asOf, now);
  const full = snapshot.asOf === undefined ? undefined : new Date(snapshot.asOf).toLocaleString();
  const title =
    full === undefined
      ? ''
      : snapshot.source === 'cache'
        ? l10n.t('Report as of {0} (from the cache)', full)
        : l10n.t('Report as of {0}', full);
  switch (snapshot.status) {
    case 'loading':
      return { text: l10n.t('Loading…'), title };
    case 'ready':
      return { text: at === undefined ? l10n.t('Up to date') : l10n.t('Up to date as of {0}', at), title };
    case 'refreshing':
      if (at === undefined) {
        return { text: l10n.t('Refreshing…'), title };
      }
      return {
        text:
          snapshot.source === 'cache' ? l10n.t('Cached {0}, refreshing…', at) : l10n.t('As of {0}, refreshing…', at),
        title,
      };
    case 'offline':
      return {
        text: at === undefined ? l10n.t('Offline') : l10n.t('Offline: showing the report as of {0}', at),
        title,
      };
    case 'failed':
      return {
        text: at === undefined ? l10n.t('Not loaded') : l10n.t('Not refreshed: showing the report as of {0}', at),
        title,
      };
    default:
      return { text: '', title };
  }
}

export interface Progress {
  received: number;
  total: number | null;
  /** While the read waits for the service's rate limit: in how long it goes on, and why. */
  wait?: { inMs: number; reason: 'window' | 'refused' };
  /** How long the rest of the read should take at the service's limit. */
  remainingMs?: number;
}

/** A read's remaining time worth saying: a wait of the rate limit, or a plan longer than this. */
const SAY_REMAINING_MS = 10_000;

/** "about 40 s", "about 2 min", "about 1 h". */
export function aboutText(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) {
    return l10n.t({ message: 'about {0} s', args: [seconds], comment: ['A short wait, in seconds.'] });
  }
  const minutes = Math.round(seconds / 60);
  return minutes < 90
    ? l10n.t({ message: 'about {0} min', args: [minutes], comment: ['A wait, in minutes.'] })
    : l10n.t({ message: 'about {0} h', args: [Math.round(minutes / 60)], comment: ['A long wait, in hours.'] });
}

/** " · waiting for the service's rate limit, about 2 min", " · about 6 min at the service's limit", or nothing. */
function pacingText(progress: Progress): string {
  if (progress.wait !== undefined) {
    const about = aboutText(progress.wait.inMs);
    return ` · ${
      progress.wait.reason === 'refused'
        ? l10n.t({
            message: 'the service asked to wait, {0}',
            args: [about],
            comment: ['{0}: a wait such as "about 2 min". Follows "Read 12,500 of 31,000 items · ".'],
          })
        : l10n.t({
            message: "waiting for the service's rate limit, {0}",
            args: [about],
            comment: ['{0}: a wait such as "about 2 min". Follows "Read 12,500 of 31,000 items · ".'],
          })
    }`;
  }
  if (progress.remainingMs !== undefined && progress.remainingMs >= SAY_REMAINING_MS) {
    return ` · ${l10n.t({ message: "{0} at the service's limit", args: [aboutText(progress.remainingMs)], comment: ['{0}: how long the rest of the read takes, such as "about 6 min". Follows "Read 12,500 of 31,000 items · ".'] })}`;
  }
  return '';
}

/** Before the first page of a full read: "Loading the clicks report…". */
function startingText(tab: ReportTab, refreshing: boolean): string {
  if (tab === 'actions') {
    return refreshing ? l10n.t('Refreshing the actions report…') : l10n.t('Loading the actions report…');
  }
  return refreshing ? l10n.t('Refreshing the clicks report…') : l10n.t('Loading the clicks report…');
}

/** "Read 12,000 of 48,000 items", or before the first page "Loading the clicks report…". */
export function progressText(
  tab: ReportTab,
  refreshing: boolean,
  progress: Progress | undefined,
  format: Formatters,
): string {
  if (progress === undefined) {
    return startingText(tab, refreshing);
  }
  if (progress.total === null) {
    return (
      (progress.received === 1 ? l10n.t('Read 1 item') : l10n.t('Read {0} items', format.count(progress.received))) +
      pacingText(progress)
    );
  }
  return (
    l10n.t('Read {0} of {1} items', format.count(progress.received), format.count(progress.total)) +
    pacingText(progress)
  );
}
