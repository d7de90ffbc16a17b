/** Latest wins: work that starts again before it ends asks, after its awaits, whether it is still the latest. */
import type { IDisposable } from './lifecycle';

/** One run's view of whether it is still the latest. */
export interface Turn {
  /** False once a later turn began, or the owner was disposed. */
  readonly isCurrent: boolean;
}

export class LatestWins implements IDisposable {
  private count = 0;
  private disposed = false;

  /** Begins a turn: every earlier one is stale from now on. */
  next(): Turn {
    this.count += 1;
    return this.current();
  }

  /** The turn in force now, current until the next `next()`: for work a later change makes stale. */
  current(): Turn {
    const mine = this.count;
    const isCurrent = (): boolean => !this.disposed && mine === this.count;
    return {
      get isCurrent(): boolean {
        return isCurrent();
      },
    };
  }

  /** Every turn is stale, now and later. */
  dispose(): void {
    this.disposed = true;
  }
}
