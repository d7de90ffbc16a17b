/** The request budget's arithmetic, pure: when the next request of a priority may go. Times in epoch ms. */
import type { RateWindow } from '../rateLimit';

/** Who waits: a person (interactive), what is on screen (foreground), anything else (background). */
export type RequestPriority = 'interactive' | 'foreground' | 'background';

export const PRIORITIES: readonly RequestPriority[] = ['interactive', 'foreground', 'background'];

/** A rate window as the budget keeps it: its length with a margin, and how many requests it allows. */
export interface BudgetWindow {
  requests: number;
  /** The window's length plus the margin that keeps a window's edge from tipping over. */
  ms: number;
  /** Requests of the window that background reads leave to the other classes. */
  reserve: number;
}

/**
 * The budget's windows of the service's: each one longer by a margin (100 ms and 1% of its
 * length: network latency moves arrivals against writes; the event loop between a slot and its
 * request's write is counted by the writes themselves, see SendSlot), and with a tenth of a window of a
 * minute or more (10 of 100 in 5 minutes) kept from background reads, so that a person who
 * asks for something while a long read runs waits seconds, not minutes.
 */
export function budgetWindows(windows: readonly RateWindow[]): BudgetWindow[] {
  return windows.map((window) => ({
    requests: window.requests,
    ms: window.seconds * 1000 + 100 + window.seconds * 10,
    reserve: window.seconds >= 60 ? Math.min(window.requests - 1, Math.ceil(window.requests / 10)) : 0,
  }));
}

/** The longest window's length: entries older than this no longer count. */
export function longestWindowMs(windows: readonly BudgetWindow[]): number {
  return windows.reduce((longest, window) => Math.max(longest, window.ms), 0);
}

/**
 * The earliest time, at or after `now`, a request of `priority` may be sent, given `sends`
 * (send times of every process, any order) and a hold (a refusal's wait) until `holdUntil`.
 */
export function earliestSlot(
  sends: readonly number[],
  windows: readonly BudgetWindow[],
  priority: RequestPriority,
  now: number,
  holdUntil = 0,
): number {
  let at = Math.max(now, holdUntil);
  if (windows.length === 0) {
    return at;
  }
  const sorted = [...sends].sort((a, b) => a - b);
  // A slot found for one window may fall in another's full span: look again until all agree.
  for (let round = 0; round <= windows.length; round++) {
    let moved = false;
    for (const window of windows) {
      const allowed = window.requests - (priority === 'background' ? window.reserve : 0);
      const inWindow = sorted.filter((time) => time > at - window.ms && time <= at);
      if (inWindow.length >= allowed) {
        // The send that must leave the window before another fits: the (count - allowed + 1)th oldest.
        const leaving = inWindow[inWindow.length - allowed]!;
        const free = leaving + window.ms;
        if (free > at) {
          at = free;
          moved = true;
        }
      }
    }
    if (!moved) {
      return at;
    }
  }
  return at;
}

/**
 * Whether one more send at `at` keeps every window within its limit, counting `others` (the
 * sends appended before it, which need not be in time order: another process may have appended
 * a later time first). Every span of a window that holds `at` is counted, not only the one ending
 * at `at`.
 */
export function fitsAmong(others: readonly number[], windows: readonly BudgetWindow[], at: number): boolean {
  const all = [...others, at];
  return windows.every((window) =>
    [at, ...others.filter((time) => time > at && time < at + window.ms)].every(
      (end) => all.filter((time) => time > end - window.ms && time <= end).length <= window.requests,
    ),
  );
}

/**
 * How long from `now` until `count` more requests of `priority` have all been sent, each as
 * early as the windows allow, after `sends` and a hold until `holdUntil`. 0 for none.
 */
export function timeToSend(
  count: number,
  sends: readonly number[],
  windows: readonly BudgetWindow[],
  priority: RequestPriority,
  now: number,
  holdUntil = 0,
): number {
  const planned = [...sends];
  let last = now;
  for (let index = 0; index < count; index++) {
    last = earliestSlot(planned, windows, priority, last, holdUntil);
    planned.push(last);
  }
  return count === 0 ? 0 : last - now;
}
