/**
 * The catalog figures: full and incremental syncs end to end, building the tree, loading the
 * cache at activation, and the heap a 20,000-merchant catalog holds. The catalog model is
 * measured as it ships: bundled and minified by esbuild, like dist/extension.js.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AffiliateServiceClient } from '../../src/api/client';
import { DEFAULT_SANDBOX_KEY } from '../../src/sandbox/sandboxOptions';
import { loadShipped } from './shippedBundle';
import { bareCatalogWalk } from './bareWalk';
import { emit, median, round2, settle, timed } from './figures';

type ShippedCatalog = typeof import('./shippedCatalog');
type ClientClass = typeof AffiliateServiceClient;

const ROUNDS = 5;
/** The full sync is the noisiest figure: more rounds. */
const FULL_SYNC_ROUNDS = 9;
const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

async function touch(url: string, indexes: number[]): Promise<void> {
  for (const index of indexes) {
    const response = await fetch(`${url}/__sandbox/merchants/touch?index=${index}`, { method: 'POST' });
    if (!response.ok) {
      throw new Error(`touching merchant ${index} failed: ${response.status}`);
    }
  }
}

/** The JS heap and the buffers outside it (the cache's page bytes live there), after full collections. */
function memoryUsed(): { heap: number; buffers: number } {
  settle();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, buffers: usage.arrayBuffers };
}

const MB = (bytes: number): number => round2(bytes / 1024 / 1024);

export async function benchCatalog(root: string, url: string, Client: ClientClass, catalogSize: number): Promise<void> {
  const catalog = await loadShipped<ShippedCatalog>(root, path.join(__dirname, 'shippedCatalog.ts'), 'catalog');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-bench-'));
  const cacheFile = path.join(dir, 'catalog.json');
  const plainFile = path.join(dir, 'catalog-as-one-document.json');
  const client = new Client({ baseUrl: url, apiKey: DEFAULT_SANDBOX_KEY, environment: {} });
  const newStore = () =>
    new catalog.CatalogStore({ cacheFile, baseUrl: url, logger: SILENT, source: async () => client });
  try {
    /** The incremental syncs and the tree, on a store that is gone once this returns. */
    const measureIncrementalAndTree = async (full: number): Promise<void> => {
      // Incremental sync with 1% of the catalog changed, against the full sync.
      const store = newStore();
      try {
        await store.sync({ full: true });
        const changed = Array.from({ length: catalogSize / 100 }, (_, i) => i * 100 + 7);
        const incrementalRuns: number[] = [];
        const floorRuns: number[] = [];
        let received = 0;
        let floorWalk = { merchants: 0, requests: 0 };
        for (let round = 0; round < ROUNDS; round++) {
          await touch(url, changed);
          // The floor: the same requests (same updatedAtFrom) with a bare client, nothing kept.
          const from = new Date(Date.parse(store.snapshot.syncedAt!) - catalog.DEFAULT_SAFETY_MARGIN_MS).toISOString();
          settle();
          const floor = await timed(() => bareCatalogWalk(url, from));
          floorWalk = floor.value;
          floorRuns.push(floor.ms);
          settle();
          const run = await timed(() => store.sync());
          received = run.value.received;
          incrementalRuns.push(run.ms);
        }
        const incremental = median(incrementalRuns);
        const floor = median(floorRuns);
        emit({
          name: `incremental sync, 1% (${changed.length}) of ${catalogSize} merchants changed, vs full sync`,
          value: round2(incremental),
          unit: 'ms',
          baseline: round2(full),
          ratio: round2(full / incremental),
          target: 'ratio (speed-up) >= 20',
          note: `${received} merchants received per incremental sync, in ${floorWalk.requests} requests`,
        });
        emit({
          name: `the most an incremental sync could gain: full sync vs a bare undici walk of the same ${floorWalk.requests} requests (${floorWalk.merchants} merchants, nothing kept)`,
          value: round2(floor),
          unit: 'ms',
          baseline: round2(full),
          ratio: round2(full / floor),
          note: `the incremental sync takes ${round2(incremental / floor)}x this floor; the service filters each page of 500 after paging (spec 4.1 rule 3), so every sync makes every request`,
        });

        // The tree's top two levels.
        const merchants = store.snapshot.merchants;
        const treeRuns: number[] = [];
        for (let round = 0; round < 20; round++) {
          const started = performance.now();
          const model = new catalog.CatalogTreeModel(merchants, { sort: 'name', filter: '', deeplinkOnly: false });
          for (const group of model.roots()) {
            model.children(group);
          }
          treeRuns.push(performance.now() - started);
        }
        emit({
          name: `tree top two levels for ${catalogSize} merchants`,
          value: round2(median(treeRuns)),
          unit: 'ms',
          target: '< 20 ms',
        });
        // The floor of the cache load below: the same merchants as one JSON document (the format of version 1).
        fs.writeFileSync(plainFile, JSON.stringify({ merchants: [...merchants.values()].map(catalog.toStored) }));
      } finally {
        store.dispose();
      }
    };

    // Full sync: walk + merge + atomic cache write, against the bare walk, the two alternated.
    const fullRuns: number[] = [];
    const bareRuns: number[] = [];
    for (let round = 0; round < FULL_SYNC_ROUNDS; round++) {
      settle();
      bareRuns.push((await timed(() => bareCatalogWalk(url))).ms);
      const store = newStore();
      settle();
      const run = await timed(() => store.sync({ full: true }));
      if (run.value.total !== catalogSize) {
        throw new Error(`full sync held ${run.value.total} merchants, expected ${catalogSize}`);
      }
      fullRuns.push(run.ms);
      store.dispose();
    }
    const full = median(fullRuns);
    const bare = median(bareRuns);
    emit({
      name: `full sync of ${catalogSize} merchants end to end (client + merge + cache write) vs bare undici walk`,
      value: round2(full),
      unit: 'ms',
      baseline: round2(bare),
      ratio: round2(full / bare),
      target: 'ratio <= 1.15',
      note: `${FULL_SYNC_ROUNDS} rounds, alternated; ratio per round from ${round2(Math.min(...fullRuns.map((ms, i) => ms / bareRuns[i]!)))} to ${round2(Math.max(...fullRuns.map((ms, i) => ms / bareRuns[i]!)))}`,
    });

    await measureIncrementalAndTree(full);

    // Cache load at activation, with no catalog in memory (the store above is gone), against the
    // floor: the same merchants as one JSON document (the format of version 1), read and parsed.
    const cacheRuns: number[] = [];
    const floorRuns: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      settle();
      floorRuns.push((await timed(async () => JSON.parse(await fs.promises.readFile(plainFile, 'utf8')))).ms);
      settle();
      const read = await timed(() => catalog.readCatalogCache(cacheFile));
      if (read.value.kind !== 'ok' || read.value.merchants.length !== catalogSize) {
        throw new Error('the cache did not read back whole');
      }
      cacheRuns.push(read.ms);
    }
    const cacheMs = median(cacheRuns);
    const floorMs = median(floorRuns);
    emit({
      name: `cache load of ${catalogSize} merchants (${(fs.statSync(cacheFile).size / 1e6).toFixed(1)} MB file) vs readFile + JSON.parse of them as one document (${(fs.statSync(plainFile).size / 1e6).toFixed(1)} MB)`,
      value: round2(cacheMs),
      unit: 'ms',
      baseline: round2(floorMs),
      ratio: round2(cacheMs / floorMs),
      target: '< 100 ms',
    });

    // Memory held by a loaded catalog: the JS heap plus the page bytes outside it; then again
    // once every merchant's details have been read.
    const before = memoryUsed();
    const held = newStore();
    await held.loadCache();
    const loaded = memoryUsed();
    if (held.snapshot.merchants.size !== catalogSize) {
      throw new Error('the held catalog is incomplete');
    }
    const heldMerchants = [...held.snapshot.merchants.values()];
    const parsedOnLoad = catalog.pagesParsed(heldMerchants);
    emit({
      name: `memory held by a ${catalogSize}-merchant catalog shown from the cache (JS heap + page buffers)`,
      value: MB(loaded.heap - before.heap + loaded.buffers - before.buffers),
      unit: 'MB',
      target: '< 60 MB',
      note: `heap ${MB(loaded.heap - before.heap)} MB, buffers ${MB(loaded.buffers - before.buffers)} MB, pages parsed ${parsedOnLoad}`,
    });
    let rates = 0;
    for (const merchant of heldMerchants) {
      rates += merchant.commissionRates.length + merchant.adCampaigns.length;
    }
    const detailed = memoryUsed();
    emit({
      name: `memory held by the same catalog once every merchant's details were read (JS heap + page buffers)`,
      value: MB(detailed.heap - before.heap + detailed.buffers - before.buffers),
      unit: 'MB',
      note: `heap ${MB(detailed.heap - before.heap)} MB, buffers ${MB(detailed.buffers - before.buffers)} MB, pages parsed ${catalog.pagesParsed(heldMerchants)}, ${rates} rates and campaigns`,
    });
    held.dispose();

    // The same, held by a store that walked the whole catalog instead of loading it.
    const beforeWalk = memoryUsed();
    const walked = newStore();
    await walked.sync({ full: true });
    const afterWalk = memoryUsed();
    emit({
      name: `memory held by a ${catalogSize}-merchant catalog after a full sync (JS heap + page buffers)`,
      value: MB(afterWalk.heap - beforeWalk.heap + afterWalk.buffers - beforeWalk.buffers),
      unit: 'MB',
      target: '< 60 MB',
      note: `heap ${MB(afterWalk.heap - beforeWalk.heap)} MB, buffers ${MB(afterWalk.buffers - beforeWalk.buffers)} MB, pages parsed ${catalog.pagesParsed(walked.snapshot.merchants.values())}`,
    });
    walked.dispose();
  } finally {
    await client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
