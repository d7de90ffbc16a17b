/** One window walks the catalog for all: others find its lease beside the cache file and wait for its file. */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { leaseHeld, takeLease } from '../../common/readLeases';

/** How often a waiting window looks whether the other window's walk ended. */
export const WALK_POLL_MS = 1_000;

export interface SharedWalkOptions {
  /** The lease file beside the cache file. */
  leaseFile: string;
  /** Shows the cache file another window saved; true when it did. */
  followDisk(): Promise<boolean>;
  /** Told once per wait: which process walks, and a promise that settles when the wait ends. */
  onWait?(heldBy: number, ended: Promise<void>): void;
  /** Stops a wait (the window closed the catalog); the walk itself is stopped by its own means. */
  signal?: AbortSignal;
  pollMs?: number;
}

export type SharedWalk<T> = { kind: 'walked'; result: T } | { kind: 'followed' } | { kind: 'stopped' };

/**
 * Runs `walk` holding the lease; when another live window holds it, waits until that walk ends
 * and shows its file. When that window saved nothing (it failed, or was closed), this window
 * walks after all. Never throws but what `walk` throws.
 */
export async function walkOnce<T>(walk: () => Promise<T>, options: SharedWalkOptions): Promise<SharedWalk<T>> {
  const pollMs = options.pollMs ?? WALK_POLL_MS;
  // On a first start the folder may not be there yet, and a lease needs its file.
  await mkdir(dirname(options.leaseFile), { recursive: true }).catch(() => undefined);
  for (;;) {
    const lease = await takeLease(options.leaseFile);
    if (!('heldBy' in lease)) {
      try {
        return { kind: 'walked', result: await walk() };
      } finally {
        await lease.release();
      }
    }
    let endWait = (): void => undefined;
    options.onWait?.(lease.heldBy, new Promise<void>((resolve) => (endWait = resolve)));
    try {
      while (!options.signal?.aborted && (await leaseHeld(options.leaseFile))) {
        await sleep(pollMs);
      }
      if (options.signal?.aborted) {
        return { kind: 'stopped' };
      }
      if (await options.followDisk()) {
        return { kind: 'followed' };
      }
    } finally {
      endWait();
    }
  }
}
