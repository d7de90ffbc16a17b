/** What a key opens, learnt from one cheap request to each side of the service: a merchant, and today's clicks. */
import { httpStatusOf } from '../api/errors';
import type { KeyOpens } from './keyRing';

/** How one side answered: with data, with 401 or 403, or not at all (network, 5xx, rate limit after waiting). */
export type ProbeAnswer = 'opened' | 'refused' | 'failed';

export type KeyVerdict =
  /** At least one side opened; the other may be refused (false) or unknown (undefined). */
  | { kind: 'opens'; keyKind: 'platform' | 'account'; opens: KeyOpens }
  /** Both sides refused it: not a key of this service, or regenerated since. */
  | { kind: 'refused' }
  /**
   * Neither side opened and at least one could not be asked: nothing is known for sure. Saved
   * anyway, it is kept as the kind its one refusal points to (refused by the catalog: an
   * account key), a platform key otherwise.
   */
  | { kind: 'unchecked'; keyKind: 'platform' | 'account'; opens: KeyOpens };

/** A probe's answer from its HTTP status (undefined: no answer from the service). */
export function probeAnswerOf(status: number | undefined): ProbeAnswer {
  if (status === 401 || status === 403) {
    return 'refused';
  }
  return status !== undefined && status >= 200 && status < 300 ? 'opened' : 'failed';
}

/**
 * A 401 or a 403 means "not with this key", whichever it is: the service does not say which
 * endpoint refuses which key, or with which status. A key that opens the catalog is a platform key
 * (it may open the reports too, where the service knows one key only); one that opens only the
 * reports is an account key.
 */
export function keyVerdict(catalog: ProbeAnswer, reports: ProbeAnswer): KeyVerdict {
  const side = (answer: ProbeAnswer): boolean | undefined =>
    answer === 'opened' ? true : answer === 'refused' ? false : undefined;
  if (catalog === 'opened' || reports === 'opened') {
    return {
      kind: 'opens',
      keyKind: catalog === 'opened' ? 'platform' : 'account',
      opens: { catalog: side(catalog), reports: side(reports) },
    };
  }
  if (catalog === 'refused' && reports === 'refused') {
    return { kind: 'refused' };
  }
  return {
    kind: 'unchecked',
    keyKind: catalog === 'refused' ? 'account' : 'platform',
    opens: { catalog: side(catalog), reports: side(reports) },
  };
}

/** What a key check needs of the client: one page of each side. */
export interface KeyProbeClient {
  getMerchantPage(query: { limit: number }, options: { priority: 'interactive' }): Promise<unknown>;
  getClicksPage(query: { days: number; limit: number }, options: { priority: 'interactive' }): Promise<unknown>;
}

/**
 * Asks both sides at once with the client of the key: a merchant and today's clicks, two
 * requests, first in the request budget (a person waits). Returns the verdict, and the first
 * failure that was not a refusal (for the message when nothing could be checked).
 */
export async function probeKey(client: KeyProbeClient): Promise<{ verdict: KeyVerdict; failure: unknown }> {
  let failure: unknown;
  const answer = (request: Promise<unknown>): Promise<ProbeAnswer> =>
    request.then(
      () => 'opened' as const,
      (error: unknown) => {
        const answered = probeAnswerOf(httpStatusOf(error));
        if (answered === 'failed') {
          failure ??= error;
        }
        return answered;
      },
    );
  const [catalog, reports] = await Promise.all([
    answer(client.getMerchantPage({ limit: 1 }, { priority: 'interactive' })),
    answer(client.getClicksPage({ days: 1, limit: 1 }, { priority: 'interactive' })),
  ]);
  return { verdict: keyVerdict(catalog, reports), failure };
}
