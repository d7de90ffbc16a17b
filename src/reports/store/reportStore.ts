/** The reports the extension shows, one per query: its cached report at once, then refreshed; views never fetch. */
import type { RequestPriority } from '../../api/budget/budgetWindows';
import { isAbortError, isOfflineError } from '../../api/errors';
import type { ClientLogger } from '../../api/types';
import { Emitter, type Event } from '../../common/emitter';
import { messageOf } from '../../common/errorMessage';
import { Disposable, toDisposable, type IDisposable } from '../../common/lifecycle';
import type { EvictionLimits } from '../cache/reportCacheEviction';
import type { CachedReport, CachedReportKind } from '../cache/reportCacheFile';
import type { FilterChoices } from '../model/filterChoices';
import type { ReportSource } from './reportReader';
import { ReportFiles } from './reportFiles';
import { ReportsInMemory } from './reportsInMemory';
import { queryKey, type OpenOptions, type ReportProgress, type ReportState, type StoreQuery } from './reportState';
import { KeptReadPages, readWindows, type ReadCall } from './windowReads';

export interface ReportStoreOptions {
  /** The cache file of a query (its name carries a hash of the service address and key). */
  cacheFileOf(kind: CachedReportKind, queryKey: string): string;
  cacheFolder: string;
  /** Called when a refresh starts; lets the extension load the client lazily. */
  source: () => Promise<ReportSource & { budget?: { estimate(count: number, priority: RequestPriority): number } }>;
  /** The windows a period is read in (at most the service's 120 days each). */
  windowsOf(period: { from: string; to: string }): Array<{ from: string; to: string }>;
  logger: ClientLogger;
  baseUrl: string;
  now?: () => Date;
  /** How far before a window's last read a refresh reads back. Default 10 minutes. */
  marginMs?: number;
  /** Windows of a period read at once. Default 2. */
  windowConcurrency?: number;
  cacheLimits?: Omit<EvictionLimits, 'now' | 'keep'>;
}

export const DEFAULT_MARGIN_MS = 10 * 60_000;
export { REPORTS_IN_MEMORY } from './reportsInMemory';
export { DEFAULT_CACHE_LIMITS } from './reportFiles';
export { queryKey, type OpenOptions, type ReportProgress, type ReportState, type StoreQuery } from './reportState';
const RANK: Record<RequestPriority, number> = { interactive: 0, foreground: 1, background: 2 };

/** A refresh under way: what it resolves with, and the priority its requests go at (raised by those who join). */
interface Running {
  done: Promise<ReportState>;
  call: ReadCall;
}

export class ReportStore extends Disposable {
  private readonly memory = new ReportsInMemory();
  private readonly running = new Map<string, Running>();
  /** Pages of full reads cut short, by query key and window. */
  private readonly keptPages: KeptReadPages;
  private readonly files: ReportFiles;
  private readonly changes: Emitter<ReportState>;
  private readonly progress: Emitter<ReportProgress>;
  private readonly stop = new AbortController();
  private readonly now: () => Date;

  /** Fires with a query's new state: cached report shown, refresh started, done or failed. */
  readonly onDidChange: Event<ReportState>;
  /** Fires as pages of a full read arrive (incremental refreshes read a page or two and do not report). */
  readonly onDidProgress: Event<ReportProgress>;

  constructor(private readonly options: ReportStoreOptions) {
    super();
    this.changes = this._register(
      new Emitter((error) => options.logger.error(`A report listener failed: ${messageOf(error)}`)),
    );
    this._register(toDisposable(() => this.stop.abort()));
    this.onDidChange = this.changes.event;
    this.progress = this._register(
      new Emitter((error) => options.logger.error(`A report progress listener failed: ${messageOf(error)}`)),
    );
    this.onDidProgress = this.progress.event;
    this.now = options.now ?? (() => new Date());
    this.keptPages = new KeptReadPages(this.now);
    this.files = new ReportFiles({ ...options, now: this.now });
  }

  /**
   * Keeps the query's report in memory while the returned disposable lives, past the
   * REPORTS_IN_MEMORY most recent: a view holds what it shows, so a report it shows is never
   * let go under it.
   */
  hold(query: StoreQuery): IDisposable {
    return this.memory.hold(queryKey(query));
  }

  state<K extends CachedReportKind>(query: StoreQuery<K>): ReportState<K> | undefined {
    return this.memory.get<K>(queryKey(query));
  }

  /**
   * The platforms, programs and SubIDs seen in the report shown for `query`, with their names,
   * most clicks (or actions) first: the choices of the report's filters. Undefined before a
   * report is shown.
   */
  choices(query: StoreQuery): FilterChoices | undefined {
    const report = this.state(query)?.report;
    return report === undefined ? undefined : this.memory.choices(report, query.period);
  }

  /**
   * Shows the query's cached report, if there is one and nothing is shown yet, without asking
   * the service; the state, or undefined when there is neither.
   */
  async loadCached<K extends CachedReportKind>(query: StoreQuery<K>): Promise<ReportState<K> | undefined> {
    const key = queryKey(query);
    const shown = this.memory.get<K>(key);
    if (shown?.report !== undefined || this.running.has(key)) {
      return shown;
    }
    const report = await this.files.read(query.kind, key);
    if (report === undefined || this.memory.get(key)?.report !== undefined || this.isDisposed) {
      return this.memory.get<K>(key);
    }
    return this.set({ query, key, status: 'ready', report, asOf: asOf(report), source: 'cache' });
  }

  /**
   * Shows the query's cached report (if any) and refreshes it, unless it is fresh enough for
   * `freshForMs`; resolves with the state after the refresh, whatever its outcome. A call for a
   * query being refreshed joins that refresh, raising its priority to the call's.
   */
  open<K extends CachedReportKind>(query: StoreQuery<K>, options: OpenOptions = {}): Promise<ReportState<K>> {
    const key = queryKey(query);
    const priority = options.priority ?? 'foreground';
    const joined = this.running.get(key);
    if (joined) {
      if (RANK[priority] < RANK[joined.call.priority]) {
        joined.call.priority = priority;
      }
      return joined.done as Promise<ReportState<K>>;
    }
    const call = { priority };
    const done = this.loadAndRefresh(query, key, options, call).finally(() => this.running.delete(key));
    this.running.set(key, { done, call });
    return done as Promise<ReportState<K>>;
  }

  private async loadAndRefresh<K extends CachedReportKind>(
    query: StoreQuery<K>,
    key: string,
    options: OpenOptions,
    call: Running['call'],
  ): Promise<ReportState<K>> {
    let state = this.memory.get<K>(key);
    // Another window may have read the report since: its file is newer than what is shown.
    const newerOnDisk =
      state?.report !== undefined && (await this.files.savedAt(query.kind, key)) > state.report.savedAt;
    if (state?.report === undefined || newerOnDisk) {
      const cached = await this.files.read(query.kind, key);
      const report = cached ?? state?.report;
      state = this.set({
        query,
        key,
        status: report ? 'refreshing' : 'loading',
        report,
        asOf: asOf(report),
        source: report ? (cached !== undefined ? 'cache' : state?.source) : undefined,
      });
    } else {
      state = this.set({ ...state, status: 'refreshing', error: undefined });
    }
    const age = state.asOf === undefined ? Infinity : this.now().getTime() - Date.parse(state.asOf);
    if (options.freshForMs !== undefined && age >= 0 && age < options.freshForMs) {
      this.options.logger.debug(
        `The ${query.kind} report of ${query.period.from}..${query.period.to} is ${Math.round(age / 1000)} s old, fresh enough: not read again.`,
      );
      return this.set({ ...state, status: 'ready' });
    }
    const lease = await this.files.lease(query.kind, key);
    if ('heldBy' in lease && call.priority === 'background') {
      // Another window reads it now: its file serves, when it comes, rather than the same requests again.
      this.options.logger.debug(
        `Another window (process ${lease.heldBy}) is reading the ${query.kind} report of ${query.period.from}..${query.period.to}; waiting for its file.`,
      );
      const stop = options.signal ? AbortSignal.any([options.signal, this.stop.signal]) : this.stop.signal;
      const theirs = await this.files.afterOtherWindow(query.kind, key, state.report?.savedAt, stop);
      if (theirs !== undefined) {
        return this.set({ query, key, status: 'ready', report: theirs, asOf: asOf(theirs), source: 'cache' });
      }
    }
    try {
      return await this.refresh(query, key, state, options.signal, call);
    } finally {
      if ('release' in lease) {
        await lease.release();
      }
    }
  }

  private async refresh<K extends CachedReportKind>(
    query: StoreQuery<K>,
    key: string,
    shown: ReportState<K>,
    outer: AbortSignal | undefined,
    call: Running['call'],
  ): Promise<ReportState<K>> {
    const signal = outer ? AbortSignal.any([outer, this.stop.signal]) : this.stop.signal;
    const margin = this.options.marginMs ?? DEFAULT_MARGIN_MS;
    const previous = new Map((shown.report?.windows ?? []).map((window) => [`${window.from}..${window.to}`, window]));
    try {
      const source = await this.options.source();
      const reads = await readWindows({
        source,
        kind: query.kind,
        key,
        windows: this.options.windowsOf(query.period),
        previous,
        filters: query.filters,
        read: { now: this.now, marginMs: margin, signal },
        call,
        concurrency: this.options.windowConcurrency ?? 2,
        kept: this.keptPages,
        onProgress: (progress) => this.progress.fire({ key, ...progress }),
      });
      const report: CachedReport<K> = {
        kind: query.kind,
        baseUrl: this.options.baseUrl,
        query: key,
        savedAt: this.now().toISOString(),
        windows: reads.map((read) => read.window),
      };
      const lastRefresh = {
        requests: reads.reduce((sum, read) => sum + read.requests, 0),
        modes: reads.map((read) => read.mode),
        fallbacks: reads.flatMap((read) => (read.fallback ? [read.fallback] : [])),
      };
      for (const fallback of lastRefresh.fallbacks) {
        this.options.logger.info(`The ${query.kind} report was read in full: ${fallback}.`);
      }
      const state = this.set({
        query,
        key,
        status: 'ready',
        report,
        asOf: asOf(report),
        source: 'network',
        lastRefresh,
      });
      await this.files.save(query.kind, key, report);
      return state;
    } catch (error) {
      if (signal.aborted || isAbortError(error)) {
        return this.set({ ...shown, status: shown.report ? 'ready' : 'loading' });
      }
      const cause = error instanceof Error ? error : new Error(String(error));
      return this.set({ ...shown, status: isOfflineError(error) ? 'offline' : 'failed', error: cause });
    }
  }

  private set<K extends CachedReportKind>(state: ReportState<K>): ReportState<K> {
    if (this.isDisposed) {
      return state;
    }
    this.memory.keep(state as ReportState, (key) => this.running.has(key));
    this.changes.fire(state as ReportState);
    return state;
  }
}

/** The earliest `readStartedAt` of the report's windows: the report is up to date with the service as of then. */
function asOf(report: CachedReport | undefined): string | undefined {
  if (report === undefined || report.windows.length === 0) {
    return undefined;
  }
  return report.windows.map((window) => window.readStartedAt).sort()[0];
}
