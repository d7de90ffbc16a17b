/** A sequencer: tasks queued in order, each started once the one before it settled, instead of a promise chain kept by hand. */

export class Sequencer {
  /** Settles when the last queued task has; never rejects. */
  private last: Promise<unknown> = Promise.resolve();

  /**
   * Runs `task` once every task queued before it has settled (in a later turn, never within this call), and hands
   * back its outcome. A task that fails (or throws at once) fails its own promise only: the next one starts all the
   * same.
   */
  queue<T>(task: () => T | Promise<T>): Promise<T> {
    const run = this.last.then(() => task());
    this.last = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every task queued so far has settled, whatever their outcomes. */
  settled(): Promise<void> {
    return this.last.then(() => undefined);
  }
}
