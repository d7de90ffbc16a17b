/**
 * Taking a slot across processes: a send appended to the shared ledger, kept only if the sends before it leave room.
 */
import type { BudgetClock } from './budgetClock';
import { viewOf, type BudgetLedger } from './budgetLedger';
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
 * The waiting request of highest priority appends its send to the ledger when the windows allow,
 * then reads the ledger again; when sends appended before it fill a window (another window took
 * the slot at the same moment), it takes its send back and waits again. The ledger's order
 * decides, so two windows never both take the last slot.
 */
export class SlotReservations {
  private sequence = 0;
  /** Grants in a row that came later than LATE_GRANT_MS after their send was written. */
  private lateGrants = 0;

  constructor(
    private readonly ledger: BudgetLedger,
    private readonly windows: readonly BudgetWindow[],
    private readonly clock: BudgetClock,
    /** This process in the ledger. */
    private readonly owner: string,
    private readonly spanMs: number,
  ) {}

  /**
   * Appends a send now and keeps it if the sends appended before it leave room: its id and time;
   * undefined when taken back for another window's send, 'late' when taken back because the
   * grant came more than LATE_GRANT_MS after the send was written.
   */
  async reserve(): Promise<{ id: string; t: number } | 'late' | undefined> {
    const t = this.clock.now();
    const id = `${this.owner}:${++this.sequence}`;
    await this.ledger.append({ kind: 'send', t, id });
    const entries = await this.ledger.read(this.clock.now(), this.spanMs);
    const after = viewOf(entries, this.clock.now(), this.spanMs, id);
    // The sends appended before this one, without it: its own time is counted once, by fitsAmong.
    const others = [...after.sends];
    others.splice(others.lastIndexOf(t), 1);
    const fits = fitsAmong(others, this.windows, t) && after.holdUntil <= t;
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
}
