/**
 * The words of the panel's state: the "as of" line of the toolbar and the progress line of a
 * full read. Kept apart from the DOM so they read the same wherever they are shown.
 */
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
    return { text: 'Starting…', title: '' };
  }
  const at = snapshot.asOf === undefined ? undefined : format.moment(snapshot.asOf, now);
  const title = snapshot.asOf === undefined ? '' : `Report as of ${new Date(snapshot.asOf).toLocaleString()}${snapshot.source === 'cache' ? ' (from the cache)' : ''}`;
  switch (snapshot.status) {
    case 'loading':
      return { text: 'Loading…', title };
    case 'ready':
      return { text: at === undefined ? 'Up to date' : `Up to date as of ${at}`, title };
    case 'refreshing':
      if (at === undefined) {
        return { text: 'Refreshing…', title };
      }
      return { text: snapshot.source === 'cache' ? `Cached ${at}, refreshing…` : `As of ${at}, refreshing…`, title };
    case 'offline':
      return { text: at === undefined ? 'Offline' : `Offline: showing the report as of ${at}`, title };
    case 'failed':
      return { text: at === undefined ? 'Not loaded' : `Not refreshed: showing the report as of ${at}`, title };
    default:
      return { text: '', title };
  }
}

export interface Progress {
  received: number;
  total: number | null;
}

/** "Read 12,000 of 48,000 items", or before the first page "Loading the clicks report…". */
export function progressText(tab: ReportTab, refreshing: boolean, progress: Progress | undefined, format: Formatters): string {
  if (progress === undefined) {
    return `${refreshing ? 'Refreshing' : 'Loading'} the ${tab} report…`;
  }
  if (progress.total === null) {
    return `Read ${format.count(progress.received)} items`;
  }
  return `Read ${format.count(progress.received)} of ${format.count(progress.total)} items`;
}
