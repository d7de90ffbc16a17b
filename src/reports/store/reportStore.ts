/**
 * The reports the extension shows, kept up to date: one entry per query (report kind, period,
 * filters). Opening a query shows its cached report at once, marked with its time, then
 * refreshes it: windows read before are refreshed incrementally, new windows read in full, at
 * most `windowConcurrency` at a time. Offline, the cached report stays with the reason. Views
 * and the figures read `state(query)` and listen to `onDidChange`; they never fetch. Pure (no
 * vscode): the extension passes the cache folder, a logger and a way to get the client.
 *
 * Requests are what a person waits for under the service's rate limit: a report read recently
 * enough, here or by another window (its cache file), is shown without asking again
 * (`freshForMs`); every request of a refresh goes at the priority of those who wait for it,
 * raised when someone of a higher priority joins; and the pages of a full read cut short are
 * kept a while (`windowReads.ts`), so the next read goes on from them.
 */
import type { RequestPriority } from '../../api/budget/budgetWindows';
import { isAbortError, isOfflineError } from '../../api/errors';
import type { ClientLogger } from '../../api/types';
import { Emitter, type Event } from '../../common/emitter';
import { messageOf } from '../../common/errorMessage';
import { Disposable, toDisposable, type IDisposable } from '../../common/lifecycle';
import type { EvictionLimits } from '../cache/reportCacheEviction';
import type { CachedReport, CachedReportKind } from '../cache/reportCacheFile';
import { aggregateActions } from '../model/actionReport';
import { aggregateClicks } from '../model/clickReport';
import { filterChoices, type FilterChoices } from '../model/filterChoices';
import type { ReportSource } from './reportReader';
import { ReportFiles } from './reportFiles';
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
  windowConcurrency?: number;
  cacheLimits?: Omit<EvictionLimits, 'now' | 'keep'>;
}

export const DEFAULT_MARGIN_MS = 10 * 60_000;
/**
 * Reports kept in memory, most recently changed first, besides those held (`hold`) or being
 * read; older ones are let go (their cache file stays, so opening one again shows it at once).
 * A 100,000-item report holds about 20 MB.
 */
export const REPORTS_IN_MEMORY = 6;
export { DEFAULT_CACHE_LIMITS } from './reportFiles';
export { queryKey, type OpenOptions, type ReportProgress, type ReportState, type StoreQuery } from './reportState';
const RANK: Record<RequestPriority, number> = { interactive: 0, foreground: 1, background: 2 };

/** A refresh under way: what it resolves with, and the priority its requests go at (raised by those who join). */
interface Running {
  done: Promise<ReportState>;
  call: ReadCall;
}

export class ReportStore extends Disposable {
  private readonly states = new Map<string, ReportState>();
  private readonly running = new Map<string, Running>();
  /** Pages of full reads cut short, by query key and window. */
  private readonly keptPages: KeptReadPages;
  private readonly files: ReportFiles;
  /** Queries something shows now, by how many holders: never let go while held. */
  private readonly held = new Map<string, number>();
  /** Filter choices worked out per report object; weak, so a report let go takes them along. */
  private readonly choicesOf = new WeakMap<CachedReport, FilterChoices>();
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
    const key = queryKey(query);
    this.held.set(key, (this.held.get(key) ?? 0) + 1);
    let released = false;
    return {
      dispose: () => {
        if (released) {
          return;
        }
        released = true;
        const count = (this.held.get(key) ?? 1) - 1;
        if (count > 0) {
          this.held.set(key, count);
        } else {
          this.held.delete(key);
        }
      },
    };
  }

  state<K extends CachedReportKind>(query: StoreQuery<K>): ReportState<K> | undefined {
    return this.states.get(queryKey(query)) as ReportState<K> | undefined;
  }

  /**
   * The platforms, programs and SubIDs seen in the report shown for `query`, with their names,
   * most clicks (or actions) first: the choices of the report's filters. Undefined before a
   * report is shown.
   */
  choices(query: StoreQuery): FilterChoices | undefined {
    const report = this.state(query)?.report;
    if (report === undefined) {
      return undefined;
    }
    // Aggregating 100,000 items takes tens of milliseconds: once per report shown, not per call.
    let choices = this.choicesOf.get(report);
    if (choices === undefined) {
      choices =
        report.kind === 'clicks'
          ? filterChoices(
              aggregateClicks(
                (report as CachedReport<'clicks'>).windows.flatMap((window) => window.items),
                query.period,
              ),
            )
          : filterChoices(
              undefined,
              aggregateActions(
                (report as CachedReport<'actions'>).windows.flatMap((window) => window.items),
                query.period,
              ),
            );
      this.choicesOf.set(report, choices);
    }
    return choices;
  }

  /**
   * Shows the query's cached report, if there is one and nothing is shown yet, without asking
   * the service; the state, or undefined when there is neither.
   */
  async loadCached<K extends CachedReportKind>(query: StoreQuery<K>): Promise<ReportState<K> | undefined> {
    const key = queryKey(query);
    const shown = this.states.get(key) as ReportState<K> | undefined;
    if (shown?.report !== undefined || this.running.has(key)) {
      return shown;
    }
    const report = await this.files.read(query.kind, key);
    if (report === undefined || this.states.get(key)?.report !== undefined || this.isDisposed) {
      return this.states.get(key) as ReportState<K> | undefined;
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
    let state = this.states.get(key) as ReportState<K> | undefined;
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
    this.states.delete(state.key);
    this.states.set(state.key, state as ReportState);
    for (const key of this.states.keys()) {
      if (this.states.size <= REPORTS_IN_MEMORY) {
        break;
      }
      if (!this.running.has(key) && !this.held.has(key)) {
        this.states.delete(key);
      }
    }
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
