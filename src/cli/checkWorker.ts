/**
 * A worker thread of `check --concurrency` (checkWorkers.ts starts them): `dist/cli.js` itself, run again in a
 * thread of the same process (`main.ts` tells it by its `workerData`). It reads the catalog snapshot at once, while
 * the command lists the site; then checks the share of the site's files it is sent, as a run of every file does
 * (`checkSite`), and answers with what it found, each file's links per merchant, and the entries for the cache.
 */
import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import { readCatalogSnapshot } from '../catalog/snapshot/catalogSnapshot';
import type { FileMerchantLinks } from '../health/merchantLinkTally';
import type { ReportFinding, SkippedFile } from './checkReport';
import { checkSite } from './checkSite';
import { siteCheckOf } from './fileCheck';
import { LinkCounts, type CacheEntries } from './linkCountCache';
import type { CheckSettings } from './settingsFile';

/** What tells a worker of the check from the command's own thread. */
export const CHECK_WORKER = 'affiliate-links-check-worker';

/** What a worker starts with (its `workerData`). */
export interface WorkerStart {
  kind: typeof CHECK_WORKER;
  /** The snapshot's file, absolute; the command read it as sound already. */
  catalog: string;
  settings: CheckSettings;
  root: string;
  /** The day of `${date}` (ISO 8601). */
  now: string;
}

/** Its share of the site's files, in the run's order, and with `--cache` the blob ids git's index gives them. */
export interface WorkerShare {
  files: string[];
  ids: Map<string, string> | undefined;
}

export type WorkerAnswer =
  | {
      ok: true;
      filesChecked: number;
      findings: ReportFinding[];
      skipped: SkippedFile[];
      fileLinks: ReadonlyMap<string, FileMerchantLinks>;
      cache: CacheEntries | undefined;
    }
  | { ok: false; problem: string };

export function isWorkerStart(data: unknown): data is WorkerStart {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === CHECK_WORKER;
}

/** Runs the worker: the snapshot read, then one share checked and answered. */
export function runCheckWorker(start: WorkerStart, port: MessagePort): void {
  const share = new Promise<WorkerShare>((resolve) => port.once('message', resolve));
  const snapshot = readFile(start.catalog, 'utf8').then(readCatalogSnapshot, (error: Error) => ({
    ok: false as const,
    problem: error.message,
  }));
  void Promise.all([snapshot, share]).then(async ([read, { files, ids }]) => {
    if (!read.ok) {
      port.postMessage({ ok: false, problem: read.problem } satisfies WorkerAnswer);
      return;
    }
    const check = siteCheckOf(read.snapshot.merchants, start.settings, start.root, new Date(start.now));
    const cache = ids === undefined ? undefined : new LinkCounts(start.root, ids, new Map());
    const outcome = await checkSite(check, {
      files,
      reported: undefined,
      fix: false,
      merchantName: () => undefined,
      say: () => undefined, // its skipped files are said by the command, in the site's order
      cache,
    });
    const answer: WorkerAnswer = {
      ok: true,
      filesChecked: outcome.filesChecked,
      findings: outcome.findings,
      skipped: outcome.skipped,
      fileLinks: outcome.fileLinks,
      cache: cache?.toJson(),
    };
    port.postMessage(answer);
  });
}
