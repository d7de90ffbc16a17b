/** The request budget's clock: the real one, or a test's virtual one that moves only when told. */
export interface BudgetClock {
  now(): number;
  /** Waits `ms`; resolves early when `wake` fires. */
  sleep(ms: number, wake: AbortSignal): Promise<void>;
}

export const REAL_CLOCK: BudgetClock = {
  now: () => Date.now(),
  sleep: (ms, wake) =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        wake.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      wake.addEventListener('abort', done, { once: true });
    }),
};
