import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import type { Merchant } from '../../src/api/types';
import {
  CACHE_FORMAT,
  CACHE_VERSION,
  cacheFileName,
  readCatalogCache,
  writeCatalogCache,
  type CatalogCacheData,
} from '../../src/catalog/catalogCache';
import { generateMerchants } from '../../src/sandbox/merchantData';
import { Random } from '../../src/sandbox/random';
import { NOW } from './helpers/fixtures';

/** Merchants as the client hands them out: generated wire data, normalised. */
function sampleMerchants(count: number, seed = 3): Merchant[] {
  return generateMerchants(new Random(seed), count, NOW.getTime()).map((raw) => {
    const result = normalizeMerchant(raw);
    assert.ok(result.ok);
    return result.value;
  });
}

function data(merchants: readonly Merchant[], overrides: Partial<CatalogCacheData> = {}): CatalogCacheData {
  return {
    baseUrl: 'https://api.example.com',
    syncedAt: '2026-11-21T11:00:00.000Z',
    savedAt: '2026-11-21T11:00:05.000Z',
    merchants,
    ...overrides,
  };
}

function validDocument(merchants: unknown[] = []): Record<string, unknown> {
  return {
    format: CACHE_FORMAT,
    version: CACHE_VERSION,
    baseUrl: 'https://api.example.com',
    syncedAt: '2026-11-21T11:00:00.000Z',
    savedAt: '2026-11-21T11:00:05.000Z',
    merchants,
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
      assert.equal(cacheFileName('https://API.example.com/v1/', key), `catalog-${sha256(`https://api.example.com/v1\n${sha256(key)}`)}.json`);
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
      for (const spelling of ['https://API.example.com/', ' https://api.example.com:443// ', 'HTTPS://api.example.com']) {
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
    assert.deepEqual(read.merchants, merchants);
    assert.equal(read.syncedAt, '2026-11-21T11:00:00.000Z');
    assert.equal(read.savedAt, '2026-11-21T11:00:05.000Z');
    assert.equal(read.baseUrl, 'https://api.example.com');
    const document = JSON.parse(fs.readFileSync(nested, 'utf8'));
    assert.equal(document.format, 'affiliate-links.catalog');
    assert.equal(document.version, 1);
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
    assert.deepEqual(read.merchants, newer);
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
      assert.ok(seen.every((count) => count === old.length || count === large.length), String(seen));
      const final = await readCatalogCache(file);
      assert.equal(final.kind === 'ok' && final.merchants.length, large.length);
    });
  });

  it('reads a missing file as missing', async () => {
    assert.deepEqual(await readCatalogCache(path.join(folder, 'nothing.json')), { kind: 'missing' });
  });

  describe('files it cannot use', () => {
    const valid = JSON.stringify(validDocument(sampleMerchants(5)));
    const cases: Array<[string, string, RegExp]> = [
      ['a file that is not JSON', 'this is not json', /not valid JSON/],
      ['an empty file', '', /not valid JSON/],
      ['a truncated file', valid.slice(0, Math.floor(valid.length / 2)), /not valid JSON/],
      ['a JSON array', '[]', /not hold a JSON object/],
      ['another format', JSON.stringify({ ...validDocument(), format: 'something.else' }), /not a catalog cache/],
      ['a newer version', JSON.stringify({ ...validDocument(), version: 2 }), /version 2 is not supported/],
      ['a file without a version', JSON.stringify({ ...validDocument(), version: undefined }), /version missing/],
      ['a version given as text', JSON.stringify({ ...validDocument(), version: '1' }), /version "1"/],
      ['a base URL that is not a string', JSON.stringify({ ...validDocument(), baseUrl: 5 }), /base URL/],
      ['a syncedAt that is no date', JSON.stringify({ ...validDocument(), syncedAt: 'yesterday' }), /ISO dates/],
      ['a file without savedAt', JSON.stringify({ ...validDocument(), savedAt: undefined }), /ISO dates/],
      ['merchants that are not a list', JSON.stringify({ ...validDocument(), merchants: { 0: {} } }), /no merchant list/],
      ['a merchant that is a string', JSON.stringify(validDocument([{ merchantId: 1, name: 'A' }, 'evil'])), /merchant 1 is not an object/],
      ['a merchant that is null', JSON.stringify(validDocument([null])), /merchant 0 is not an object/],
      ['a merchant that is a list', JSON.stringify(validDocument([[1, 2]])), /merchant 0 is not an object/],
      ['a merchant with neither name nor id', JSON.stringify(validDocument([{ isActive: true }])), /merchant 0 cannot be read/],
    ];
    for (const [what, content, reason] of cases) {
      it(`reads ${what} as unreadable, with a reason`, async () => {
        fs.writeFileSync(file, content);
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

    it('gives merchants of a tampered file the right types', async () => {
      const hostile = {
        merchantId: '12',
        name: 42,
        isActive: 'yes',
        deeplinkAllowed: 1,
        categoryId: ['x', 7, 7.5],
        domains: 'one.example',
        countryCodes: [{}, 'DE', null],
        averageCommission: 'lots',
        commissionRates: ['bad', { fixedCommission: '3' }],
        adCampaigns: [{ name: ['x'], rates: 'none', allowDeeplink: 'true' }],
        paymentModels: 'cpc',
        trackingLink: { href: 'https://evil.example' },
        ['__proto__']: { polluted: true },
      };
      const text = JSON.stringify(validDocument([hostile]));
      assert.ok(text.includes('"__proto__"'));
      fs.writeFileSync(file, text);
      const read = await readCatalogCache(file);
      assert.equal(read.kind, 'ok');
      const [merchant] = read.merchants;
      assert.ok(merchant);
      assert.equal(merchant.merchantId, 12);
      assert.equal(merchant.name, '42');
      assert.equal(merchant.isActive, false);
      assert.equal(merchant.deeplinkAllowed, true);
      assert.deepEqual(merchant.categoryIds, [7]);
      assert.deepEqual(merchant.domains, ['one.example']);
      assert.equal(merchant.defaultDomain, 'one.example');
      assert.deepEqual(merchant.countryCodes, ['DE']);
      assert.equal(merchant.averageCommission, null);
      assert.deepEqual(merchant.commissionRates, [{ fixedCommission: 3, percentageCommission: null }]);
      assert.deepEqual(merchant.adCampaigns, [{ name: 'Campaign 1', activeFrom: null, activeTo: null, allowDeeplink: true, rates: [] }]);
      assert.deepEqual(merchant.paymentModels, ['CPC']);
      assert.equal(merchant.trackingLink, null);
      assert.ok(!Object.hasOwn(merchant, '__proto__') && !('polluted' in merchant));
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });
  });
});
