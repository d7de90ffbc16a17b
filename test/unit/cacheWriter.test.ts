import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import type { Merchant, MerchantPage } from '../../src/api/types';
import { readCatalogCache } from '../../src/catalog/cache/cacheReader';
import { journalFileOf } from '../../src/catalog/cache/cacheFormat';
import { CatalogStore, type MerchantSource } from '../../src/catalog/store/catalogStore';
import { generateMerchants } from '../../src/sandbox/merchantData';
import { Random } from '../../src/sandbox/random';
import { NOW, rejectionOf } from './helpers/fixtures';
import { RecordingLogger } from './helpers/recordingLogger';
import { plainMerchant } from './helpers/merchants';

const PAGE = 100;

function sampleMerchants(count: number, seed = 9): Merchant[] {
  return generateMerchants(new Random(seed), count, NOW.getTime()).map((raw) => {
    const result = normalizeMerchant(raw);
    assert.ok(result.ok);
    return result.value;
  });
}

/** Sends `pages`; before each page, `beforePage(index)` may look around or throw. */
function sourceOf(
  pages: Merchant[][],
  beforePage: (index: number) => void | Promise<void> = () => undefined,
): MerchantSource {
  return {
    async *walkMerchants(): AsyncIterable<MerchantPage> {
      for (const [index, merchants] of pages.entries()) {
        await beforePage(index);
        yield { merchants, next: index + 1 < pages.length ? index + 1 : null, skipped: 0 };
      }
    },
  };
}

function paged(merchants: Merchant[]): Merchant[][] {
  const pages: Merchant[][] = [];
  for (let start = 0; start < merchants.length; start += PAGE) {
    pages.push(merchants.slice(start, start + PAGE));
  }
  return pages;
}

describe('full sync writing the cache as pages arrive', () => {
  let folder: string;
  let cacheFile: string;
  let stores: CatalogStore[];

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-writer-'));
    cacheFile = path.join(folder, 'catalog.json');
    stores = [];
  });
  afterEach(() => {
    stores.forEach((store) => store.dispose());
    fs.rmSync(folder, { recursive: true, force: true });
  });

  function open(source: MerchantSource): { store: CatalogStore; logger: RecordingLogger } {
    const logger = new RecordingLogger();
    const store = new CatalogStore({
      cacheFile,
      baseUrl: 'https://api.example.com',
      source: async () => source,
      logger,
      now: () => NOW,
    });
    stores.push(store);
    return { store, logger };
  }

  const temps = (): string[] => fs.readdirSync(folder).filter((name) => name.endsWith('.tmp'));

  it('has the earlier pages in a temporary file before the walk ends, and renames it at the end', async () => {
    const merchants = sampleMerchants(500);
    const pages = paged(merchants);
    const seen: number[] = [];
    const { store } = open(
      sourceOf(pages, async (index) => {
        if (index === pages.length - 1) {
          const [temp] = temps();
          assert.ok(temp !== undefined, 'a temporary file is being written');
          const written = (): number =>
            fs
              .readFileSync(path.join(folder, temp), 'utf8')
              .split('\n')
              .filter((line) => line.startsWith('{"page":'))
              .reduce((sum, line) => sum + (JSON.parse(line) as { merchants: unknown[] }).merchants.length, 0);
          for (let waited = 0; written() < 400 && waited < 2_000; waited += 10) {
            await new Promise((resolve) => setTimeout(resolve, 10)); // the queued writes land
          }
          seen.push(written());
          assert.ok(!fs.existsSync(cacheFile), 'the cache file appears only at the end');
        }
      }),
    );
    await store.sync();
    assert.deepEqual(seen, [400]);
    assert.deepEqual(fs.readdirSync(folder), ['catalog.json']);
    const file = await readCatalogCache(cacheFile);
    assert.ok(file.kind === 'ok');
    assert.deepEqual(file.merchants.map(plainMerchant), merchants);
    assert.equal(file.syncedAt, NOW.toISOString());
  });

  it('a walk that sends a merchant twice still leaves a file equal to the catalog in memory', async () => {
    const merchants = sampleMerchants(300);
    const again = { ...merchants[5]!, isActive: !merchants[5]!.isActive };
    const { store } = open(sourceOf([...paged(merchants), [again]]));
    await store.sync();
    assert.equal(store.snapshot.merchants.size, 300);
    const file = await readCatalogCache(cacheFile);
    assert.ok(file.kind === 'ok');
    assert.deepEqual(file.merchants.map(plainMerchant), [...store.snapshot.merchants.values()]);
    assert.deepEqual(fs.readdirSync(folder), ['catalog.json']);
  });

  const failures: Array<
    [string, (store: CatalogStore) => { sync: Promise<unknown>; source: (index: number) => void }]
  > = [
    [
      'fails',
      (store) => ({
        sync: store.sync({ full: true }),
        source: (index) => {
          if (index === 3) {
            throw new Error('the service broke');
          }
        },
      }),
    ],
    [
      'is cancelled',
      (store) => {
        const controller = new AbortController();
        return {
          sync: store.sync({ full: true, signal: controller.signal }),
          source: (index) => void (index === 3 && controller.abort()),
        };
      },
    ],
  ];
  for (const [what, start] of failures) {
    it(`a full sync that ${what} mid-walk removes its temporary file and leaves cache and journal as they were`, async () => {
      let onPage: (index: number) => void = () => undefined;
      const pages = paged(sampleMerchants(500, 10));
      const { store } = open(sourceOf(pages, (index) => onPage(index)));
      await store.sync();
      fs.writeFileSync(journalFileOf(cacheFile), 'journal as it was\n');
      const before = fs.readFileSync(cacheFile);
      const run = start(store);
      onPage = run.source;
      await rejectionOf(run.sync);
      assert.deepEqual(fs.readFileSync(cacheFile), before);
      assert.equal(fs.readFileSync(journalFileOf(cacheFile), 'utf8'), 'journal as it was\n');
      assert.deepEqual(temps(), []);
    });
  }

  it('a merchant that cannot be serialised during the walk: the catalog is written at the end instead', async () => {
    const merchants = sampleMerchants(300);
    const broken = { ...merchants[150]! };
    let reads = 0;
    Object.defineProperty(broken, 'name', {
      enumerable: true,
      get() {
        reads += 1;
        if (reads === 1) {
          throw new Error('not now');
        }
        return merchants[150]!.name;
      },
    });
    const { store, logger } = open(sourceOf(paged([...merchants.slice(0, 150), broken, ...merchants.slice(151)])));
    await store.sync();
    assert.match(logger.text(), /debug The merchant cache could not be written during the sync \(not now\)/);
    const file = await readCatalogCache(cacheFile);
    assert.ok(file.kind === 'ok');
    assert.deepEqual(file.merchants.map(plainMerchant), merchants);
    assert.deepEqual(fs.readdirSync(folder), ['catalog.json']);
  });
});
