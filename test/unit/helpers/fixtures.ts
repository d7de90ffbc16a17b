import { AffiliateServiceClient, type ClientOptions } from '../../../src/api/client';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox/server';

/** The fixed clock of the unit suites: the sandbox's data and the client's `days` agree on it. */
export const NOW = new Date('2026-11-21T12:00:00Z');
export const clock = (): Date => NOW;

/** Fast retries, so tests of retrying take milliseconds. */
export const QUICK_RETRY = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 5_000 };

export function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ merchants: 1_200, clicks: 3_000, actions: 1_000, seed: 7, now: clock, ...options });
}

export function clientFor(
  target: { url: string; key?: string },
  options: Partial<ClientOptions> = {},
): AffiliateServiceClient {
  return new AffiliateServiceClient({
    baseUrl: target.url,
    apiKey: target.key ?? 'sandboxkey',
    now: clock,
    retry: QUICK_RETRY,
    environment: {},
    ...options,
  });
}

/** Resolves with the rejection of `promise`, failing when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) {
      return error;
    }
    throw new Error(`rejected with a non-Error: ${String(error)}`);
  }
  throw new Error('expected a rejection, but it resolved');
}
