import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  InvalidParameterError,
  InvalidResponseError,
  NetworkError,
  RequestAbortedError,
  TimeoutError,
  TruncatedResponseError,
} from '../../src/api/errors';
import type { Sandbox } from '../../src/sandbox/server';
import { startCraftedServer } from './helpers/craftedServer';
import { clientFor, rejectionOf, sandbox } from './helpers/fixtures';
import { RecordingLogger } from './helpers/recordingLogger';

const UNKNOWN_ADSPACE = '11111111-2222-4333-8444-555555555555';

describe('errors and resilience against the sandbox', () => {
  let service: Sandbox;
  before(async () => {
    service = await sandbox({ merchants: 300, clicks: 600, actions: 100 });
  });
  after(() => service.close());
  afterEach(() => service.setFaults(''));

  const requestsDuring = async (body: () => Promise<unknown>): Promise<number> => {
    const before = service.stats().total;
    await body().catch(() => undefined);
    return service.stats().total - before;
  };

  describe('HTTP errors become ApiError, without retrying a 4xx', () => {
    it('401 for a key the service does not know', async () => {
      const client = clientFor({ url: service.url, key: 'wrongkey1' });
      let error: Error | undefined;
      const requests = await requestsDuring(async () => {
        error = await rejectionOf(client.getMerchantPage({ limit: 1 }));
      });
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 401);
      assert.deepEqual(error.errors, [{ status: '401', title: 'Unauthorized', code: '0401', property: undefined }]);
      assert.equal(error.path, '/v1/product/monetize-api/v2/merchant?limit=1');
      assert.equal(requests, 1);
      await client.close();
    });

    it('403 for a platform that is not the account’s', async () => {
      const client = clientFor(service);
      let error: Error | undefined;
      const requests = await requestsDuring(async () => {
        error = await rejectionOf(client.getClicksPage({ adspaceId: UNKNOWN_ADSPACE }));
      });
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 403);
      assert.equal(error.errors[0]?.code, '0403');
      assert.equal(error.errors[0]?.title, 'Forbidden');
      assert.equal(requests, 1);
      await client.close();
    });

    it('404 for a path the service does not have', async () => {
      const client = clientFor({ url: `${service.url}/wrong/prefix`, key: service.key });
      const error = await rejectionOf(client.getActionsPage());
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 404);
      assert.equal(error.errors[0]?.code, '0404');
      assert.match(error.errors[0]?.title ?? '', /^Cannot GET \/wrong\/prefix\/v1\/api\/stats\/action/);
      await client.close();
    });

    for (const status of [500, 502, 504]) {
      it(`${status}, retried until the bound, then reported with its body`, async () => {
        service.setFaults(String(status));
        const client = clientFor(service);
        let error: Error | undefined;
        const requests = await requestsDuring(async () => {
          error = await rejectionOf(client.getMerchantPage());
        });
        assert.ok(error instanceof ApiError);
        assert.equal(error.status, status);
        assert.equal(error.errors[0]?.status, String(status));
        assert.equal(error.errors[0]?.code, `0${status}`);
        assert.equal(requests, 3, 'maxAttempts is 3');
        await client.close();
      });
    }

    for (const status of [503, 429]) {
      it(`${status}, a refusal: waited for (the short window, doubled) until it has lasted longer than maxRetryAfterMs, then reported with its body and what to do`, async () => {
        service.setFaults(String(status));
        const client = clientFor(service, {
          retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 4_000 },
        });
        let error: Error | undefined;
        const started = Date.now();
        const requests = await requestsDuring(async () => {
          error = await rejectionOf(client.getMerchantPage());
        });
        assert.ok(error instanceof ApiError);
        assert.equal(error.status, status);
        assert.equal(error.errors[0]?.code, `0${status}`);
        assert.match(
          error.message,
          /kept refusing for 1 min, longer than its rate limit lasts.*Wait a few minutes, then retry; what was read is kept\./,
        );
        // Waits of 1 s and 2 s (a client without windows, no Retry-After: a second, doubled); the third refusal would wait past 4 s.
        assert.equal(requests, 3);
        assert.ok(Date.now() - started >= 2_900, `waited ${Date.now() - started} ms`);
        assert.equal(client.budget.counts.refused, 3);
        await client.close();
      });
    }
  });

  it('400 from the service carries every entry and the parameter it names', async () => {
    const server = await startCraftedServer(() => ({
      status: 400,
      body: {
        errors: [
          { status: '400', title: 'limit must be one of 10, 20', code: '1000', meta: { property: 'limit' } },
          { status: '400', title: 'other', code: '1001' },
        ],
      },
    }));
    const client = clientFor(server);
    const error = await rejectionOf(client.getMerchantPage({ limit: 5 }));
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 400);
    assert.equal(error.property, 'limit');
    assert.equal(error.errors.length, 2);
    assert.match(error.message, /limit must be one of 10, 20 \(code 1000, parameter limit\); other \(code 1001\)/);
    assert.equal(server.requests.length, 1);
    await client.close();
    await server.close();
  });

  it('refuses a bad query before sending it, naming the parameter', async () => {
    const client = clientFor(service);
    const cases: Array<[() => Promise<unknown>, string]> = [
      [() => client.getClicksPage({ dateFrom: '2026-01-01' }), 'dateFrom'],
      [() => client.getClicksPage({ days: 500 }), 'days'],
      [() => client.getActionsPage({ dateFrom: '2026-01-01', dateTo: '2026-12-01' }), 'dateTo'],
      [() => client.getMerchantPage({ limit: 501 }), 'limit'],
      [() => client.getActionsPage({ programId: 'nope' }), 'programId'],
      [() => client.getMerchantPage({ updatedAtFrom: 'last week' }), 'updatedAtFrom'],
    ];
    const requests = await requestsDuring(async () => {
      for (const [call, property] of cases) {
        const error = await rejectionOf(call());
        assert.ok(error instanceof InvalidParameterError, String(error));
        assert.equal(error.property, property);
      }
    });
    assert.equal(requests, 0);
    await client.close();
  });

  it('honours Retry-After in seconds on a 503, then succeeds', async () => {
    service.setFaults('503:on=1:retryAfter=1');
    const logger = new RecordingLogger();
    const client = clientFor(service, { logger });
    const started = Date.now();
    const page = await client.getMerchantPage({ limit: 3 });
    assert.equal(page.merchants.length, 3);
    assert.ok(Date.now() - started >= 950, 'waited for Retry-After');
    assert.match(logger.text(), /status 503; every request waits 1 s \(Retry-After\) before going again/);
    await client.close();
  });

  it('honours Retry-After as an HTTP date on a 429', async () => {
    // An HTTP date is read against the real clock, so this sandbox runs on it too.
    const live = await sandbox({ merchants: 10, faults: '429:on=1:retryAfterDate=2', now: () => new Date() });
    const logger = new RecordingLogger();
    const client = clientFor(live, { logger });
    await client.getMerchantPage({ limit: 1 });
    await live.close();
    const delay = Number(/status 429; every request waits ([\d.]+) s \(Retry-After\)/.exec(logger.text())?.[1]);
    assert.ok(delay > 0.9 && delay <= 2, `delay ${delay} s`);
    await client.close();
  });

  it('does not wait for a Retry-After over the cap, and says how long the service asked', async () => {
    service.setFaults('503:retryAfter=120');
    const client = clientFor(service);
    let error: Error | undefined;
    const requests = await requestsDuring(async () => {
      error = await rejectionOf(client.getMerchantPage());
    });
    assert.ok(error instanceof ApiError);
    assert.equal(error.retryAfterMs, 120_000);
    assert.match(error.message, /asked to wait 120 s/);
    assert.equal(requests, 1);
    await client.close();
  });

  it('retries a reset connection and succeeds', async () => {
    service.setFaults('reset:on=1');
    const client = clientFor(service);
    const page = await client.getMerchantPage({ limit: 2 });
    assert.equal(page.merchants.length, 2);
    await client.close();
  });

  it('reports connections that keep being reset as a network error', async () => {
    service.setFaults('reset');
    const client = clientFor(service);
    const error = await rejectionOf(client.getMerchantPage());
    assert.ok(error instanceof NetworkError, String(error));
    assert.match(error.message, /Could not reach the service/);
    await client.close();
  });

  it('reports a refused connection as a network error after retrying', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const logger = new RecordingLogger();
    const client = clientFor({ url: `http://127.0.0.1:${port}` }, { logger });
    const error = await rejectionOf(client.getMerchantPage());
    assert.ok(error instanceof NetworkError);
    assert.equal(error.code, 'ECONNREFUSED');
    assert.match(error.message, /ECONNREFUSED.*Check your network connection/);
    assert.equal(logger.lines.filter((line) => /ECONNREFUSED; attempt/.test(line)).length, 2);
    await client.close();
  });

  it('reports a malformed JSON body without retrying', async () => {
    service.setFaults('malformed');
    const client = clientFor(service);
    let error: Error | undefined;
    const requests = await requestsDuring(async () => {
      error = await rejectionOf(client.getMerchantPage());
    });
    assert.ok(error instanceof InvalidResponseError, String(error));
    assert.match(error.message, /is not valid JSON/);
    assert.equal(requests, 1);
    await client.close();
  });

  it('reports a truncated body as truncated', async () => {
    service.setFaults('truncated');
    const client = clientFor(service);
    const error = await rejectionOf(client.getMerchantPage({ limit: 200 }));
    assert.ok(error instanceof TruncatedResponseError, String(error));
    assert.match(error.message, /closed before the whole answer/);
    await client.close();
  });

  it('times out waiting for headers', async () => {
    service.setFaults('slow-headers:ms=3000');
    const client = clientFor(service, { timeouts: { headersMs: 150 }, retry: { maxAttempts: 1 } });
    const error = await rejectionOf(client.getMerchantPage());
    assert.ok(error instanceof TimeoutError, String(error));
    assert.equal(error.phase, 'headers');
    assert.match(error.message, /did not answer .* within 0.2 s/);
    await client.close();
  });

  it('times out when the body stalls', async () => {
    service.setFaults('slow-body:ms=3000');
    const client = clientFor(service, { timeouts: { bodyMs: 150 } });
    const error = await rejectionOf(client.getMerchantPage());
    assert.ok(error instanceof TimeoutError, String(error));
    assert.equal(error.phase, 'body');
    await client.close();
  });

  it('stops promptly when aborted while waiting for an answer', async () => {
    service.setFaults('slow-headers:ms=5000');
    const client = clientFor(service);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await rejectionOf(client.getMerchantPage({}, { signal: controller.signal }));
    assert.ok(error instanceof RequestAbortedError, String(error));
    assert.ok(Date.now() - started < 2_000, 'did not wait for the slow answer');
    await client.close();
  });

  it('stops promptly when aborted while waiting to retry', async () => {
    service.setFaults('503:retryAfter=4');
    const client = clientFor(service);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await rejectionOf(client.getMerchantPage({}, { signal: controller.signal }));
    assert.ok(error instanceof RequestAbortedError, String(error));
    assert.ok(Date.now() - started < 2_000, 'did not wait out Retry-After');
    await client.close();
  });

  it('does not send a request whose signal is already aborted', async () => {
    const client = clientFor(service);
    let error: Error | undefined;
    const requests = await requestsDuring(async () => {
      error = await rejectionOf(client.getMerchantPage({}, { signal: AbortSignal.abort() }));
    });
    assert.ok(error instanceof RequestAbortedError);
    assert.equal(requests, 0);
    await client.close();
  });

  it('aborts every page of a parallel report read', async () => {
    service.setFaults('slow-headers:ms=5000:path=click');
    const client = clientFor(service);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await rejectionOf(client.getAllClicks({ days: 120 }, { signal: controller.signal }));
    assert.ok(error instanceof RequestAbortedError, String(error));
    await client.close();
  });

  it('refuses a key that is not alphanumeric, and a base URL that is not http(s)', () => {
    assert.throws(
      () => clientFor({ url: service.url, key: 'abc def' }),
      (error: unknown) => {
        assert.ok(error instanceof InvalidParameterError);
        assert.equal(error.property, 'apiKey');
        assert.ok(!error.message.includes('abc def'));
        return true;
      },
    );
    assert.throws(() => clientFor({ url: 'ftp://example.com' }), /must start with https:\/\/ or http:\/\//);
    assert.throws(() => clientFor({ url: 'not a url' }), /is not a URL/);
  });
});
