/** One refresh of a report, window by window, at the refresh's priority, and its progress as it goes. */
import type { RequestPriority } from '../../api/budget/budgetWindows';
import type { KeptPages } from '../../api/paging';
import type { CachedReportKind, CachedWindow, ItemOfKind } from '../cache/reportCacheFile';
import {
  readWindowInFull,
  refreshWindow,
  REPORT_PAGE_SIZE,
  runBounded,
  type ReadOptions,
  type ReportSource,
  type WindowFilters,
  type WindowRead,
} from './reportReader';

/** How long the pages of a full read cut short are kept for the next read of the window. */
export const KEEP_PAGES_MS = 15 * 60_000;

/** The priority a refresh's requests go at: raised while it runs by those who join it. */
export interface ReadCall {
  priority: RequestPriority;
}

/** What a refresh has read so far (the store adds the query's key). */
export interface ReadProgress {
  received: number;
  total: number | undefined;
  wait?: { until: number; reason: 'window' | 'refused' };
  remainingMs?: number;
}

/** The pages of full reads cut short, by query and window, for a while. */
export class KeptReadPages {
  private readonly entries = new Map<string, { pages: KeptPages<unknown>; at: number }>();

  constructor(private readonly now: () => Date) {}

  /** The kept pages of a window's full read (fresh ones, or a new empty set, kept from now on). */
  of(keepKey: string): KeptPages<unknown> {
    const now = this.now().getTime();
    for (const [other, entry] of this.entries) {
      if (now - entry.at > KEEP_PAGES_MS) {
        this.entries.delete(other);
      }
    }
    const entry = this.entries.get(keepKey) ?? { pages: { total: null, pages: new Map() }, at: now };
    entry.at = now;
    this.entries.set(keepKey, entry);
    return entry.pages;
  }

  /** The window was read whole: nothing to keep. */
  done(keepKey: string): void {
    this.entries.delete(keepKey);
  }
}

export interface WindowReadsInput<K extends CachedReportKind> {
  source: ReportSource & { budget?: { estimate(count: number, priority: RequestPriority): number } };
  kind: K;
  /** The query's key: kept pages are the query's and the window's. */
  key: string;
  windows: Array<{ from: string; to: string }>;
  /** The windows of the report shown, by `from..to`: refreshed incrementally. */
  previous: ReadonlyMap<string, CachedWindow<ItemOfKind[K]>>;
  filters: WindowFilters;
  read: Pick<ReadOptions, 'now' | 'marginMs' | 'signal'>;
  call: ReadCall;
  concurrency: number;
  kept: KeptReadPages;
  onProgress(progress: ReadProgress): void;
}

/**
 * Reads every window of the refresh; throws the first failure (the other reads stop). Windows read
 * before are refreshed incrementally, new ones read in full (going on from the pages kept of a read
 * cut short), at most `concurrency` at a time. Progress: items read, the total once known, the wait
 * for the service's rate limit, and how long the rest should take.
 */
export function readWindows<K extends CachedReportKind>(
  input: WindowReadsInput<K>,
): Promise<Array<WindowRead<ItemOfKind[K]>>> {
  const { windows, previous, call } = input;
  const received = new Array<number>(windows.length).fill(0);
  const totals = new Array<number | null>(windows.length).fill(null);
  let wait: ReadProgress['wait'];
  const fireProgress = (): void => {
    const known = totals.every((value) => value !== null);
    const total = known ? totals.reduce<number>((a, b) => a + (b ?? 0), 0) : undefined;
    const pages = totals.reduce<number>(
      (sum, value, index) => sum + Math.ceil(Math.max(0, (value ?? 0) - received[index]!) / REPORT_PAGE_SIZE),
      0,
    );
    const remainingMs = total === undefined ? undefined : input.source.budget?.estimate(pages, call.priority);
    input.onProgress({
      received: received.reduce((a, b) => a + b, 0),
      total,
      ...(wait ? { wait } : {}),
      ...(remainingMs !== undefined ? { remainingMs } : {}),
    });
  };
  const readOptions: ReadOptions = {
    ...input.read,
    call: {
      // Read at each request: those who join the refresh may raise it.
      get priority() {
        return call.priority;
      },
      onWait: (until, reason) => {
        wait = until === undefined || (reason !== 'window' && reason !== 'refused') ? undefined : { until, reason };
        fireProgress();
      },
    },
  };
  windows.forEach((period, index) => {
    const earlier = previous.get(`${period.from}..${period.to}`);
    if (earlier !== undefined) {
      // A window read before counts as read: its refresh reads a page or two.
      received[index] = earlier.items.length;
      totals[index] = earlier.total;
    }
  });
  const tasks = windows.map((period, index) => async (taskSignal: AbortSignal) => {
    const earlier = previous.get(`${period.from}..${period.to}`);
    const options: ReadOptions = {
      ...readOptions,
      signal: taskSignal,
      onProgress: (count, total) => {
        received[index] = count;
        totals[index] = total;
        fireProgress();
      },
    };
    if (earlier) {
      return refreshWindow(input.source, input.kind, earlier, input.filters, options);
    }
    const keepKey = `${input.key}|${period.from}..${period.to}`;
    const read = await readWindowInFull(input.source, input.kind, period, input.filters, {
      ...options,
      keep: input.kept.of(keepKey),
    });
    input.kept.done(keepKey);
    return read;
  });
  return runBounded(tasks, input.concurrency, input.read.signal);
}
