import assert from 'node:assert/strict';
import type { Merchant } from '../../src/api/types';
import { toCatalogMerchant, type CatalogMerchant, type MerchantSummary } from '../../src/merchant/merchantFields';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import { generateDataset } from '../../src/sandbox/dataset';
import { MerchantSearchIndex, SEARCH_SCORES } from '../../src/catalog/search/merchantSearch';
import { blankMerchant } from './helpers/merchants';
import { asMerchantKey, type MerchantKey } from '../../src/merchant/merchantKey';

const merchant = blankMerchant;

/** An index over merchants keyed by their names (or `key` when given). */
function index(items: Array<Partial<Merchant> & { key?: string }>): MerchantSearchIndex {
  return new MerchantSearchIndex(
    items.map(({ key, ...m }): [MerchantKey, CatalogMerchant] => [asMerchantKey(key ?? m.name ?? 'Shop'), merchant(m)]),
  );
}

const names = (hits: Array<{ merchant: MerchantSummary }>) => hits.map((h) => h.merchant.name);

describe('merchant search', () => {
  describe('ranks exact above prefix above word start above substring above fuzzy', () => {
    const search = index([
      { name: 'Kinordo' },
      { name: 'Naturorchid' },
      { name: 'The Nord Store' },
      { name: 'Nordic Shop' },
      { name: 'Zebra' },
      { name: 'Nord' },
      { name: 'Nords' },
      { name: 'Snowy Ridge' },
      { name: 'Sea Tsar' },
    ]);
    const nord: Array<[string, number]> = [
      ['Nord', SEARCH_SCORES.exactName],
      ['Nordic Shop', SEARCH_SCORES.namePrefix],
      ['Nords', SEARCH_SCORES.namePrefix],
      ['The Nord Store', SEARCH_SCORES.nameWordStart],
      ['Kinordo', SEARCH_SCORES.nameSubstring],
      // n-o-r-d spread over 8 characters of "snowy ridge", over 11 of "naturorchid".
      ['Snowy Ridge', SEARCH_SCORES.fuzzy + Math.floor((99 * 4) / 8)],
      ['Naturorchid', SEARCH_SCORES.fuzzy + Math.floor((99 * 4) / 11)],
    ];
    const cases: Array<{ query: string; expected: Array<[string, number]> }> = [
      { query: 'nord', expected: nord },
      { query: '  NORD  ', expected: nord },
      { query: 'shop nordic', expected: [['Nordic Shop', SEARCH_SCORES.allWordStarts]] },
      // s…r: the closest pair is 3 characters wide in "sea tsar" (not the first "s"), 4 in "the nord store", 7 in "snowy ridge".
      {
        query: 'sr',
        expected: [
          ['Sea Tsar', SEARCH_SCORES.fuzzy + Math.floor((99 * 2) / 3)],
          ['The Nord Store', SEARCH_SCORES.fuzzy + Math.floor((99 * 2) / 4)],
          ['Snowy Ridge', SEARCH_SCORES.fuzzy + Math.floor((99 * 2) / 7)],
        ],
      },
      { query: 'qqq', expected: [] },
    ];
    for (const { query, expected } of cases) {
      it(JSON.stringify(query), () => {
        assert.deepEqual(
          search.search(query).map((h): [string, number] => [h.merchant.name, h.score]),
          expected,
        );
      });
    }
  });

  it('matches names without regard to case or accents', () => {
    const search = index([{ name: 'Café Noir' }, { name: 'CAFETERIA' }, { name: 'Øresund Shop' }]);
    assert.deepEqual(names(search.search('cafe')), ['Café Noir', 'CAFETERIA']);
    assert.deepEqual(names(search.search('CAFÉ')), ['Café Noir', 'CAFETERIA']);
    assert.deepEqual(names(search.search('oresund')), ['Øresund Shop']);
  });

  describe('matches domains', () => {
    const search = index([
      { name: 'Acme', defaultDomain: 'www.acme-store.de', domains: ['www.acme-store.de', 'shop.acme.fr'] },
      { name: 'Bolt', defaultDomain: 'bolt.example', domains: ['bolt.example'] },
      { name: 'Acme Store', defaultDomain: 'acmestore.com', domains: [] },
    ]);
    const cases: Array<{ query: string; expected: Array<[string, number]> }> = [
      { query: 'acme-store.de', expected: [['Acme', SEARCH_SCORES.exactDomain]] },
      { query: 'www.acme-store.de', expected: [['Acme', SEARCH_SCORES.exactDomain]] },
      { query: 'acme-st', expected: [['Acme', SEARCH_SCORES.domainPrefix]] },
      {
        query: 'store',
        expected: [
          ['Acme Store', SEARCH_SCORES.nameWordStart],
          ['Acme', SEARCH_SCORES.domainLabelStart],
        ],
      },
      { query: 'acme.fr', expected: [['Acme', SEARCH_SCORES.domainLabelStart]] },
      { query: 'olt.exa', expected: [['Bolt', SEARCH_SCORES.domainSubstring]] },
      {
        query: 'acme',
        expected: [
          ['Acme', SEARCH_SCORES.exactName],
          ['Acme Store', SEARCH_SCORES.namePrefix],
        ],
      },
      { query: 'acmestore.com', expected: [['Acme Store', SEARCH_SCORES.exactDomain]] },
    ];
    for (const { query, expected } of cases) {
      it(JSON.stringify(query), () => {
        assert.deepEqual(
          search.search(query).map((h) => [h.merchant.name, h.score]),
          expected,
        );
      });
    }
  });

  it('lists active merchants first at equal score, then by name', () => {
    const search = index([
      { name: 'Alpha One', isActive: false },
      { name: 'Alpha Three' },
      { name: 'Alpha Two', isActive: false },
      { name: 'Alpha Four' },
      { name: 'Alpha', isActive: false },
    ]);
    assert.deepEqual(names(search.search('alpha')), ['Alpha', 'Alpha Four', 'Alpha Three', 'Alpha One', 'Alpha Two']);
  });

  it('breaks name ties by key', () => {
    const search = index([
      { key: 'k2', name: 'Twin' },
      { key: 'k1', name: 'twin' },
    ]);
    assert.deepEqual(
      search.search('twin').map((h) => h.key),
      ['k1', 'k2'],
    );
  });

  it('lists the first merchants by name for an empty query', () => {
    const search = index([
      { name: 'delta' },
      { name: 'Charlie', isActive: false },
      { name: 'bravo' },
      { name: 'Alpha' },
      { name: 'Écho' },
    ]);
    assert.deepEqual(names(search.search('')), ['Alpha', 'bravo', 'delta', 'Écho', 'Charlie']);
    assert.deepEqual(names(search.search('   ', 2)), ['Alpha', 'bravo']);
    assert.ok(search.search('').every((h) => h.score === 0));
  });

  describe('over the sandbox catalog of 20,000 merchants', () => {
    let search: MerchantSearchIndex;
    let merchants: CatalogMerchant[];
    before(function () {
      this.timeout(15000);
      const dataset = generateDataset({
        seed: 3,
        merchants: 20000,
        clicks: 0,
        actions: 0,
        now: new Date('2026-01-15T00:00:00Z'),
      });
      merchants = dataset.merchants.map((wire) => {
        const result = normalizeMerchant(wire);
        assert.ok(result.ok);
        return toCatalogMerchant(result.value);
      });
      search = new MerchantSearchIndex(
        merchants.map((m, i): [MerchantKey, CatalogMerchant] => [asMerchantKey(`k${i}`), m]),
      );
    });

    it('respects the limit, 200 by default', () => {
      assert.equal(search.search('').length, 200);
      assert.equal(search.search('a').length, 200);
      assert.equal(search.search('a', 7).length, 7);
      assert.equal(search.search('', 100000).length, 20000);
    });

    it('finds a merchant by its exact name and by its default domain first', () => {
      const target = merchants[4321]!;
      const byName = search.search(target.name, 5);
      assert.equal(byName[0]!.merchant.name, target.name);
      assert.equal(byName[0]!.score, SEARCH_SCORES.exactName);
      const byDomain = search.search(target.defaultDomain, 5);
      assert.ok(byDomain[0]!.score >= SEARCH_SCORES.exactDomain);
      assert.ok(byDomain.some((h) => h.key === 'k4321'));
    });

    it('is the same index built in slices, pausing between them (built ahead of the first completion)', async () => {
      let now = 0;
      let pauses = 0;
      const clock = { now: () => (now += 1), pause: async () => void (pauses += 1) };
      const entries = new Map(merchants.map((m, i): [MerchantKey, CatalogMerchant] => [asMerchantKey(`k${i}`), m]));
      const sliced = await MerchantSearchIndex.inSlices(entries, clock, 5);
      assert.ok(pauses >= 100, `${pauses} pauses`);
      for (const query of ['', 'a', 'shop', 'brgt bg', merchants[4321]!.name, merchants[77]!.defaultDomain]) {
        assert.deepEqual(sliced.search(query, 300), search.search(query, 300), query);
      }
      assert.deepEqual(sliced.search('', 100_000), search.search('', 100_000), 'every merchant, in the same order');
    });

    it('returns hits best first', () => {
      for (const query of ['a', 'shop', 'brgt bg', 'tech']) {
        const hits = search.search(query, 1000);
        for (let i = 1; i < hits.length; i++) {
          const [a, b] = [hits[i - 1]!, hits[i]!];
          assert.ok(
            a.score > b.score || (a.score === b.score && (a.merchant.isActive || !b.merchant.isActive)),
            `${query}: hit ${i} out of order`,
          );
        }
      }
    });
  });
});
