/**
 * The sandbox's two worlds of keys (src/sandbox/sandboxKeys.ts): who opens what, each
 * platform's own tracking links, the key refusals in the stats, GET /__sandbox/keys, the
 * `keys` option and `--keys`. Against real sandboxes over loopback HTTP.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ENDPOINT_PATHS, type WireMerchant } from '../../src/api/wire';
import { CliArgumentError, parseCliArgs, USAGE } from '../../src/sandbox/cliArgs';
import { keyHolder, sandboxKeys } from '../../src/sandbox/sandboxKeys';
import {
  DEFAULT_SANDBOX_KEY,
  platformTrackingLink,
  SandboxOptionError,
  startSandbox,
  type KeyWorld,
  type Sandbox,
  type SandboxStats,
} from '../../src/sandbox/server';

const NOW = new Date('2026-04-15T10:30:00Z');
const SMALL = { now: () => NOW, merchants: 60, clicks: 200, actions: 100 };
const PATHS = {
  merchant: ENDPOINT_PATHS.merchants,
  click: ENDPOINT_PATHS.clicks,
  action: ENDPOINT_PATHS.actions,
} as const;
type Endpoint = keyof typeof PATHS;
const PERIOD = { dateFrom: '2026-03-01', dateTo: '2026-04-15' };
/** An adspace id of no platform of the account: a 403 of its own, no refusal of a key. */
const FOREIGN_ADSPACE = '00000000-0000-4000-8000-000000000000';
/** The query of each endpoint: the whole catalog in one page, a period of the reports. */
const QUERIES: Record<Endpoint, Record<string, string>> = { merchant: { limit: '500' }, click: PERIOD, action: PERIOD };
const errorBody = (status: number, title: string) =>
  JSON.stringify({ errors: [{ status: String(status), title, code: `0${status}` }] });
const REFUSED: Record<number, string> = { 401: errorBody(401, 'Unauthorized'), 403: errorBody(403, 'Forbidden') };

async function get(
  sandbox: Sandbox,
  path: string,
  query: Record<string, string>,
  key: string | undefined,
): Promise<{ status: number; body: string }> {
  const res = await fetch(`${sandbox.url}${path}?${new URLSearchParams(query)}`, {
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  });
  return { status: res.status, body: await res.text() };
}

const call = (sandbox: Sandbox, endpoint: Endpoint, key: string | undefined, query = QUERIES[endpoint]) =>
  get(sandbox, PATHS[endpoint], query, key);
const control = async (sandbox: Sandbox, name: string): Promise<unknown> =>
  (await fetch(`${sandbox.url}/__sandbox/${name}`)).json();

describe('sandbox: keys', () => {
  const sandboxes = {} as Record<KeyWorld, Sandbox>;
  before(async () => {
    [sandboxes.single, sandboxes.split] = await Promise.all([
      startSandbox(SMALL),
      startSandbox({ ...SMALL, keys: 'split' }),
    ]);
  });
  after(() => Promise.all(Object.values(sandboxes).map((sandbox) => sandbox.close())));

  describe('who opens what', () => {
    type Holder = 'default platform key' | 'another platform key' | 'account key' | 'unknown key';
    const keyOf: Record<Holder, string> = {
      'default platform key': DEFAULT_SANDBOX_KEY,
      'another platform key': `${DEFAULT_SANDBOX_KEY}P3`,
      'account key': `${DEFAULT_SANDBOX_KEY}A`,
      'unknown key': `${DEFAULT_SANDBOX_KEY}P6`,
    };
    const TABLE: Array<[KeyWorld, Holder, Record<Endpoint, number>]> = [
      ['single', 'default platform key', { merchant: 200, click: 200, action: 200 }],
      ['single', 'another platform key', { merchant: 200, click: 200, action: 200 }],
      ['single', 'account key', { merchant: 401, click: 401, action: 401 }],
      ['single', 'unknown key', { merchant: 401, click: 401, action: 401 }],
      ['split', 'default platform key', { merchant: 200, click: 401, action: 401 }],
      ['split', 'another platform key', { merchant: 200, click: 401, action: 401 }],
      ['split', 'account key', { merchant: 403, click: 200, action: 200 }],
      ['split', 'unknown key', { merchant: 401, click: 401, action: 401 }],
    ];
    for (const [world, holder, statuses] of TABLE) {
      for (const endpoint of ['merchant', 'click', 'action'] as const) {
        const status = statuses[endpoint];
        it(`${world}: the ${holder} on ${endpoint} is ${status}`, async () => {
          const reply = await call(sandboxes[world], endpoint, keyOf[holder]);
          assert.equal(reply.status, status);
          if (status !== 200) {
            assert.equal(reply.body, REFUSED[status], 'the fixed error of spec 7');
          }
        });
      }
    }

    it('refuses no key and a malformed header with 401 in both worlds', async () => {
      for (const sandbox of Object.values(sandboxes)) {
        assert.equal((await call(sandbox, 'merchant', undefined)).status, 401);
        const res = await fetch(`${sandbox.url}${PATHS.action}`, {
          headers: { authorization: `Basic ${DEFAULT_SANDBOX_KEY}A` },
        });
        assert.equal(res.status, 401);
        await res.arrayBuffer();
      }
    });

    it('keeps the order of checks: a platform key on a report is 401 before its bad query, the account key on the catalog 400 before 403', async () => {
      assert.equal((await call(sandboxes.split, 'click', DEFAULT_SANDBOX_KEY, { limit: '9999' })).status, 401);
      assert.equal((await call(sandboxes.split, 'merchant', `${DEFAULT_SANDBOX_KEY}A`, { limit: '9999' })).status, 400);
      assert.equal(
        (await call(sandboxes.split, 'action', `${DEFAULT_SANDBOX_KEY}A`, { ...PERIOD, adspaceId: FOREIGN_ADSPACE }))
          .status,
        403,
        'a foreign adspace',
      );
    });

    it('derives the keys from the key option: platform i (from 2) KEYPi, the account KEYA', async () => {
      const sandbox = await startSandbox({ ...SMALL, key: 'k9', keys: 'split' });
      try {
        const statuses = await Promise.all([
          ...['k9', 'k9P2', 'k9P5'].map(async (key) => (await call(sandbox, 'merchant', key)).status),
          (await call(sandbox, 'click', 'k9A')).status,
          (await call(sandbox, 'merchant', DEFAULT_SANDBOX_KEY)).status,
        ]);
        assert.deepEqual(statuses, [200, 200, 200, 200, 401]);
      } finally {
        await sandbox.close();
      }
    });

    it('finds the holder of a header (keyHolder)', () => {
      const keys = sandboxKeys(
        'abc',
        [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
          { id: 'c', name: 'C' },
        ],
        'split',
      );
      assert.deepEqual(keys, {
        world: 'split',
        platforms: [
          { id: 'a', name: 'A', key: 'abc' },
          { id: 'b', name: 'B', key: 'abcP2' },
          { id: 'c', name: 'C', key: 'abcP3' },
        ],
        account: 'abcA',
      });
      assert.deepEqual(keyHolder(keys, 'Bearer abcP3'), { kind: 'platform', index: 2 });
      assert.deepEqual(keyHolder(keys, 'Bearer abc'), { kind: 'platform', index: 0 });
      assert.deepEqual(keyHolder(keys, 'Bearer abcA'), { kind: 'account' });
      assert.equal(keyHolder({ ...keys, world: 'single', account: undefined }, 'Bearer abcA'), undefined);
      for (const header of [undefined, '', 'Bearer abcP4', 'Bearer ab', 'bearer abc', 'Bearer abc ', 'Bearer abc-1']) {
        assert.equal(keyHolder(keys, header), undefined, String(header));
      }
    });
  });

  describe("each platform's tracking links", () => {
    const page = async (sandbox: Sandbox, key: string): Promise<WireMerchant[]> =>
      JSON.parse((await call(sandbox, 'merchant', key)).body).data;

    it('puts p<i+1> right after the host (platformTrackingLink)', () => {
      assert.equal(platformTrackingLink('https://go.example.net/AbC123', 0), 'https://go.example.net/AbC123');
      assert.equal(platformTrackingLink('https://go.example.net/AbC123', 1), 'https://go.example.net/p2/AbC123');
      assert.equal(
        platformTrackingLink('https://go.example.net:8443/a/b?c=1', 4),
        'https://go.example.net:8443/p5/a/b?c=1',
      );
      assert.equal(platformTrackingLink('https://go.example.net', 2), 'https://go.example.net/p3');
    });

    for (const world of ['single', 'split'] as const) {
      it(`${world}: platform 1's catalog is the dataset's; platform 2's has platformTrackingLink(link, 1) for every merchant and is otherwise the same`, async () => {
        const sandbox = sandboxes[world];
        const stored = structuredClone(sandbox.dataset.merchants);
        const [first, second] = await Promise.all([
          page(sandbox, DEFAULT_SANDBOX_KEY),
          page(sandbox, `${DEFAULT_SANDBOX_KEY}P2`),
        ]);
        assert.deepEqual(first, stored);
        assert.equal(second.length, stored.length);
        second.forEach((merchant, i) => {
          assert.equal(merchant.trackingLink, platformTrackingLink(first[i].trackingLink, 1));
          assert.notEqual(merchant.trackingLink, first[i].trackingLink);
          assert.deepEqual({ ...merchant, trackingLink: first[i].trackingLink }, first[i]);
        });
        assert.deepEqual(sandbox.dataset.merchants, stored, 'the stored catalog is not changed');
      });
    }

    it('gives each of the five platforms links of its own', async () => {
      const keys = sandboxes.split.keys.platforms.map((platform) => platform.key);
      const pages = await Promise.all(keys.map((key) => page(sandboxes.split, key)));
      const links = pages.map((merchants) => merchants[0].trackingLink);
      assert.equal(new Set(links).size, 5);
      links.forEach((link, index) =>
        assert.equal(link, platformTrackingLink(sandboxes.split.dataset.merchants[0].trackingLink, index)),
      );
    });
  });

  describe('the single world with the default key, unchanged', () => {
    it('answers the catalog with the dataset exactly as stored, byte for byte', async () => {
      const reply = await call(sandboxes.single, 'merchant', DEFAULT_SANDBOX_KEY, { limit: '25', next: '10' });
      assert.equal(
        reply.body,
        JSON.stringify({ meta: { next: 35 }, data: sandboxes.single.dataset.merchants.slice(10, 35) }),
      );
    });

    it('answers the reports with every platform of the account, byte for byte, whichever platform key asks', async () => {
      const { clicks, actions } = sandboxes.single.dataset;
      const inPeriod = (day: string) => day >= PERIOD.dateFrom && day <= PERIOD.dateTo;
      const expected = {
        click: clicks.filter((item) => inPeriod(item.date)),
        action: actions.filter((item) => inPeriod(item.createdAt.slice(0, 10))),
      };
      for (const endpoint of ['click', 'action'] as const) {
        const items = expected[endpoint];
        assert.ok(new Set(items.map((item) => item.adspaceId)).size > 1, 'several platforms');
        const body = JSON.stringify({
          meta: { offset: 0, limit: 500, total: items.length },
          data: items.slice(0, 500),
        });
        assert.equal((await call(sandboxes.single, endpoint, DEFAULT_SANDBOX_KEY)).body, body);
        assert.equal((await call(sandboxes.single, endpoint, `${DEFAULT_SANDBOX_KEY}P4`)).body, body);
        assert.equal(
          (await call(sandboxes.split, endpoint, `${DEFAULT_SANDBOX_KEY}A`)).body,
          body,
          'the account key in split',
        );
      }
    });
  });

  describe('stats and control', () => {
    it('counts the refusals of keys per endpoint: 401s and the 403 of the account key, not the 403 of a foreign adspace nor a 400', async () => {
      const sandbox = await startSandbox({ ...SMALL, keys: 'split' });
      try {
        const account = `${DEFAULT_SANDBOX_KEY}A`;
        const statuses = [];
        for (const [endpoint, key, query] of [
          ['merchant', 'nobody'],
          ['merchant', account],
          ['merchant', account],
          ['merchant', account, { limit: '9999' }],
          ['click', DEFAULT_SANDBOX_KEY],
          ['action', undefined],
          ['action', account, { ...PERIOD, adspaceId: FOREIGN_ADSPACE }],
          ['action', account],
        ] as Array<[Endpoint, string | undefined, Record<string, string>?]>) {
          statuses.push((await call(sandbox, endpoint, key, query)).status);
        }
        assert.deepEqual(statuses, [401, 403, 403, 400, 401, 401, 403, 200]);
        const stats = sandbox.stats();
        assert.deepEqual(stats.keyRefusals, {
          merchant: { unauthorized: 1, forbidden: 2 },
          click: { unauthorized: 1, forbidden: 0 },
          action: { unauthorized: 1, forbidden: 0 },
        });
        assert.equal(stats.total, 8);
        assert.deepEqual((await control(sandbox, 'stats')) as SandboxStats, stats);
      } finally {
        await sandbox.close();
      }
    });

    it('counts the account key as unknown (401) in the single world', async () => {
      const before = sandboxes.single.stats().keyRefusals;
      await call(sandboxes.single, 'click', `${DEFAULT_SANDBOX_KEY}A`);
      await call(sandboxes.single, 'merchant', DEFAULT_SANDBOX_KEY);
      const after = sandboxes.single.stats().keyRefusals;
      assert.deepEqual(after, { ...before, click: { unauthorized: before.click.unauthorized + 1, forbidden: 0 } });
    });

    it('answers GET /__sandbox/keys with the world and every key', async () => {
      const platforms = (sandbox: Sandbox, key: string) =>
        sandbox.dataset.platforms.map((platform, i) => ({
          id: platform.id,
          name: platform.name,
          key: i === 0 ? key : `${key}P${i + 1}`,
        }));
      assert.deepEqual(await control(sandboxes.split, 'keys'), {
        world: 'split',
        platforms: platforms(sandboxes.split, DEFAULT_SANDBOX_KEY),
        account: `${DEFAULT_SANDBOX_KEY}A`,
      });
      assert.deepEqual(await control(sandboxes.single, 'keys'), {
        world: 'single',
        platforms: platforms(sandboxes.single, DEFAULT_SANDBOX_KEY),
        account: null,
      });
      assert.deepEqual(sandboxes.split.keys, {
        world: 'split',
        platforms: platforms(sandboxes.split, DEFAULT_SANDBOX_KEY),
        account: `${DEFAULT_SANDBOX_KEY}A`,
      });
      assert.equal(sandboxes.split.keys.platforms.length, 5);
      assert.equal(sandboxes.split.key, DEFAULT_SANDBOX_KEY);
      const post = await fetch(`${sandboxes.split.url}/__sandbox/keys`, { method: 'POST' });
      assert.equal(post.status, 404);
      await post.arrayBuffer();
    });
  });

  describe('option and command line', () => {
    it('is single by default, and refuses another world naming keys (--keys) and the allowed values', async () => {
      assert.equal(sandboxes.single.keys.world, 'single');
      for (const keys of ['both', 'Split', '', 2]) {
        await assert.rejects(
          startSandbox({ ...SMALL, keys: keys as KeyWorld }),
          (error: Error) =>
            error instanceof SandboxOptionError &&
            error.option === 'keys' &&
            /^keys \(--keys\) must be one of single, split; got /.test(error.message),
        );
      }
    });

    it('parses --keys single|split and refuses anything else', () => {
      assert.deepEqual(parseCliArgs(['--keys', 'split']).options, { port: 8787, keys: 'split' });
      assert.deepEqual(parseCliArgs(['--keys=single', '--port', '0']).options, { port: 0, keys: 'single' });
      assert.equal(parseCliArgs(['--key', 'abc']).options.keys, undefined, 'startSandbox’s default: single');
      assert.ok(USAGE.includes('[--keys single|split]'));
      const cases: Array<[string[], RegExp]> = [
        [['--keys', 'double'], /^keys \(--keys\) must be one of single, split; got "double"\.$/],
        [['--keys'], /^--keys needs a value\.$/],
        [['--keys', '--port', '0'], /^--keys needs a value\.$/],
        [['--keys', 'split', '--keys=single'], /given more than once/],
      ];
      for (const [argv, message] of cases) {
        assert.throws(
          () => parseCliArgs(argv),
          (error: Error) => error instanceof CliArgumentError && message.test(error.message),
          argv.join(' '),
        );
      }
    });

    it('prints the world and, in split, each platform key and the account key at start', async () => {
      const child = spawn(join(process.cwd(), 'node_modules', '.bin', 'tsx'), [
        'src/sandbox/cli.ts',
        '--port',
        '0',
        '--merchants=20',
        '--key',
        'cliKey1',
        '--keys',
        'split',
      ]);
      const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
      let out = '';
      try {
        await new Promise<void>((resolve, reject) => {
          child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
            out += chunk;
            if (out.includes('cliKey1A\n')) resolve();
          });
          void exit.then(() => reject(new Error(`exited early: ${out}`)));
        });
      } finally {
        child.kill('SIGTERM');
      }
      assert.equal(await exit, 0);
      const lines = out.trim().split('\n');
      assert.match(
        lines[0],
        /^Sandbox listening on http:\/\/127\.0\.0\.1:\d+ \(20 merchants, .*, keys split, rate limit off\)$/,
      );
      assert.equal(lines.length, 1 + 1 + 5 + 1);
      assert.match(lines[2], /^ {2}platform 1 ".+" \(adspace [0-9a-f-]{36}\): cliKey1$/);
      assert.match(lines[6], /^ {2}platform 5 ".+" \(adspace [0-9a-f-]{36}\): cliKey1P5$/);
      assert.equal(lines[7], '  account (reports): cliKey1A');
    });
  });
});
