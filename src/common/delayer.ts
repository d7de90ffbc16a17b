/** A delayer: one task waiting for its time, replaced by a new trigger (a debounce), cancelled on disposal. */
import type { IDisposable } from './lifecycle';

/** setTimeout's longest delay; a longer one would fire at once. */
const LONGEST_MS = 2 ** 31 - 1;

export class Delayer implements IDisposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  /** `defaultMs`: the wait of a trigger that names none. */
  constructor(private readonly defaultMs: number) {}

  /** Runs `task` after `ms`, in place of any task still waiting. Does nothing once disposed. */
  trigger(task: () => void, ms: number = this.defaultMs): void {
    this.cancel();
    if (this.disposed) {
      return;
    }
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        task();
      },
      Math.min(Math.max(0, ms), LONGEST_MS),
    );
  }

  /** Whether a task is waiting. */
  get isPending(): boolean {
    return this.timer !== undefined;
  }

  /** Drops the waiting task, if any. */
  cancel(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  dispose(): void {
    this.disposed = true;
    this.cancel();
  }
}
