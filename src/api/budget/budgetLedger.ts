/** The ledger of what was sent, which every window appends to and reads, so that together they stay under the limit. */

/**
 * A request sent (or about to be: reserved) at `t` by `id` (its process and number). A `pending`
 * send goes out when its socket is written, which a `wrote` entry tells; until then it counts as
 * going now, since it can only go later than the moment it is read at.
 */
export interface SendEntry {
  kind: 'send';
  t: number;
  id: string;
  pending?: true;
}

/** The request of the pending send `id` was written to its socket at `t`: it counts at `t` from now on. */
export interface WroteEntry {
  kind: 'wrote';
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

export type LedgerEntry = SendEntry | WroteEntry | CancelEntry | HoldEntry;

/**
 * How long a pending send whose write was never told counts as going now: its window closed
 * mid-request, say. Longer than a connection may take (10 s) before the request is written.
 */
export const UNWRITTEN_COUNTS_MS = 30_000;

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
export interface LedgerSnapshot {
  sends: number[];
  holdUntil: number;
}

/**
 * The sends and the hold in `entries`, as of `now`: cancelled sends left out, a pending send at
 * the time its write was told (at `now` while it was not, for UNWRITTEN_COUNTS_MS), and entries
 * no clock of this machine could have written (a send more than `slackMs` in the future, a hold
 * past `now + spanMs`) ignored, so that a damaged ledger never blocks for longer than a window.
 * With `before`, only the sends, cancels and holds appended before the send of that id (which is
 * left out too); writes count wherever they stand.
 */
export function snapshotOf(
  entries: readonly LedgerEntry[],
  now: number,
  spanMs: number,
  before?: string,
  slackMs = 5_000,
): LedgerSnapshot {
  const upTo =
    before === undefined ? entries.length : entries.findIndex((entry) => entry.kind === 'send' && entry.id === before);
  const seen = upTo < 0 ? entries : entries.slice(0, upTo);
  const cancelled = new Set<string>();
  const wrote = new Map<string, number>();
  for (const entry of seen) {
    if (entry.kind === 'cancel') {
      cancelled.add(entry.id);
    }
  }
  // A write is the truth of when its send went, wherever it stands in the ledger.
  for (const entry of entries) {
    if (entry.kind === 'wrote') {
      wrote.set(entry.id, entry.t);
    }
  }
  const sends: number[] = [];
  let holdUntil = 0;
  for (const entry of seen) {
    if (entry.kind === 'send' && !cancelled.has(entry.id)) {
      const at = sendTime(entry, wrote.get(entry.id), now);
      if (at > now - spanMs && entry.t <= now + slackMs && at <= now + slackMs) {
        sends.push(at);
      }
    } else if (entry.kind === 'hold' && entry.until > now && entry.until <= now + spanMs && entry.t <= now + slackMs) {
      holdUntil = Math.max(holdUntil, entry.until);
    }
  }
  return { sends, holdUntil };
}

/** When a send counts: its write once told, else now for a pending one (for a while), else its time. */
function sendTime(entry: SendEntry, wroteAt: number | undefined, now: number): number {
  if (entry.pending !== true) {
    return entry.t;
  }
  if (wroteAt !== undefined) {
    return Math.max(entry.t, wroteAt);
  }
  return now - entry.t < UNWRITTEN_COUNTS_MS ? Math.max(entry.t, now) : entry.t;
}
