/**
 * A catalog walked once for every window: two window processes that start with no cache at the
 * same time send the catalog's pages once between them (the one that walks holds a lease beside
 * the cache file; the other waits for its file), and both show all of it.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { walkOnce } from '../../../src/catalog/store/sharedWalk';
import { takeLease } from '../../../src/common/readLeases';
import { ProcessWindow, SharedCache } from './windows';

const MERCHANTS = 1_200;

/** Resolves when `file` is there, told by the file system (a watch on its folder), not found by polling; until `signal` aborts. */
function fileAppears(file: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const watcher = fs.watch(path.dirname(file), { signal }, () => {
      if (fs.existsSync(file)) {
        watcher.close();
        resolve();
      }
    });
    if (fs.existsSync(file)) {
      watcher.close();
      resolve();
    }
  });
}

describe('a catalog walked once for every window', function () {
  this.timeout(120_000);
  let folder: string;
  let shared: SharedCache;

  beforeEach(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-walk-'));
    shared = await SharedCache.start(folder, MERCHANTS);
  });

  afterEach(async () => {
    await shared.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('sends the pages of one walk for two window processes starting together, and both show every merchant', async () => {
    // One walk alone, in this process: the pages a walk of this catalog takes.
    const before = shared.service.stats().byEndpoint.merchant;
    const alone = shared.open();
    await alone.store.sync({ full: true });
    const pagesOfOneWalk = shared.service.stats().byEndpoint.merchant - before;
    assert.ok(pagesOfOneWalk >= 3, `a walk of ${MERCHANTS} merchants takes pages (${pagesOfOneWalk})`);
    fs.rmSync(shared.cacheFile, { force: true });

    // Slow pages, and the second window starts the moment the first's lease appears: it starts
    // while the first walks, however slowly the machine runs the two processes.
    shared.service.setLatency(500);
    const windows = [new ProcessWindow(shared, 0), new ProcessWindow(shared, 7)];
    try {
      await Promise.all(windows.map((window) => window.ready()));
      const start = shared.service.stats().byEndpoint.merchant;
      const lease = `${shared.cacheFile}.reading`;
      const watching = new AbortController();
      const appeared = fileAppears(lease, watching.signal);
      const first = windows[0]!.syncShared();
      try {
        await Promise.race([
          appeared,
          first.then(() => assert.fail('the first window ended its walk before its lease appeared')),
        ]);
      } finally {
        watching.abort();
      }
      const results = await Promise.all([first, windows[1]!.syncShared()]);
      const pages = shared.service.stats().byEndpoint.merchant - start;
      assert.deepEqual(results.map((result) => result.shared).sort(), ['followed', 'walked']);
      assert.deepEqual(
        results.map((result) => result.merchants),
        [MERCHANTS, MERCHANTS],
        'both windows show the catalog',
      );
      assert.equal(pages, pagesOfOneWalk, 'the pages of one walk, not two');
      assert.equal(fs.existsSync(`${shared.cacheFile}.reading`), false, 'the lease is gone once the walk ended');
    } finally {
      await Promise.all(windows.map((window) => window.close()));
    }
  });

  it('writes its lease whole: a window that reads it the moment it appears finds the window that holds it', async () => {
    // A lease file seen empty or half written counts for nothing, and the window that read it
    // walks too: two windows starting together then both walk (the test above, under load).
    const seen: string[] = [];
    for (let round = 0; round < 20; round++) {
      const leaseFile = path.join(folder, `round-${round}.reading`);
      const read = new Promise<void>((resolve) => {
        const watcher = fs.watch(folder, (_event, name) => {
          if (name === path.basename(leaseFile) && fs.existsSync(leaseFile)) {
            watcher.close();
            seen.push(fs.readFileSync(leaseFile, 'utf8'));
            resolve();
          }
        });
      });
      const lease = await takeLease(leaseFile);
      await read;
      assert.ok('release' in lease);
      await lease.release();
    }
    const holders = seen.map((text) => {
      try {
        return (JSON.parse(text) as { pid?: number }).pid;
      } catch {
        return JSON.stringify(text);
      }
    });
    assert.deepEqual(holders, Array(20).fill(process.pid), 'the lease as first seen names its holder every time');
    assert.deepEqual(
      fs.readdirSync(folder).filter((name) => name.includes('.reading')),
      [],
      'no lease or temporary file left',
    );
  });

  it('walks after all when the window it waited for saved nothing, and never waits for an ended process', async () => {
    const leaseFile = path.join(folder, 'nested', 'catalog.reading');
    let walks = 0;
    const walk = async (): Promise<string> => {
      walks++;
      return 'mine';
    };
    // No holder: walks at once, the folder made for the lease.
    assert.deepEqual(await walkOnce(walk, { leaseFile, followDisk: async () => false }), {
      kind: 'walked',
      result: 'mine',
    });
    // A lease left by a process that ended counts for nothing.
    fs.writeFileSync(leaseFile, JSON.stringify({ pid: 2 ** 22 + 12_345, at: Date.now() }));
    const waits: number[] = [];
    const result = await walkOnce(walk, {
      leaseFile,
      followDisk: async () => false,
      onWait: (pid) => waits.push(pid),
    });
    assert.equal(result.kind, 'walked');
    assert.deepEqual(waits, [], 'no wait for an ended process');
    assert.equal(walks, 2);
    assert.equal(fs.existsSync(leaseFile), false);
  });

  it('stops waiting when the window closes the catalog, without walking', async () => {
    const leaseFile = path.join(folder, 'catalog.reading');
    // A live process of another window: the test's parent (alive as long as this test runs).
    fs.writeFileSync(leaseFile, JSON.stringify({ pid: process.ppid, at: Date.now() }));
    const closed = new AbortController();
    let ended = false;
    const waiting = walkOnce(async () => 'walked anyway', {
      leaseFile,
      followDisk: async () => false,
      signal: closed.signal,
      pollMs: 10,
      onWait: (pid, end) => {
        assert.equal(pid, process.ppid);
        void end.then(() => (ended = true));
      },
    });
    setTimeout(() => closed.abort(), 100);
    assert.deepEqual(await waiting, { kind: 'stopped' });
    await Promise.resolve();
    assert.equal(ended, true, 'the wait is told it ended');
  });
});
