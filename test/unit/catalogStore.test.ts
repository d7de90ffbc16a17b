import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ApiError, NetworkError, ServiceError } from '../../src/api/errors';
import type { AffiliateServiceClient } from '../../src/api/client';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import type { Merchant } from '../../src/api/types';
import { cacheFileName } from '../../src/catalog/cache/cacheFormat';
import { readCatalogCache } from '../../src/catalog/cache/cacheReader';
import { CachedMerchant } from '../../src/catalog/cache/cachedMerchant';
import { pagesParsed } from '../../src/catalog/cache/testing';
import type { CatalogChange, SyncStatus } from '../../src/catalog/model/catalogTypes';
import { CatalogStore, type CatalogStoreOptions } from '../../src/catalog/store/catalogStore';
import { merchantKey } from '../../src/merchant/merchantKey';
import type { Sandbox } from '../../src/sandbox/server';
import { NOW, clientFor, rejectionOf, sandbox } from './helpers/fixtures';
import { RecordingLogger } from './helpers/recordingLogger';
import { plainMerchant } from './helpers/merchants';

const MARGIN_MS = 5 * 60_000;
/** Pages of the sandbox's 1,200 merchants, 500 a page. */
const PAGES = 3;

function normalized(service: Sandbox): Merchant[] {
  return service.dataset.merchants.map((raw) => {
    const result = normalizeMerchant(raw);
    assert.ok(result.ok);
    return result.value;
  });
}

function isAborted(error: Error): boolean {
  return error instanceof ServiceError && error.kind === 'aborted';
}

describe('CatalogStore against the sandbox', function () {
  this.timeout(10_000);
  let service: Sandbox;
  let folder: string;
  let clients: AffiliateServiceClient[];
  let stores: CatalogStore[];
  /** The store's clock; the sandbox keeps its own fixed NOW. */
  let clockAt: Date;

  beforeEach(async () => {
    service = await sandbox({ merchants: 1_200, clicks: 10, actions: 10 });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-store-'));
    clients = [];
    stores = [];
    clockAt = NOW;
  });
  afterEach(async () => {
    stores.forEach((store) => store.dispose());
    await Promise.all(clients.map((client) => client.close()));
    await service.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const cacheFile = (): string => path.join(folder, cacheFileName(service.url, service.key));

  function open(options: Partial<CatalogStoreOptions> = {}) {
    const client = clientFor(service);
    clients.push(client);
    const logger = new RecordingLogger();
    const store = new CatalogStore({
      cacheFile: cacheFile(),
      baseUrl: service.url,
      source: async () => client,
      logger,
      now: () => clockAt,
      ...options,
    });
    stores.push(store);
    const changes: CatalogChange[] = [];
    const statuses: SyncStatus[] = [];
    store.onDidChange((change) => changes.push(change));
    store.onDidChangeStatus((status) => statuses.push(status));
    return { store, logger, changes, statuses };
  }

  const requests = (): number => service.stats().total;

  it('runs a full walk first, equal to the sandbox catalog, inactive merchants included', async () => {
    const { store, changes, statuses } = open();
    const loaded: number[] = [];
    const result = await store.sync({
      onProgress: (count) => {
        loaded.push(count);
        clockAt = new Date(clockAt.getTime() + 60_000); // time passes while the walk goes on
      },
    });
    assert.deepEqual(result, { kind: 'full', received: 1_200, changed: 1_200, total: 1_200 });
    const expected = normalized(service);
    const held = [...store.snapshot.merchants.values()];
    assert.ok(
      held.every((m) => m instanceof CachedMerchant),
      'held as a loaded cache holds them: summaries over the pages',
    );
    assert.equal(pagesParsed(held), 0, 'no page read again yet');
    assert.deepEqual(held.map(plainMerchant), expected);
    assert.equal(pagesParsed(held), PAGES, 'each page read again once for the details');
    assert.deepEqual([...store.snapshot.merchants.keys()], expected.map(merchantKey));
    assert.ok(
      expected.slice(500, 1_000).every((m) => !m.isActive),
      'storage indexes 500-999 are inactive',
    );
    assert.equal(store.snapshot.syncedAt, NOW.toISOString(), 'the time the sync started');
    assert.equal(store.snapshot.source, 'network');
    assert.equal(requests(), PAGES);
    assert.deepEqual(changes, [{ keys: 'all' }]);
    assert.deepEqual(loaded, [500, 1_000, 1_200]);
    assert.deepEqual(statuses, [
      { state: 'syncing', full: true, loaded: 0 },
      { state: 'syncing', full: true, loaded: 500 },
      { state: 'syncing', full: true, loaded: 1_000 },
      { state: 'syncing', full: true, loaded: 1_200 },
      { state: 'idle' },
    ]);
    assert.deepEqual(store.status, { state: 'idle' });
  });

  it('writes the cache, which a fresh store shows without any request', async () => {
    const first = open();
    await first.store.sync();
    const file = await readCatalogCache(cacheFile());
    assert.equal(file.kind, 'ok');
    assert.equal(file.merchants.length, 1_200);
    assert.equal(file.syncedAt, NOW.toISOString());
    assert.ok(!fs.readFileSync(cacheFile(), 'utf8').includes(service.key));
    const before = service.stats();

    const second = open();
    assert.equal(await second.store.loadCache(), 'loaded');
    assert.deepEqual(service.stats(), before);
    assert.deepEqual([...second.store.snapshot.merchants.keys()], [...first.store.snapshot.merchants.keys()]);
    assert.deepEqual(
      [...second.store.snapshot.merchants.values()].map(plainMerchant),
      [...first.store.snapshot.merchants.values()].map(plainMerchant),
    );
    assert.equal(second.store.snapshot.syncedAt, NOW.toISOString());
    assert.equal(second.store.snapshot.source, 'cache');
    assert.deepEqual(second.changes, [{ keys: 'all' }]);
    assert.equal(second.statuses.length, 0);
  });

  it('reports a missing cache as missing and shows nothing', async () => {
    const { store, changes } = open();
    assert.equal(await store.loadCache(), 'missing');
    assert.equal(store.snapshot.merchants.size, 0);
    assert.equal(store.snapshot.source, 'empty');
    assert.equal(changes.length, 0);
  });

  it('syncs incrementally from syncedAt minus the margin and changes exactly the touched merchants', async () => {
    const updates = service.dataset.merchants.map((m) => Date.parse(m.updatedAt)).sort((a, b) => b - a);
    // The first sync "starts" a minute after the 11th latest update: that merchant comes again only thanks to the margin.
    const pivot = updates[10]!;
    clockAt = new Date(pivot + 60_000);
    const { store, changes } = open();
    await store.sync();
    const before = store.snapshot;
    changes.length = 0;

    const touched = [3, 42, 777, 1_150];
    touched.forEach((index) => service.touchMerchant(index));
    const from = pivot + 60_000 - MARGIN_MS;
    const inWindow = service.dataset.merchants.filter((m) => Date.parse(m.updatedAt) >= from);
    assert.ok(inWindow.length > touched.length + 10 && inWindow.length < 100, `${inWindow.length} in the window`);
    const requestsBefore = requests();
    clockAt = new Date(NOW.getTime() + 1_000);

    const result = await store.sync();
    assert.deepEqual(result, { kind: 'incremental', received: inWindow.length, changed: touched.length, total: 1_200 });
    assert.equal(requests() - requestsBefore, PAGES);
    const touchedKeys = touched.map((index) => merchantKey(normalized(service)[index]!));
    assert.equal(changes.length, 1);
    assert.notEqual(changes[0]!.keys, 'all');
    assert.deepEqual([...(changes[0]!.keys as ReadonlySet<string>)].sort(), [...touchedKeys].sort());
    assert.deepEqual([...store.snapshot.merchants.keys()], [...before.merchants.keys()], 'order kept');
    for (const [key, merchant] of store.snapshot.merchants) {
      if (touchedKeys.includes(key)) {
        assert.equal(merchant.updatedAt, NOW.toISOString());
      } else {
        assert.equal(merchant, before.merchants.get(key), `${key} kept as it was`);
      }
    }
    assert.deepEqual([...store.snapshot.merchants.values()].map(plainMerchant), normalized(service));
    assert.equal(store.snapshot.syncedAt, clockAt.toISOString());
    assert.notEqual(
      before.merchants.get(touchedKeys[0]!)?.updatedAt,
      NOW.toISOString(),
      'the old snapshot is untouched',
    );
    const reloaded = open().store;
    assert.equal(await reloaded.loadCache(), 'loaded');
    assert.equal(reloaded.snapshot.syncedAt, clockAt.toISOString());
    assert.deepEqual([...reloaded.snapshot.merchants.values()].map(plainMerchant), normalized(service));
  });

  it('keeps a merchant whose id is null through merges, once', async () => {
    const nullIndex = service.dataset.merchants.findIndex((m) => m.merchantId === null);
    assert.ok(nullIndex >= 0, 'the sandbox has a merchant without id');
    const { store } = open();
    await store.sync();
    service.touchMerchant(nullIndex);
    clockAt = new Date(NOW.getTime() + 1_000);
    const result = await store.sync();
    assert.equal(result.kind, 'incremental');
    assert.equal(result.changed, 1);
    assert.equal(store.snapshot.merchants.size, 1_200);
    const key = merchantKey(normalized(service)[nullIndex]!);
    assert.match(key, /^fallback:/);
    assert.equal(store.snapshot.merchants.get(key)?.updatedAt, NOW.toISOString());
    assert.equal([...store.snapshot.merchants.keys()].indexOf(key), nullIndex);
  });

  describe('failures leave catalog and file untouched', () => {
    async function syncedStore() {
      const opened = open();
      await opened.store.sync();
      opened.changes.length = 0;
      opened.statuses.length = 0;
      return { ...opened, snapshot: opened.store.snapshot, file: fs.readFileSync(cacheFile()) };
    }

    it('an HTTP error on every request: status failed, error rethrown', async () => {
      const { store, snapshot, file, changes } = await syncedStore();
      service.setFaults('500');
      const error = await rejectionOf(store.sync({ full: true }));
      assert.ok(error instanceof ApiError && error.status === 500);
      assert.deepEqual(store.status, { state: 'failed', error });
      assert.equal(store.snapshot, snapshot);
      assert.deepEqual(fs.readFileSync(cacheFile()), file);
      assert.equal(changes.length, 0);
    });

    it('a walk that fails after its first page', async () => {
      const { store, snapshot, file, changes } = await syncedStore();
      service.touchMerchant(0);
      service.setFaults('500:on=2-50');
      const error = await rejectionOf(store.sync({ full: true }));
      assert.ok(error instanceof ApiError);
      assert.equal(store.snapshot, snapshot);
      assert.notEqual(store.snapshot.merchants.get(merchantKey(normalized(service)[0]!))?.updatedAt, NOW.toISOString());
      assert.deepEqual(fs.readFileSync(cacheFile()), file);
      assert.equal(changes.length, 0);
    });

    it('connections reset: status offline since the last sync', async () => {
      const { store, snapshot, file } = await syncedStore();
      service.setFaults('reset');
      const error = await rejectionOf(store.sync());
      assert.ok(error instanceof NetworkError, error.constructor.name);
      assert.deepEqual(store.status, { state: 'offline', since: NOW.toISOString(), error });
      assert.equal(store.snapshot, snapshot);
      assert.deepEqual(fs.readFileSync(cacheFile()), file);
    });

    it('offline before any sync: nothing shown, no file, since the failed attempt', async () => {
      const { store } = open();
      service.setFaults('reset');
      clockAt = new Date(NOW.getTime() + 7_000);
      await rejectionOf(store.sync());
      assert.equal(store.status.state, 'offline');
      assert.equal(store.status.state === 'offline' && store.status.since, clockAt.toISOString());
      assert.equal(store.snapshot.merchants.size, 0);
      assert.equal(store.snapshot.syncedAt, null);
      assert.ok(!fs.existsSync(cacheFile()));
    });

    it('a sync cancelled after its first page: back to the previous status, abort error rethrown', async () => {
      const { store, snapshot, file, changes, statuses } = await syncedStore();
      service.setFaults('500:on=1-3');
      const failure = await rejectionOf(store.sync());
      assert.equal(store.status.state, 'failed');
      service.setFaults('');
      service.touchMerchant(1);
      service.setLatency(100);
      const controller = new AbortController();
      const loaded: number[] = [];
      const started = requests();
      const error = await rejectionOf(
        store.sync({
          full: true,
          signal: controller.signal,
          onProgress: (count) => (loaded.push(count), controller.abort()),
        }),
      );
      assert.ok(isAborted(error), `${error.name}: ${error.message}`);
      assert.deepEqual(loaded, [500]);
      assert.ok(requests() - started < PAGES, 'the walk stopped');
      assert.deepEqual(store.status, { state: 'failed', error: failure });
      assert.deepEqual(statuses.at(-1), { state: 'failed', error: failure });
      assert.equal(store.snapshot, snapshot);
      assert.deepEqual(fs.readFileSync(cacheFile()), file);
      assert.equal(changes.length, 0);
    });

    it('a sync cancelled once its last page is in changes nothing', async () => {
      const { store, snapshot, file, changes } = await syncedStore();
      service.touchMerchant(2);
      const controller = new AbortController();
      const error = await rejectionOf(
        store.sync({
          full: true,
          signal: controller.signal,
          onProgress: (count) => count === 1_200 && controller.abort(),
        }),
      );
      assert.ok(isAborted(error));
      assert.equal(store.snapshot, snapshot);
      assert.deepEqual(fs.readFileSync(cacheFile()), file);
      assert.equal(changes.length, 0);
    });

    it('a first sync cancelled: nothing shown, no file, idle again', async () => {
      const { store, statuses } = open();
      const controller = new AbortController();
      const error = await rejectionOf(store.sync({ signal: controller.signal, onProgress: () => controller.abort() }));
      assert.ok(isAborted(error));
      assert.equal(store.snapshot.merchants.size, 0);
      assert.ok(!fs.existsSync(cacheFile()));
      assert.deepEqual(statuses.at(-1), { state: 'idle' });
    });

    it('a cache that cannot be written is logged and does not fail the sync', async () => {
      const blocker = path.join(folder, 'a-file');
      fs.writeFileSync(blocker, 'not a folder');
      const { store, logger } = open({ cacheFile: path.join(blocker, 'catalog.json') });
      const result = await store.sync();
      assert.equal(result.total, 1_200);
      assert.equal(store.snapshot.merchants.size, 1_200);
      assert.deepEqual(store.status, { state: 'idle' });
      assert.match(logger.text(), /warn Could not save the merchant cache/);
    });
  });

  describe('unusable caches', () => {
    it('reports an unreadable cache with the reason, and a full walk replaces it', async () => {
      fs.writeFileSync(cacheFile(), '{"format":"affiliate-links.catalog","version":1,"merch');
      const { store, logger, changes } = open();
      assert.equal(await store.loadCache(), 'unreadable');
      assert.match(
        logger.text(),
        /warn The cached merchant catalog cannot be used \(the file is cut short in the header/,
      );
      assert.equal(store.snapshot.merchants.size, 0);
      assert.equal(changes.length, 0);
      const result = await store.sync();
      assert.equal(result.kind, 'full');
      const file = await readCatalogCache(cacheFile());
      assert.equal(file.kind === 'ok' && file.merchants.length, 1_200);
    });

    it('does not show a cache written for another base URL', async () => {
      const first = open({ baseUrl: 'https://elsewhere.example' });
      await first.store.sync();
      const second = open();
      assert.equal(await second.store.loadCache(), 'unreadable');
      assert.match(second.logger.text(), /written for https:\/\/elsewhere\.example/);
      assert.equal(second.store.snapshot.merchants.size, 0);
    });
  });

  describe('concurrent syncs', () => {
    it('a second call while one runs gets the running one’s result', async () => {
      const { store } = open();
      const progress: number[] = [];
      const first = store.sync();
      const second = store.sync({ onProgress: (count) => progress.push(count) });
      const [a, b] = await Promise.all([first, second]);
      assert.equal(a, b);
      assert.equal(requests(), PAGES);
      assert.deepEqual(progress, [500, 1_000, 1_200]);
    });

    it('a full request during an incremental sync runs after it', async () => {
      const { store } = open();
      await store.sync();
      const incremental = store.sync();
      const full = store.sync({ full: true });
      const alsoFull = store.sync({ full: true });
      const order: string[] = [];
      const results = await Promise.all([
        incremental.then((r) => (order.push('incremental'), r)),
        full.then((r) => (order.push('full'), r)),
        alsoFull,
      ]);
      assert.deepEqual(order, ['incremental', 'full']);
      assert.deepEqual(
        results.map((r) => r.kind),
        ['incremental', 'full', 'full'],
      );
      assert.equal(results[1], results[2]);
      assert.equal(requests(), 3 * PAGES);
    });

    it('a joined call’s own signal stops only its waiting', async () => {
      const { store } = open();
      service.setLatency(30);
      const running = store.sync();
      const controller = new AbortController();
      const joined = store.sync({ signal: controller.signal });
      controller.abort();
      assert.ok(isAborted(await rejectionOf(joined)));
      assert.equal((await running).total, 1_200);
    });
  });

  it('clear() empties the catalog, fires all, leaves the file, and the next sync is full', async () => {
    const { store, changes } = open();
    await store.sync();
    const file = fs.readFileSync(cacheFile());
    changes.length = 0;
    store.clear();
    assert.equal(store.snapshot.merchants.size, 0);
    assert.equal(store.snapshot.syncedAt, null);
    assert.deepEqual(changes, [{ keys: 'all' }]);
    assert.deepEqual(fs.readFileSync(cacheFile()), file);
    assert.equal((await store.sync()).kind, 'full');
  });

  it('clear() cancels a running sync, which then changes nothing', async () => {
    const { store } = open();
    await store.sync();
    service.setLatency(50);
    const running = store.sync();
    store.clear();
    assert.ok(isAborted(await rejectionOf(running)));
    assert.equal(store.snapshot.merchants.size, 0);
    assert.equal(store.snapshot.syncedAt, null);
  });

  it('a cache read that finishes after clear() is not shown', async () => {
    await open().store.sync();
    const { store, changes } = open();
    const loading = store.loadCache();
    store.clear();
    assert.equal(await loading, 'loaded');
    assert.equal(store.snapshot.merchants.size, 0);
    assert.deepEqual(changes, [{ keys: 'all' }]);
  });

  it('dispose() cancels a running sync and refuses new ones', async () => {
    const { store } = open();
    service.setLatency(50);
    const running = store.sync();
    store.dispose();
    assert.ok(isAborted(await rejectionOf(running)));
    assert.ok(isAborted(await rejectionOf(store.sync())));
    assert.equal(store.snapshot.merchants.size, 0);
  });

  it('a listener that throws is logged and does not stop the others', async () => {
    const { store, logger, changes } = open();
    const subscription = store.onDidChange(() => {
      throw new Error('listener broke');
    });
    const later: CatalogChange[] = [];
    store.onDidChange((change) => later.push(change));
    await store.sync();
    assert.equal(changes.length, 1);
    assert.equal(later.length, 1);
    assert.match(logger.text(), /error A catalog listener failed: listener broke/);
    subscription.dispose();
    store.clear();
    assert.equal(later.length, 2);
    assert.equal(logger.text().match(/listener broke/g)?.length, 1);
  });
});
