/**
 * Work over many items in time slices: it pauses whenever `sliceMs` have passed since the last pause, so the
 * extension host is never held for long, and stops when cancelled. The clock is injected, so tests run on a
 * virtual one; the items' reads, when they have any, too.
 */

/** The clock of time-sliced work: the host's (`HOST_CLOCK`), or a test's that moves only when told. */
export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Gives the event loop a turn (setImmediate in the host). */
  pause(): Promise<void>;
}

/** The clock of the time-sliced loops in the extension host: a pause is a turn of the event loop. */
export const HOST_CLOCK: Clock = Object.freeze({
  now: () => performance.now(),
  pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
});

/** What an item's read gave: its value, or the error it failed with. */
export type ItemRead<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface SliceOptions<T, R = T> {
  clock: Clock;
  /** Work between pauses; 10 ms keeps every slice well under 50 ms for items that take a few ms each. */
  sliceMs?: number;
  /**
   * Items read at once, as one batch, before they are applied (their waits do not hold the host).
   * A read's steps (open, stat, read, close) only go on when the loop yields, so reads started
   * while items are applied would wait for the next pause: a batch read while nothing else runs
   * takes a third less time than reading ahead one item at a time (see docs/performance.md).
   */
  batchSize?: number;
  /** Asked before each item (and after its read). */
  isCancelled?: () => boolean;
  /**
   * Reads an item (a file); a rejection is handed to `apply` as the error. Without it, each item is its own
   * read (`R` is `T`) and the items are applied one after another, with no wait but the pauses.
   */
  read?(item: T): Promise<R>;
  /** The synchronous work of an item, once read. */
  apply(item: T, read: ItemRead<R>): void;
  onProgress?(done: number, total: number): void;
}

export interface SliceOutcome {
  done: number;
  cancelled: boolean;
  /** How many pauses were taken. */
  pauses: number;
}

export const DEFAULT_SLICE_MS = 10;
export const DEFAULT_BATCH_SIZE = 64;

/** Applies items in order (read a batch at a time first, when they are read), pausing between slices. */
export async function runInSlices<T, R = T>(items: readonly T[], options: SliceOptions<T, R>): Promise<SliceOutcome> {
  const { clock, read, apply } = options;
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const cancelled = () => options.isCancelled?.() ?? false;
  const reads: Array<Promise<ItemRead<R>>> = [];
  const start = (i: number, reading: (item: T) => Promise<R>) => {
    reads[i] = reading(items[i]).then(
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
    let result: ItemRead<R>;
    if (read === undefined) {
      result = { ok: true, value: items[done] as unknown as R };
    } else {
      if (started === done) {
        while (started < items.length && started < done + batchSize) {
          start(started++, read);
        }
      }
      result = await reads[done];
      delete reads[done];
      if (cancelled()) {
        return { done, cancelled: true, pauses };
      }
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
