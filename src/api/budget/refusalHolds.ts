/** How long every request holds after the service refused one (429 or 503). */

/**
 * A first refusal holds as long as Retry-After says; without it, until the fullest window frees
 * or, when no window looks full (another tool used the address), the short window. Each refusal in
 * a row holds at least twice as long as the one before, whatever Retry-After says, so a service
 * that keeps refusing is not asked again and again. A refusal of a request sent before the last
 * hold began is of the same moment and does not count again. Never longer than `spanMs`.
 */
export class RefusalHolds {
  private refusals = 0;
  /** When the last hold began: refusals of requests sent before it are of the same moment. */
  private heldSince = 0;

  constructor(
    /** The hold of a first refusal that nothing else says the length of. */
    private readonly refusalMs: number,
    private readonly spanMs: number,
  ) {}

  /**
   * When the hold after a refusal at `now` ends. `freeMs`: how long until the windows free a
   * slot; `holdUntil`: the hold already in force.
   */
  until(
    now: number,
    retryAfterMs: number | undefined,
    sentAt: number | undefined,
    freeMs: number,
    holdUntil: number,
  ): number {
    if (sentAt !== undefined && sentAt < this.heldSince) {
      // Of the same moment: the hold stands, lengthened only when this answer asks for longer.
      return Math.max(holdUntil, now + Math.min(this.spanMs, retryAfterMs ?? 0));
    }
    this.refusals += 1;
    this.heldSince = now;
    const first = retryAfterMs ?? Math.max(freeMs, this.refusalMs);
    const doubled = Math.max(retryAfterMs ?? 0, freeMs, this.refusalMs * 2 ** (this.refusals - 1));
    return now + Math.min(this.spanMs, this.refusals === 1 ? first : doubled);
  }

  /** A request got an answer that is not a refusal: the next refusal starts the doubling again. */
  succeeded(): void {
    this.refusals = 0;
  }
}
