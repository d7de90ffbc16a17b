/** When to try a failed request again, and after how long; pure (clock and random source passed in). */

export interface RetryPolicy {
  /** Attempts in all, the first included. 1 means never retry. */
  maxAttempts: number;
  /** Backoff before the second attempt; doubled for each one after. */
  baseDelayMs: number;
  /** Ceiling of the exponential backoff. */
  maxDelayMs: number;
  /**
   * How long the service may keep refusing a request (429 or 503) before it is reported: the
   * client waits through refusals until then, and a Retry-After longer than this ends the wait at
   * once. By default the service's long window, 5 minutes.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 300_000,
};

/** Statuses that say the service takes no more requests for now: waits of the budget (`transport.ts`), not failures. */
export const REFUSAL_STATUSES: readonly number[] = [429, 503];

/** Statuses worth another try: overload, maintenance, gateways, rate limits. */
export const RETRYABLE_STATUSES: readonly number[] = [429, 500, 502, 503, 504];

/** Connection-level failures worth another try (system and undici codes). */
export const RETRYABLE_ERROR_CODES: readonly string[] = [
  'ECONNRESET',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
];

/**
 * A Retry-After header in milliseconds from `nowMs`: delta-seconds or an HTTP date
 * (RFC 9110 10.2.3). Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') {
    return undefined;
  }
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    return Number(text) * 1000;
  }
  // An HTTP date names its day and month in letters; anything else is unreadable.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: string };

export interface FailedAttempt {
  /** 1 for the first attempt. */
  attempt: number;
  /** HTTP status, when the service answered. */
  status?: number;
  /** Error code, when it did not. */
  code?: string;
  retryAfterMs?: number;
}

/**
 * Decides about a failed attempt. Backoff is exponential with "equal jitter": half the
 * step is fixed, half random, so clients that failed together do not return together.
 */
export function decideRetry(failure: FailedAttempt, policy: RetryPolicy, random: () => number): RetryDecision {
  if (failure.status !== undefined && !RETRYABLE_STATUSES.includes(failure.status)) {
    return { retry: false, reason: `status ${failure.status} is not retried` };
  }
  if (failure.status === undefined && (failure.code === undefined || !RETRYABLE_ERROR_CODES.includes(failure.code))) {
    return { retry: false, reason: `${failure.code ?? 'this error'} is not retried` };
  }
  if (failure.attempt >= policy.maxAttempts) {
    return { retry: false, reason: `gave up after ${failure.attempt} attempts` };
  }
  if (failure.retryAfterMs !== undefined) {
    if (failure.retryAfterMs > policy.maxRetryAfterMs) {
      return {
        retry: false,
        reason: `the service asked to wait ${Math.ceil(failure.retryAfterMs / 1000)} s, longer than the ${Math.round(policy.maxRetryAfterMs / 1000)} s we wait`,
      };
    }
    return { retry: true, delayMs: failure.retryAfterMs };
  }
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failure.attempt - 1));
  return { retry: true, delayMs: Math.round(step / 2 + random() * (step / 2)) };
}
