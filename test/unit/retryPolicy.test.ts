import assert from 'node:assert/strict';
import { decideRetry, parseRetryAfter, type FailedAttempt, type RetryPolicy } from '../../src/api/retryPolicy';

const POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 10_000 };
const NOW = Date.parse('2026-11-21T10:00:00Z');

describe('retry policy', () => {
  describe('Retry-After', () => {
    const cases: Array<[string | string[] | undefined, number | undefined]> = [
      [undefined, undefined],
      ['', undefined],
      ['0', 0],
      ['3', 3_000],
      [' 7 ', 7_000],
      [['2', '9'], 2_000],
      ['Sat, 21 Nov 2026 10:00:05 GMT', 5_000],
      ['Sat, 21 Nov 2026 09:59:00 GMT', 0],
      ['soon', undefined],
      ['-5', undefined],
    ];
    for (const [header, expected] of cases) {
      it(`reads ${JSON.stringify(header)} as ${expected}`, () => {
        assert.equal(parseRetryAfter(header, NOW), expected);
      });
    }
  });

  describe('decisions', () => {
    const retried: Array<[string, FailedAttempt, number]> = [
      ['503 honours Retry-After', { attempt: 1, status: 503, retryAfterMs: 2_000 }, 2_000],
      ['429 honours Retry-After', { attempt: 2, status: 429, retryAfterMs: 500 }, 500],
      ['500 backs off from the base delay', { attempt: 1, status: 500 }, 75],
      ['502 doubles on the second failure', { attempt: 2, status: 502 }, 150],
      ['504 doubles again', { attempt: 3, status: 504 }, 300],
      ['a refused connection', { attempt: 1, code: 'ECONNREFUSED' }, 75],
      ['a reset connection', { attempt: 1, code: 'ECONNRESET' }, 75],
      ['a socket closed by the server', { attempt: 1, code: 'UND_ERR_SOCKET' }, 75],
      ['a headers timeout', { attempt: 1, code: 'UND_ERR_HEADERS_TIMEOUT' }, 75],
    ];
    for (const [name, failure, delay] of retried) {
      it(`retries ${name}`, () => {
        // random() = 0.5: half the step fixed plus a quarter.
        assert.deepEqual(
          decideRetry(failure, POLICY, () => 0.5),
          { retry: true, delayMs: delay },
        );
      });
    }

    it('caps the backoff at maxDelayMs, jitter included', () => {
      const policy = { ...POLICY, maxAttempts: 20 };
      for (const random of [0, 0.5, 0.999]) {
        const decision = decideRetry({ attempt: 15, status: 503 }, policy, () => random);
        assert.ok(decision.retry && decision.delayMs <= 1_000 && decision.delayMs >= 500, JSON.stringify(decision));
      }
    });

    it('spreads the backoff with jitter', () => {
      const low = decideRetry({ attempt: 2, status: 503 }, POLICY, () => 0);
      const high = decideRetry({ attempt: 2, status: 503 }, POLICY, () => 0.99);
      assert.ok(low.retry && high.retry && low.delayMs < high.delayMs);
    });

    const refused: Array<[string, FailedAttempt, RegExp]> = [
      ['400', { attempt: 1, status: 400 }, /400 is not retried/],
      ['401', { attempt: 1, status: 401 }, /401/],
      ['403', { attempt: 1, status: 403 }, /403/],
      ['404', { attempt: 1, status: 404 }, /404/],
      ['an unknown error', { attempt: 1, code: 'ERR_SOMETHING' }, /not retried/],
      ['a body timeout', { attempt: 1, code: 'UND_ERR_BODY_TIMEOUT' }, /not retried/],
      ['the last attempt', { attempt: 4, status: 503 }, /gave up after 4 attempts/],
      [
        'a Retry-After over the cap',
        { attempt: 1, status: 503, retryAfterMs: 60_000 },
        /asked to wait 60 s, longer than the 10 s/,
      ],
    ];
    for (const [name, failure, reason] of refused) {
      it(`does not retry ${name}`, () => {
        const decision = decideRetry(failure, POLICY, () => 0.5);
        assert.equal(decision.retry, false);
        assert.match((decision as { reason: string }).reason, reason);
      });
    }
  });
});
