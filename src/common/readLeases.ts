/** Which window reads what: a lease file beside a cached file, so another window waits for that read's file. */
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { processRuns, tempFileBeside } from './cacheFiles';

/** A read longer than this is taken as abandoned; so is a lease of a process that ended (a crash never blocks). */
export const LEASE_MS = 15 * 60_000;

export interface Lease {
  release(): Promise<void>;
}

interface Holder {
  pid: number;
  at: number;
}

async function holderOf(file: string, nowMs: number): Promise<Holder | undefined> {
  try {
    const holder = JSON.parse(await readFile(file, 'utf8')) as Partial<Holder>;
    const live =
      Number.isSafeInteger(holder.pid) &&
      Number.isFinite(holder.at) &&
      nowMs - holder.at! < LEASE_MS &&
      nowMs - holder.at! >= -60_000;
    return live && holder.pid !== process.pid && processRuns(holder.pid!) ? (holder as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes `body` to `file` unless `file` exists, so that no reader ever finds it empty or half
 * written: the body goes to a temporary file beside it, which is then hard-linked as `file` (the
 * link fails with EEXIST when `file` is there). Where the file system has no hard links, the file
 * is opened exclusively and written, which leaves the short gap the link closes.
 */
async function createWhole(file: string, body: string): Promise<'created' | 'exists' | 'failed'> {
  const temp = tempFileBeside(file);
  try {
    await writeFile(temp, body, { flag: 'wx' });
    await link(temp, file);
    return 'created';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      return 'exists';
    }
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') {
      return createOpened(file, body);
    }
    return 'failed';
  } finally {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

async function createOpened(file: string, body: string): Promise<'created' | 'exists' | 'failed'> {
  try {
    await writeFile(file, body, { flag: 'wx' });
    return 'created';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EEXIST' ? 'exists' : 'failed';
  }
}

/** Puts `body` in place of `file` at once (a rename over it), so no reader finds it empty. */
async function replaceWhole(file: string, body: string): Promise<void> {
  const temp = tempFileBeside(file);
  try {
    await writeFile(temp, body, { flag: 'wx' });
    await rename(temp, file);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/**
 * Takes the lease of `file` for this process: a lease, or the process that holds it (alive,
 * within `LEASE_MS`). A lease left by an ended process, or unreadable, is taken over. A lease is
 * never seen empty or half written, so a window starting as another takes it finds its holder.
 * Never throws: when the lease cannot be written, the read goes on as if it held it.
 */
export async function takeLease(file: string, nowMs = Date.now()): Promise<Lease | { heldBy: number }> {
  const release = async (): Promise<void> => {
    const holder = await readFile(file, 'utf8').then(
      (text) => (JSON.parse(text) as Partial<Holder>).pid,
      () => undefined,
    );
    if (holder === process.pid) {
      await rm(file, { force: true }).catch(() => undefined);
    }
  };
  const body = JSON.stringify({ pid: process.pid, at: nowMs });
  if ((await createWhole(file, body)) !== 'exists') {
    return { release }; // taken, or no lease without a file: the read goes on all the same
  }
  const held = await holderOf(file, nowMs);
  if (held !== undefined) {
    return { heldBy: held.pid };
  }
  // Left by an ended process, or stale: taken over.
  await replaceWhole(file, body);
  return { release };
}

/** Whether another live process still holds the lease of `file`. */
export async function leaseHeld(file: string, nowMs = Date.now()): Promise<boolean> {
  return (await holderOf(file, nowMs)) !== undefined;
}
