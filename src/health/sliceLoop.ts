/**
 * Work over many items in time slices: it pauses whenever `sliceMs` have passed since the last pause, so the
 * extension host is never held for long, and stops when cancelled. Clock, pause and reads are injected.
 */

export interface SliceClock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Gives the event loop a turn (setImmediate or setTimeout in the host). */
  pause(): Promise<void>;
}

export interface SliceOptions<T, R> {
  clock: SliceClock;
  /** Work between pauses; 10 ms keeps every slice well under 50 ms for items that take a few ms each. */
  sliceMs?: number;
  /** Reads in flight at once (their waits do not hold the host). */
  concurrency?: number;
  /** Asked before each item. */
  isCancelled?: () => boolean;
  /** Reads an item (a file); a rejection is handed to `apply` as the error. */
  read(item: T): Promise<R>;
  /** The synchronous work of an item, once read. */
  apply(item: T, read: { ok: true; value: R } | { ok: false; error: unknown }): void;
  onProgress?(done: number, total: number): void;
}

export interface SliceOutcome {
  done: number;
  cancelled: boolean;
  /** How many pauses were taken. */
  pauses: number;
}

export const DEFAULT_SLICE_MS = 10;

/** Reads ahead up to `concurrency` items and applies them in order, pausing between slices. */
export async function runInSlices<T, R>(items: readonly T[], options: SliceOptions<T, R>): Promise<SliceOutcome> {
  const { clock, read, apply } = options;
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const cancelled = () => options.isCancelled?.() ?? false;
  const reads: Array<Promise<{ ok: true; value: R } | { ok: false; error: unknown }>> = [];
  const start = (i: number) => {
    reads[i] = read(items[i]).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  };
  let started = 0;
  let done = 0;
  let pauses = 0;
  let sliceStart = clock.now();
  while (done < items.length) {
    if (cancelled()) {
      return { done, cancelled: true, pauses };
    }
    while (started < items.length && started < done + concurrency) {
      start(started++);
    }
    const result = await reads[done];
    delete reads[done];
    if (cancelled()) {
      return { done, cancelled: true, pauses };
    }
    apply(items[done], result);
    done++;
    options.onProgress?.(done, items.length);
    if (clock.now() - sliceStart >= sliceMs) {
      await clock.pause();
      pauses++;
      sliceStart = clock.now();
    }
  }
  return { done, cancelled: false, pauses };
}
