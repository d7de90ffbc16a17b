/** A pool of tasks with a bound on how many run at once. */

/**
 * Runs `task` over `inputs` with at most `concurrency` at once and returns the results in
 * input order. The first failure aborts the tasks still running (through the signal each
 * one gets) and is the one rethrown.
 */
export async function mapBounded<I, O>(
  inputs: readonly I[],
  concurrency: number,
  task: (input: I, signal: AbortSignal) => Promise<O>,
  outerSignal?: AbortSignal,
): Promise<O[]> {
  const controller = new AbortController();
  const forwardAbort = (): void => controller.abort(outerSignal?.reason);
  outerSignal?.addEventListener('abort', forwardAbort, { once: true });
  const results = new Array<O>(inputs.length);
  let nextIndex = 0;
  let failure: { error: unknown } | undefined;

  const worker = async (): Promise<void> => {
    while (failure === undefined && nextIndex < inputs.length) {
      const index = nextIndex++;
      try {
        results[index] = await task(inputs[index] as I, controller.signal);
      } catch (error) {
        failure ??= { error };
        controller.abort(error);
      }
    }
  };

  try {
    const workers = Math.max(1, Math.min(concurrency, inputs.length));
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    outerSignal?.removeEventListener('abort', forwardAbort);
  }
  if (failure !== undefined) {
    throw failure.error;
  }
  return results;
}
