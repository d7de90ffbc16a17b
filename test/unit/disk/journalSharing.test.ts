/**
 * The journal when windows share the cache: the regressions of the bugs the two-window rounds
 * of `sharedCache.test.ts` found (issue 16, section 3), each made to happen on purpose.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { journalFileOf } from '../../../src/catalog/cache/cacheFormat';
import { appendCacheJournal, readCacheJournal } from '../../../src/catalog/cache/cacheJournal';
import { readCacheHeader } from '../../../src/catalog/cache/cacheReader';
import { normalizeMerchant } from '../../../src/api/normalize/merchant';
import type { Merchant } from '../../../src/api/types';
import { generateMerchants } from '../../../src/sandbox/merchantData';
import { Random } from '../../../src/sandbox/random';
import { plainMerchant } from '../helpers/merchants';
import { SharedCache } from './windows';

function sampleMerchants(count: number, seed: number): Merchant[] {
  return generateMerchants(new Random(seed), count, Date.parse('2026-11-01T00:00:00Z')).map((raw) => {
    const result = normalizeMerchant(raw);
    assert.ok(result.ok);
    return result.value;
  });
}

describe('the journal shared by windows', function () {
  this.timeout(30_000);
  let folder: string;

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-sharing-'));
  });
  afterEach(() => {
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('regression: lines that windows append at once never mix, however long (each over 512 KiB, which writeFile wrote in chunks)', async () => {
    const cacheFile = path.join(folder, 'catalog.json');
    const base = { savedAt: '2026-11-21T11:00:05.000Z', syncedAt: '2026-11-21T11:00:00.000Z' };
    await appendCacheJournal(cacheFile, base, { syncedAt: '2026-11-21T11:10:00.000Z', merchants: [] }, 'create');
    const entries = [1, 2, 3].map((window) => ({
      syncedAt: `2026-11-21T11:2${window}:00.000Z`,
      merchants: sampleMerchants(700, window),
    }));
    await Promise.all(entries.map((entry) => appendCacheJournal(cacheFile, base, entry, 'append')));
    assert.ok(fs.statSync(journalFileOf(cacheFile)).size > 3 * 512 * 1024);
    const read = await readCacheJournal(cacheFile, base);
    assert.ok(read.kind === 'ok');
    assert.equal(read.problem, undefined, 'every line reads');
    const bySync = new Map(read.entries.map((entry) => [entry.syncedAt, entry.merchants.map(plainMerchant)]));
    for (const entry of entries) {
      assert.deepEqual(bySync.get(entry.syncedAt), entry.merchants.map(plainMerchant));
    }
  });

  describe('against the sandbox', () => {
    let shared: SharedCache;
    beforeEach(async () => {
      shared = await SharedCache.start(folder);
    });
    afterEach(async () => shared.close());

    it('regression: a window whose cache file another window replaced rewrites it rather than starting a journal nobody reads', async () => {
      const a = shared.open();
      const b = shared.open();
      await a.store.sync();
      await b.store.sync(); // B's file replaces A's: A's journal would name a file no longer there
      shared.advance(10, 3, 5);
      await a.store.sync();
      const disk = await shared.onDisk();
      assert.deepEqual(disk.merchants, shared.truth());
      assert.doesNotMatch(disk.log, /journal is ignored/);
      assert.match(
        a.logger.text(),
        /debug The merchant cache file is rewritten rather than its journal extended: another window saved the cache file at /,
      );
    });

    it('regression: a window adds to the journal another window started, never replacing it', async () => {
      const a = shared.open();
      await a.store.sync();
      const b = shared.open();
      assert.equal(await b.store.loadCache(), 'loaded');
      shared.advance(10, 3, 5);
      await b.store.sync(); // starts the journal
      shared.advance(10, 4, 5);
      await a.store.sync(); // A has no journal entry yet; it used to start the journal afresh
      const lines = fs.readFileSync(journalFileOf(shared.cacheFile), 'utf8').split('\n').slice(0, -1);
      assert.equal(lines.length, 3, 'the header, B’s entry and A’s');
      assert.deepEqual((await shared.onDisk()).merchants, shared.truth());
    });

    it('regression: a window whose journal entry another window dropped rewrites the cache file rather than append after it', async () => {
      const a = shared.open();
      await a.store.sync();
      shared.advance(10, 3, 5);
      await a.store.sync(); // its entry: these 5 merchants
      // Another window started the journal afresh at the same moment (two windows replacing a
      // stale journal at once): A's entry is gone.
      const base = (await readCacheHeader(shared.cacheFile))!;
      await appendCacheJournal(
        shared.cacheFile,
        base,
        { syncedAt: shared.now.toISOString(), merchants: [] },
        'replace',
      );
      shared.advance(10, 4, 5);
      await a.store.sync(); // appended after the other's entry, it would move syncedAt past changes no longer there
      assert.match(
        a.logger.text(),
        /rewritten rather than its journal extended: an entry of this catalog is no longer in the journal/,
      );
      assert.deepEqual((await shared.onDisk()).merchants, shared.truth());
    });
  });
});
