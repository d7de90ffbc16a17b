/** Which window reads what: a lease file beside a cached file, so another window waits for that read's file. */
import { open, readFile, rm } from 'node:fs/promises';
import { processRuns } from './cacheFiles';

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
 * Takes the lease of `file` for this process: a lease, or the process that holds it (alive,
 * within `LEASE_MS`). A lease left by an ended process, or unreadable, is taken over. Never
 * throws: when the lease cannot be written, the read goes on as if it held it.
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
  const write = async (flags: 'wx' | 'w'): Promise<void> => {
    const handle = await open(file, flags);
    try {
      await handle.writeFile(JSON.stringify({ pid: process.pid, at: nowMs }));
    } finally {
      await handle.close();
    }
  };
  try {
    await write('wx');
    return { release };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      return { release }; // no lease without a file: the read goes on all the same
    }
  }
  const held = await holderOf(file, nowMs);
  if (held !== undefined) {
    return { heldBy: held.pid };
  }
  // Left by an ended process, or stale: taken over.
  await write('w').catch(() => undefined);
  return { release };
}

/** Whether another live process still holds the lease of `file`. */
export async function leaseHeld(file: string, nowMs = Date.now()): Promise<boolean> {
  return (await holderOf(file, nowMs)) !== undefined;
}
