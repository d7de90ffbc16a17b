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
import { ProcessWindow, SharedCache } from './windows';

const MERCHANTS = 1_200;

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

    // Slow pages, and the second window starts once the first holds the lease: it starts while
    // the first walks, however slowly the machine runs the two processes.
    shared.service.setLatency(500);
    const windows = [new ProcessWindow(shared, 0), new ProcessWindow(shared, 7)];
    try {
      await Promise.all(windows.map((window) => window.ready()));
      const start = shared.service.stats().byEndpoint.merchant;
      const first = windows[0]!.syncShared();
      const lease = `${shared.cacheFile}.reading`;
      const deadline = Date.now() + 30_000;
      while (!fs.existsSync(lease) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      assert.ok(fs.existsSync(lease), 'the first window holds the lease while it walks');
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
