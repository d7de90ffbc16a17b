/** Reading a report from the service window by window, in full or incrementally. */
import type { KeptPages } from '../../api/paging';
import type { ActionItem, CallOptions, ClickItem, ReportPage, ReportQuery, ReportResult } from '../../api/types';
import type { CachedReportKind, CachedWindow, ItemOfKind } from '../cache/reportCacheFile';

/** Where reports come from; `AffiliateServiceClient` is one. */
export interface ReportSource {
  getClicksPage(query: ReportQuery, options?: CallOptions): Promise<ReportPage<ClickItem>>;
  getAllClicks(
    filters: Omit<ReportQuery, 'offset' | 'limit'>,
    options?: AllReadOptions,
  ): Promise<ReportResult<ClickItem>>;
  getActionsPage(query: ReportQuery, options?: CallOptions): Promise<ReportPage<ActionItem>>;
  getAllActions(
    filters: Omit<ReportQuery, 'offset' | 'limit'>,
    options?: AllReadOptions,
  ): Promise<ReportResult<ActionItem>>;
}

export type AllReadOptions = CallOptions & {
  concurrency?: number;
  onProgress?: (received: number, total: number | null) => void;
  keep?: KeptPages<unknown>;
};

export interface WindowFilters {
  adspaceId?: string;
  programId?: string;
  subId?: string;
}

export interface ReadOptions {
  signal?: AbortSignal;
  /** The priority and wait listener of every request of the read (`priority` is read at each request). */
  call?: Pick<CallOptions, 'priority' | 'onWait'>;
  /** The pages of a full read of this window cut short, kept by the caller: the read goes on from them, and leaves its own there. */
  keep?: KeptPages<unknown>;
  now: () => Date;
  /** How far before the previous read's start a refresh reads back. */
  marginMs: number;
  /** After each page of a full read: items received so far and the window's total, when known. */
  onProgress?: (received: number, total: number | null) => void;
}

/** How a window was brought up to date, and what it cost. */
export interface WindowRead<T> {
  window: CachedWindow<T>;
  mode: 'full' | 'incremental';
  /** Why an incremental refresh read the window in full after all. */
  fallback?: string;
  requests: number;
}

export const REPORT_PAGE_SIZE = 500;

/** The key an item is merged by: its id, else what identifies it to a publisher. */
export function reportItemKey(item: ClickItem | ActionItem): string {
  if (item.id !== null) {
    return `id:${item.id}`;
  }
  if ('actionId' in item && item.actionId !== null) {
    return `action:${item.actionId}`;
  }
  return ['~', item.date, item.programId, item.adspaceId, item.subId, item.productId]
    .map((part) => part ?? '')
    .join('|');
}

function pageOf<K extends CachedReportKind>(
  source: ReportSource,
  kind: K,
): (query: ReportQuery, options: CallOptions) => Promise<ReportPage<ItemOfKind[K]>> {
  return (kind === 'clicks' ? source.getClicksPage.bind(source) : source.getActionsPage.bind(source)) as never;
}

function allOf<K extends CachedReportKind>(
  source: ReportSource,
  kind: K,
): (query: ReportQuery, options: AllReadOptions) => Promise<ReportResult<ItemOfKind[K]>> {
  return (kind === 'clicks' ? source.getAllClicks.bind(source) : source.getAllActions.bind(source)) as never;
}

/** Every item of one window: every page (the client reads them in parallel). */
export async function readWindowInFull<K extends CachedReportKind>(
  source: ReportSource,
  kind: K,
  period: { from: string; to: string },
  filters: WindowFilters,
  options: ReadOptions,
): Promise<WindowRead<ItemOfKind[K]>> {
  const readStartedAt = options.now().toISOString();
  const resumed = (options.keep?.pages.size ?? 0) > 1;
  const call = options.call;
  const read = (keep: KeptPages<unknown> | undefined): Promise<ReportResult<ItemOfKind[K]>> =>
    allOf(source, kind)(
      { dateFrom: period.from, dateTo: period.to, ...filters },
      {
        signal: options.signal,
        onProgress: options.onProgress,
        keep,
        onWait: call?.onWait,
        // Read at each page's request: a read can be raised while it runs.
        get priority() {
          return call?.priority;
        },
      },
    );
  const result = await read(options.keep);
  // Pages kept from minutes ago may overlap or miss an item that moved meanwhile: the keys must add up to the total.
  if (resumed && new Set(result.items.map(reportItemKey)).size !== result.total) {
    options.keep?.pages.clear();
    const again = await read(options.keep);
    return {
      window: { from: period.from, to: period.to, readStartedAt, total: again.total, items: again.items },
      mode: 'full',
      fallback: 'the pages kept from a read cut short no longer added up',
      requests: result.requests + again.requests,
    };
  }
  return {
    window: { from: period.from, to: period.to, readStartedAt, total: result.total, items: result.items },
    mode: 'full',
    requests: result.requests,
  };
}

/** The call options of one request of a read: its priority as of now, and its wait listener. */
function callOf(options: ReadOptions): Pick<CallOptions, 'priority' | 'onWait'> {
  return { priority: options.call?.priority, onWait: options.call?.onWait };
}

/**
 * Brings a window read before up to date, reading only what changed since. Relies on the
 * report's order, `updatedAt` descending (spec 4.2 for clicks; the actions report's direction is
 * "not shown", so it is checked on the data): reads pages from offset 0 only until it meets an
 * item updated before the previous read began (less a safety margin), merges what it read by
 * item key, and falls back to a full read when the order is not descending, the service gives no
 * total, or the merged count disagrees with `meta.total` (something was removed, or keys collided).
 */
export async function refreshWindow<K extends CachedReportKind>(
  source: ReportSource,
  kind: K,
  previous: CachedWindow<ItemOfKind[K]>,
  filters: WindowFilters,
  options: ReadOptions,
): Promise<WindowRead<ItemOfKind[K]>> {
  const readStartedAt = options.now().toISOString();
  const since = Date.parse(previous.readStartedAt) - options.marginMs;
  const fetchPage = pageOf(source, kind);
  const fresh: ItemOfKind[K][] = [];
  let requests = 0;
  let total: number | null = null;
  let last = Infinity;
  const full = async (fallback: string): Promise<WindowRead<ItemOfKind[K]>> => {
    const read = await readWindowInFull(source, kind, previous, filters, options);
    return { ...read, fallback, requests: read.requests + requests };
  };
  for (let offset = 0; ; offset += REPORT_PAGE_SIZE) {
    const page = await fetchPage(
      { dateFrom: previous.from, dateTo: previous.to, ...filters, offset, limit: REPORT_PAGE_SIZE },
      { signal: options.signal, ...callOf(options) },
    );
    requests += 1;
    if (page.total === null) {
      return full('the service gave no total');
    }
    total ??= page.total;
    // The whole page is checked for its order before anything is taken from it: an ascending
    // report starts with its oldest item and would otherwise look like nothing changed.
    const times = page.items.map((item) => (item.updatedAt === null ? NaN : Date.parse(item.updatedAt)));
    for (const updated of times) {
      if (Number.isNaN(updated)) {
        continue; // no place in the order: it cannot be told changed, and is kept as read before
      }
      if (updated > last) {
        return full('the report is not ordered by updatedAt descending');
      }
      last = updated;
    }
    let reachedOld = false;
    for (const [index, item] of page.items.entries()) {
      const updated = times[index]!;
      if (updated < since) {
        reachedOld = true;
        break;
      }
      if (!Number.isNaN(updated)) {
        fresh.push(item);
      }
    }
    if (reachedOld || page.received < REPORT_PAGE_SIZE || offset + REPORT_PAGE_SIZE >= page.total) {
      break;
    }
  }
  const merged = mergeItems(previous.items, fresh);
  if (merged.length !== total) {
    return full(`${merged.length} items after merging, but the service counts ${total}`);
  }
  return {
    window: { from: previous.from, to: previous.to, readStartedAt, total, items: merged },
    mode: 'incremental',
    requests,
  };
}

/** The fresh items first (in the order read), then the earlier items none of them replaces. */
export function mergeItems<T extends ClickItem | ActionItem>(earlier: readonly T[], fresh: readonly T[]): T[] {
  const freshKeys = new Set(fresh.map(reportItemKey));
  const merged = [...fresh];
  for (const item of earlier) {
    if (!freshKeys.has(reportItemKey(item))) {
      merged.push(item);
    }
  }
  return merged;
}

/** Runs the tasks with at most `concurrency` at once, results in task order; the first failure aborts the rest. */
export async function runBounded<R>(
  tasks: ReadonlyArray<(signal: AbortSignal) => Promise<R>>,
  concurrency: number,
  signal?: AbortSignal,
): Promise<R[]> {
  const stop = new AbortController();
  const onAbort = (): void => stop.abort(signal?.reason);
  if (signal?.aborted) {
    onAbort();
  }
  signal?.addEventListener('abort', onAbort, { once: true });
  const results: R[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length && !stop.signal.aborted) {
      const index = next++;
      results[index] = await tasks[index]!(stop.signal);
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(concurrency, tasks.length)) }, () =>
        worker().catch((error: unknown) => {
          stop.abort(error);
          throw error;
        }),
      ),
    );
    if (stop.signal.aborted) {
      // Stopped from outside before every task ran: the results are incomplete.
      throw stop.signal.reason ?? new Error('The report read was cancelled.');
    }
    return results;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
