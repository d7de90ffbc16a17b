/** What the report store says of a query: the query and its key, where it stands, its progress, how it is asked. */
import type { RequestPriority } from '../../api/budget/budgetWindows';
import type { CachedReport, CachedReportKind } from '../cache/reportCacheFile';
import type { WindowFilters, WindowRead } from './reportReader';

export interface StoreQuery<K extends CachedReportKind = CachedReportKind> {
  kind: K;
  period: { from: string; to: string };
  filters: WindowFilters;
}

/**
 * Where a query stands: `loading` (nothing to show yet), `ready`, `refreshing` (the cached or
 * last report shows meanwhile), `offline` (the service could not be reached; the cached report
 * shows, if any) or `failed` (anything else; `error` says what).
 */
export interface ReportState<K extends CachedReportKind = CachedReportKind> {
  query: StoreQuery<K>;
  key: string;
  status: 'loading' | 'ready' | 'refreshing' | 'offline' | 'failed';
  report: CachedReport<K> | undefined;
  /** The oldest moment the report shown is up to date with (the earliest window read), or undefined. */
  asOf: string | undefined;
  /** Where the report shown came from. */
  source: 'cache' | 'network' | undefined;
  error?: Error;
  /** Requests the last refresh made, and how each window was read. */
  lastRefresh?: { requests: number; modes: Array<WindowRead<unknown>['mode']>; fallbacks: string[] };
}

/** How far a refresh has got: items received and the total of the windows whose total is known yet. */
export interface ReportProgress {
  key: string;
  received: number;
  /** Undefined until every window being read has said its total. */
  total: number | undefined;
  /** While the read waits for the service's rate limit (longer than pacing): until when, and why. */
  wait?: { until: number; reason: 'window' | 'refused' };
  /** Once the total is known: how long the rest of the read should take at the service's limit. */
  remainingMs?: number;
}

/** How a view, the figures or a command asks for a report. */
export interface OpenOptions {
  signal?: AbortSignal;
  /** Who waits for it (default 'foreground'): an open that joins a refresh of a lower priority raises it. */
  priority?: RequestPriority;
  /** A report read this recently (here, or by another window: its cache file) is shown without asking the service. */
  freshForMs?: number;
}

/** The query in one spelling, for cache file names and the store's map. */
export function queryKey(query: StoreQuery): string {
  const { adspaceId, programId, subId } = query.filters;
  return JSON.stringify([
    query.kind,
    query.period.from,
    query.period.to,
    adspaceId ?? null,
    programId ?? null,
    subId ?? null,
  ]);
}
