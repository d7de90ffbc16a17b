/**
 * The words of the panel's state: the "as of" line of the toolbar and the progress line of a
 * full read. Kept apart from the DOM so they read the same wherever they are shown.
 */
import * as l10n from '@vscode/l10n';
import type { PanelSnapshot, ReportTab } from '../protocol';
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
  const title = full === undefined ? '' : snapshot.source === 'cache' ? l10n.t('Report as of {0} (from the cache)', full) : l10n.t('Report as of {0}', full);
  switch (snapshot.status) {
    case 'loading':
      return { text: l10n.t('Loading…'), title };
    case 'ready':
      return { text: at === undefined ? l10n.t('Up to date') : l10n.t('Up to date as of {0}', at), title };
    case 'refreshing':
      if (at === undefined) {
        return { text: l10n.t('Refreshing…'), title };
      }
      return { text: snapshot.source === 'cache' ? l10n.t('Cached {0}, refreshing…', at) : l10n.t('As of {0}, refreshing…', at), title };
    case 'offline':
      return { text: at === undefined ? l10n.t('Offline') : l10n.t('Offline: showing the report as of {0}', at), title };
    case 'failed':
      return { text: at === undefined ? l10n.t('Not loaded') : l10n.t('Not refreshed: showing the report as of {0}', at), title };
    default:
      return { text: '', title };
  }
}

export interface Progress {
  received: number;
  total: number | null;
}

/** Before the first page of a full read: "Loading the clicks report…". */
function startingText(tab: ReportTab, refreshing: boolean): string {
  if (tab === 'actions') {
    return refreshing ? l10n.t('Refreshing the actions report…') : l10n.t('Loading the actions report…');
  }
  return refreshing ? l10n.t('Refreshing the clicks report…') : l10n.t('Loading the clicks report…');
}

/** "Read 12,000 of 48,000 items", or before the first page "Loading the clicks report…". */
export function progressText(tab: ReportTab, refreshing: boolean, progress: Progress | undefined, format: Formatters): string {
  if (progress === undefined) {
    return startingText(tab, refreshing);
  }
  if (progress.total === null) {
    return progress.received === 1 ? l10n.t('Read 1 item') : l10n.t('Read {0} items', format.count(progress.received));
  }
  return l10n.t('Read {0} of {1} items', format.count(progress.received), format.count(progress.total));
}
