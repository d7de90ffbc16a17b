import assert from 'node:assert/strict';
import type { Merchant } from '../../src/api/types';
import { changedKeys, mergeMerchants, replaceAll, sameMerchant } from '../../src/catalog/model/catalogMerge';
import { merchantKey } from '../../src/merchant/merchantKey';
import { blankMerchant } from './helpers/merchants';
import { type MerchantKey, merchantKeyOfId } from '../../src/merchant/merchantKey';

function merchant(overrides: Partial<Merchant> = {}): Merchant {
  return blankMerchant({
    merchantId: 1,
    name: 'Acme Shop',
    defaultDomain: 'acme.example',
    description: 'Everything.',
    categoryIds: [3],
    domains: ['acme.example', 'www.acme.example'],
    deeplinkAllowed: true,
    countryCodes: ['DE'],
    averageBasketValue: 40,
    averageCommission: 4,
    averageConfirmationTime: 30,
    averageCancellationRate: 0.1,
    minimumCommission: 2,
    maximumCommission: 8,
    commissionRates: [{ fixedCommission: 0, percentageCommission: 5 }],
    adCampaigns: [
      {
        name: 'CPC DE',
        activeFrom: null,
        activeTo: null,
        allowDeeplink: true,
        rates: [{ countryCodes: ['DE'], clickRate: 0.1 }],
      },
    ],
    trackingLink: 'https://track.example/abc',
    paymentModels: ['CPA'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
    ...overrides,
  });
}

function mapOf(...merchants: Merchant[]): Map<MerchantKey, Merchant> {
  return new Map(merchants.map((m) => [merchantKey(m), m]));
}

const nullId = (overrides: Partial<Merchant> = {}): Merchant => merchant({ merchantId: null, ...overrides });

describe('merchantKey', () => {
  it('is id:<merchantId> when the id is known, 0 included', () => {
    assert.equal(merchantKey(merchant({ merchantId: 42 })), 'id:42');
    assert.equal(merchantKey(merchant({ merchantId: 0 })), 'id:0');
  });

  it('falls back to name, default domain and tracking link when the id is null', () => {
    const key = merchantKey(nullId());
    assert.match(key, /^fallback:/);
    assert.notEqual(key, merchantKey(merchant()));
    assert.ok(
      key.includes('acme shop') && key.includes('acme.example') && key.includes('https://track.example/abc'),
      key,
    );
  });

  const unrelated: Array<[string, Partial<Merchant>]> = [
    ['a new updatedAt', { updatedAt: '2026-09-09T00:00:00.000Z' }],
    ['a new description', { description: 'Now with more.' }],
    ['new figures', { averageCommission: 9, maximumCommission: 20, commissionRates: [] }],
    ['other flags', { isActive: false, deeplinkAllowed: false }],
    ['more domains', { domains: ['acme.example', 'shop.acme.example'] }],
    ['the name in other case and blanks', { name: '  ACME shop ' }],
    ['the default domain in other case', { defaultDomain: 'Acme.Example' }],
  ];
  for (const [what, change] of unrelated) {
    it(`keeps a null-id merchant's key stable across ${what}`, () => {
      assert.equal(merchantKey(nullId(change)), merchantKey(nullId()));
    });
  }

  const identifying: Array<[string, Partial<Merchant>, Partial<Merchant>]> = [
    ['default domains', { defaultDomain: 'acme.de' }, { defaultDomain: 'acme.fr' }],
    ['names', { name: 'Acme' }, { name: 'Acme Outlet' }],
    ['tracking links', { trackingLink: 'https://t.example/a' }, { trackingLink: 'https://t.example/A' }],
    ['tracking link null or set', { trackingLink: null }, { trackingLink: 'x' }],
    ['a separator inside a part', { name: 'a|b', defaultDomain: 'c' }, { name: 'a', defaultDomain: 'b|c' }],
    ['an escaped separator', { name: 'a%7Cb' }, { name: 'a|b' }],
  ];
  for (const [what, left, right] of identifying) {
    it(`tells two null-id merchants apart by ${what}`, () => {
      assert.notEqual(merchantKey(nullId(left)), merchantKey(nullId(right)));
    });
  }

  it('does not throw on a lone surrogate', () => {
    assert.match(merchantKey(nullId({ name: 'bad \ud800 name' })), /^fallback:/);
  });
});

describe('sameMerchant', () => {
  const base = merchant();
  const rows: Array<[string, Merchant, boolean]> = [
    ['the same object', base, true],
    ['a deep copy', structuredClone(base), true],
    [
      'a copy with keys in another order',
      Object.fromEntries(Object.entries(structuredClone(base)).reverse()) as unknown as Merchant,
      true,
    ],
    ['a new updatedAt only', merchant({ updatedAt: '2026-03-01T00:00:00.000Z' }), false],
    ['a changed field with the same updatedAt', merchant({ description: 'Changed.' }), false],
    [
      'a changed nested rate with the same updatedAt',
      merchant({ adCampaigns: [{ ...base.adCampaigns[0]!, rates: [{ countryCodes: ['DE'], clickRate: 0.2 }] }] }),
      false,
    ],
    ['a list in another order', merchant({ domains: ['www.acme.example', 'acme.example'] }), false],
    ['a list one shorter', merchant({ domains: ['acme.example'] }), false],
    ['null instead of a number', merchant({ averageBasketValue: null }), false],
    ['an extra field, which no Merchant has', { ...base, extra: 1 } as Merchant, true],
  ];
  for (const [what, other, same] of rows) {
    it(`${same ? 'equals' : 'differs from'} ${what}`, () => {
      assert.equal(sameMerchant(base, other), same);
      assert.equal(sameMerchant(other, base), same);
    });
  }
});

describe('mergeMerchants', () => {
  const a = merchant({ merchantId: 1, name: 'A' });
  const b = merchant({ merchantId: 2, name: 'B' });
  const c = merchant({ merchantId: 3, name: 'C' });
  const n = nullId({ name: 'No Id', defaultDomain: 'noid.example' });

  it('replaces an updated merchant in place and marks it changed', () => {
    const current = mapOf(a, b, c);
    const b2 = { ...b, updatedAt: '2026-05-05T00:00:00.000Z', averageCommission: 7 };
    const { merchants, changed } = mergeMerchants(current, [b2]);
    assert.deepEqual([...merchants.keys()], ['id:1', 'id:2', 'id:3']);
    assert.equal(merchants.get(merchantKeyOfId(2)), b2);
    assert.deepEqual([...changed], ['id:2']);
  });

  it('sees a change even when updatedAt stayed the same', () => {
    const b2 = { ...b, description: 'Silently changed.' };
    const { merchants, changed } = mergeMerchants(mapOf(a, b), [b2]);
    assert.deepEqual([...changed], ['id:2']);
    assert.equal(merchants.get(merchantKeyOfId(2)), b2);
  });

  it('appends new merchants in the order received and marks them changed', () => {
    const d = merchant({ merchantId: 4, name: 'D' });
    const e = merchant({ merchantId: 5, name: 'E' });
    const { merchants, changed } = mergeMerchants(mapOf(a, b), [e, d]);
    assert.deepEqual([...merchants.keys()], ['id:1', 'id:2', 'id:5', 'id:4']);
    assert.deepEqual([...changed].sort(), ['id:4', 'id:5']);
  });

  it('does not count a merchant sent again unchanged, and keeps the object it had', () => {
    const { merchants, changed } = mergeMerchants(mapOf(a, b), [structuredClone(a), structuredClone(b)]);
    assert.equal(changed.size, 0);
    assert.equal(merchants.get(merchantKeyOfId(1)), a);
    assert.equal(merchants.get(merchantKeyOfId(2)), b);
  });

  it('merges merchants whose id is null by their fallback key', () => {
    const current = mapOf(a, n, b);
    const nUpdated = { ...n, description: 'Updated.', updatedAt: '2026-06-01T00:00:00.000Z' };
    const other = nullId({ name: 'No Id', defaultDomain: 'other.example' });
    const { merchants, changed } = mergeMerchants(current, [nUpdated, other]);
    assert.equal(merchants.size, 4);
    assert.deepEqual([...merchants.values()], [a, nUpdated, b, other]);
    assert.deepEqual([...changed], [merchantKey(n), merchantKey(other)]);
  });

  it('lets the later of two updates with one key win', () => {
    const first = { ...a, description: 'first' };
    const second = { ...a, description: 'second' };
    const { merchants, changed } = mergeMerchants(mapOf(a), [first, second]);
    assert.equal(merchants.get(merchantKeyOfId(1)), second);
    assert.deepEqual([...changed], ['id:1']);
  });

  it('does not count a key changed and then changed back within one batch', () => {
    const { merchants, changed } = mergeMerchants(mapOf(a), [{ ...a, description: 'first' }, structuredClone(a)]);
    assert.equal(changed.size, 0);
    assert.equal(merchants.get(merchantKeyOfId(1)), a);
  });

  it('leaves the input map untouched and returns a new one', () => {
    const current = mapOf(a, b);
    const before = [...current.entries()];
    const { merchants } = mergeMerchants(current, [{ ...a, name: 'A2' }, c]);
    assert.notEqual(merchants, current);
    assert.deepEqual([...current.entries()], before);
    assert.equal(current.get(merchantKeyOfId(1)), a);
    assert.equal(a.name, 'A');
  });

  it('returns a copy with nothing changed for no updates', () => {
    const current = mapOf(a, b);
    const { merchants, changed } = mergeMerchants(current, []);
    assert.notEqual(merchants, current);
    assert.deepEqual([...merchants], [...current]);
    assert.equal(changed.size, 0);
  });
});

describe('replaceAll and changedKeys', () => {
  const a = merchant({ merchantId: 1, name: 'A' });
  const b = merchant({ merchantId: 2, name: 'B' });
  const c = merchant({ merchantId: 3, name: 'C' });

  it('builds the catalog of a full walk in order; a repeated key keeps its first place, the later wins', () => {
    const b2 = { ...b, description: 'later' };
    const map = replaceAll([a, b, c, b2]);
    assert.deepEqual([...map.keys()], ['id:1', 'id:2', 'id:3']);
    assert.equal(map.get(merchantKeyOfId(2)), b2);
  });

  it('lists added, changed and removed keys, not unchanged ones', () => {
    const d = merchant({ merchantId: 4, name: 'D' });
    const changed = changedKeys(mapOf(a, b, c), mapOf(structuredClone(a), { ...b, description: 'x' }, d));
    assert.deepEqual([...changed].sort(), ['id:2', 'id:3', 'id:4']);
  });
});
