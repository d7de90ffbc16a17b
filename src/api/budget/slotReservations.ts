/**
 * Taking a slot across processes: a send appended to the shared ledger, kept only if the sends before it leave room.
 */
import type { BudgetClock } from './budgetClock';
import { snapshotOf, type BudgetLedger, type LedgerEntry, type WroteEntry } from './budgetLedger';
import { fitsAmong, type BudgetWindow } from './budgetWindows';

/**
 * A slot whose send was written this long before the grant comes is taken again at a new time:
 * the request goes at the grant, and a send that goes later than the ledger says sits closer to
 * the sends after it than the windows allow (an event-loop block or a slow disk between the two).
 */
export const LATE_GRANT_MS = 40;
/** After this many late grants in a row (a disk that is always slow), the slot is kept late. */
const LATE_GRANTS_KEPT_AFTER = 3;

/**
 * A slot granted for one request. The request counts as going now until `wrote` says when it was
 * written to its socket; every window schedules later slots from that moment, not from the grant,
 * so an event loop blocked between the two moves them along.
 */
export interface SendSlot {
  /** When the slot was granted. */
  readonly grantedAt: number;
  /** When the request was written, once told. */
  readonly wroteAt: number | undefined;
  /** The request was written at `at` (the first call counts; a later one is ignored). */
  wrote(at: number): void;
}

/**
 * The waiting request of highest priority appends its send to the ledger when the windows allow,
 * then reads the ledger again; when sends appended before it fill a window (another window took
 * the slot at the same moment), it takes its send back and waits again. The ledger's order
 * decides, so two windows never both take the last slot.
 */
export class SlotReservations {
  private sequence = 0;
  /** Grants in a row that came later than LATE_GRANT_MS after their send was written. */
  private lateGrants = 0;
  /** This window's writes told but not yet in the ledger: read as if they were. */
  private readonly writing = new Set<WroteEntry>();

  constructor(
    private readonly ledger: BudgetLedger,
    private readonly windows: readonly BudgetWindow[],
    private readonly clock: BudgetClock,
    /** This process in the ledger. */
    private readonly owner: string,
    private readonly spanMs: number,
  ) {}

  /**
   * Appends a send now, pending until `wrote` tells when its request went, and keeps it if the sends appended before it leave room: its id and time;
   * undefined when taken back for another window's send, 'late' when taken back because the
   * grant came more than LATE_GRANT_MS after the send was written.
   */
  async reserve(): Promise<{ id: string; t: number } | 'late' | undefined> {
    const t = this.clock.now();
    const id = `${this.owner}:${++this.sequence}`;
    await this.ledger.append({ kind: 'send', t, id, pending: true });
    const entries = await this.read(this.clock.now());
    // The sends appended before this one: its own time is counted once, by fitsAmong.
    const before = snapshotOf(entries, this.clock.now(), this.spanMs, id);
    const fits = fitsAmong(before.sends, this.windows, t) && before.holdUntil <= t;
    const late =
      fits &&
      this.windows.length > 0 &&
      this.clock.now() - t > LATE_GRANT_MS &&
      this.lateGrants < LATE_GRANTS_KEPT_AFTER;
    if (fits && !late) {
      this.lateGrants = 0;
      return { id, t };
    }
    await this.cancel(id);
    if (late) {
      this.lateGrants += 1;
      return 'late';
    }
    return undefined;
  }

  /** Takes a kept send back: the request it was kept for went meanwhile. */
  async cancel(id: string): Promise<void> {
    await this.ledger.append({ kind: 'cancel', t: this.clock.now(), id });
  }

  /** The slot of the kept send `id`, granted at `grantedAt`; `told` hears each write told. */
  slot(id: string, grantedAt: number, told: () => void): SendSlot {
    let wroteAt: number | undefined;
    return {
      grantedAt,
      get wroteAt() {
        return wroteAt;
      },
      wrote: (at) => {
        if (wroteAt === undefined) {
          wroteAt = at;
          void this.wrote(id, at).then(told, told);
          told();
        }
      },
    };
  }

  /** The ledger's entries, with this window's writes that are still on their way to it. */
  async read(now: number): Promise<LedgerEntry[]> {
    const entries = await this.ledger.read(now, this.spanMs);
    return this.writing.size === 0 ? entries : [...entries, ...this.writing];
  }

  /** Tells every window when the send `id` was written: it counts at `at` from now on. */
  private async wrote(id: string, at: number): Promise<void> {
    const entry: WroteEntry = { kind: 'wrote', t: at, id };
    this.writing.add(entry);
    try {
      await this.ledger.append(entry);
    } finally {
      this.writing.delete(entry);
    }
  }
}
