/**
 * What the catalog's and the reports' caches share about writing files: the file operations and the temporary files.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * The one injection point of disk faults: every cache write takes one; the extension passes none,
 * so `NODE_FILE_OPS` is used. Only tests pass their own, to fail a rename, fill the disk or refuse
 * a write (test/unit/disk/, docs/reliability.md).
 */
export interface CacheFileOps {
  mkdir: typeof mkdir;
  open: typeof open;
  rename: typeof rename;
  rm: typeof rm;
}

export const NODE_FILE_OPS: CacheFileOps = Object.freeze({ mkdir, open, rename, rm });

/**
 * A temporary file beside `file` that only this process writes.
 *
 * The file is renamed over its target once written; a writer that crashed between the two leaves
 * it behind, and `removeLeftoverTemps` removes those no process is still writing.
 */
export function tempFileBeside(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${randomUUID()}.tmp`);
}

/** A temporary file untouched this long is left over even when its process runs (a reused process id). */
export const LEFTOVER_AFTER_MS = 60 * 60_000;
const TEMP_NAME = /^\.(.+)\.(\d+)\.[0-9a-f-]{36}\.tmp$/;

/** Whether a process of this id runs (this one included). */
export function processRuns(pid: number): boolean {
  if (pid === process.pid) {
    return true;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // runs, as another user
  }
}

/**
 * Removes the temporary files in `folder` of the files `ofTarget` accepts (by name) that no
 * writer is still writing: their process has ended, or they have not changed for an hour.
 * Returns their paths; never throws (a file that cannot be removed is left for next time).
 */
export async function removeLeftoverTemps(
  folder: string,
  ofTarget: (name: string) => boolean,
  nowMs = Date.now(),
): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = TEMP_NAME.exec(name);
    if (match === null || !ofTarget(match[1]!)) {
      continue;
    }
    const path = join(folder, name);
    try {
      if (processRuns(Number(match[2])) && nowMs - (await stat(path)).mtimeMs < LEFTOVER_AFTER_MS) {
        continue;
      }
      await rm(path, { force: true });
      removed.push(path);
    } catch {
      // Gone meanwhile, or not removable now: the next write tries again.
    }
  }
  return removed;
}
