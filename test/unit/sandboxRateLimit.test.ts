/** The sandbox's rate limit (issue 22, section 5): the limiter's arithmetic on a fake clock, the
 * real sandbox over loopback HTTP (429 bodies, Retry-After, stats, control), its options and CLI. */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { parseRateLimit, type RateWindow } from '../../src/api/rateLimit';
import { ENDPOINT_PATHS } from '../../src/api/wire';
import { CliArgumentError, parseCliArgs, USAGE } from '../../src/sandbox/cliArgs';
import { RateLimiter } from '../../src/sandbox/rateLimiter';
import {
  DEFAULT_SANDBOX_KEY,
  SandboxOptionError,
  startSandbox,
  type Sandbox,
  type SandboxStats,
} from '../../src/sandbox/server';

const AUTH = { authorization: `Bearer ${DEFAULT_SANDBOX_KEY}` };
const { merchants: MERCHANTS, clicks: CLICKS } = ENDPOINT_PATHS;
const SMALL = { merchants: 40, clicks: 40, actions: 40 };
const REFUSED_BODY = { errors: [{ status: '429', title: 'Too Many Requests', code: '0429' }] };
/** `count` requests to `path` at once. */
const burstAt = (url: string, count: number, path: string = MERCHANTS) =>
  Promise.all(Array.from({ length: count }, () => fetch(`${url}${path}`, { headers: AUTH })));
const statuses = (responses: readonly Response[]) => responses.map((res) => res.status).sort();
const drain = (responses: readonly Response[]) =>
  Promise.all(responses.map((res) => (res.bodyUsed ? undefined : res.arrayBuffer())));

const windows = (spec: string): RateWindow[] | 'off' => {
  const parsed = parseRateLimit(spec);
  return parsed.ok ? parsed.windows : assert.fail(spec);
};

/** A limiter on a clock the test moves by hand (milliseconds). */
function fakeLimiter(spec: string) {
  const clock = { ms: 10_000 };
  const limiter = new RateLimiter(windows(spec), () => clock.ms);
  const admit = (address = '10.0.0.1') => limiter.admit(address);
  const accepted = (count: number, address?: string) => Array.from({ length: count }, () => admit(address).accepted);
  return { clock, limiter, admit, accepted };
}

describe('sandbox: rate limit', () => {
  describe('the limiter, on a fake clock', () => {
    it('accepts exactly N in a window, refuses the next, and frees a slot S seconds after the oldest', () => {
      const { clock, admit, accepted } = fakeLimiter('3/1');
      assert.deepEqual(accepted(1), [true]);
      clock.ms += 200;
      assert.deepEqual(accepted(2), [true, true]);
      assert.deepEqual(admit(), { accepted: false, window: { requests: 3, seconds: 1 }, retryAfterSeconds: 1 });
      clock.ms += 799;
      assert.equal(admit().accepted, false, 'the oldest is 999 ms old: still in the window');
      clock.ms += 1;
      assert.deepEqual(accepted(3), [true, false, false], 'one slot freed, at exactly 1 s; the others 200 ms later');
      clock.ms += 199;
      assert.equal(admit().accepted, false);
      clock.ms += 1;
      assert.deepEqual(accepted(3), [true, true, false]);
    });

    it('frees the slots one by one as the accepted requests age out', () => {
      const { clock, admit, accepted } = fakeLimiter('2/10');
      assert.equal(admit().accepted, true);
      clock.ms += 4_000;
      assert.equal(admit().accepted, true);
      clock.ms += 1_500;
      assert.deepEqual(
        admit(),
        { accepted: false, window: { requests: 2, seconds: 10 }, retryAfterSeconds: 5 },
        '4.5 s left, rounded up',
      );
      clock.ms += 4_500;
      assert.deepEqual(accepted(2), [true, false]);
      assert.deepEqual(
        admit(),
        { accepted: false, window: { requests: 2, seconds: 10 }, retryAfterSeconds: 4 },
        'the second one ages out 4 s later',
      );
    });

    it('enforces every window, and names the one that frees a slot last', () => {
      const { clock, admit, accepted } = fakeLimiter('100/300,3/1');
      const outcomes: boolean[] = [];
      for (let second = 0; second < 40; second++) {
        outcomes.push(...accepted(4));
        clock.ms += 1_000;
      }
      assert.equal(outcomes.filter(Boolean).length, 100, '3 a second until the 5-minute window is full');
      assert.deepEqual(outcomes.slice(0, 8), [true, true, true, false, true, true, true, false]);
      assert.deepEqual(
        outcomes.slice(132),
        [true, ...Array(27).fill(false)],
        'the 100th in the 34th second, then none',
      );
      assert.deepEqual(
        admit(),
        { accepted: false, window: { requests: 100, seconds: 300 }, retryAfterSeconds: 260 },
        'the first request, at 0 s, leaves the window at 300 s; the clock is at 40 s',
      );
      clock.ms += 260_000;
      assert.deepEqual(accepted(4), [true, true, true, false], 'the first second aged out of the long window: 3 slots');
    });

    it('counts two addresses apart', () => {
      const { admit, accepted } = fakeLimiter('2/1');
      assert.deepEqual(accepted(3, '10.0.0.1'), [true, true, false]);
      assert.deepEqual(accepted(3, '10.0.0.2'), [true, true, false]);
      assert.equal(admit('::1').accepted, true);
    });

    it('does not count refused requests against the windows', () => {
      const { clock, accepted } = fakeLimiter('2/1');
      assert.deepEqual(accepted(2), [true, true]);
      for (let step = 0; step < 9; step++) {
        clock.ms += 100;
        assert.deepEqual(accepted(5), [false, false, false, false, false]);
      }
      clock.ms += 100;
      assert.deepEqual(
        accepted(3),
        [true, true, false],
        'both slots free 1 s after the accepted ones, whatever was refused since',
      );
    });

    it('reports refused requests and the peak of each window; a new limit forgets the history and the peaks', () => {
      const { clock, limiter, accepted } = fakeLimiter('3/1,5/10');
      accepted(2);
      clock.ms += 600;
      accepted(2);
      clock.ms += 600;
      accepted(1, '10.0.0.2');
      const peaks = [
        { requests: 3, seconds: 1, peak: 3 },
        { requests: 5, seconds: 10, peak: 3 },
      ];
      assert.deepEqual(limiter.snapshot(), { spec: '3/1,5/10', refused: 1, windows: peaks });
      limiter.replace(windows('1/1'));
      assert.deepEqual(accepted(2), [true, false], 'the history is gone: one slot, whatever came before');
      assert.deepEqual(limiter.snapshot(), {
        spec: '1/1',
        refused: 2,
        windows: [{ requests: 1, seconds: 1, peak: 1 }],
      });
      limiter.replace('off');
      assert.equal(accepted(50).filter(Boolean).length, 50);
      assert.deepEqual(limiter.snapshot(), { spec: 'off', refused: 2, windows: [] });
    });

    it('reads the clock from performance.now() by default', () => {
      const limiter = new RateLimiter(windows('1/1'));
      assert.deepEqual(
        [limiter.admit('a').accepted, limiter.admit('a').accepted, limiter.admit('b').accepted],
        [true, false, true],
      );
    });
  });

  describe('over HTTP', () => {
    let sandbox: Sandbox;
    before(async () => {
      sandbox = await startSandbox({ ...SMALL, rateLimit: '3/1' });
    });
    beforeEach(() => {
      sandbox.setRateLimit('3/1', false);
      sandbox.setFaults('');
    });
    after(() => sandbox.close());

    const request = (path: string = MERCHANTS) => fetch(`${sandbox.url}${path}`, { headers: AUTH });
    const burst = (count: number, path?: string) => burstAt(sandbox.url, count, path);

    it('lets 3 of 5 quick requests through and refuses 2 with 429 in the error format, without Retry-After', async () => {
      const responses = await burst(5);
      assert.deepEqual(statuses(responses), [200, 200, 200, 429, 429]);
      for (const res of responses.filter((r) => r.status === 429)) {
        assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
        assert.equal(res.headers.get('retry-after'), null);
        assert.deepEqual(await res.json(), REFUSED_BODY);
      }
      await drain(responses);
    });

    it('adds Retry-After in whole seconds with --rate-limit-retry-after (option rateLimitRetryAfter)', async () => {
      const other = await startSandbox({ ...SMALL, rateLimit: '2/1', rateLimitRetryAfter: true });
      try {
        const responses = await burstAt(other.url, 3, CLICKS);
        const refused = responses.filter((res) => res.status === 429);
        assert.equal(refused.length, 1);
        assert.equal(
          refused[0].headers.get('retry-after'),
          '1',
          'a 1-second window frees a slot within 1 s, rounded up',
        );
        assert.deepEqual(await refused[0].json(), REFUSED_BODY);
        await drain(responses);
      } finally {
        await other.close();
      }
    });

    it('never limits nor counts the control endpoints', async () => {
      sandbox.setRateLimit('1/30');
      assert.equal((await request()).status, 200);
      const controls = await Promise.all(Array.from({ length: 6 }, () => fetch(`${sandbox.url}/__sandbox/stats`)));
      assert.deepEqual(statuses(controls), Array(6).fill(200));
      const stats = (await controls[5].json()) as SandboxStats;
      assert.deepEqual(
        [stats.total, stats.rateLimit.windows[0].peak],
        [sandbox.stats().total, 1],
        'no control request counted',
      );
      assert.equal((await request()).status, 429, 'the spec paths are still limited');
    });

    it('frees a 1-second window’s slots after a second; reports refused requests and peaks in the stats, refused ones in the totals', async () => {
      const before = sandbox.stats();
      sandbox.setRateLimit('3/1,4/60');
      const first = await burst(5, CLICKS);
      await new Promise((resolve) => setTimeout(resolve, 1_050));
      const second = await burst(2, CLICKS);
      await drain([...first, ...second]);
      assert.deepEqual(
        [statuses(first), statuses(second)],
        [
          [200, 200, 200, 429, 429],
          [200, 429],
        ],
        'the second burst: 3/1 has room, 4/60 one slot',
      );
      const stats = sandbox.stats();
      const peaks = [
        { requests: 3, seconds: 1, peak: 3 },
        { requests: 4, seconds: 60, peak: 4 },
      ];
      assert.deepEqual(stats.rateLimit, { spec: '3/1,4/60', refused: before.rateLimit.refused + 3, windows: peaks });
      assert.equal(stats.total - before.total, 7);
      assert.equal(stats.byEndpoint.click - before.byEndpoint.click, 7);
      assert.deepEqual(await (await fetch(`${sandbox.url}/__sandbox/stats`)).json(), stats);
    });

    it('limits before fault injection: a refused request is no fault and does not advance the rules', async () => {
      sandbox.setRateLimit('1/30');
      sandbox.setFaults('503:on=2');
      const before = sandbox.stats();
      assert.equal((await request()).status, 200, 'fault request 1');
      assert.equal((await request()).status, 429, 'refused: not a fault request');
      sandbox.setRateLimit('1/30');
      const faulted = await request();
      assert.equal(faulted.status, 503, 'fault request 2');
      assert.equal(((await faulted.json()) as typeof REFUSED_BODY).errors[0].code, '0503');
      const after = sandbox.stats();
      const met = (stats: SandboxStats) => [
        stats.faultsInjected,
        stats.faultsByKind['503'] ?? 0,
        stats.faultsByKind['429'] ?? 0,
        stats.rateLimit.refused,
      ];
      assert.deepEqual(
        met(after).map((count, i) => count - met(before)[i]),
        [1, 1, 0, 1],
        'faults, 503s, 429 faults, refused',
      );
    });

    it('changes the limit with setRateLimit, which forgets the history, and turns it off', async () => {
      sandbox.setRateLimit('1/1');
      assert.deepEqual(statuses(await burst(2)), [200, 429]);
      assert.deepEqual(sandbox.setRateLimit(' 2/1 '), { rateLimit: '2/1', retryAfter: false });
      assert.deepEqual(statuses(await burst(3)), [200, 200, 429]);
      assert.deepEqual(sandbox.setRateLimit('1/1', true), { rateLimit: '1/1', retryAfter: true });
      const [, refused] = (await burst(2)).sort((a, b) => a.status - b.status);
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.deepEqual(
        sandbox.setRateLimit('off'),
        { rateLimit: 'off', retryAfter: true },
        'retryAfter kept when not given',
      );
      assert.deepEqual(statuses(await burst(10)), Array(10).fill(200));
      assert.deepEqual(sandbox.stats().rateLimit.windows, []);
      assert.throws(
        () => sandbox.setRateLimit('3/0'),
        (error: Error) =>
          error instanceof SandboxOptionError && error.option === 'rateLimit' && /3\/0/.test(error.message),
      );
      assert.equal(sandbox.stats().rateLimit.spec, 'off', 'a bad spec changes nothing');
    });

    it('changes the limit with POST /__sandbox/rate-limit, and answers 400 naming a bad spec or retryAfter', async () => {
      const control = (query: string, body: string) =>
        fetch(`${sandbox.url}/__sandbox/rate-limit${query}`, { method: 'POST', body });
      sandbox.setRateLimit('1/30');
      assert.equal((await request()).status, 200);
      const set = await control('?retryAfter=true', '1/30');
      assert.equal(set.status, 200);
      assert.deepEqual(await set.json(), { rateLimit: '1/30', retryAfter: true });
      assert.equal((await request()).status, 200, 'the history was forgotten');
      const refused = await request();
      assert.equal(refused.status, 429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(
        retryAfter >= 29 && retryAfter <= 30,
        `Retry-After ${retryAfter}: the slot frees 30 s after the accepted request`,
      );
      assert.deepEqual(await (await control('?retryAfter=false', '100/300 , 3/1')).json(), {
        rateLimit: '3/1,100/300',
        retryAfter: false,
      });
      assert.deepEqual(await (await control('', 'OFF')).json(), { rateLimit: 'off', retryAfter: false });
      for (const [query, body, property] of [
        ['', '3/1,x', 'spec'],
        ['', '', 'spec'],
        ['?retryAfter=yes', '3/1', 'retryAfter'],
      ]) {
        const bad = await control(query, body);
        const error = (
          (await bad.json()) as { errors: Array<{ code: string; title: string; meta: { property: string } }> }
        ).errors[0];
        assert.deepEqual([bad.status, error.code, error.meta], [400, '1000', { property }], `${query} ${body}`);
        assert.ok(error.title.length > 20, error.title);
      }
      assert.equal(sandbox.stats().rateLimit.spec, 'off', 'a bad request changes nothing');
    });
  });

  describe('options and command line', () => {
    it('is off by default', async () => {
      const sandbox = await startSandbox(SMALL);
      try {
        assert.deepEqual(sandbox.stats().rateLimit, { spec: 'off', refused: 0, windows: [] });
        const responses = await burstAt(sandbox.url, 12);
        assert.deepEqual(statuses(responses), Array(12).fill(200));
        await drain(responses);
      } finally {
        await sandbox.close();
      }
    });

    it('refuses a bad rateLimit option, naming it and giving the parser’s message', async () => {
      for (const spec of ['3/1,', 'fast', '0/1', '3/1/2']) {
        const parsed = parseRateLimit(spec);
        assert.ok(!parsed.ok);
        await assert.rejects(
          startSandbox({ ...SMALL, rateLimit: spec }),
          (error: Error) =>
            error instanceof SandboxOptionError &&
            error.option === 'rateLimit' &&
            error.message === `rateLimit (--rate-limit): ${parsed.message}`,
        );
      }
      await assert.rejects(
        startSandbox({ ...SMALL, rateLimitRetryAfter: 'yes' as unknown as boolean }),
        (error: Error) => error instanceof SandboxOptionError && error.option === 'rateLimitRetryAfter',
      );
    });

    it('parses --rate-limit and --rate-limit-retry-after, and refuses bad ones with clear messages', () => {
      assert.deepEqual(parseCliArgs(['--rate-limit', '3/1,100/300']).options, { port: 8787, rateLimit: '3/1,100/300' });
      assert.deepEqual(parseCliArgs(['--rate-limit=off', '--rate-limit-retry-after', '--port', '0']).options, {
        port: 0,
        rateLimit: 'off',
        rateLimitRetryAfter: true,
      });
      assert.equal(parseCliArgs([]).options.rateLimit, undefined, 'startSandbox’s default: off');
      assert.ok(USAGE.includes('[--rate-limit SPEC|off]') && USAGE.includes('[--rate-limit-retry-after]'));
      const cases: Array<[string[], RegExp]> = [
        [['--rate-limit', '3/0'], /^rateLimit \(--rate-limit\): .*"3\/0".*3\/1,100\/300/],
        [['--rate-limit', 'soon'], /--rate-limit.*"soon"/],
        [['--rate-limit'], /^--rate-limit needs a value\.$/],
        [['--rate-limit', '--port'], /^--rate-limit needs a value\.$/],
        [['--rate-limit-retry-after=yes'], /^--rate-limit-retry-after takes no value/],
        [['--rate-limit-retry-after', '--rate-limit-retry-after'], /given more than once/],
        [['--rate-limit-retries'], /Unknown argument "--rate-limit-retries"/],
      ];
      for (const [argv, message] of cases) {
        assert.throws(
          () => parseCliArgs(argv),
          (error: Error) => error instanceof CliArgumentError && message.test(error.message),
          argv.join(' '),
        );
      }
    });

    it('runs from the command line with the limit, and exits 2 on a bad one', async () => {
      const run = (args: string[]) =>
        spawn(join(process.cwd(), 'node_modules', '.bin', 'tsx'), ['src/sandbox/cli.ts', '--merchants=20', ...args]);
      const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('exit', resolve));
      const bad = run(['--rate-limit', '3/1,5']);
      const badExit = exitOf(bad);
      const badErrors = new Promise<string>((resolve) => bad.stderr?.setEncoding('utf8').on('data', resolve));
      const good = run(['--port', '0', '--rate-limit', '1/1', '--rate-limit-retry-after']);
      const goodExit = exitOf(good);
      try {
        const line = await new Promise<string>((resolve, reject) => {
          good.stdout?.setEncoding('utf8').on('data', resolve);
          void goodExit.then(() => reject(new Error('exited early')));
        });
        assert.match(line, /rate limit 1\/1\)/);
        const responses = await burstAt(/http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0] ?? '', 2);
        assert.deepEqual(responses.map((res) => [res.status, res.headers.get('retry-after')]).sort(), [
          [200, null],
          [429, '1'],
        ]);
        await drain(responses);
      } finally {
        good.kill('SIGTERM');
      }
      assert.deepEqual([await goodExit, await badExit], [0, 2]);
      assert.match(await badErrors, /--rate-limit.*"5"/);
    });
  });
});
