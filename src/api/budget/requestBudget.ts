/** The request budget of one service address: every request, retries included, first takes a slot here. */
import {
  budgetWindows,
  earliestSlot,
  longestWindowMs,
  timeToSend,
  PRIORITIES,
  type BudgetWindow,
  type RequestPriority,
} from './budgetWindows';
import { MemoryLedger, snapshotOf, type BudgetLedger, type LedgerSnapshot } from './budgetLedger';
import { SlotReservations, type SendSlot } from './slotReservations';
import type { RateWindow } from '../rateLimit';
import { REAL_CLOCK, type BudgetClock } from './budgetClock';
import { MinuteLog, type BudgetCounts } from './minuteLog';
import { RefusalHolds } from './refusalHolds';
import { NOTEWORTHY_WAIT_MS, type BudgetState, type WaitReason } from './budgetState';
import { Emitter, type Event } from '../../common/emitter';

export type { BudgetClock } from './budgetClock';
export type { BudgetCounts } from './minuteLog';
export { NOTEWORTHY_WAIT_MS, type BudgetState, type WaitReason } from './budgetState';
export { LATE_GRANT_MS, type SendSlot } from './slotReservations';

export interface RequestBudgetOptions {
  /** The service's windows, or 'off' (refusals are still waited for). */
  windows: readonly RateWindow[] | 'off';
  ledger?: BudgetLedger;
  clock?: BudgetClock;
  /** This process in the ledger: a process id, say. */
  owner?: string;
  random?: () => number;
  /** Gets a line a minute, while requests go, with what was sent, refused and waited. */
  log?: (message: string) => void;
  /**
   * The hold after a first refusal when neither Retry-After nor a full window says how long:
   * by default the short window (a second when there is none); each refusal in a row doubles it.
   */
  refusalMs?: number;
}

interface Waiter {
  priority: RequestPriority;
  order: number;
  since: number;
  signal: AbortSignal | undefined;
  resolve(slot: SendSlot | undefined): void;
  onWait?: (until: number | undefined, reason: WaitReason | undefined) => void;
  /** The wait last told to `onWait`. */
  told?: number;
}

/**
 * An interactive request never waits behind a background one; background requests leave a
 * reserve of the long window to the others and wait while a higher class is sending. A refusal
 * (429, 503) holds every window until the service is expected to take requests again.
 */
export class RequestBudget {
  readonly windows: readonly BudgetWindow[];
  readonly spanMs: number;
  private readonly ledger: BudgetLedger;
  private readonly clock: BudgetClock;
  private readonly random: () => number;
  private readonly queue: Waiter[] = [];
  /** A listener's failure is its own; the budget goes on. */
  private readonly stateChanged = new Emitter<BudgetState>(() => undefined);
  private wake = new AbortController();
  private pumping = false;
  private orders = 0;
  private last: LedgerSnapshot = { sends: [], holdUntil: 0 };
  private waiting: { until: number; reason: WaitReason } | undefined;
  private readonly holds: RefusalHolds;
  /** When this window last sent a request of a class above background. */
  private lastHigherAt = -Infinity;
  private readonly minutes: MinuteLog;
  private readonly reservations: SlotReservations;

  constructor(options: RequestBudgetOptions) {
    this.windows = options.windows === 'off' ? [] : budgetWindows(options.windows);
    // Refusals are held up to five minutes even without windows: the service's longest window.
    this.spanMs = Math.max(longestWindowMs(this.windows), 300_000);
    this.ledger = options.ledger ?? new MemoryLedger();
    this.clock = options.clock ?? REAL_CLOCK;
    this.random = options.random ?? Math.random;
    this.holds = new RefusalHolds(options.refusalMs ?? this.windows[0]?.ms ?? 1_000, this.spanMs);
    const limitText =
      options.windows === 'off'
        ? 'off'
        : options.windows.map((window) => `${window.requests}/${window.seconds}`).join(',');
    this.minutes = new MinuteLog(`${limitText}, ${this.ledger.description}`, options.log);
    const owner = options.owner ?? `${process.pid}`;
    this.reservations = new SlotReservations(this.ledger, this.windows, this.clock, owner, this.spanMs);
  }

  /** What was sent, refused and waited since the budget began. */
  get counts(): BudgetCounts {
    return this.minutes.counts;
  }

  get description(): string {
    return this.ledger.description;
  }

  /**
   * Waits for a slot for one request of `priority` that goes at once: true when it may be sent
   * now, false when `signal` fired first. See `acquire` for `onWait`.
   */
  async take(priority: RequestPriority, signal?: AbortSignal, onWait?: Waiter['onWait']): Promise<boolean> {
    const slot = await this.acquire(priority, signal, onWait);
    slot?.wrote(slot.grantedAt);
    return slot !== undefined;
  }

  /**
   * Waits for a slot for one request of `priority`: the slot when it may be sent now, undefined
   * when `signal` fired first. The request counts as going now until the slot is told when it
   * was written. `onWait` hears when this request starts waiting longer than pacing (with when
   * the slot is expected and why) and when it gets its slot (undefined).
   */
  acquire(priority: RequestPriority, signal?: AbortSignal, onWait?: Waiter['onWait']): Promise<SendSlot | undefined> {
    if (signal?.aborted) {
      return Promise.resolve(undefined);
    }
    return new Promise<SendSlot | undefined>((resolve) => {
      const waiter: Waiter = {
        priority,
        order: ++this.orders,
        since: this.clock.now(),
        signal,
        onWait,
        resolve: () => undefined,
      };
      const onAbort = (): void => this.remove(waiter);
      waiter.resolve = (slot) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(slot);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const rank = PRIORITIES.indexOf(priority);
      const at = this.queue.findIndex((other) => PRIORITIES.indexOf(other.priority) > rank);
      this.queue.splice(at < 0 ? this.queue.length : at, 0, waiter);
      this.changed();
      this.pump();
    });
  }

  /** The service refused a request (429 or 503): no request goes before the hold ends (`RefusalHolds`). Returns when it ends. */
  async refused(retryAfterMs: number | undefined, sentAt?: number): Promise<number> {
    const now = this.clock.now();
    this.minutes.refused(now);
    const free = earliestSlot(this.last.sends, this.windows, 'interactive', now) - now;
    const until = this.holds.until(now, retryAfterMs, sentAt, free, this.last.holdUntil);
    if (until > this.last.holdUntil) {
      await this.hold(now, until);
    }
    return until;
  }

  /** Holds every request of every window until `until`. */
  private async hold(now: number, until: number): Promise<void> {
    this.last = { ...this.last, holdUntil: Math.max(this.last.holdUntil, until) };
    await this.ledger.append({ kind: 'hold', t: now, until });
    this.nudge();
  }

  /** A request got an answer that is not a refusal: the next refusal starts the doubling again. */
  succeeded(): void {
    this.holds.succeeded();
  }

  /** How long until `count` more requests of `priority` could all be sent, from what the ledger said last. */
  estimate(count: number, priority: RequestPriority): number {
    const now = this.clock.now();
    return timeToSend(count, this.last.sends, this.windows, priority, now, this.last.holdUntil);
  }

  state(): BudgetState {
    const queued = { interactive: 0, foreground: 0, background: 0 };
    for (const waiter of this.queue) {
      queued[waiter.priority] += 1;
    }
    return { queued, waitUntil: this.waiting?.until, reason: this.waiting?.reason };
  }

  /** Hears the budget's state as requests queue, wait and go. */
  readonly onDidChange: Event<BudgetState> = this.stateChanged.event;

  private changed(): void {
    this.stateChanged.fire(this.state());
  }

  private remove(waiter: Waiter): void {
    const index = this.queue.indexOf(waiter);
    if (index >= 0) {
      this.queue.splice(index, 1);
      if (waiter.told !== undefined) {
        waiter.onWait?.(undefined, undefined);
      }
      waiter.resolve(undefined);
      this.changed();
      this.nudge();
    }
  }

  /** Wakes the pump from its wait to look again (a new request, a refusal, a request gone). */
  private nudge(): void {
    this.wake.abort();
  }

  private pump(): void {
    if (this.pumping) {
      this.nudge();
      return;
    }
    this.pumping = true;
    void this.run().finally(() => {
      this.pumping = false;
      if (this.queue.length > 0) {
        this.pump();
      }
    });
  }

  private async run(): Promise<void> {
    while (this.queue.length > 0) {
      this.wake = new AbortController();
      const head = this.queue[0]!;
      const now = this.clock.now();
      const snapshot = snapshotOf(await this.reservations.read(now), now, this.spanMs);
      this.last = {
        sends: snapshot.sends,
        holdUntil: Math.max(snapshot.holdUntil, this.last.holdUntil > now ? this.last.holdUntil : 0),
      };
      // A background request also waits until the higher classes have been quiet for a short
      // window: a sequential read on screen (the catalog's walk) sends again as soon as its answer
      // comes, and would otherwise find its slot taken.
      const quiet =
        head.priority === 'background' && this.windows.length > 0 ? this.lastHigherAt + this.windows[0]!.ms : 0;
      const at = Math.max(
        quiet,
        earliestSlot(this.last.sends, this.windows, head.priority, this.clock.now(), this.last.holdUntil),
      );
      if (at > this.clock.now()) {
        this.noteWait(
          at,
          this.last.holdUntil >= at ? 'refused' : at - this.clock.now() > NOTEWORTHY_WAIT_MS ? 'window' : 'pace',
        );
        if (!this.wake.signal.aborted) {
          // Nudged while the ledger was read (a write told, a request came): look again at once.
          await this.clock.sleep(at - this.clock.now(), this.wake.signal);
        }
        continue;
      }
      if (this.queue[0] !== head) {
        continue; // a request of higher priority came, or this one went, while the ledger was read
      }
      const granted = await this.reservations.reserve();
      if (granted === 'late') {
        continue; // written too long ago: take it again, at the time the request goes
      }
      if (granted === undefined) {
        // Another window took the slot first: look again after a moment, not all at once.
        await this.clock.sleep(10 + this.random() * 40, this.wake.signal);
        continue;
      }
      if (this.last.holdUntil > this.clock.now()) {
        // The service refused a request of this window while the send was written: hold first.
        await this.reservations.cancel(granted.id);
        continue;
      }
      this.last = { ...this.last, sends: [...this.last.sends, granted.t] };
      // The slot goes to the request first in line now: one of a higher priority may have come,
      // or the one it was taken for may have gone, while its send was written.
      const winner = this.queue.shift();
      if (winner === undefined) {
        await this.reservations.cancel(granted.id);
        continue;
      }
      this.minutes.sent(this.clock.now(), this.clock.now() - winner.since);
      if (winner.priority !== 'background') {
        this.lastHigherAt = this.clock.now();
      }
      this.waiting = undefined;
      if (winner.told !== undefined) {
        winner.onWait?.(undefined, undefined);
      }
      winner.resolve(this.reservations.slot(granted.id, this.clock.now(), () => this.nudge()));
      this.changed();
    }
    this.waiting = undefined;
  }

  private noteWait(until: number, reason: WaitReason): void {
    const before = this.waiting;
    this.waiting = { until, reason };
    if (reason !== 'pace') {
      for (const waiter of this.queue) {
        if (waiter.told !== until) {
          waiter.told = until;
          waiter.onWait?.(until, reason);
        }
      }
    }
    if (before?.until !== until || before.reason !== reason) {
      this.changed();
    }
  }
}
