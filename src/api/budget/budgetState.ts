/** What the request budget is doing, in the words those who tell a person need. */
import type { RequestPriority } from './budgetWindows';

/** Why the next request waits: pacing (the short window), a long window full, or the service's refusal. */
export type WaitReason = 'pace' | 'window' | 'refused';

/** What the budget is doing, for those who say so to a person. */
export interface BudgetState {
  /** Requests waiting for a slot, by priority. */
  queued: Record<RequestPriority, number>;
  /** When the next slot frees, while a request waits for one; undefined when none waits. */
  waitUntil: number | undefined;
  reason: WaitReason | undefined;
}

/** A wait shorter than this is pacing, not worth telling a person about. */
export const NOTEWORTHY_WAIT_MS = 2_000;
