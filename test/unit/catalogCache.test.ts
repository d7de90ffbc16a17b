import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import { CacheFileWriter, writeCatalogCache, type CatalogCacheData } from '../../src/catalog/cache/cacheFileWriter';
import { cacheFileName } from '../../src/catalog/cache/cacheFormat';
import { readCatalogCache } from '../../src/catalog/cache/cacheReader';
import { generateMerchants } from '../../src/sandbox/merchantData';
import { Random } from '../../src/sandbox/random';
import { NOW } from './helpers/fixtures';
import { blankMerchant, plainMerchant } from './helpers/merchants';
import { CachedMerchant, CachedPage } from '../../src/catalog/cache/cachedMerchant';
import { pagesParsed } from '../../src/catalog/cache/testing';
import { merchantContextValue } from '../../src/catalog/tree/merchantDetails';
import { ROW, summaryRow, summaryRowProblem } from '../../src/catalog/cache/merchantSummary';
import { SUMMARY_FIELDS, toCatalogMerchant, type CatalogMerchant } from '../../src/merchant/merchantFields';

/** Merchants as they enter the catalog: generated wire data, normalised, `supportsCpc` worked out. */
function sampleMerchants(count: number, seed = 3): CatalogMerchant[] {
  return generateMerchants(new Random(seed), count, NOW.getTime()).map((raw) => {
    const result = normalizeMerchant(raw);
    assert.ok(result.ok);
    return toCatalogMerchant(result.value);
  });
}

function data(merchants: readonly CatalogMerchant[], overrides: Partial<CatalogCacheData> = {}): CatalogCacheData {
  return {
    baseUrl: 'https://api.example.com',
    syncedAt: '2026-11-21T11:00:00.000Z',
    savedAt: '2026-11-21T11:00:05.000Z',
    merchants,
    ...overrides,
  };
}

describe('catalog cache file', () => {
  let folder: string;
  let file: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-cache-'));
    file = path.join(folder, 'catalog.json');
  });
  afterEach(() => {
    fs.rmSync(folder, { recursive: true, force: true });
  });

  describe('cacheFileName', () => {
    const key = 'SecretKey123';

    it('is catalog-<hex>.json and never holds the key, nor its plain hash', () => {
      const name = cacheFileName('https://api.example.com', key);
      assert.match(name, /^catalog-[0-9a-f]{64}\.json$/);
      assert.ok(!name.includes(key) && !name.toLowerCase().includes(key.toLowerCase()));
      assert.ok(!name.includes(createHash('sha256').update(key).digest('hex')));
    });

    it('hashes the normalized base URL with a hash of the key', () => {
      const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
      assert.equal(
        cacheFileName('https://API.example.com/v1/', key),
        `catalog-${sha256(`https://api.example.com/v1\n${sha256(key)}`)}.json`,
      );
    });

    it('differs per base URL and per key, and is the same for the same pair', () => {
      const names = new Set([
        cacheFileName('https://api.example.com', key),
        cacheFileName('https://api.example.com/v2', key),
        cacheFileName('http://api.example.com', key),
        cacheFileName('https://api.example.com', 'OtherKey456'),
        cacheFileName('https://other.example.com', key),
      ]);
      assert.equal(names.size, 5);
      assert.equal(cacheFileName('https://api.example.com', key), cacheFileName('https://api.example.com', key));
    });

    it('treats spellings of the same base URL alike', () => {
      const name = cacheFileName('https://api.example.com', key);
      for (const spelling of [
        'https://API.example.com/',
        ' https://api.example.com:443// ',
        'HTTPS://api.example.com',
      ]) {
        assert.equal(cacheFileName(spelling, key), name, spelling);
      }
    });
  });

  it('reads back what it wrote, campaigns and category lists included', async () => {
    const merchants = sampleMerchants(300);
    assert.ok(merchants.some((m) => m.adCampaigns.some((c) => c.rates.some((r) => r.countryCodes.length > 0))));
    assert.ok(merchants.every((m) => m.categoryIds.length > 0));
    const nested = path.join(folder, 'not', 'yet', 'there', 'catalog.json');
    await writeCatalogCache(nested, data(merchants, { baseUrl: 'https://API.example.com/' }));
    const read = await readCatalogCache(nested);
    assert.equal(read.kind, 'ok');
    assert.deepEqual(read.merchants.map(plainMerchant), merchants);
    assert.equal(read.syncedAt, '2026-11-21T11:00:00.000Z');
    assert.equal(read.savedAt, '2026-11-21T11:00:05.000Z');
    assert.equal(read.baseUrl, 'https://api.example.com');
    const header = JSON.parse(fs.readFileSync(nested, 'utf8').split('\n')[0]!);
    assert.equal(header.format, 'affiliate-links.catalog');
    assert.equal(header.version, 3);
  });

  it('writes and reads an empty catalog', async () => {
    await writeCatalogCache(file, data([]));
    const read = await readCatalogCache(file);
    assert.equal(read.kind, 'ok');
    assert.deepEqual(read.merchants, []);
  });

  it('replaces the previous file and leaves nothing else in the folder', async () => {
    await writeCatalogCache(file, data(sampleMerchants(10)));
    const newer = sampleMerchants(20, 4);
    await writeCatalogCache(file, data(newer, { syncedAt: '2026-11-21T11:30:00.000Z' }));
    const read = await readCatalogCache(file);
    assert.equal(read.kind, 'ok');
    assert.deepEqual(read.merchants.map(plainMerchant), newer);
    assert.equal(read.syncedAt, '2026-11-21T11:30:00.000Z');
    assert.deepEqual(fs.readdirSync(folder), ['catalog.json']);
  });

  describe('atomic writes', () => {
    it('keeps the previous file byte for byte when serialising fails mid-way, and removes the temp file', async () => {
      await writeCatalogCache(file, data(sampleMerchants(50)));
      const before = fs.readFileSync(file);
      const merchants = sampleMerchants(1_000);
      // Past the first chunks: part of the document is already in the temp file when this throws.
      Object.defineProperty(merchants[700], 'name', {
        enumerable: true,
        get() {
          throw new Error('serialisation failed');
        },
      });
      await assert.rejects(writeCatalogCache(file, data(merchants)), /serialisation failed/);
      assert.deepEqual(fs.readFileSync(file), before);
      assert.deepEqual(fs.readdirSync(folder), ['catalog.json']);
    });

    it('removes the temp file when the final rename fails', async () => {
      fs.mkdirSync(file);
      fs.writeFileSync(path.join(file, 'keep'), 'x');
      await assert.rejects(writeCatalogCache(file, data(sampleMerchants(5))));
      assert.deepEqual(fs.readdirSync(folder), ['catalog.json']);
      assert.equal(fs.readFileSync(path.join(file, 'keep'), 'utf8'), 'x');
    });

    it('never shows a reader a half-written file', async () => {
      const old = sampleMerchants(100);
      await writeCatalogCache(file, data(old));
      const large = sampleMerchants(4_000, 5);
      let done = false;
      const writing = writeCatalogCache(file, data(large)).finally(() => (done = true));
      const seen: number[] = [];
      while (!done) {
        const read = await readCatalogCache(file);
        assert.equal(read.kind, 'ok', read.kind === 'unreadable' ? read.reason : read.kind);
        seen.push(read.merchants.length);
      }
      await writing;
      assert.ok(seen.length > 0);
      assert.ok(
        seen.every((count) => count === old.length || count === large.length),
        String(seen),
      );
      const final = await readCatalogCache(file);
      assert.equal(final.kind === 'ok' && final.merchants.length, large.length);
    });
  });

  it('reads a missing file as missing', async () => {
    assert.deepEqual(await readCatalogCache(path.join(folder, 'nothing.json')), { kind: 'missing' });
  });

  describe('files it cannot use', () => {
    /** A valid file of `count` merchants, as text, for the cases to spoil. */
    async function validText(count = 5): Promise<string> {
      await writeCatalogCache(file, data(sampleMerchants(count)));
      return fs.readFileSync(file, 'utf8');
    }
    const lines = (text: string): string[] => text.split('\n');
    const header = (text: string): Record<string, unknown> => JSON.parse(lines(text)[0]!);
    const withHeader = (text: string, change: Record<string, unknown>): string =>
      [JSON.stringify({ ...header(text), ...change }), ...lines(text).slice(1)].join('\n');
    /** The text with the first summary line's first row changed by `change`. */
    const withRow = (text: string, change: (row: unknown[]) => void): string => {
      const all = lines(text);
      const summary = JSON.parse(all[1]!) as { merchants: unknown[][] };
      change(summary.merchants[0]!);
      all[1] = JSON.stringify(summary);
      return all.join('\n');
    };
    const cases: Array<[string, (valid: string) => string, RegExp]> = [
      ['a file that is not JSON', () => 'this is not json\n', /the header is not valid JSON/],
      ['an empty file', () => '', /cut short in the header/],
      ['a file cut in half', (valid) => valid.slice(0, Math.floor(valid.length / 2)), /cut short/],
      [
        'a file cut right after a page',
        (valid) => lines(valid).slice(0, 3).join('\n') + '\n',
        /cut short in the summary of page 2/,
      ],
      ['a JSON array', () => '[]\n', /the header is not a JSON object/],
      ['another format', (valid) => withHeader(valid, { format: 'something.else' }), /not a catalog cache/],
      [
        'an older version (the single JSON document of version 1)',
        (valid) => withHeader(valid, { version: 1 }),
        /version 1 is not supported \(expected 3\)/,
      ],
      ['a file without a version', (valid) => withHeader(valid, { version: undefined }), /version missing/],
      ['a version given as text', (valid) => withHeader(valid, { version: '2' }), /version "2"/],
      ['a base URL that is not a string', (valid) => withHeader(valid, { baseUrl: 5 }), /base URL/],
      ['a syncedAt that is no date', (valid) => withHeader(valid, { syncedAt: 'yesterday' }), /ISO dates/],
      ['a file without savedAt', (valid) => withHeader(valid, { savedAt: undefined }), /ISO dates/],
      [
        'a page numbered out of order',
        (valid) => valid.replace('{"page":1,', '{"page":2,'),
        /the summary of page 1 is not one/,
      ],
      [
        'a page longer than it says',
        (valid) => valid.replace('{"data":[', '{"data": ['),
        /page 1 is not \d+ bytes long/,
      ],
      [
        'an end line that miscounts',
        (valid) => valid.replace(/"merchants":5}\n$/, '"merchants":6}\n'),
        /the end line does not match/,
      ],
      ['more after the end line', (valid) => `${valid}{"page":2}\n`, /the end line does not match/],
      [
        'a row that is not a list',
        (valid) => withRow(valid, (row) => row.splice(0, row.length)),
        /merchant 0 of page 1 cannot be read: it is not a list of 15 values/,
      ],
      ['a row with a negative index', (valid) => withRow(valid, (row) => (row[0] = -1)), /its index in the page/],
      ['a name that is a number', (valid) => withRow(valid, (row) => (row[2] = 42)), /its name is not text/],
      [
        'an isActive given as text',
        (valid) => withRow(valid, (row) => (row[7] = 'yes')),
        /its isActive is not true or false/,
      ],
      [
        'domains that are not a list',
        (valid) => withRow(valid, (row) => (row[5] = 'one.example')),
        /its domains is not a list of text/,
      ],
      [
        'an average commission given as text',
        (valid) => withRow(valid, (row) => (row[10] = 'lots')),
        /its averageCommission is not a number or null/,
      ],
      [
        'a CPC flag given as text',
        (valid) => withRow(valid, (row) => (row[14] = 'true')),
        /its supportsCpc is not true or false/,
      ],
    ];
    for (const [what, spoil, reason] of cases) {
      it(`reads ${what} as unreadable, with a reason`, async () => {
        fs.writeFileSync(file, spoil(await validText()));
        const read = await readCatalogCache(file);
        assert.equal(read.kind, 'unreadable');
        assert.match(read.reason, reason);
      });
    }

    it('reads a path that is a folder as unreadable', async () => {
      fs.mkdirSync(file);
      const read = await readCatalogCache(file);
      assert.equal(read.kind, 'unreadable');
      assert.match(read.reason, /could not be read/);
    });
  });

  describe('summary rows', () => {
    it('put every summary field where the reader looks for it', () => {
      // A value no other field holds, for each field: a field written in the wrong place shows.
      const merchant = blankMerchant({
        merchantId: 41,
        name: 'name',
        imageUri: 'https://img.example/logo.png',
        defaultDomain: 'default.example',
        domains: ['a.example'],
        currencyCode: 'EUR',
        isActive: true,
        deeplinkAllowed: false,
        countryCodes: ['DE'],
        averageCommission: 2.5,
        trackingLink: 'https://track.example/x',
        paymentModels: ['CPC'],
        updatedAt: '2026-01-02T03:04:05.000Z',
      });
      const row = summaryRow(merchant, 17, merchant.supportsCpc);
      assert.equal(summaryRowProblem(row), undefined);
      assert.equal(row[ROW.dataIndex], 17);
      for (const field of SUMMARY_FIELDS) {
        assert.deepEqual(row[ROW[field]], merchant[field], field);
      }
      assert.equal(row[ROW.supportsCpc], true);
      assert.equal(
        new Set(SUMMARY_FIELDS.map((field) => JSON.stringify(merchant[field]))).size,
        SUMMARY_FIELDS.length,
        'every value differs',
      );
    });

    it('give a cached merchant every summary field as its own, read from its place in the row', () => {
      const merchant = blankMerchant({
        merchantId: 41,
        name: 'name',
        imageUri: 'https://img.example/logo.png',
        defaultDomain: 'default.example',
        domains: ['a.example'],
        countryCodes: ['DE'],
        averageCommission: 2.5,
        trackingLink: 'https://track.example/x',
        paymentModels: ['CPC'],
        updatedAt: '2026-01-02T03:04:05.000Z',
      });
      const row = summaryRow(merchant, 0, merchant.supportsCpc);
      const cached = new CachedMerchant(row, new CachedPage(1, Buffer.from('{"data":[]}'), () => undefined));
      for (const field of [...SUMMARY_FIELDS, 'supportsCpc'] as const) {
        assert.ok(Object.hasOwn(cached, field), `${field} is an own field`);
        assert.deepEqual(cached[field], merchant[field], field);
      }
      assert.deepEqual(Object.keys(cached).sort(), [...SUMMARY_FIELDS, 'supportsCpc'].sort(), 'no other own field');
    });
  });

  describe('details read from the pages when first asked for', () => {
    it('parses no page to read the file, nor to read every summary field of every merchant', async () => {
      await writeCatalogCache(file, data(sampleMerchants(1_200)));
      const read = await readCatalogCache(file);
      assert.ok(read.kind === 'ok');
      for (const merchant of read.merchants) {
        for (const field of SUMMARY_FIELDS) {
          void merchant[field];
        }
        merchantContextValue(merchant);
      }
      assert.equal(pagesParsed(read.merchants), 0);
      void read.merchants[700]!.commissionRates;
      void read.merchants[701]!.adCampaigns;
      assert.equal(pagesParsed(read.merchants), 1, 'one page parsed, once, for two merchants of it');
    });

    it('gives merchants of a tampered page the right types, and never pollutes a prototype', async () => {
      const hostile = {
        merchantId: '12',
        name: 'Hostile',
        categoryId: ['x', 7, 7.5],
        averageBasketValue: 'lots',
        commissionRates: ['bad', { fixedCommission: '3' }],
        adCampaigns: [{ name: ['x'], rates: 'none', allowDeeplink: 'true' }],
        description: { text: 'no' },
        ['__proto__']: { polluted: true },
      };
      const summary = blankMerchant({ merchantId: 12, name: 'Hostile' });
      const writer = await CacheFileWriter.open(file, data([]));
      const page = Buffer.from(JSON.stringify({ data: [hostile] }));
      writer.addPage([summary], { bytes: page, dataIndexes: [0] });
      await writer.commit();
      assert.ok(fs.readFileSync(file, 'utf8').includes('"__proto__"'));
      const read = await readCatalogCache(file);
      assert.ok(read.kind === 'ok');
      const [merchant] = read.merchants;
      assert.ok(merchant);
      assert.deepEqual(merchant.categoryIds, [7]);
      assert.equal(merchant.averageBasketValue, null);
      assert.equal(merchant.description, null);
      assert.deepEqual(merchant.commissionRates, [{ fixedCommission: 3, percentageCommission: null }]);
      assert.deepEqual(merchant.adCampaigns, [
        { name: 'Campaign 1', activeFrom: null, activeTo: null, allowDeeplink: true, rates: [] },
      ]);
      assert.ok(!('polluted' in merchant));
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });

    const damages: Array<[string, (page: string) => string, RegExp]> = [
      [
        'bytes that are no longer JSON (same length)',
        (page) => page.replace('{"data":[', 'XXXXXXXXX'),
        /cached page 1 is not valid JSON/,
      ],
      [
        'a page without its data list',
        (page) => page.replace('{"data":[', '{"atad":['),
        /cached page 1 has no "data" list/,
      ],
      [
        'two merchants swapped',
        (page) => swapFirstTwo(page),
        /merchant 0 of cached page 1 is not the one its summary names/,
      ],
    ];
    for (const [what, spoil, reason] of damages) {
      it(`a page with ${what}: reported once, its merchants keep their summary and show no details`, async () => {
        const merchants = sampleMerchants(4);
        await writeCatalogCache(file, data(merchants));
        const all = fs.readFileSync(file, 'utf8').split('\n');
        all[2] = spoil(all[2]!);
        fs.writeFileSync(file, all.join('\n'));
        const reports: string[] = [];
        const read = await readCatalogCache(file, (damage) => reports.push(damage));
        assert.ok(read.kind === 'ok', 'only the lengths are checked when the file is read');
        const [first, second] = read.merchants;
        assert.equal(first!.name, merchants[0]!.name);
        assert.deepEqual(first!.commissionRates, []);
        assert.equal(first!.description, null);
        assert.deepEqual(second!.adCampaigns, []);
        assert.equal(reports.length, 1);
        assert.match(reports[0]!, reason);
      });
    }
  });
});

/** The page's first two merchants in each other's place; the text keeps its length. */
function swapFirstTwo(page: string): string {
  const body = JSON.parse(page) as { data: unknown[] };
  [body.data[0], body.data[1]] = [body.data[1], body.data[0]];
  const swapped = JSON.stringify(body);
  assert.equal(swapped.length, page.length);
  return swapped;
}
