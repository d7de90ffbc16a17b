/** The ledger of what was sent, which every window appends to and reads, so that together they stay under the limit. */

/** A request sent (or about to be: reserved) at `t` by `id` (its process and number). */
export interface SendEntry {
  kind: 'send';
  t: number;
  id: string;
}

/** A reservation taken back at `t`: another process's send came first in the ledger and filled the window. */
export interface CancelEntry {
  kind: 'cancel';
  t: number;
  id: string;
}

/** The service refused a request at `t`: nobody sends before `until`. */
export interface HoldEntry {
  kind: 'hold';
  t: number;
  until: number;
}

export type LedgerEntry = SendEntry | CancelEntry | HoldEntry;

/** `MemoryLedger` is one process's own; `FileLedger` (fileLedger.ts) is shared through the global storage. */
export interface BudgetLedger {
  /** Every entry still worth reading (at least the last `spanMs` before `now`), in the order appended. */
  read(now: number, spanMs: number): Promise<LedgerEntry[]>;
  /** Appends one entry, whole: an entry is never mixed with another process's. */
  append(entry: LedgerEntry): Promise<void>;
  /** What the ledger is, for the log: "in memory", "shared file …". */
  readonly description: string;
}

/** The ledger of one process: entries in memory, the old ones dropped as they are read. */
export class MemoryLedger implements BudgetLedger {
  private entries: LedgerEntry[] = [];
  readonly description = 'this window only (in memory)';

  async read(now: number, spanMs: number): Promise<LedgerEntry[]> {
    this.entries = this.entries.filter((entry) => entry.t > now - spanMs * 2);
    return [...this.entries];
  }

  async append(entry: LedgerEntry): Promise<void> {
    this.entries.push({ ...entry });
  }
}

/** What the ledger says now: the sends that count (cancelled ones left out) and the latest hold. */
export interface LedgerView {
  sends: number[];
  holdUntil: number;
}

/**
 * The sends and the hold in `entries`, as of `now`: cancelled sends left out, and entries no
 * clock of this machine could have written (a send more than `slackMs` in the future, a hold
 * past `now + spanMs`) ignored, so that a damaged ledger never blocks for longer than a window.
 * With `upTo`, only the entries appended before and including the send of that id.
 */
export function viewOf(
  entries: readonly LedgerEntry[],
  now: number,
  spanMs: number,
  upTo?: string,
  slackMs = 5_000,
): LedgerView {
  const cancelled = new Set(entries.flatMap((entry) => (entry.kind === 'cancel' ? [entry.id] : [])));
  const sends: number[] = [];
  let holdUntil = 0;
  for (const entry of entries) {
    if (entry.kind === 'send' && !cancelled.has(entry.id) && entry.t > now - spanMs && entry.t <= now + slackMs) {
      sends.push(entry.t);
    } else if (entry.kind === 'hold' && entry.until > now && entry.until <= now + spanMs && entry.t <= now + slackMs) {
      holdUntil = Math.max(holdUntil, entry.until);
    }
    if (entry.kind === 'send' && entry.id === upTo) {
      break;
    }
  }
  return { sends, holdUntil };
}
