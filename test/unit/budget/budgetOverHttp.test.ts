/**
 * The request budget in the client, against a sandbox that enforces a rate limit, over real
 * HTTP on loopback: a client keeping the limit is never refused; two windows (two processes)
 * sharing the ledger are never refused together; and a service tighter than the budget (another
 * tool uses the address) refuses, which the client waits out, with or without Retry-After,
 * never failing, every page read.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MemoryLedger } from '../../../src/api/budget/budgetLedger';
import { RequestBudget } from '../../../src/api/budget/requestBudget';
import { parseRateLimit, type RateWindow } from '../../../src/api/rateLimit';
import type { Sandbox } from '../../../src/sandbox/server';
import { startSandboxProcess } from '../../common/sandboxProcess';
import { clientFor, sandbox } from '../helpers/fixtures';
import { RecordingLogger } from '../helpers/recordingLogger';

const windows = (text: string): RateWindow[] => {
  const parsed = parseRateLimit(text);
  assert.ok(parsed.ok && parsed.windows !== 'off');
  return parsed.windows;
};

/** Runs clientProcess.ts; resolves with the pages it read and the refusals it met. */
function clientProcess(
  service: Sandbox,
  folder: string,
  limit: string,
  pages: number,
): Promise<{ read: number; refused: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(__dirname, 'clientProcess.ts'),
        service.url,
        service.key,
        folder,
        limit,
        String(pages),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const [read, refused] = out.trim().split(' ').map(Number);
      return code === 0
        ? resolve({ read: read!, refused: refused! })
        : reject(new Error(`client process exited ${code}: ${err}`));
    });
  });
}

describe('the request budget against a sandbox that enforces a rate limit', function () {
  this.timeout(60_000);
  let service: Sandbox;
  let folder: string;
  before(async () => {
    service = await sandbox({ merchants: 40, clicks: 10, actions: 10 });
  });
  after(() => service.close());
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-http-'));
  });
  afterEach(() => {
    service.setRateLimit('off', false);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('is never refused while it keeps the service’s limit: 12 pages at 4 a second', async () => {
    service.setRateLimit('4/1,10/3');
    const client = clientFor(service, { budget: new RequestBudget({ windows: windows('4/1,10/3') }) });
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, index) => client.getMerchantPage({ limit: 1, next: index })),
    );
    await client.close();
    assert.equal(pages.length, 12);
    const stats = service.stats().rateLimit;
    assert.equal(stats.refused, 0);
    assert.deepEqual(
      stats.windows.map((window) => window.peak),
      [4, 10],
    );
  });

  it('is never refused when the event loop blocks between a slot and the write of its request: 12 pages at 3 a second', async () => {
    // Every fourth request is held 300 ms as undici creates it, after its slot and before its
    // write (as a busy extension host does): the service counts the write, and so must the budget.
    // The service runs in a process of its own, so the blocks never delay its clock of arrivals.
    const remote = await startSandboxProcess([
      '--merchants',
      '40',
      '--clicks',
      '10',
      '--actions',
      '10',
      '--rate-limit',
      '3/1',
    ]);
    let created = 0;
    const block = (): void => {
      if (created++ % 4 === 0) {
        const until = Date.now() + 300;
        while (Date.now() < until) {
          // the event loop is busy
        }
      }
    };
    diagnostics.subscribe('undici:request:create', block);
    let stats;
    try {
      const client = clientFor(remote, { budget: new RequestBudget({ windows: windows('3/1') }) });
      await Promise.all(Array.from({ length: 12 }, (_, index) => client.getMerchantPage({ limit: 1, next: index })));
      await client.close();
      diagnostics.unsubscribe('undici:request:create', block);
      stats = (await remote.stats()).rateLimit;
    } finally {
      diagnostics.unsubscribe('undici:request:create', block);
      await remote.stop();
    }
    assert.equal(stats.refused, 0, JSON.stringify(stats));
    assert.equal(created, 12, 'one request a page, each held at its creation');
    assert.deepEqual(
      stats.windows.map((window) => window.peak),
      [3],
    );
  });

  it('keeps two windows (two processes) sharing the ledger within the limit together, none refused', async () => {
    service.setRateLimit('3/1,12/6');
    const before = service.stats().total;
    const [a, b] = await Promise.all([
      clientProcess(service, folder, '3/1,12/6', 8),
      clientProcess(service, folder, '3/1,12/6', 8),
    ]);
    assert.deepEqual(
      [a, b],
      [
        { read: 8, refused: 0 },
        { read: 8, refused: 0 },
      ],
    );
    const stats = service.stats();
    assert.equal(stats.total - before, 16, 'one request a page');
    assert.equal(stats.rateLimit.refused, 0);
    assert.ok(
      stats.rateLimit.windows.every((window) => window.peak <= window.requests),
      JSON.stringify(stats.rateLimit),
    );
  });

  it('two processes that do not share a ledger are refused: the ledger is what keeps them together', async () => {
    service.setRateLimit('3/1,12/6');
    const [a, b] = await Promise.all([
      clientProcess(service, path.join(folder, 'a'), '3/1,12/6', 8),
      clientProcess(service, path.join(folder, 'b'), '3/1,12/6', 8),
    ]);
    assert.deepEqual([a.read, b.read], [8, 8], 'every page read all the same: a refusal is a wait');
    assert.ok(
      a.refused + b.refused > 0 && service.stats().rateLimit.refused > 0,
      `refused ${a.refused} + ${b.refused}`,
    );
  });

  for (const retryAfter of [false, true]) {
    it(`waits out the refusals of a service tighter than its budget (another tool on the address), ${retryAfter ? 'with' : 'without'} Retry-After, and reads every page`, async () => {
      service.setRateLimit('2/1', retryAfter);
      const logger = new RecordingLogger();
      const budget = new RequestBudget({ windows: windows('6/1'), ledger: new MemoryLedger() });
      const client = clientFor(service, {
        budget,
        logger,
        retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 300_000 },
      });
      const refusedBefore = service.stats().rateLimit.refused;
      const pages = await Promise.all(
        Array.from({ length: 6 }, (_, index) => client.getMerchantPage({ limit: 1, next: index })),
      );
      await client.close();
      assert.equal(pages.length, 6);
      assert.ok(
        budget.counts.refused <= 6,
        `refusals of requests sent together hold once, not doubling each: ${budget.counts.refused}`,
      );
      const refused = service.stats().rateLimit.refused - refusedBefore;
      assert.ok(refused > 0, 'the service refused some');
      assert.equal(budget.counts.refused, refused, 'each refusal held the budget');
      assert.match(
        logger.text(),
        retryAfter
          ? /status 429; every request waits [\d.]+ s \(Retry-After\) before going again/
          : /status 429; every request waits [\d.]+ s before going again/,
      );
    });
  }
});
