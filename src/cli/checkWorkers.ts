/**
 * `check --concurrency N`: a whole site's files checked by N threads, the command's own and N - 1 worker threads
 * (checkWorker.ts), each a share of the files (every Nth), with findings, skipped files and links per merchant the
 * same, in the same order, as one thread finds them. The workers start before the command reads the snapshot, so
 * their own reads of it run meanwhile. `auto`: two threads on a machine of two cores or more, for a run of the whole
 * site (PATHs that leave every file, no --changed-since, no --fix) of at least WORKER_MIN_FILES files; fewer files,
 * and the command's own thread checks them alone.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { merchantLinkTotals, type FileMerchantLinks } from '../health/merchantLinkTally';
import {
  checkSite,
  merchantCountsOf,
  skippedLine,
  sortByFileOrder,
  type SiteRun,
  type SiteRunOutcome,
} from './checkSite';
import { CHECK_WORKER, type WorkerAnswer, type WorkerShare, type WorkerStart } from './checkWorker';
import type { SiteCheck } from './fileCheck';

/** `--concurrency`: `auto`, `off`, or a number of threads. */
export type Concurrency = 'auto' | 'off' | number;

/** The threads `auto` checks with where there are two cores or more. */
export const AUTO_THREADS = 2;

/** Below this many files `auto` checks in the command's own thread: a worker would cost more than it saves. */
export const WORKER_MIN_FILES = 1_000;

/** How many worker threads a run starts besides its own: none but for a whole site's check, none for `off` or 1. */
export function workerCount(concurrency: Concurrency, wholeSite: boolean, cores = availableParallelism()): number {
  if (!wholeSite || concurrency === 'off') {
    return 0;
  }
  const threads = concurrency === 'auto' ? (cores >= 2 ? AUTO_THREADS : 1) : concurrency;
  return threads - 1;
}

/** A run the workers share: every file reported, no fix; the blob ids for the cache's entries. */
export type SharedRun = Omit<SiteRun, 'reported' | 'fix'> & { ids: ReadonlyMap<string, string> };

/** Worker threads of one run, started at once; `check` hands each its share, `stop` ends them. */
export class CheckWorkers {
  private readonly workers: Worker[];
  private readonly answers: Array<Promise<WorkerAnswer>>;

  constructor(
    script: string,
    count: number,
    start: Omit<WorkerStart, 'kind'>,
    /** Whether `auto` chose them: a site of fewer than WORKER_MIN_FILES files is then checked without them. */
    readonly auto: boolean,
  ) {
    const workerData: WorkerStart = { kind: CHECK_WORKER, ...start };
    this.workers = Array.from({ length: count }, () => new Worker(script, { workerData }));
    this.answers = this.workers.map(
      (worker) =>
        new Promise<WorkerAnswer>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => reject(new Error(`a worker of the check stopped (exit code ${code})`)));
        }),
    );
    this.answers.forEach((answer) => answer.catch(() => undefined)); // read in `check`; none when stopped before
  }

  /** Whether the run's files are worth the workers. */
  fitFor(files: readonly string[]): boolean {
    return !this.auto || files.length >= WORKER_MIN_FILES;
  }

  stop(): void {
    this.workers.forEach((worker) => void worker.terminate());
  }

  /**
   * The site checked by this thread (`check`: the first share) and the workers (the others): what one thread's
   * `checkSite` gives, or the problem a worker met.
   */
  async check(
    check: SiteCheck,
    run: SharedRun,
  ): Promise<{ ok: true; outcome: SiteRunOutcome } | { ok: false; problem: string }> {
    const threads = this.workers.length + 1;
    const shareOf = (thread: number) => run.files.filter((_, at) => at % threads === thread);
    this.workers.forEach((worker, i) => {
      const files = shareOf(i + 1);
      const ids = new Map(files.flatMap((file) => (run.ids.has(file) ? [[file, run.ids.get(file)!] as const] : [])));
      worker.postMessage({ files, ids: run.cache === undefined ? undefined : ids } satisfies WorkerShare);
    });
    // This thread's share, said nothing of (its skipped files are said with the others', in the site's order).
    const own = await checkSite(check, { ...run, files: shareOf(0), reported: undefined, fix: false, say: () => {} });
    const answers = await Promise.all(this.answers);
    this.stop();
    const failed = answers.find((answer) => !answer.ok);
    if (failed !== undefined && !failed.ok) {
      return failed;
    }
    const done = [{ ...own, cache: undefined }, ...answers.filter((answer) => answer.ok)];
    const skipped = sortByFileOrder(
      done.flatMap((part) => part.skipped),
      run.files,
    );
    skipped.forEach((file) => run.say(skippedLine(file)));
    const fileLinks = new Map<string, FileMerchantLinks>();
    for (const [at, file] of run.files.entries()) {
      const links = done[at % threads]!.fileLinks.get(file); // thread t's share: every file at t, t + threads, …
      if (links !== undefined) {
        fileLinks.set(file, links);
      }
    }
    done.forEach((part) => part.cache !== undefined && run.cache?.adopt(part.cache));
    return {
      ok: true,
      outcome: {
        filesChecked: done.reduce((sum, part) => sum + part.filesChecked, 0),
        findings: sortByFileOrder(
          done.flatMap((part) => part.findings),
          run.files,
        ),
        skipped,
        merchantLinks: merchantCountsOf(
          run.cache?.siteTotals(fileLinks.values()) ?? merchantLinkTotals(fileLinks.values()),
          run.merchantName,
        ),
        filesFixed: 0,
        fileLinks,
      },
    };
  }
}
