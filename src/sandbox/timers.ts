/** Timers of one sandbox, all cancelled by `cancelAll` so that closing never waits on a delay. */
export class SandboxTimers {
  private readonly pending = new Set<NodeJS.Timeout>();

  /** Runs `action` after `ms` milliseconds unless cancelled first. */
  after(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      action();
    }, ms);
    this.pending.add(timer);
  }

  /** Resolves after `ms` milliseconds; never resolves once cancelled. */
  delay(ms: number): Promise<void> {
    return ms <= 0 ? Promise.resolve() : new Promise((resolve) => this.after(ms, resolve));
  }

  cancelAll(): void {
    for (const timer of this.pending) {
      clearTimeout(timer);
    }
    this.pending.clear();
  }
}
