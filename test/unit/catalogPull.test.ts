/**
 * `affiliate-links catalog pull --out FILE` (src/cli/catalogPull.ts) against the sandbox over real HTTP on loopback:
 * the snapshot it writes holds the sandbox's catalog; against a sandbox that enforces the service's rate limit it is
 * never refused and keeps to the limit, two pulls at once (two processes sharing the ledger) included, and a service
 * tighter than its limit is waited out, never a failure; no key, a refused key, a service out of reach and bad
 * arguments exit 2 saying what to do, writing nothing; the key is never printed nor written.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import type { Merchant } from '../../src/api/types';
import { DEFAULT_BASE_URL } from '../../src/api/baseUrl';
import { formatRateLimit, SERVICE_RATE_LIMIT } from '../../src/api/rateLimit';
import { readCatalogSnapshot, type CatalogSnapshot } from '../../src/catalog/snapshot/catalogSnapshot';
import { defaultLedgerFolder, KEY_VARIABLE, runCatalogPull } from '../../src/cli/catalogPull';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { busiestSpan } from '../common/busiestSpan';
import { clock, sandbox } from './helpers/fixtures';
import { plainMerchant } from './helpers/merchants';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** Each write to stderr, as written. */
  writes: string[];
}

/** Runs `catalog pull` in this process with `args`, the environment `env` (nothing of this process's). */
async function pull(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  options: { cwd: string; terminal?: boolean },
): Promise<Run> {
  let stdout = '';
  const writes: string[] = [];
  const code = await runCatalogPull(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => writes.push(text),
    env,
    cwd: options.cwd,
    stderrIsTerminal: options.terminal ?? false,
  });
  return { code, stdout, stderr: writes.join(''), writes };
}

/** Runs `catalog pull` in a process of its own (test/unit/helpers/catalogPullProcess.ts). */
function pullProcess(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'helpers', 'catalogPullProcess.ts'), ...args],
      // From the project's folder, where tsx is found; every path handed on is absolute.
      {
        cwd: path.join(__dirname, '../..'),
        env: { PATH: process.env.PATH, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr, writes: [stderr] }));
  });
}

/** The sandbox's catalog as the client reads it, in the service's order. */
function expectedMerchants(service: Sandbox): Merchant[] {
  return service.dataset.merchants.map((raw) => {
    const normalized = normalizeMerchant(raw);
    assert.ok(normalized.ok);
    return normalized.value;
  });
}

function readSnapshot(file: string): CatalogSnapshot {
  const read = readCatalogSnapshot(fs.readFileSync(file, 'utf8'));
  assert.ok(read.ok, read.ok ? '' : read.problem);
  return read.snapshot;
}

/** Every file under `folder`, as text. */
function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'latin1'));
}

describe('affiliate-links catalog pull', function () {
  this.timeout(60_000);
  let folder: string;
  let ledger: string;
  let out: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-pull-'));
    ledger = path.join(folder, 'requests');
    out = path.join(folder, 'catalog-snapshot.txt');
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  describe('against the sandbox', () => {
    let service: Sandbox;
    before(async () => {
      service = await sandbox({ merchants: 1_300, clicks: 10, actions: 10 });
    });
    after(() => service.close());

    const args = (): string[] => ['--out', out, '--base-url', service.url, '--ledger-dir', ledger];

    it('writes a snapshot of the sandbox’s whole catalog, every merchant as the client reads it, in order', async () => {
      const before = service.stats().total;
      const started = Date.now();
      const run = await pull(args(), { [KEY_VARIABLE]: service.key }, { cwd: folder });
      assert.equal(run.code, 0, run.stderr);
      const snapshot = readSnapshot(out);
      assert.deepEqual([...snapshot.merchants.values()].map(plainMerchant), expectedMerchants(service));
      assert.equal(snapshot.baseUrl, service.url);
      const takenAt = Date.parse(snapshot.takenAt);
      assert.ok(takenAt >= started - 1_000 && takenAt <= Date.now(), 'taken when the pull began');
      assert.equal(service.stats().total - before, 3, 'three pages of 500');
      assert.equal(run.stdout, '');
      assert.equal(run.writes.length, 1, 'one line at the end when stderr is not a terminal');
      assert.match(
        run.stderr,
        /^affiliate-links catalog pull: 1,300 merchants of http:\/\/127\.0\.0\.1:\d+ written to .*catalog-snapshot\.txt \(3 requests, 0 refused and waited out, [\d.]+ s\)\.\n$/,
      );
      assert.deepEqual(
        fs.readdirSync(folder).filter((name) => name !== 'requests'),
        ['catalog-snapshot.txt'],
        'no temporary file left beside it',
      );
      assert.ok(filesUnder(ledger).length > 0, 'the requests are counted in the ledger');
    });

    it('shows its progress page by page when stderr is a terminal, of about the last snapshot’s count', async () => {
      assert.equal((await pull(args(), { [KEY_VARIABLE]: service.key }, { cwd: folder })).code, 0);
      const run = await pull(args(), { [KEY_VARIABLE]: service.key }, { cwd: folder, terminal: true });
      assert.equal(run.code, 0, run.stderr);
      const progress = run.writes.filter((write) => write.startsWith('\r'));
      assert.deepEqual(
        progress.map((write) => write.replace(/\u001b\[K$/, '')),
        [
          '\rmerchants: 0 of about 1,300 …',
          '\rmerchants: 500 of about 1,300 …',
          '\rmerchants: 1,000 of about 1,300 …',
          '\rmerchants: 1,300 of about 1,300 …',
        ],
      );
      assert.match(run.writes.at(-1)!, /^affiliate-links catalog pull: 1,300 merchants/);
    });

    it('replaces an older snapshot whole, and takes a relative --out from the working folder', async () => {
      fs.writeFileSync(out, 'an older snapshot');
      const run = await pull(
        ['--out=catalog-snapshot.txt', `--base-url=${service.url}`, '--ledger-dir', 'requests'],
        { [KEY_VARIABLE]: service.key },
        { cwd: folder },
      );
      assert.equal(run.code, 0, run.stderr);
      assert.equal(readSnapshot(out).merchants.size, 1_300);
      assert.ok(fs.existsSync(path.join(folder, 'requests')), 'the ledger folder, relative to the working folder');
    });

    it('counts its requests in $XDG_CACHE_HOME/affiliate-links/requests without --ledger-dir', async () => {
      const cache = path.join(folder, 'cache');
      const run = await pull(
        ['--out', out, '--base-url', service.url],
        { [KEY_VARIABLE]: service.key, XDG_CACHE_HOME: cache },
        { cwd: folder },
      );
      assert.equal(run.code, 0, run.stderr);
      assert.ok(fs.readdirSync(path.join(cache, 'affiliate-links', 'requests')).length > 0);
    });

    it('with no key, exits 2 saying to set AFFILIATE_LINKS_KEY, and asks the service nothing', async () => {
      const before = service.stats().total;
      for (const env of [{}, { [KEY_VARIABLE]: '' }, { [KEY_VARIABLE]: '  ' }]) {
        const run = await pull(args(), env, { cwd: folder });
        assert.equal(run.code, 2);
        assert.match(run.stderr, /no API key\. Set the environment variable AFFILIATE_LINKS_KEY to your API key/);
      }
      assert.equal(service.stats().total, before);
      assert.equal(fs.existsSync(out), false);
    });

    it('with a key the service refuses, exits 2 saying so, and prints the key nowhere', async () => {
      const wrong = 'WrongKeyZq9x7';
      const run = await pull(args(), { [KEY_VARIABLE]: wrong }, { cwd: folder, terminal: true });
      assert.equal(run.code, 2);
      assert.match(
        run.stderr,
        /refused the key in AFFILIATE_LINKS_KEY \(HTTP 401\): check that it is your current API key/,
      );
      assert.ok(!run.stderr.includes(wrong) && !run.stdout.includes(wrong));
      assert.equal(fs.existsSync(out), false, 'nothing written');
    });

    it('with a key that is no key (not letters and digits), exits 2 without showing it or sending it', async () => {
      const before = service.stats().total;
      const run = await pull(args(), { [KEY_VARIABLE]: 'sk-live secret!' }, { cwd: folder });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /AFFILIATE_LINKS_KEY does not hold an API key: a key is letters and digits only/);
      assert.ok(!run.stderr.includes('secret'));
      assert.equal(service.stats().total, before);
    });

    it('refuses a key given as an argument, without echoing it, and asks the service nothing', async () => {
      const before = service.stats().total;
      for (const key of [['--key', service.key], [`--key=${service.key}`], ['--api-key', service.key]]) {
        const run = await pull([...args(), ...key], { [KEY_VARIABLE]: service.key }, { cwd: folder });
        assert.equal(run.code, 2);
        assert.match(run.stderr, /never taken from an argument .* set the environment variable AFFILIATE_LINKS_KEY/);
        assert.ok(!run.stderr.includes(service.key));
      }
      assert.equal(service.stats().total, before);
    });

    it('never prints nor writes the key: stdout, stderr (verbose included), the snapshot, the ledger', async () => {
      const run = await pull(
        [...args(), '--verbose'],
        { [KEY_VARIABLE]: service.key },
        { cwd: folder, terminal: true },
      );
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /GET \S*merchant\?limit=500 -> 200/, 'the client’s log with --verbose');
      for (const text of [run.stdout, run.stderr, fs.readFileSync(out, 'latin1'), ...filesUnder(ledger)]) {
        assert.ok(!text.includes(service.key), 'the key is nowhere');
      }
    });

    it('exits 2 on bad arguments, saying what is wrong, before any request', async () => {
      const before = service.stats().total;
      const cases: Array<[string[], RegExp]> = [
        [[], /Say where to write the snapshot: --out FILE\./],
        [['--out'], /--out needs a value\./],
        [['--out', out, '--fast'], /Unknown option --fast\./],
        [['--out', out, '--token=abc123secret'], /Unknown option --token\./],
        [['--out', out, 'abc123secret'], /Unexpected argument 3 \(not shown\): catalog pull takes options only\./],
        [['--out', out, '--rate-limit', '3 a second'], /--rate-limit: The rate limit window "3 a second" is not N\/S/],
        [['--out', path.join(folder, 'missing', 'snapshot.txt')], /the folder .*missing of --out does not exist/],
        [
          ['--out', out, '--base-url', 'ftp://example.com'],
          /The service address must start with https:\/\/ or http:\/\//,
        ],
      ];
      for (const [argv, expected] of cases) {
        const run = await pull(argv, { [KEY_VARIABLE]: service.key }, { cwd: folder });
        assert.equal(run.code, 2, argv.join(' '));
        assert.match(run.stderr, expected);
        assert.match(run.stderr, /Run affiliate-links catalog pull --help|does not exist|must start with/);
        assert.ok(!run.stderr.includes('secret'), 'a value that might be a key is not shown');
      }
      assert.equal(service.stats().total, before);
      assert.equal(fs.existsSync(out), false);
    });

    it('exits 2 when it cannot write the snapshot (a folder stands there), leaving it as it was and no temporary file', async () => {
      fs.mkdirSync(out);
      const run = await pull(args(), { [KEY_VARIABLE]: service.key }, { cwd: folder });
      assert.equal(run.code, 2);
      assert.match(
        run.stderr,
        /could not write .*catalog-snapshot\.txt: .*\. Check that you may write there and that the disk has room, then run it again; the file was left as it was\./,
      );
      assert.ok(fs.statSync(out).isDirectory());
      assert.deepEqual(fs.readdirSync(folder).sort(), ['catalog-snapshot.txt', 'requests']);
    });

    it('prints its usage with --help, naming the defaults, and exits 0', async () => {
      const run = await pull(['--help'], { XDG_CACHE_HOME: '/var/cache/ci' }, { cwd: folder });
      assert.equal(run.code, 0);
      assert.match(run.stdout, /^Usage: affiliate-links catalog pull --out FILE/);
      assert.ok(run.stdout.includes(`default ${DEFAULT_BASE_URL}`));
      assert.ok(run.stdout.includes(`default ${formatRateLimit(SERVICE_RATE_LIMIT)}`));
      assert.ok(run.stdout.includes('default /var/cache/ci/affiliate-links/requests'));
      assert.equal(run.stderr, '');
    });

    it('skips the words "catalog pull" when the entry hands them on', async () => {
      const run = await pull(['catalog', 'pull', ...args()], { [KEY_VARIABLE]: service.key }, { cwd: folder });
      assert.equal(run.code, 0, run.stderr);
    });
  });

  it('exits 2 when the service cannot be reached, saying what happened and what to do', async () => {
    const gone = await startSandbox({ merchants: 1, now: clock });
    const url = gone.url;
    await gone.close();
    const run = await pull(
      ['--out', out, '--base-url', url, '--ledger-dir', ledger],
      { [KEY_VARIABLE]: 'abc123' },
      { cwd: folder },
    );
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /Could not reach the service at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)\. Check the network connection, a proxy \(HTTPS_PROXY, NO_PROXY\) and --base-url, then run it again\. Nothing was written\./,
    );
    assert.equal(fs.existsSync(out), false);
  });

  it('with the account key on the catalog (403), exits 2 saying the key does not open it', async () => {
    const split = await sandbox({ merchants: 10, clicks: 10, actions: 10, keys: 'split' });
    try {
      const account = split.keys.account!;
      const run = await pull(
        ['--out', out, '--base-url', split.url, '--ledger-dir', ledger],
        { [KEY_VARIABLE]: account },
        { cwd: folder },
      );
      assert.equal(run.code, 2);
      assert.match(
        run.stderr,
        /refused the key in AFFILIATE_LINKS_KEY \(HTTP 403\).*a platform key, not the account key/,
      );
      assert.ok(!run.stderr.includes(account));
    } finally {
      await split.close();
    }
  });

  describe('under the service’s rate limit', () => {
    let service: Sandbox;
    let arrivals: Array<{ at: number; refused: boolean }>;
    before(async () => {
      service = await startSandbox(
        { merchants: 2_500, clicks: 10, actions: 10, seed: 7, now: clock },
        { onRequest: (request) => arrivals.push({ at: request.at, refused: request.refused }) },
      );
    });
    after(() => service.close());
    beforeEach(() => {
      arrivals = [];
    });
    afterEach(() => {
      service.setRateLimit('off', false);
    });

    const args = (limit: string): string[] => [
      '--out',
      out,
      '--base-url',
      service.url,
      '--ledger-dir',
      ledger,
      '--rate-limit',
      limit,
    ];

    it('is never refused and keeps to the limit: no more requests in any second or window than it allows', async () => {
      service.setRateLimit('2/1,4/3');
      const run = await pull(args('2/1,4/3'), { [KEY_VARIABLE]: service.key }, { cwd: folder });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(readSnapshot(out).merchants.size, 2_500);
      const stats = service.stats().rateLimit;
      assert.equal(stats.refused, 0, JSON.stringify(stats));
      const times = arrivals.map((arrival) => arrival.at);
      assert.equal(times.length, 5, 'five pages of 500');
      assert.ok(busiestSpan(times, 1_000).count <= 2, `${busiestSpan(times, 1_000).count} in one second`);
      assert.ok(busiestSpan(times, 3_000).count <= 4, `${busiestSpan(times, 3_000).count} in three seconds`);
      assert.ok(Math.max(...times) - Math.min(...times) >= 2_000, 'the fifth request waited for the window');
      assert.match(run.stderr, /\(5 requests, 0 refused and waited out/);
    });

    it('two pulls at once, in two processes sharing the ledger, keep to the limit together, none refused', async () => {
      service.setRateLimit('2/1,6/4');
      const env = { [KEY_VARIABLE]: service.key };
      const other = path.join(folder, 'other.txt');
      const inChild = pullProcess(
        ['--out', other, '--base-url', service.url, '--ledger-dir', ledger, '--rate-limit', '2/1,6/4'],
        env,
      );
      // This process's pull starts once the other's first request arrived, so the two overlap.
      const deadline = Date.now() + 30_000;
      while (arrivals.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const here = await pull(args('2/1,6/4'), env, { cwd: folder });
      const there = await inChild;
      assert.equal(here.code, 0, here.stderr);
      assert.equal(there.code, 0, there.stderr);
      assert.deepEqual(
        [...readSnapshot(other).merchants.values()].map(plainMerchant),
        [...readSnapshot(out).merchants.values()].map(plainMerchant),
      );
      const stats = service.stats().rateLimit;
      assert.equal(stats.refused, 0, JSON.stringify(stats));
      const times = arrivals.map((arrival) => arrival.at);
      assert.equal(times.length, 10);
      assert.ok(busiestSpan(times, 1_000).count <= 2, `${busiestSpan(times, 1_000).count} in one second`);
      assert.ok(busiestSpan(times, 4_000).count <= 6, `${busiestSpan(times, 4_000).count} in four seconds`);
      for (const run of [here, there]) {
        assert.ok(!run.stderr.includes(service.key) && !run.stdout.includes(service.key));
      }
    });

    it('waits out a service tighter than its limit (429s, with and without Retry-After): never a failure', async () => {
      for (const retryAfter of [false, true]) {
        arrivals = [];
        // A limit of 10 a second sends the first three pages within the sandbox's second of 2: the third is refused.
        service.setRateLimit('2/1', retryAfter);
        ledger = path.join(folder, `requests-${retryAfter}`);
        const run = await pull(args('10/1,100/300'), { [KEY_VARIABLE]: service.key }, { cwd: folder });
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual([...readSnapshot(out).merchants.values()].map(plainMerchant), expectedMerchants(service));
        const refused = arrivals.filter((arrival) => arrival.refused).length;
        assert.ok(refused > 0, 'the service refused some requests');
        assert.equal(arrivals.length - refused, 5, 'each page answered once');
        assert.match(run.stderr, new RegExp(`\\(${arrivals.length} requests, ${refused} refused and waited out`));
      }
    });
  });
});

describe('catalog pull’s defaults', () => {
  it('counts requests in $XDG_CACHE_HOME when it is absolute, else in the platform’s cache folder', () => {
    assert.equal(
      defaultLedgerFolder({ XDG_CACHE_HOME: '/x/cache' }, 'linux', '/home/a'),
      '/x/cache/affiliate-links/requests',
    );
    assert.equal(
      defaultLedgerFolder({ XDG_CACHE_HOME: 'relative' }, 'linux', '/home/a'),
      '/home/a/.cache/affiliate-links/requests',
    );
    assert.equal(defaultLedgerFolder({}, 'linux', '/home/a'), '/home/a/.cache/affiliate-links/requests');
    assert.equal(defaultLedgerFolder({}, 'darwin', '/Users/a'), '/Users/a/Library/Caches/affiliate-links/requests');
    assert.equal(
      defaultLedgerFolder({ LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' }, 'win32', 'C:\\Users\\a'),
      path.join('C:\\Users\\a\\AppData\\Local', 'affiliate-links', 'requests'),
    );
  });

  it('are the extension’s: its base URL setting’s and its rate limit setting’s', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
    };
    const settings = manifest.contributes.configuration.properties;
    assert.equal(settings['affiliateLinks.baseUrl']!.default, DEFAULT_BASE_URL);
    assert.equal(settings['affiliateLinks.rateLimit']!.default, formatRateLimit(SERVICE_RATE_LIMIT));
  });
});
