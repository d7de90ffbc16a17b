import assert from 'node:assert/strict';
import { ENDPOINT_PATHS } from '../../src/api/wire';
import { DEFAULT_SANDBOX_KEY, startSandbox, type Sandbox } from '../../src/sandbox/server';
import { FaultSpecError, parseFaultSpec } from '../../src/sandbox/faults';

const NOW = new Date('2026-04-15T10:30:00Z');
const AUTH = { authorization: `Bearer ${DEFAULT_SANDBOX_KEY}` };
const { merchants: MERCHANTS, clicks: CLICKS, actions: ACTIONS } = ENDPOINT_PATHS;

describe('sandbox: faults, latency and control endpoints', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({
      now: () => NOW,
      merchants: 300,
      clicks: 400,
      actions: 200,
      faults: '503:on=1:retryAfter=2',
    });
  });
  afterEach(() => {
    sandbox.setFaults('');
    sandbox.setLatency(0);
  });
  after(() => sandbox.close());

  const request = (path: string = MERCHANTS, init: RequestInit = { headers: AUTH }) =>
    fetch(`${sandbox.url}${path}`, init);
  async function statuses(count: number, path: string = MERCHANTS): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await request(path);
      await res.arrayBuffer();
      out.push(res.status);
    }
    return out;
  }

  it('applies the faults given at start, then serves normally', async () => {
    const res = await request();
    assert.equal(res.headers.get('retry-after'), '2');
    assert.deepEqual(await res.json(), { errors: [{ status: '503', title: 'Service Unavailable', code: '0503' }] });
    assert.deepEqual(await statuses(2), [200, 200]);
  });

  it('answers 500, 502, 503, 504 and 429 in the error format of spec 7', async () => {
    const expected: Array<[number, string]> = [
      [500, 'Internal Server Error'],
      [502, 'Bad Gateway'],
      [503, 'Service Unavailable'],
      [504, 'Gateway Timeout'],
      [429, 'Too Many Requests'],
    ];
    sandbox.setFaults(expected.map(([status], i) => `${status}:on=${i + 1}`).join(';'));
    for (const [status, title] of expected) {
      const res = await request();
      assert.equal(res.status, status);
      assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.deepEqual(await res.json(), { errors: [{ status: String(status), title, code: `0${status}` }] });
      assert.equal(res.headers.get('retry-after'), null);
    }
  });

  it('adds Retry-After in seconds or as an HTTP date from the sandbox clock', async () => {
    sandbox.setFaults('429:on=1:retryAfter=7;503:on=2:retryAfterDate=30');
    assert.equal((await request()).headers.get('retry-after'), '7');
    const dated = await request();
    assert.equal(dated.status, 503);
    assert.equal(dated.headers.get('retry-after'), new Date(NOW.getTime() + 30_000).toUTCString());
  });

  it('resets the connection, sends malformed JSON and truncated bodies', async () => {
    sandbox.setFaults('reset:on=1;malformed:on=2;truncated:on=3');
    await assert.rejects(request());
    const malformed = await request();
    assert.equal(malformed.status, 200);
    const text = await malformed.text();
    assert.ok(text.startsWith('{"meta"'));
    assert.throws(() => JSON.parse(text));
    const truncated = await request();
    assert.equal(truncated.status, 200);
    assert.ok(Number(truncated.headers.get('content-length')) > 1000);
    await assert.rejects(truncated.text());
    assert.equal((await request()).status, 200);
  });

  it('delays the body with slow-body and the headers with slow-headers', async () => {
    sandbox.setFaults('slow-body:ms=500:on=1;slow-headers:ms=500:on=2');
    let start = Date.now();
    const slowBody = await request();
    assert.ok(Date.now() - start < 350, 'headers arrive at once');
    assert.equal(((await slowBody.json()) as { data: unknown[] }).data.length, 100);
    assert.ok(Date.now() - start >= 490, 'the body comes after ms');
    start = Date.now();
    const slowHeaders = await request();
    assert.ok(Date.now() - start >= 490, 'the headers come after ms');
    assert.equal(slowHeaders.status, 200);
  });

  it('selects requests by on=, path= and rate=, the first matching rule winning', async () => {
    sandbox.setFaults('503:on=2,4-5');
    assert.deepEqual(await statuses(6), [200, 503, 200, 503, 503, 200]);
    sandbox.setFaults('429:on=1;500:path=click');
    assert.deepEqual(await statuses(2, CLICKS), [429, 500]);
    assert.deepEqual(await statuses(1), [200]);
    sandbox.setFaults('500:rate=0.5');
    const first = await statuses(40, ACTIONS);
    const failed = first.filter((s) => s === 500).length;
    assert.ok(failed > 8 && failed < 32, `${failed} of 40 failed`);
    sandbox.setFaults('500:rate=0.5');
    assert.deepEqual(await statuses(40, ACTIONS), first, 'the same draws after the same setFaults');
    sandbox.setFaults('500:rate=0');
    assert.deepEqual(await statuses(3), [200, 200, 200]);
  });

  it('counts a request to a spec path whatever its method, and never faults control endpoints', async () => {
    sandbox.setFaults('500:on=2');
    assert.equal((await request(MERCHANTS, { method: 'POST' })).status, 404);
    assert.equal((await request()).status, 500);
    sandbox.setFaults('500');
    const stats = await fetch(`${sandbox.url}/__sandbox/stats`);
    assert.equal(stats.status, 200);
  });

  it('rejects a bad fault spec, naming the bad part', () => {
    const bad: Array<[string, string]> = [
      ['teapot', 'teapot'],
      ['500:rate=2', 'rate=2'],
      ['500:on=0', 'on=0'],
      ['500:on=5-3', 'on=5-3'],
      ['503:retryAfter=soon', 'retryAfter=soon'],
      ['500:path=shop', 'path=shop'],
      ['500:color=red', 'color=red'],
      ['500:ms=10', 'ms=10'],
      ['500:on=1:on=2', 'on=2'],
      ['reset;slow-body:ms', 'ms'],
    ];
    for (const [spec, part] of bad) {
      assert.throws(
        () => sandbox.setFaults(spec),
        (error: Error) => error instanceof FaultSpecError && error.message.includes(`"${part}"`),
        spec,
      );
    }
    assert.deepEqual(parseFaultSpec(' 503 : rate=0.25 : retryAfter=3 ; ; slow-body:ms=5:path=action '), [
      { kind: '503', rate: 0.25, retryAfter: 3, ms: 10_000 },
      { kind: 'slow-body', ms: 5, path: 'action' },
    ]);
  });

  it('delays every response to a spec path by the latency, and no control endpoint', async () => {
    sandbox.setLatency(300);
    const start = Date.now();
    const finished: string[] = [];
    const spec = request().then(async (res) => {
      await res.arrayBuffer();
      finished.push('spec');
    });
    const control = fetch(`${sandbox.url}/__sandbox/stats`).then(async (res) => {
      await res.arrayBuffer();
      finished.push('control');
    });
    await Promise.all([spec, control]);
    assert.ok(Date.now() - start >= 290);
    assert.deepEqual(finished, ['control', 'spec']);
    assert.throws(() => sandbox.setLatency(-1), /latencyMs/);
  });

  it('serves the control endpoints', async () => {
    const control = (path: string, body?: string) =>
      fetch(`${sandbox.url}/__sandbox/${path}`, { method: body === undefined ? 'GET' : 'POST', body });
    const before = sandbox.stats();
    assert.equal((await control('faults', '503:on=1')).status, 200);
    assert.equal((await request()).status, 503);
    assert.equal((await control('faults', '')).status, 200);
    assert.equal((await request(CLICKS)).status, 200);
    const bad = await control('faults', 'teapot');
    assert.deepEqual(
      [bad.status, ((await bad.json()) as { errors: Array<{ meta: unknown }> }).errors[0].meta],
      [400, { property: 'spec' }],
    );

    assert.deepEqual(await (await control('latency?ms=120', '')).json(), { latencyMs: 120 });
    const start = Date.now();
    await (await request()).arrayBuffer();
    assert.ok(Date.now() - start >= 110);
    assert.equal((await control('latency?ms=soon', '')).status, 400);

    const touched = await (await control('merchants/touch?index=42', '')).json();
    assert.deepEqual(touched, { index: 42, updatedAt: NOW.toISOString() });
    const since = (await (await request(`${MERCHANTS}?limit=500&updatedAtFrom=${NOW.toISOString()}`)).json()) as {
      data: Array<{ name: string }>;
    };
    const updatedNow = sandbox.dataset.merchants.filter((m) => m.updatedAt >= NOW.toISOString()).map((m) => m.name);
    assert.ok(updatedNow.includes(sandbox.dataset.merchants[42].name));
    assert.deepEqual(
      since.data.map((m) => m.name),
      updatedNow,
    );
    assert.equal((await control('merchants/touch?index=300', '')).status, 400);
    assert.equal((await control('nothing')).status, 404);

    const stats = (await (await control('stats')).json()) as { total: number; byEndpoint: Record<string, number> };
    assert.deepEqual(stats, sandbox.stats());
    assert.equal(stats.total - before.total, 4);
    assert.equal(stats.byEndpoint.click - before.byEndpoint.click, 1);
    assert.equal(stats.byEndpoint.merchant - before.byEndpoint.merchant, 3);
  });

  it('touchMerchant updates a stored merchant and refuses an index outside the catalog', () => {
    assert.equal(sandbox.touchMerchant(7), NOW.toISOString());
    assert.equal(sandbox.dataset.merchants[7].updatedAt, NOW.toISOString());
    assert.throws(() => sandbox.touchMerchant(-1), RangeError);
    assert.throws(() => sandbox.touchMerchant(300), RangeError);
  });

  it('closes promptly with a slow response and open connections pending', async () => {
    const other = await startSandbox({ merchants: 10, clicks: 10, actions: 10, faults: 'slow-headers:ms=60000' });
    const pending = fetch(`${other.url}${MERCHANTS}`, { headers: AUTH }).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const start = Date.now();
    await other.close();
    assert.ok(Date.now() - start < 1000);
    assert.ok((await pending) instanceof Error);
  });
});
