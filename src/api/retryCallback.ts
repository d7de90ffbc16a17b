/**
 * Adapts the pure retry rules to undici's RetryAgent: its `retry` callback is called with
 * each failure and decides, waits (stopping early if the caller aborts) and answers.
 */
import type { RetryHandler } from 'undici';
import { decideRetry, parseRetryAfter, type RetryPolicy } from './retryPolicy';

export interface RetryCallbackDeps {
  policy: RetryPolicy;
  random: () => number;
  now: () => number;
  log: (message: string) => void;
}

interface UndiciFailure {
  code?: string;
  statusCode?: number;
  headers?: Record<string, string | string[] | undefined>;
}

export function createRetryCallback(deps: RetryCallbackDeps): RetryHandler.RetryCallback {
  return (error, { state, opts }, done) => {
    const signal = (opts as { signal?: AbortSignal }).signal;
    if (signal?.aborted) {
      done(error);
      return;
    }
    const failure = error as Error & UndiciFailure;
    // RetryAgent reports an HTTP status as UND_ERR_REQ_RETRY with statusCode; a status
    // below 300 there means a body that broke mid-way could not be resumed.
    const status = failure.code === 'UND_ERR_REQ_RETRY' ? failure.statusCode : undefined;
    if (status !== undefined && status < 300) {
      done(error);
      return;
    }
    const decision = decideRetry(
      {
        attempt: state.counter,
        status,
        code: status === undefined ? failure.code : undefined,
        retryAfterMs: status === undefined ? undefined : parseRetryAfter(failure.headers?.['retry-after'], deps.now()),
      },
      deps.policy,
      deps.random,
    );
    const what = status !== undefined ? `status ${status}` : (failure.code ?? failure.message);
    if (!decision.retry) {
      deps.log(`GET ${opts.path}: ${what}; not retrying (${decision.reason}).`);
      done(error);
      return;
    }
    deps.log(`GET ${opts.path}: ${what}; attempt ${state.counter + 1} of ${deps.policy.maxAttempts} in ${decision.delayMs} ms.`);
    const onAbort = (): void => {
      clearTimeout(timer);
      done(error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      done(null);
    }, decision.delayMs);
    signal?.addEventListener('abort', onAbort, { once: true });
  };
}
