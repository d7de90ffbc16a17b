/** The one scheduler of syncs, who runs and who waits; it knows nothing of merchants. */
import * as l10n from '@vscode/l10n';
import type { RequestPriority } from '../../api/budget/budgetWindows';
import { RequestAbortedError } from '../../api/errors';
import { Emitter } from '../../common/emitter';
import type { IDisposable } from '../../common/lifecycle';

/**
 * `full`: walk the whole catalog even when an incremental sync is possible. `signal`: stops
 * this request (and the sync, when this request started it). `onProgress`: merchants received
 * so far in the sync, after each page. `priority`: who waits for it, in the request budget
 * (default 'foreground'); a request that joins a sync of a lower priority raises it.
 */
export interface SyncOptions {
  full?: boolean;
  signal?: AbortSignal;
  onProgress?: (loaded: number) => void;
  priority?: RequestPriority;
}

const RANK: Record<RequestPriority, number> = { interactive: 0, foreground: 1, background: 2 };

/** The higher of two priorities. */
export function higherPriority(a: RequestPriority, b: RequestPriority): RequestPriority {
  return RANK[a] <= RANK[b] ? a : b;
}

/** One sync as the function doing it sees it. */
export interface SyncJob {
  /** Asked for a full walk; the sync sets it to what it really does, so requests join correctly. */
  full: boolean;
  /** Aborted by the request that started it, or by `cancelRunning()` / `dispose()`. */
  readonly signal: AbortSignal;
  /** Tells every request waiting on this sync. */
  progress(loaded: number): void;
  /** Who waits for it: the highest priority of the requests it serves, read at each request it sends. */
  priority: RequestPriority;
}

interface Run<R> extends SyncJob {
  cancel: AbortController;
  /** Tells the requests it serves how far it got. */
  progressed: Emitter<number>;
  result: Promise<R>;
  settle: { resolve(result: R): void; reject(error: unknown): void };
}

/** The error of a sync stopped by its signal, when nothing more specific was thrown. */
export function syncCancelled(message = l10n.t('The merchant sync was cancelled.')): RequestAbortedError {
  return new RequestAbortedError(message, '');
}

/**
 * At most one sync runs; a request while one runs joins it, except a full request during an
 * incremental sync, which is queued to run next. The store passes the function that does one sync.
 */
export class SyncQueue<R> implements IDisposable {
  private running: Run<R> | undefined;
  private queued: Run<R> | undefined;
  private disposed = false;

  constructor(
    private readonly perform: (job: SyncJob) => Promise<R>,
    private readonly onListenerError: (error: unknown) => void,
  ) {}

  /**
   * Starts a sync, or joins the running one (its result or error, including a cancellation
   * by the request that started it; `onProgress` follows it; this request's own `signal` only
   * stops its waiting). A full request while an incremental sync runs is queued instead;
   * further full requests join the queued one.
   */
  request(full: boolean, options: SyncOptions): Promise<R> {
    if (this.disposed) {
      return Promise.reject(syncCancelled(l10n.t('The merchant catalog was closed.')));
    }
    const joined = this.runToJoin(full);
    if (joined !== undefined) {
      return this.join(joined, options);
    }
    const run = this.createRun(full, options);
    if (this.running === undefined) {
      this.launch(run);
    } else {
      this.queued = run;
    }
    return run.result;
  }

  /** Whether a request now would join a running or queued sync rather than start or queue one. */
  wouldJoin(full: boolean): boolean {
    return !this.disposed && this.runToJoin(full) !== undefined;
  }

  /** The sync a request would join: the running one, unless a full request meets an incremental one; then the queued one. */
  private runToJoin(full: boolean): Run<R> | undefined {
    const running = this.running;
    if (running === undefined) {
      return undefined;
    }
    return !full || running.full ? running : this.queued;
  }

  /** Aborts the running sync, if any; a queued one still runs after it. */
  cancelRunning(): void {
    this.running?.cancel.abort();
  }

  /** Aborts the running and the queued sync; later requests are refused. */
  dispose(): void {
    this.disposed = true;
    this.queued?.cancel.abort();
    this.running?.cancel.abort();
  }

  private createRun(full: boolean, options: SyncOptions): Run<R> {
    const cancel = new AbortController();
    let settle: Run<R>['settle'] | undefined;
    const result = new Promise<R>((resolve, reject) => (settle = { resolve, reject }));
    const progressed = new Emitter<number>(this.onListenerError);
    if (options.onProgress) {
      progressed.event(options.onProgress);
    }
    const signal = options.signal ? AbortSignal.any([options.signal, cancel.signal]) : cancel.signal;
    return {
      full,
      signal,
      progress: (loaded) => progressed.fire(loaded),
      cancel,
      progressed,
      result,
      settle: settle!,
      priority: options.priority ?? 'foreground',
    };
  }

  private launch(run: Run<R>): void {
    this.running = run;
    // `done` runs before the callers resume, so a request right after a result starts afresh.
    const done = (): void => {
      this.running = undefined;
      const next = this.queued;
      this.queued = undefined;
      if (next !== undefined) {
        this.launch(next);
      }
    };
    this.perform(run).then(
      (result) => {
        done();
        run.settle.resolve(result);
      },
      (error: unknown) => {
        done();
        run.settle.reject(error);
      },
    );
  }

  private join(run: Run<R>, options: SyncOptions): Promise<R> {
    const { onProgress, signal } = options;
    if (options.priority !== undefined) {
      run.priority = higherPriority(run.priority, options.priority);
    }
    const following = onProgress && run.progressed.event(onProgress);
    if (signal === undefined) {
      return run.result;
    }
    return new Promise<R>((resolve, reject) => {
      const stop = (): void => {
        following?.dispose();
        reject(syncCancelled());
      };
      if (signal.aborted) {
        stop();
        return;
      }
      signal.addEventListener('abort', stop, { once: true });
      run.result.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
    });
  }
}
