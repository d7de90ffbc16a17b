/** The request budget's counts, and the line a minute the log gets of them while requests go. */

/** Counts since the budget began, for the log's line per minute. */
export interface BudgetCounts {
  sent: number;
  refused: number;
  /** Milliseconds requests spent waiting for a slot, summed over requests. */
  waitedMs: number;
}

/** How often the log gets a line of the budget's counts, while requests go. */
export const LOG_EVERY_MS = 60_000;

export class MinuteLog {
  readonly counts: BudgetCounts = { sent: 0, refused: 0, waitedMs: 0 };
  private logged: { at: number; counts: BudgetCounts } | undefined;

  constructor(
    /** The limit as the setting spells it, and where the ledger is: the line's opening. */
    private readonly what: string,
    private readonly log: ((message: string) => void) | undefined,
  ) {}

  sent(now: number, waitedMs: number): void {
    this.counts.sent += 1;
    this.counts.waitedMs += waitedMs;
    this.tick(now);
  }

  refused(now: number): void {
    this.counts.refused += 1;
    this.tick(now);
  }

  /** Writes a line when a minute has passed since the last: what was sent, refused and waited since. */
  private tick(now: number): void {
    if (this.log === undefined) {
      return;
    }
    if (this.logged === undefined) {
      // The first request or refusal opens the first line's minute, and counts in it.
      this.logged = { at: now, counts: { sent: 0, refused: 0, waitedMs: 0 } };
      return;
    }
    if (now - this.logged.at < LOG_EVERY_MS) {
      return;
    }
    const before = this.logged.counts;
    const seconds = Math.round((now - this.logged.at) / 1000);
    const waited = Math.round((this.counts.waitedMs - before.waitedMs) / 1000);
    this.log(
      `Request budget (${this.what}): ${this.counts.sent - before.sent} requests sent, ${this.counts.refused - before.refused} refused by the service, ${waited} s waited for slots, in the last ${seconds} s.`,
    );
    this.logged = { at: now, counts: { ...this.counts } };
  }
}
