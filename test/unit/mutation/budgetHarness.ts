/**
 * For the request budget's tests of test/unit/mutation/: a ledger whose appends and reads take
 * virtual time (a slow disk, a busy window), and a watch on promises rejected with nobody to hear
 * them. The budget's queue runs in the background (`void this.run()`): a failure there is seen by
 * no caller, and Mocha does not fail a test for it, while VS Code logs it as an error of the
 * extension. Each test of a suite that calls `watchBackgroundFailures` fails if one happened.
 */
import assert from 'node:assert/strict';
import { MemoryLedger, type BudgetLedger, type LedgerEntry } from '../../../src/api/budget/budgetLedger';
import { settle, type VirtualClock } from '../helpers/virtualClock';

/** Fails each test of the calling suite in which a promise was rejected with no handler. */
export function watchBackgroundFailures(): void {
  const reasons: unknown[] = [];
  const heard = (reason: unknown): void => {
    reasons.push(reason);
  };
  beforeEach(() => {
    reasons.length = 0;
    process.on('unhandledRejection', heard);
  });
  afterEach(async () => {
    await settle(8);
    process.off('unhandledRejection', heard);
    assert.deepEqual(
      reasons.map((reason) => (reason instanceof Error ? reason.message : String(reason))),
      [],
      'the budget failed in the background',
    );
  });
}

/** How long (virtual ms) each append or read of a `SlowLedger` takes, decided per call. */
export interface Delays {
  append?: (entry: LedgerEntry) => number;
  read?: () => number;
}

/** A memory ledger whose appends land, and whose reads answer, after a virtual delay. */
export class SlowLedger implements BudgetLedger {
  readonly inner = new MemoryLedger();
  readonly description = 'a slow ledger';
  readonly appended: LedgerEntry[] = [];

  constructor(
    private readonly clock: VirtualClock,
    public delays: Delays = {},
  ) {}

  async read(now: number, spanMs: number): Promise<LedgerEntry[]> {
    const entries = await this.inner.read(now, spanMs);
    await this.wait(this.delays.read?.() ?? 0);
    return entries;
  }

  async append(entry: LedgerEntry): Promise<void> {
    await this.wait(this.delays.append?.(entry) ?? 0);
    this.appended.push(entry);
    await this.inner.append(entry);
  }

  private async wait(ms: number): Promise<void> {
    if (ms > 0) {
      await this.clock.sleep(ms, new AbortController().signal);
    }
  }
}
