import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import type { Merchant, MerchantPage } from '../../src/api/types';
import { readCatalogCache } from '../../src/catalog/cache/cacheReader';
import { writeCatalogCache } from '../../src/catalog/cache/cacheFileWriter';
import { JOURNAL_MAX_ENTRIES } from '../../src/catalog/cache/cacheFormat';
import { appendCacheJournal, readCacheJournal } from '../../src/catalog/cache/cacheJournal';
import { journalFileOf } from '../../src/catalog/cache/cacheFormat';
import { checkedLine } from '../../src/common/checkedLines';
import { CatalogStore, type MerchantSource } from '../../src/catalog/store/catalogStore';
import { generateMerchants } from '../../src/sandbox/merchantData';
import { Random } from '../../src/sandbox/random';
import { NOW } from './helpers/fixtures';
import { RecordingLogger } from './helpers/recordingLogger';
import { plainMerchant } from './helpers/merchants';

const PAGE = 100;
const MINUTE = 60_000;

function sampleMerchants(count: number, seed = 7): Merchant[] {
  return generateMerchants(new Random(seed), count, NOW.getTime() - 30 * 24 * 60 * MINUTE).map((raw) => {
    const result = normalizeMerchant(raw);
    assert.ok(result.ok);
    return result.value;
  });
}

/** A service in memory: a full walk sends everything, an incremental one what was updated since. */
class FakeService implements MerchantSource {
  constructor(readonly merchants: Merchant[]) {}

  async *walkMerchants(filters: { updatedAtFrom?: string }): AsyncIterable<MerchantPage> {
    const from = filters.updatedAtFrom === undefined ? undefined : Date.parse(filters.updatedAtFrom);
    const list =
      from === undefined
        ? this.merchants
        : this.merchants.filter((m) => m.updatedAt !== null && Date.parse(m.updatedAt) >= from);
    for (let start = 0; start < list.length; start += PAGE) {
      yield {
        merchants: list.slice(start, start + PAGE),
        next: start + PAGE < list.length ? start + PAGE : null,
        skipped: 0,
      };
    }
  }

  /** Changes `count` merchants from `first` on (every `step`th) and adds `added` new ones, all updated at `at`. */
  change(at: Date, first: number, count: number, step: number, added = 0): void {
    for (let i = 0; i < count; i++) {
      const index = (first + i * step) % this.merchants.length;
      const merchant = this.merchants[index]!;
      this.merchants[index] = { ...merchant, isActive: !merchant.isActive, updatedAt: at.toISOString() };
    }
    for (let i = 0; i < added; i++) {
      const [fresh] = sampleMerchants(1, this.merchants.length + i);
      this.merchants.push({ ...fresh!, merchantId: 900_000 + this.merchants.length, updatedAt: at.toISOString() });
    }
  }
}

describe('catalog cache journal', () => {
  let folder: string;
  let cacheFile: string;
  let journalFile: string;
  let clockAt: Date;
  let service: FakeService;
  let stores: CatalogStore[];

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-journal-'));
    cacheFile = path.join(folder, 'catalog.json');
    journalFile = journalFileOf(cacheFile);
    clockAt = NOW;
    service = new FakeService(sampleMerchants(1_000));
    stores = [];
  });
  afterEach(() => {
    stores.forEach((store) => store.dispose());
    fs.rmSync(folder, { recursive: true, force: true });
  });

  function open(): { store: CatalogStore; logger: RecordingLogger } {
    const logger = new RecordingLogger();
    const store = new CatalogStore({
      cacheFile,
      baseUrl: 'https://api.example.com',
      source: async () => service,
      logger,
      now: () => clockAt,
    });
    stores.push(store);
    return { store, logger };
  }

  /** Moves the clock on, changes the service, runs an incremental sync. */
  async function incremental(store: CatalogStore, first: number, count: number, added = 0) {
    clockAt = new Date(clockAt.getTime() + 10 * MINUTE);
    service.change(new Date(clockAt.getTime() - MINUTE), first, count, 7, added);
    const result = await store.sync();
    assert.equal(result.kind, 'incremental');
    return result;
  }

  async function assertReloadEquals(store: CatalogStore): Promise<RecordingLogger> {
    const fresh = open();
    assert.equal(await fresh.store.loadCache(), 'loaded');
    assert.deepEqual([...fresh.store.snapshot.merchants.keys()], [...store.snapshot.merchants.keys()], 'same order');
    assert.deepEqual(
      [...fresh.store.snapshot.merchants.values()].map(plainMerchant),
      [...store.snapshot.merchants.values()].map(plainMerchant),
    );
    assert.equal(fresh.store.snapshot.syncedAt, store.snapshot.syncedAt);
    return fresh.logger;
  }

  const journalLines = (): string[] => fs.readFileSync(journalFile, 'utf8').split('\n').slice(0, -1);

  it('appends incremental syncs to the journal, leaves the cache file alone, and reloads to the catalog in memory', async () => {
    const { store } = open();
    await store.sync();
    const base = fs.readFileSync(cacheFile);
    assert.ok(!fs.existsSync(journalFile));
    await incremental(store, 3, 20);
    await incremental(store, 5, 15, 4);
    const result = await incremental(store, 3, 10, 2);
    assert.equal(result.changed, 12);
    assert.equal(store.snapshot.merchants.size, 1_006);
    assert.deepEqual(fs.readFileSync(cacheFile), base, 'the cache file is not rewritten');
    const lines = journalLines();
    assert.equal(lines.length, 4, 'a header and one line per sync');
    assert.deepEqual(
      lines.slice(1).map((line) => JSON.parse(line).merchants.length),
      [20, 19, 12],
      'only the changed merchants',
    );
    assert.equal(JSON.parse(lines[3]!).syncedAt, store.snapshot.syncedAt);
    await assertReloadEquals(store);
  });

  it('keeps appending after a reload, and an incremental sync without changes still moves syncedAt', async () => {
    const first = open().store;
    await first.sync();
    await incremental(first, 1, 10);
    const { store } = open();
    await store.loadCache();
    await incremental(store, 2, 10, 1);
    clockAt = new Date(clockAt.getTime() + 10 * MINUTE);
    assert.equal((await store.sync()).changed, 0);
    assert.equal(journalLines().length, 4);
    await assertReloadEquals(store);
  });

  it('a full sync writes a new cache file and removes the journal', async () => {
    const { store } = open();
    await store.sync();
    await incremental(store, 1, 10);
    assert.ok(fs.existsSync(journalFile));
    clockAt = new Date(clockAt.getTime() + 10 * MINUTE);
    service.merchants.splice(10, 5);
    await store.sync({ full: true });
    assert.ok(!fs.existsSync(journalFile));
    const file = await readCatalogCache(cacheFile);
    assert.ok(file.kind === 'ok');
    assert.deepEqual(file.merchants.map(plainMerchant), service.merchants);
    await assertReloadEquals(store);
  });

  it('ignores a journal written for another cache file', async () => {
    const { store } = open();
    await store.sync();
    const synced = store.snapshot;
    await incremental(store, 1, 10);
    // The cache file is rewritten, but the journal is left (a crash before its removal).
    await writeCatalogCache(cacheFile, {
      baseUrl: 'https://api.example.com',
      syncedAt: synced.syncedAt!,
      savedAt: new Date(clockAt.getTime() + 1).toISOString(),
      merchants: [...synced.merchants.values()],
    });
    const fresh = open();
    assert.equal(await fresh.store.loadCache(), 'loaded');
    assert.deepEqual(
      [...fresh.store.snapshot.merchants.values()].map(plainMerchant),
      [...synced.merchants.values()].map(plainMerchant),
    );
    assert.equal(fresh.store.snapshot.syncedAt, synced.syncedAt);
    assert.match(
      fresh.logger.text(),
      /warn The merchant cache journal is ignored \(the journal extends the cache saved at/,
    );
    // The next incremental sync replaces the stale journal.
    await incremental(fresh.store, 4, 10);
    assert.equal(journalLines().length, 2);
    await assertReloadEquals(fresh.store);
  });

  it('ignores a torn last line, keeps the entries before it, and compacts on the next sync', async () => {
    const { store } = open();
    await store.sync();
    await incremental(store, 1, 10);
    const kept = store.snapshot;
    await incremental(store, 2, 10);
    const text = fs.readFileSync(journalFile, 'utf8');
    fs.writeFileSync(journalFile, text.slice(0, text.length - 40)); // cut mid-way through the last line
    const fresh = open();
    assert.equal(await fresh.store.loadCache(), 'loaded');
    assert.deepEqual(
      [...fresh.store.snapshot.merchants.values()].map(plainMerchant),
      [...kept.merchants.values()].map(plainMerchant),
    );
    assert.equal(fresh.store.snapshot.syncedAt, kept.syncedAt);
    assert.match(fresh.logger.text(), /warn The merchant cache journal ends early \(line 3 is cut short\)/);
    const base = fs.readFileSync(cacheFile);
    await incremental(fresh.store, 3, 5);
    assert.ok(!fs.existsSync(journalFile), 'a torn journal is not appended to');
    assert.notDeepEqual(fs.readFileSync(cacheFile), base);
    await assertReloadEquals(fresh.store);
  });

  describe('compaction', () => {
    const cases: Array<[string, { count: number; syncs: number; compactedAt: number }]> = [
      ['over 10% of the catalog', { count: 30, syncs: 4, compactedAt: 4 }], // 30, 60, 90, then 120 > 100
      ['exactly 10% stays in the journal', { count: 25, syncs: 4, compactedAt: 0 }],
      ['one sync over 10% at once', { count: 101, syncs: 1, compactedAt: 1 }],
      [
        `over ${JOURNAL_MAX_ENTRIES} entries`,
        { count: 1, syncs: JOURNAL_MAX_ENTRIES + 1, compactedAt: JOURNAL_MAX_ENTRIES + 1 },
      ],
    ];
    for (const [what, { count, syncs, compactedAt }] of cases) {
      it(`rewrites the cache file and drops the journal: ${what}`, async () => {
        const { store } = open();
        await store.sync();
        let base = fs.readFileSync(cacheFile);
        for (let sync = 1; sync <= syncs; sync++) {
          await incremental(store, sync * 3, count);
          const rewritten = !base.equals(fs.readFileSync(cacheFile));
          assert.equal(rewritten, sync === compactedAt, `sync ${sync}: cache file rewritten`);
          assert.equal(fs.existsSync(journalFile), sync !== compactedAt, `sync ${sync}: journal present`);
          base = fs.readFileSync(cacheFile);
        }
        await assertReloadEquals(store);
      });
    }
  });

  it('a journal that cannot be written is logged, does not fail the sync, and leaves a readable cache', async () => {
    const { store, logger } = open();
    await store.sync();
    const synced = store.snapshot;
    fs.mkdirSync(journalFile);
    const result = await incremental(store, 1, 10);
    assert.equal(result.changed, 10);
    assert.deepEqual(store.status, { state: 'idle' });
    assert.match(logger.text(), /warn Could not append to the merchant cache journal/);
    const fresh = open();
    assert.equal(await fresh.store.loadCache(), 'loaded');
    assert.deepEqual(
      [...fresh.store.snapshot.merchants.values()].map(plainMerchant),
      [...synced.merchants.values()].map(plainMerchant),
    );
    assert.equal(fresh.store.snapshot.syncedAt, synced.syncedAt);
    // The next sync saves the whole catalog instead.
    await incremental(store, 2, 10);
    await assertReloadEquals(store);
  });

  describe('readCacheJournal', () => {
    const base = { savedAt: '2026-11-21T11:00:05.000Z', syncedAt: '2026-11-21T11:00:00.000Z' };
    const merchants = sampleMerchants(3, 11);
    const entry = (minute: number, list = merchants): string =>
      checkedLine({ syncedAt: `2026-11-21T11:${String(minute).padStart(2, '0')}:00.000Z`, merchants: list });

    async function journal(...lines: string[]): Promise<string> {
      await appendCacheJournal(
        cacheFile,
        base,
        { syncedAt: '2026-11-21T11:01:00.000Z', merchants: merchants.slice(0, 1) },
        true,
      );
      fs.appendFileSync(journalFile, lines.join(''));
      return fs.readFileSync(journalFile, 'utf8');
    }

    it('reads back what was appended, header first', async () => {
      await journal();
      await appendCacheJournal(cacheFile, base, { syncedAt: '2026-11-21T11:02:00.000Z', merchants }, false);
      const read = await readCacheJournal(cacheFile, base);
      assert.ok(read.kind === 'ok');
      assert.equal(read.problem, undefined);
      assert.deepEqual(read.entries, [
        { syncedAt: '2026-11-21T11:01:00.000Z', merchants: merchants.slice(0, 1) },
        { syncedAt: '2026-11-21T11:02:00.000Z', merchants },
      ]);
    });

    const cases: Array<[string, () => Promise<unknown>, number, RegExp | undefined]> = [
      ['a torn last line', () => journal(entry(2), entry(3).slice(0, 30)), 2, /line 4 is cut short/],
      ['a last line without its newline', () => journal(entry(2).trimEnd()), 1, /line 3 is cut short/],
      [
        'a bad line in the middle: nothing after it',
        () => journal('{"syncedAt":"x"}\n', entry(3)),
        1,
        /line 3 is not a journal entry/,
      ],
      [
        'a merchant that cannot be read',
        () => journal(entry(2, [{ isActive: true } as never])),
        1,
        /line 3: merchant 0 cannot be read/,
      ],
      ['an empty line', () => journal('\n', entry(3)), 1, /line 3 is not a journal entry/],
    ];
    for (const [what, write, entries, problem] of cases) {
      it(`stops at ${what}`, async () => {
        await write();
        const read = await readCacheJournal(cacheFile, base);
        assert.ok(read.kind === 'ok');
        assert.equal(read.entries.length, entries);
        assert.match(read.problem ?? '', problem!);
      });
    }

    const stale: Array<[string, string]> = [
      [
        'another savedAt',
        JSON.stringify({
          format: 'affiliate-links.catalog-journal',
          version: 1,
          baseSavedAt: 'x',
          baseSyncedAt: base.syncedAt,
        }),
      ],
      [
        'another syncedAt',
        JSON.stringify({
          format: 'affiliate-links.catalog-journal',
          version: 1,
          baseSavedAt: base.savedAt,
          baseSyncedAt: 'y',
        }),
      ],
      [
        'another version',
        JSON.stringify({
          format: 'affiliate-links.catalog-journal',
          version: 2,
          baseSavedAt: base.savedAt,
          baseSyncedAt: base.syncedAt,
        }),
      ],
      ['no header', entry(1).trimEnd()],
      ['an empty file', ''],
    ];
    for (const [what, header] of stale) {
      it(`reads a journal with ${what} as stale`, async () => {
        fs.writeFileSync(journalFile, `${header}\n${entry(2)}`);
        assert.equal((await readCacheJournal(cacheFile, base)).kind, 'stale');
      });
    }

    it('reads a missing journal as missing', async () => {
      assert.deepEqual(await readCacheJournal(cacheFile, base), { kind: 'missing' });
    });
  });
});
