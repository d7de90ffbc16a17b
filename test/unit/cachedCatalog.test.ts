/**
 * The cache file as a full sync against the sandbox writes it: each page exactly as the service
 * sent it, merchants shown from their summaries, details read from a page when first asked for,
 * and a damaged page repaired by a full walk.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AffiliateServiceClient } from '../../src/api/client';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import { ENDPOINT_PATHS } from '../../src/api/wire';
import { CachedMerchant } from '../../src/catalog/cache/cachedMerchant';
import { pagesParsed } from '../../src/catalog/cache/testing';
import { cacheFileName } from '../../src/catalog/cache/cacheFormat';
import { readCatalogCache } from '../../src/catalog/cache/cacheReader';
import { CatalogStore } from '../../src/catalog/store/catalogStore';
import { CatalogTreeModel } from '../../src/catalog/tree/catalogTree';
import { merchantContextValue } from '../../src/catalog/tree/merchantDetails';
import { merchantDescription } from '../../src/catalog/present/merchantFormat';
import { type CatalogNode } from '../../src/catalog/tree/treeNodes';
import { MerchantSearchIndex } from '../../src/catalog/search/merchantSearch';
import { MerchantDomainIndex } from '../../src/links/domainIndex';
import type { Sandbox } from '../../src/sandbox/server';
import { NOW, clientFor, sandbox } from './helpers/fixtures';
import { plainMerchant } from './helpers/merchants';
import { RecordingLogger } from './helpers/recordingLogger';
import { merchantKeyOfId } from '../../src/merchant/merchantKey';

/** The page blocks of a cache file, in order, read with nothing but the format's framing. */
function pageBlocks(file: string): Buffer[] {
  const bytes = fs.readFileSync(file);
  const blocks: Buffer[] = [];
  let at = bytes.indexOf(0x0a) + 1; // after the header
  for (;;) {
    const end = bytes.indexOf(0x0a, at);
    const record = JSON.parse(bytes.toString('utf8', at, end)) as { end?: true; bytes: number };
    if (record.end) {
      return blocks;
    }
    blocks.push(bytes.subarray(end + 1, end + 1 + record.bytes));
    at = end + 2 + record.bytes;
  }
}

describe('the cached catalog, as a full sync against the sandbox leaves it', function () {
  this.timeout(20_000);
  let service: Sandbox;
  let folder: string;
  let clients: AffiliateServiceClient[];
  let stores: CatalogStore[];

  beforeEach(async () => {
    service = await sandbox({ merchants: 2_400, clicks: 10, actions: 10 });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cached-catalog-'));
    clients = [];
    stores = [];
  });
  afterEach(async () => {
    stores.forEach((store) => store.dispose());
    await Promise.all(clients.map((client) => client.close()));
    await service.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const cacheFile = (): string => path.join(folder, cacheFileName(service.url, service.key));

  function open(): { store: CatalogStore; logger: RecordingLogger } {
    const client = clientFor(service);
    clients.push(client);
    const logger = new RecordingLogger();
    const store = new CatalogStore({
      cacheFile: cacheFile(),
      baseUrl: service.url,
      source: async () => client,
      logger,
      now: () => NOW,
    });
    stores.push(store);
    return { store, logger };
  }

  const expected = () =>
    service.dataset.merchants.map((raw) => {
      const result = normalizeMerchant(raw);
      assert.ok(result.ok);
      return result.value;
    });

  it('keeps each page byte for byte as the service sent it', async () => {
    await open().store.sync();
    const blocks = pageBlocks(cacheFile());
    assert.equal(blocks.length, 5);
    for (const [index, block] of blocks.entries()) {
      const query = index === 0 ? 'limit=500' : `limit=500&next=${index * 500}`;
      const response = await fetch(`${service.url}${ENDPOINT_PATHS.merchants}?${query}`, {
        headers: { authorization: `Bearer ${service.key}` },
      });
      assert.ok(Buffer.from(await response.arrayBuffer()).equals(block), `page ${index + 1}`);
    }
  });

  it('shows the cache with no page parsed; the tree, its rows, Find Merchant, the filter and the domain index parse none', async () => {
    await open().store.sync();
    const { store } = open();
    assert.equal(await store.loadCache(), 'loaded');
    const merchants = store.snapshot.merchants;
    const all = [...merchants.values()];
    assert.ok(all.every((merchant) => merchant instanceof CachedMerchant));

    const walk = (model: CatalogTreeModel, nodes: readonly CatalogNode[]): void => {
      for (const node of nodes) {
        if (node.kind === 'merchant') {
          merchantContextValue(node.merchant);
          merchantDescription(node.merchant);
        } else {
          walk(model, model.children(node));
        }
      }
    };
    for (const options of [
      { sort: 'name', filter: '', deeplinkOnly: false },
      { sort: 'commission', filter: 'DE', deeplinkOnly: true },
    ] as const) {
      const model = new CatalogTreeModel(merchants, { ...options, bucketThreshold: 500 });
      walk(model, model.roots());
      assert.ok(model.shownCount > 0);
    }
    assert.ok(new MerchantSearchIndex(merchants).search(all[1_234]!.name).length > 0);
    const domains = new MerchantDomainIndex(merchants);
    assert.equal(domains.match(`https://${all[42]!.defaultDomain}/page`).kind !== 'none', true);
    assert.equal(pagesParsed(all), 0);

    // Details come from the merchant's own page, equal to what the service sent.
    assert.deepEqual(plainMerchant(all[1_234]!), expected()[1_234]);
    assert.equal(pagesParsed(all), 1);
    assert.deepEqual(all.map(plainMerchant), expected());
    assert.equal(pagesParsed(all), 5);
  });

  it('a full walk over the cached catalog compares unchanged pages by their bytes, reading only the pages that changed', async () => {
    await open().store.sync();
    const { store } = open();
    assert.equal(await store.loadCache(), 'loaded');
    const cached = [...store.snapshot.merchants.values()];

    const unchanged = await store.sync({ full: true });
    assert.equal(unchanged.changed, 0);
    const walked = [...store.snapshot.merchants.values()];
    assert.equal(pagesParsed(cached) + pagesParsed(walked), 0, 'no page read to find nothing changed');

    service.touchMerchant(1_700); // on page 4 of 5
    const changed = await store.sync({ full: true });
    assert.equal(changed.changed, 1);
    const again = [...store.snapshot.merchants.values()];
    assert.equal(pagesParsed(walked), 1, 'the old page 4, to compare its other merchants');
    assert.equal(pagesParsed(again), 1, 'the new page 4');
    assert.deepEqual(again.map(plainMerchant), expected());
  });

  it('a damaged page: a warning, its merchants show their summary, and a full walk repairs memory and file', async () => {
    await open().store.sync();
    const file = cacheFile();
    const bytes = fs.readFileSync(file);
    const second = pageBlocks(file)[1]!;
    const at = bytes.indexOf(second);
    bytes.fill(0x20, at + 10, at + 40); // same length, no longer the page
    fs.writeFileSync(file, bytes);

    const { store, logger } = open();
    assert.equal(await store.loadCache(), 'loaded');
    const damaged = store.snapshot.merchants.get(merchantKeyOfId(service.dataset.merchants[600]!.merchantId!))!;
    assert.equal(damaged.name, expected()[600]!.name, 'the summary is whole');
    const before = service.stats().total;
    assert.deepEqual(damaged.commissionRates, []);
    assert.match(logger.text(), /warn The cached merchant catalog is damaged \(cached page 2 is not valid JSON/);
    assert.equal(store.status.state, 'syncing');
    const repair = await store.sync();
    assert.equal(repair.kind, 'full');
    assert.equal(service.stats().total - before, 5, 'one full walk');
    assert.deepEqual(
      plainMerchant(store.snapshot.merchants.get(merchantKeyOfId(service.dataset.merchants[600]!.merchantId!))!),
      expected()[600],
    );

    const reports: string[] = [];
    const reread = await readCatalogCache(file, (reason) => reports.push(reason));
    assert.ok(reread.kind === 'ok');
    assert.deepEqual(reread.merchants.map(plainMerchant), expected());
    assert.deepEqual(reports, []);
  });
});
