/**
 * A clock for the request budget's tests: time moves only when the test runs it, from one
 * timer to the next, once every promise has settled, so hours of pacing take milliseconds and
 * every run is the same.
 */
import type { BudgetClock } from '../../../src/api/budget/requestBudget';

interface Timer {
  at: number;
  order: number;
  fire(): void;
}

/** Lets every pending promise (and the file or memory I/O behind it) settle. */
export async function settle(turns = 4): Promise<void> {
  for (let turn = 0; turn < turns; turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export class VirtualClock implements BudgetClock {
  private timers: Timer[] = [];
  private orders = 0;

  constructor(public time = 1_800_000_000_000) {}

  now(): number {
    return this.time;
  }

  sleep(ms: number, wake: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer: Timer = { at: this.time + Math.max(0, ms), order: ++this.orders, fire: () => undefined };
      const done = (): void => {
        this.timers = this.timers.filter((other) => other !== timer);
        wake.removeEventListener('abort', done);
        resolve();
      };
      timer.fire = done;
      this.timers.push(timer);
      wake.addEventListener('abort', done, { once: true });
    });
  }

  /** Runs timers in time order until none is left, or until `until` (then time stops there). */
  async run(until = Infinity): Promise<void> {
    for (;;) {
      await settle();
      if (this.timers.length === 0) {
        if (until !== Infinity) {
          this.time = Math.max(this.time, until);
        }
        return;
      }
      const next = Math.min(...this.timers.map((timer) => timer.at));
      if (next > until) {
        this.time = Math.max(this.time, until);
        return;
      }
      this.time = Math.max(this.time, next);
      for (const timer of [...this.timers].sort((a, b) => a.order - b.order)) {
        if (timer.at <= this.time) {
          timer.fire();
        }
      }
    }
  }

  /** Moves time on by `ms`, running the timers that fall due. */
  async advance(ms: number): Promise<void> {
    await this.run(this.time + ms);
  }
}
