import assert from 'node:assert/strict';
import type { Merchant } from '../../src/api/types';
import { toCatalogMerchant, type CatalogMerchant } from '../../src/merchant/merchantFields';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import { generateDataset } from '../../src/sandbox/dataset';
import { CatalogTreeModel } from '../../src/catalog/tree/catalogTree';
import { merchantContextValue } from '../../src/catalog/tree/merchantDetails';
import { merchantDescription } from '../../src/catalog/present/merchantFormat';
import { type CatalogNode, type TreeOptions } from '../../src/catalog/tree/treeNodes';
import { blankMerchant } from './helpers/merchants';
import { asMerchantKey, merchantKeyOfId, type MerchantKey } from '../../src/merchant/merchantKey';

function merchant(overrides: Partial<Merchant> = {}): CatalogMerchant {
  return blankMerchant({ defaultDomain: 'shop.example.com', domains: ['shop.example.com'], ...overrides });
}

/** Merchants keyed `k0`, `k1`, ... from names or partial merchants. */
function catalog(items: Array<string | Partial<Merchant>>): Map<MerchantKey, CatalogMerchant> {
  return new Map(
    items.map((item, i) => [asMerchantKey(`k${i}`), merchant(typeof item === 'string' ? { name: item } : item)]),
  );
}

/** Takes maps keyed by any string: the tests name merchants freely. */
function build(merchants: ReadonlyMap<string, CatalogMerchant>, options: Partial<TreeOptions> = {}): CatalogTreeModel {
  return new CatalogTreeModel(merchants as ReadonlyMap<MerchantKey, CatalogMerchant>, {
    sort: 'name',
    filter: '',
    deeplinkOnly: false,
    locale: 'en-US',
    ...options,
  });
}

const labels = (nodes: CatalogNode[]): string[] =>
  nodes.map((n) =>
    n.kind === 'merchant'
      ? n.merchant.name
      : n.kind === 'detail' || n.kind === 'bucket' || n.kind === 'group'
        ? n.label
        : '',
  );

/** Every node down to merchants (and below them when `details`), depth first. */
function walk(model: CatalogTreeModel, details = false): CatalogNode[] {
  const out: CatalogNode[] = [];
  const visit = (node: CatalogNode): void => {
    out.push(node);
    if (node.kind !== 'merchant' || details) {
      model.children(node).forEach(visit);
    }
  };
  model.roots().forEach(visit);
  return out;
}

const merchantsOf = (nodes: CatalogNode[]) =>
  nodes.filter((n): n is Extract<CatalogNode, { kind: 'merchant' }> => n.kind === 'merchant');

/** The sandbox's catalog, normalised, keyed by merchant id (or position when the id is null). */
function sandboxCatalog(count: number): Map<MerchantKey, CatalogMerchant> {
  const dataset = generateDataset({
    seed: 7,
    merchants: count,
    clicks: 0,
    actions: 0,
    now: new Date('2026-01-15T00:00:00Z'),
  });
  const map = new Map<MerchantKey, CatalogMerchant>();
  dataset.merchants.forEach((wire, i) => {
    const result = normalizeMerchant(wire);
    assert.ok(result.ok);
    map.set(
      result.value.merchantId === null ? asMerchantKey(`fallback:${i}`) : merchantKeyOfId(result.value.merchantId),
      toCatalogMerchant(result.value),
    );
  });
  return map;
}

describe('catalog tree model', () => {
  describe('groups', () => {
    it('always shows Active then Inactive, counting merchants after filtering', () => {
      const merchants = catalog([{ name: 'Alpha' }, { name: 'Beta', isActive: false }, { name: 'Gamma' }]);
      const model = build(merchants);
      assert.deepEqual(
        model.roots().map((n) => n.kind === 'group' && [n.id, n.label, n.active, n.count]),
        [
          ['group:active', 'Active', true, 2],
          ['group:inactive', 'Inactive', false, 1],
        ],
      );
      const filtered = build(merchants, { filter: 'gam' });
      assert.deepEqual(
        filtered.roots().map((n) => n.kind === 'group' && n.count),
        [1, 0],
      );
      assert.deepEqual(filtered.children(filtered.roots()[1]!), []);
      assert.equal(filtered.shownCount, 1);
      assert.equal(filtered.totalCount, 3);
    });

    it('shows both groups for an empty catalog', () => {
      const model = build(new Map());
      assert.deepEqual(labels(model.roots()), ['Active', 'Inactive']);
      assert.equal(model.shownCount, 0);
      assert.equal(model.totalCount, 0);
    });
  });

  describe('order', () => {
    const cases: Array<{
      title: string;
      items: Array<Partial<Merchant>>;
      sort: TreeOptions['sort'];
      expected: string[];
    }> = [
      {
        title: 'by name: case-insensitive, accents after the plain letter, digits as numbers',
        items: [
          { name: 'banana' },
          { name: 'Émile' },
          { name: 'Apple' },
          { name: 'Shop 10' },
          { name: 'eagle' },
          { name: 'Shop 9' },
          { name: 'Fox' },
        ],
        sort: 'name',
        expected: ['Apple', 'banana', 'eagle', 'Émile', 'Fox', 'Shop 9', 'Shop 10'],
      },
      {
        title: 'by commission: highest first, unknown last, ties by name',
        items: [
          { name: 'Low', averageCommission: 1.5 },
          { name: 'None B', averageCommission: null },
          { name: 'High', averageCommission: 12 },
          { name: 'None A', averageCommission: null },
          { name: 'Zero', averageCommission: 0 },
          { name: 'Mid b', averageCommission: 4.2 },
          { name: 'Mid a', averageCommission: 4.2 },
        ],
        sort: 'commission',
        expected: ['High', 'Mid a', 'Mid b', 'Low', 'Zero', 'None A', 'None B'],
      },
    ];
    for (const { title, items, sort, expected } of cases) {
      it(title, () => {
        const model = build(catalog(items), { sort });
        assert.deepEqual(labels(model.children(model.roots()[0]!)), expected);
      });
    }

    it('puts names equal but for case in key order, whatever the catalog order', () => {
      const merchants = new Map([
        ['k2', merchant({ name: 'beta' })],
        ['k0', merchant({ name: 'Beta' })],
        ['k3', merchant({ name: 'alpha' })],
        ['k1', merchant({ name: 'BETA' })],
      ]);
      const model = build(merchants);
      assert.deepEqual(
        merchantsOf(model.children(model.roots()[0]!)).map((n) => n.key),
        ['k3', 'k0', 'k1', 'k2'],
      );
    });
  });

  describe('buckets', () => {
    it('packs letters into buckets of about equal size, accented names under their letter, others under #', () => {
      const names = [
        'Apple',
        'Avocado',
        'Banana',
        'Cherry',
        'Date',
        'Eggplant',
        'Émile',
        'Zebra',
        '1-Up',
        'Яндекс',
        '京东',
        '"Quoted"',
        '@home',
      ];
      const model = build(catalog(names), { bucketThreshold: 4 });
      const buckets = model.children(model.roots()[0]!);
      assert.deepEqual(
        buckets.map((b) => b.kind === 'bucket' && `${b.label}:${b.count}`),
        ['A–C:4', 'D–Z:4', '# (1):2', '# (2):3'],
      );
      assert.deepEqual(labels(model.children(buckets[1]!)), ['Date', 'Eggplant', 'Émile', 'Zebra']);
      const hash = [...model.children(buckets[2]!), ...model.children(buckets[3]!)];
      assert.deepEqual(new Set(labels(hash)), new Set(['1-Up', 'Яндекс', '京东', '"Quoted"', '@home']));
    });

    it('cuts a letter holding more than the threshold into parts in name order', () => {
      const names = ['Sun', 'Sand', 'Sea', 'Salt', 'Sky', 'Snow', 'Stone', 'Apple'];
      const model = build(catalog(names), { bucketThreshold: 3 });
      const buckets = model.children(model.roots()[0]!);
      assert.deepEqual(labels(buckets), ['A', 'S (1)', 'S (2)', 'S (3)']);
      assert.deepEqual(
        buckets.map((b) => b.kind === 'bucket' && b.count),
        [1, 2, 2, 3],
      );
      assert.deepEqual(labels(buckets.slice(1).flatMap((b) => model.children(b))), [
        'Salt',
        'Sand',
        'Sea',
        'Sky',
        'Snow',
        'Stone',
        'Sun',
      ]);
    });

    it('falls back to the default locale and threshold when given unusable ones', () => {
      const model = build(catalog(['B', 'A']), { locale: 'not a locale!', bucketThreshold: Number.NaN });
      assert.deepEqual(labels(model.children(model.roots()[0]!)), ['A', 'B']);
    });

    it('keeps a group at or under the threshold flat', () => {
      const model = build(catalog(['A', 'B', 'C']), { bucketThreshold: 3 });
      assert.deepEqual(
        model.children(model.roots()[0]!).map((n) => n.kind),
        ['merchant', 'merchant', 'merchant'],
      );
    });

    it('pages by rank instead of letters when sorted by commission', () => {
      const items = [5, null, 3, 9, 1, 7, 2].map((averageCommission, i) => ({ name: `M${i}`, averageCommission }));
      const model = build(catalog(items), { sort: 'commission', bucketThreshold: 3 });
      const pages = model.children(model.roots()[0]!);
      assert.deepEqual(labels(pages), ['1–3', '4–6', '7']);
      assert.deepEqual(
        pages.map((page) => model.children(page).map((n) => n.kind === 'merchant' && n.merchant.averageCommission)),
        [[9, 7, 5], [3, 2, 1], [null]],
      );
    });

    it('lists each of 20,000 merchants exactly once and no level over 1,000 rows', function () {
      this.timeout(15000);
      const merchants = sandboxCatalog(20000);
      for (const sort of ['name', 'commission'] as const) {
        const model = build(merchants, { sort });
        const seen = new Map<string, number>();
        const listedUnder = new Map<string, string>();
        const visit = (node: CatalogNode): void => {
          if (node.kind === 'merchant') {
            seen.set(node.key, (seen.get(node.key) ?? 0) + 1);
            listedUnder.set(node.key, node.parentId);
            return;
          }
          const children = model.children(node);
          assert.ok(children.length <= 1000, `${node.id} lists ${children.length}`);
          if (node.kind !== 'detail') {
            const counted = children.reduce((sum, c) => sum + (c.kind === 'bucket' ? c.count : 1), 0);
            assert.equal(counted, node.count, `${node.id}: children add up to its count`);
          }
          children.forEach(visit);
        };
        model.roots().forEach(visit);
        assert.equal(seen.size, merchants.size, sort);
        assert.ok(
          [...seen.values()].every((n) => n === 1),
          `${sort}: a merchant listed twice`,
        );
        const revealed = build(merchants, { sort });
        for (const [key, parentId] of listedUnder) {
          assert.equal(
            revealed.nodeForMerchant(asMerchantKey(key))?.parentId,
            parentId,
            `${sort}: ${key} revealed where it is listed`,
          );
        }
        const buckets = model.children(model.roots()[0]!);
        assert.ok(
          buckets.length > 5 && buckets.every((b) => b.kind === 'bucket'),
          `${sort}: the active group is bucketed`,
        );
        if (sort === 'name') {
          for (const bucket of buckets) {
            const [first, last] = bucket.kind === 'bucket' ? bucket.label.replace(/ \(\d+\)$/, '').split('–') : [];
            for (const name of labels(model.children(bucket))) {
              const letter = name.normalize('NFD')[0]!.toUpperCase();
              const filed = first === '#' ? !/[A-Z]/.test(letter) : letter >= first! && letter <= (last ?? first)!;
              assert.ok(filed, `${name} filed under ${bucket.id}`);
            }
          }
        }
      }
    });
  });

  describe('filter', () => {
    const merchants = catalog([
      { name: 'Café Rouge', domains: ['rouge.fr'], defaultDomain: 'rouge.fr', countryCodes: ['FR'] },
      {
        name: 'Bookworm',
        domains: ['bookworm.de', 'shop.bookworm.at'],
        defaultDomain: 'bookworm.de',
        countryCodes: ['DE', 'AT'],
        deeplinkAllowed: true,
      },
      {
        name: 'Garden Deluxe',
        domains: ['garden.example'],
        defaultDomain: 'garden.example',
        countryCodes: ['NL'],
        isActive: false,
      },
      { name: 'Tools', domains: [], defaultDomain: 'tools.example', countryCodes: ['de'], deeplinkAllowed: true },
    ]);
    const cases: Array<{ filter: string; deeplinkOnly?: boolean; expected: string[] }> = [
      { filter: '', expected: ['k0', 'k1', 'k2', 'k3'] },
      { filter: 'ROUGE', expected: ['k0'] },
      { filter: 'cafe', expected: ['k0'] },
      { filter: 'café', expected: ['k0'] },
      { filter: '  worm ', expected: ['k1'] },
      { filter: 'shop.bookworm', expected: ['k1'] },
      { filter: 'TOOLS.EX', expected: ['k3'] },
      { filter: 'AT', expected: ['k1'] },
      { filter: 'de', expected: ['k1', 'k2', 'k3'] },
      { filter: 'nl', expected: ['k2'] },
      { filter: 'f', expected: ['k0'] },
      { filter: 'fra', expected: [] },
      { filter: 'fa', expected: [] },
      { filter: 'ROUGÉ', expected: ['k0'] },
      { filter: '', deeplinkOnly: true, expected: ['k1', 'k3'] },
      { filter: 'de', deeplinkOnly: true, expected: ['k1', 'k3'] },
      { filter: 'x', expected: ['k2', 'k3'] },
    ];
    for (const { filter, deeplinkOnly = false, expected } of cases) {
      it(`"${filter}"${deeplinkOnly ? ' deeplink only' : ''} shows ${expected.join(', ') || 'nothing'}`, () => {
        const model = build(merchants, { filter, deeplinkOnly });
        assert.deepEqual(
          merchantsOf(walk(model))
            .map((n) => n.key)
            .sort(),
          expected,
        );
        assert.equal(model.shownCount, expected.length);
        for (const key of ['k0', 'k1', 'k2', 'k3']) {
          assert.equal(model.nodeForMerchant(asMerchantKey(key)) !== undefined, expected.includes(key), key);
        }
      });
    }
  });

  describe('ids and navigation', () => {
    const names = ['Sun', 'Sand', 'Sea', 'Salt', 'Sky', 'Snow', 'Stone', 'Apple', 'Bee', '7 Days'];
    const items: Array<Partial<Merchant>> = names.map((name, i) => ({
      name,
      isActive: i % 4 !== 3,
      averageCommission: i % 3 === 0 ? null : i,
      domains: [`${i}.example`, `www.${i}.example`],
      commissionRates: [{ fixedCommission: 1, percentageCommission: null }],
      adCampaigns: [
        {
          name: `C${i}`,
          activeFrom: null,
          activeTo: null,
          allowDeeplink: false,
          rates: [{ countryCodes: ['DE'], clickRate: 0.1 }],
        },
      ],
    }));
    const merchants = new Map(items.map((item, i) => [`id:${i}:x`, merchant(item)]));

    for (const options of [
      { sort: 'name', bucketThreshold: 3 },
      { sort: 'commission', bucketThreshold: 3 },
      { sort: 'name' },
    ] as const) {
      it(`are unique and lead back to their group (${JSON.stringify(options)})`, () => {
        const model = build(merchants, options);
        const nodes = walk(model, true);
        const ids = nodes.map((n) => n.id);
        assert.equal(new Set(ids).size, ids.length, 'ids are unique');
        assert.ok(nodes.some((n) => n.kind === 'detail' && /:campaign:0:rate:0$/.test(n.id)));
        for (const node of nodes) {
          assert.deepEqual(model.node(node.id), node, `node(${node.id})`);
          const parent = model.parent(node);
          if (node.kind === 'group') {
            assert.equal(parent, undefined);
            continue;
          }
          assert.ok(parent, `parent of ${node.id}`);
          assert.equal(parent.id, node.parentId);
          assert.ok(
            model.children(parent).some((c) => c.id === node.id),
            `${node.id} is a child of its parent`,
          );
          let top: CatalogNode = parent;
          for (let up = model.parent(top); up; up = model.parent(top)) {
            top = up;
          }
          assert.equal(top.kind, 'group');
        }
      });
    }

    it('gives a merchant the same id in every rebuild, whatever the filter or sort', () => {
      const idOf = (model: CatalogTreeModel) => new Map(merchantsOf(walk(model)).map((n) => [n.key, n.id]));
      const first = idOf(build(merchants, { bucketThreshold: 3 }));
      const again = idOf(build(new Map(merchants), { bucketThreshold: 3 }));
      const other = idOf(build(merchants, { sort: 'commission', filter: 's', bucketThreshold: 2 }));
      assert.deepEqual(again, first);
      for (const [key, id] of other) {
        assert.equal(id, first.get(key));
        assert.equal(id, `merchant:${key}`);
      }
      const buckets = (model: CatalogTreeModel) => model.children(model.roots()[0]!).map((n) => n.id);
      assert.deepEqual(
        buckets(build(merchants, { bucketThreshold: 3 })),
        buckets(build(new Map(merchants), { bucketThreshold: 3 })),
      );
    });

    it('finds a merchant for reveal, under its bucket', () => {
      const model = build(merchants, { bucketThreshold: 3 });
      const node = model.nodeForMerchant(asMerchantKey('id:6:x'));
      assert.ok(node?.kind === 'merchant');
      assert.equal(node.merchant.name, 'Stone');
      assert.equal(node.parentId, 'bucket:active:S (2)');
      assert.deepEqual(model.parent(node), model.node('bucket:active:S (2)'));
      assert.equal(model.parent(model.parent(node)!)?.id, 'group:active');
      assert.equal(model.nodeForMerchant(asMerchantKey('no such key')), undefined);
      assert.equal(build(merchants, { filter: 'apple' }).nodeForMerchant(asMerchantKey('id:6:x')), undefined);
      const ranked = build(merchants, { sort: 'commission', bucketThreshold: 3 });
      const bee = ranked.nodeForMerchant(asMerchantKey('id:8:x'));
      assert.ok(bee?.kind === 'merchant');
      assert.equal(bee.parentId, 'bucket:active:1–3');
    });
  });

  describe('merchant details', () => {
    const full = merchant({
      name: 'Bookworm',
      defaultDomain: 'bookworm.de',
      domains: ['bookworm.de', 'bookworm.at'],
      currencyCode: 'EUR',
      commissionRates: [
        { fixedCommission: 2.5, percentageCommission: 0 },
        { fixedCommission: 0, percentageCommission: 5 },
        { fixedCommission: 1, percentageCommission: 3.5 },
        { fixedCommission: null, percentageCommission: null },
      ],
      adCampaigns: [
        {
          name: 'Spring',
          activeFrom: '2026-03-01T00:00:00Z',
          activeTo: '2026-05-31T23:59:59Z',
          allowDeeplink: true,
          rates: [
            { countryCodes: ['DE', 'AT'], clickRate: 0.12 },
            { countryCodes: ['CH'], clickRate: null },
            { countryCodes: [], clickRate: 0.125 },
          ],
        },
        { name: 'Always', activeFrom: null, activeTo: '2027-01-01', allowDeeplink: false, rates: [] },
      ],
    });

    it('lists domains, commission rates and campaigns with their click rates per country', () => {
      const model = build(new Map([['id:1', full]]));
      const node = model.nodeForMerchant(merchantKeyOfId(1))!;
      const sections = model.children(node);
      assert.deepEqual(labels(sections), ['Domains', 'Commission rates', 'Ad campaigns']);
      const [domains, rates, campaigns] = sections;
      const rows = (n: CatalogNode) =>
        model.children(n).map((c) => (c.kind === 'detail' ? [c.label, c.description] : []));
      assert.deepEqual(rows(domains!), [
        ['bookworm.de', 'default'],
        ['bookworm.at', undefined],
      ]);
      assert.deepEqual(rows(rates!), [
        ['€2.50', undefined],
        ['5%', undefined],
        ['€1.00 + 3.5%', undefined],
      ]);
      assert.deepEqual(rows(campaigns!), [
        ['Spring', '2026-03-01 – 2026-05-31 · deeplinks allowed'],
        ['Always', 'until 2027-01-01 · no deeplinks'],
      ]);
      const [spring, always] = model.children(campaigns!);
      assert.deepEqual(rows(spring!), [
        ['DE, AT', '€0.12 per click'],
        ['CH', 'click rate not given'],
        ['countries not given', '€0.125 per click'],
      ]);
      assert.ok(spring?.kind === 'detail' && spring.hasChildren);
      assert.ok(always?.kind === 'detail' && !always.hasChildren);
      assert.equal(spring.id, 'detail:id%3A1:campaign:0');
      assert.deepEqual(model.children(always), []);
    });

    it('leaves out empty sections and builds nothing for a merchant filtered out', () => {
      const bare = merchant({
        name: 'Bare',
        domains: [],
        defaultDomain: '',
        commissionRates: [{ fixedCommission: null, percentageCommission: null }],
      });
      const merchants = new Map([
        ['id:2', bare],
        ['id:1', full],
      ]);
      const all = build(merchants);
      assert.deepEqual(all.children(all.nodeForMerchant(merchantKeyOfId(2))!), []);
      assert.equal(all.node('detail:id%3A1:domains')?.kind, 'detail');
      const filtered = build(merchants, { filter: 'bare' });
      const hidden = {
        kind: 'merchant' as const,
        id: 'merchant:id:1',
        parentId: 'group:active',
        key: merchantKeyOfId(1),
        merchant: full,
      };
      assert.deepEqual(filtered.children(hidden), []);
      assert.equal(filtered.node('detail:id%3A1:domains'), undefined);
      assert.equal(filtered.node('merchant:id:1'), undefined);
    });
  });

  describe('merchant row', () => {
    const cases: Array<{ m: Partial<Merchant>; description: string; context: string }> = [
      {
        m: {
          defaultDomain: 'shop.example.com',
          averageCommission: 4.2,
          deeplinkAllowed: true,
          paymentModels: ['CPC', 'CPA'],
        },
        description: 'shop.example.com · 4.2%',
        context: 'merchant merchant.deeplink merchant.cpc merchant.active',
      },
      {
        m: { defaultDomain: 'a.example', averageCommission: null, paymentModels: ['CPA'] },
        description: 'a.example',
        context: 'merchant merchant.active',
      },
      {
        m: {
          defaultDomain: '',
          averageCommission: 12.3456,
          isActive: false,
          adCampaigns: [{ name: 'x', activeFrom: null, activeTo: null, allowDeeplink: false, rates: [] }],
        },
        description: '12.35%',
        context: 'merchant merchant.cpc merchant.inactive',
      },
      {
        m: { defaultDomain: '', averageCommission: null, paymentModels: ['cpc'], deeplinkAllowed: true },
        description: '',
        context: 'merchant merchant.deeplink merchant.cpc merchant.active',
      },
    ];
    for (const { m, description, context } of cases) {
      it(`describes ${JSON.stringify(description)} with context "${context}"`, () => {
        assert.equal(merchantDescription(merchant(m), 'en-US'), description);
        assert.equal(merchantContextValue(merchant(m)), context);
      });
    }
  });
});
