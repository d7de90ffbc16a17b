/** The rate limit as the sandbox enforces it: sliding windows per client address, on a monotonic clock. */
import { formatRateLimit, type RateWindow } from '../api/rateLimit';

/** What `/__sandbox/stats` reports of the rate limit. */
export interface RateLimitStats {
  /** The limit in force, in the one spelling (`3/1,100/300`, or `off`). */
  spec: string;
  /** Requests refused with 429 since the sandbox started (not reset by a new limit). */
  refused: number;
  /**
   * Each window of the limit, shortest first, with `peak`: the most accepted requests from any
   * one address inside any span of that window's length since the limit was set.
   */
  windows: Array<{ requests: number; seconds: number; peak: number }>;
}

export type RateDecision =
  | { accepted: true }
  /** `window` frees the slot last; `retryAfterSeconds` is the wait until it does, rounded up, at least 1. */
  | { accepted: false; window: RateWindow; retryAfterSeconds: number };

/** Ascending times (ms) of one address's accepted requests; old ones are dropped from the front. */
class AcceptedTimes {
  private readonly times: number[] = [];
  private start = 0;

  get size(): number {
    return this.times.length - this.start;
  }

  /** One past the index of the newest time. */
  get end(): number {
    return this.times.length;
  }

  push(time: number): void {
    this.times.push(time);
  }

  /** Drops every time at or before `limit`. */
  dropUpTo(limit: number): void {
    this.start = this.firstAfter(limit);
    if (this.start > 1024 && this.start * 2 > this.times.length) {
      this.times.splice(0, this.start);
      this.start = 0;
    }
  }

  /** Index of the first time after `limit` (times.length when none). */
  firstAfter(limit: number): number {
    let low = this.start;
    let high = this.times.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.times[middle] <= limit) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  countAfter(limit: number): number {
    return this.end - this.firstAfter(limit);
  }

  at(index: number): number {
    return this.times[index];
  }
}

const MS = 1000;

/**
 * A request is accepted only if, for every window N/S, fewer than N accepted requests from its
 * address arrived in the last S seconds (a request S seconds old or older no longer counts).
 * Refused requests count against no window: a client that keeps asking while refused gets its
 * slots back when its accepted requests age out, as if it had waited. On a monotonic clock: the
 * sandbox's own clock is often frozen in tests.
 */
export class RateLimiter {
  private windows: readonly RateWindow[] = [];
  private peaks: number[] = [];
  private longestMs = 0;
  private readonly histories = new Map<string, AcceptedTimes>();
  private sweepAt = 256;
  private refused = 0;

  /** `clock` gives monotonic milliseconds (default `performance.now()`). */
  constructor(
    windows: readonly RateWindow[] | 'off',
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.replace(windows);
  }

  /** Installs a new limit and forgets every address's history and the peaks. */
  replace(windows: readonly RateWindow[] | 'off'): void {
    this.windows =
      windows === 'off' ? [] : [...windows].sort((a, b) => a.seconds - b.seconds).map((window) => ({ ...window }));
    this.peaks = this.windows.map(() => 0);
    this.longestMs = Math.max(0, ...this.windows.map((window) => window.seconds * MS));
    this.histories.clear();
    this.sweepAt = 256;
  }

  /** Decides a request from `address` now; an accepted one is counted in every window. */
  admit(address: string): RateDecision {
    if (this.windows.length === 0) {
      return { accepted: true };
    }
    const now = this.clock();
    const history = this.historyOf(address, now);
    let refusal: { window: RateWindow; waitMs: number } | undefined;
    for (const window of this.windows) {
      const from = history.firstAfter(now - window.seconds * MS);
      const count = history.end - from;
      if (count >= window.requests) {
        // The slot frees when the oldest of the requests beyond N-1 in the window ages out.
        const waitMs = history.at(from + count - window.requests) + window.seconds * MS - now;
        if (refusal === undefined || waitMs > refusal.waitMs) {
          refusal = { window, waitMs };
        }
      }
    }
    if (refusal !== undefined) {
      this.refused += 1;
      return {
        accepted: false,
        window: { ...refusal.window },
        retryAfterSeconds: Math.max(1, Math.ceil(refusal.waitMs / MS)),
      };
    }
    history.push(now);
    this.windows.forEach((window, index) => {
      this.peaks[index] = Math.max(this.peaks[index], history.countAfter(now - window.seconds * MS));
    });
    return { accepted: true };
  }

  snapshot(): RateLimitStats {
    return {
      spec: formatRateLimit(this.windows),
      refused: this.refused,
      windows: this.windows.map((window, index) => ({
        requests: window.requests,
        seconds: window.seconds,
        peak: this.peaks[index],
      })),
    };
  }

  /** The address's history without the times older than the longest window. */
  private historyOf(address: string, now: number): AcceptedTimes {
    if (this.histories.size >= this.sweepAt) {
      for (const [other, times] of this.histories) {
        times.dropUpTo(now - this.longestMs);
        if (times.size === 0) {
          this.histories.delete(other);
        }
      }
      this.sweepAt = Math.max(256, this.histories.size * 2);
    }
    let history = this.histories.get(address);
    if (history === undefined) {
      history = new AcceptedTimes();
      this.histories.set(address, history);
    }
    history.dropUpTo(now - this.longestMs);
    return history;
  }
}
