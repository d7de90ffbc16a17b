import assert from 'node:assert/strict';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import { normalizeActionItem, normalizeClickItem } from '../../src/api/normalize/reportItems';
import { readMerchantPage, readClickPage } from '../../src/api/normalize/pages';
import { InvalidResponseError } from '../../src/api/errors';
import { AffiliateServiceClient } from '../../src/api/client';
import { startCraftedServer } from './helpers/craftedServer';
import { RecordingLogger } from './helpers/recordingLogger';

const noSkips = (): void => assert.fail('nothing should be skipped');

describe('normalisation of messy payloads', () => {
  it('reads a merchant where every optional field is null', () => {
    const result = normalizeMerchant({
      merchantId: null,
      name: 'Acme',
      imageUri: null,
      defaultDomain: null,
      description: null,
      categoryId: null,
      domains: null,
      currencyCode: null,
      isActive: null,
      deeplinkAllowed: null,
      countryCodes: null,
      averageBasketValue: null,
      averageCommission: null,
      averageConfirmationTime: null,
      averageCancellationRate: null,
      minimumCommission: null,
      maximumCommission: null,
      commissionRates: null,
      adCampaigns: null,
      trackingLink: null,
      paymentModels: null,
      createdAt: null,
      updatedAt: null,
    });
    assert.ok(result.ok);
    assert.deepEqual(result.value, {
      merchantId: null,
      name: 'Acme',
      imageUri: null,
      defaultDomain: '',
      description: null,
      categoryIds: [],
      domains: [],
      currencyCode: null,
      isActive: false,
      deeplinkAllowed: false,
      countryCodes: [],
      averageBasketValue: null,
      averageCommission: null,
      averageConfirmationTime: null,
      averageCancellationRate: null,
      minimumCommission: null,
      maximumCommission: null,
      commissionRates: [],
      adCampaigns: [],
      trackingLink: null,
      paymentModels: [],
      createdAt: null,
      updatedAt: null,
    });
  });

  it('reads a merchant with only an id, and names it', () => {
    const result = normalizeMerchant({ merchantId: 42 });
    assert.ok(result.ok);
    assert.equal(result.value.name, 'Merchant 42');
    assert.deepEqual(result.value.domains, []);
  });

  it('reads the variants the spec notes, and extra fields', () => {
    const result = normalizeMerchant({
      merchantId: '7',
      name: '\u00a0 Shop\u2003',
      categoryId: [3, '5', 'x'],
      domains: 'shop.example.co.uk',
      defaultDomain: '',
      minimumCommission: [2.5, 1, '4'],
      maximumCommission: [10, 12.5],
      averageCommission: '4.2',
      isActive: 'true',
      deeplinkAllowed: 1,
      paymentModels: ['cpc', 'CPA', 7, null],
      commissionRates: [{ fixedCommission: '1.5' }, null, 'junk', { percentageCommission: 8 }],
      adCampaigns: [
        {
          name: 'Spring',
          allowDeeplink: true,
          rates: [
            { countryCode: ['DE', 'AT'], clickRate: 0.12 },
            { countryCode: 'FR', clickRate: '0.2' },
          ],
        },
        { rates: 'none' },
      ],
      somethingNew: { nested: true },
    });
    assert.ok(result.ok);
    const merchant = result.value;
    assert.equal(merchant.merchantId, 7);
    assert.equal(merchant.name, 'Shop');
    assert.deepEqual(merchant.categoryIds, [3, 5]);
    assert.deepEqual(merchant.domains, ['shop.example.co.uk']);
    assert.equal(merchant.defaultDomain, 'shop.example.co.uk');
    assert.equal(merchant.minimumCommission, 1);
    assert.equal(merchant.maximumCommission, 12.5);
    assert.equal(merchant.averageCommission, 4.2);
    assert.equal(merchant.isActive, true);
    assert.equal(merchant.deeplinkAllowed, true);
    assert.deepEqual(merchant.paymentModels, ['CPC', 'CPA', '7']);
    assert.deepEqual(merchant.commissionRates, [
      { fixedCommission: 1.5, percentageCommission: null },
      { fixedCommission: null, percentageCommission: 8 },
    ]);
    assert.deepEqual(merchant.adCampaigns, [
      {
        name: 'Spring',
        activeFrom: null,
        activeTo: null,
        allowDeeplink: true,
        rates: [
          { countryCodes: ['DE', 'AT'], clickRate: 0.12 },
          { countryCodes: ['FR'], clickRate: 0.2 },
        ],
      },
      { name: 'Campaign 2', activeFrom: null, activeTo: null, allowDeeplink: false, rates: [] },
    ]);
  });

  const badMerchants: Array<[string, unknown, RegExp]> = [
    ['null', null, /got null/],
    ['a string', 'merchant', /got string/],
    ['a list', [1], /got object/],
    ['no name and no id', { domains: ['a.com'] }, /neither a name nor a merchantId/],
    ['a blank name and a non-integer id', { name: '  ', merchantId: 1.5 }, /neither a name/],
  ];
  for (const [name, raw, reason] of badMerchants) {
    it(`rejects a merchant that is ${name}`, () => {
      const result = normalizeMerchant(raw);
      assert.ok(!result.ok);
      assert.match(result.reason, reason);
    });
  }

  it('reads click items with a null id, a decimal count as text and an unknown product', () => {
    const result = normalizeClickItem({
      id: null,
      count: '12',
      productId: 'MONETIZE_NEW_THING',
      subId: null,
      extra: 1,
    });
    assert.ok(result.ok);
    assert.equal(result.value.id, null);
    assert.equal(result.value.count, 12);
    assert.equal(result.value.productId, 'MONETIZE_NEW_THING');
    assert.equal(result.value.date, null);
  });

  it('reads click items as real payloads send them: a UUID id, a null program with an empty name, merchantId and couponId', () => {
    const result = normalizeClickItem({
      id: '9b2f6a1e-4c1d-4d53-9d0e-2f1f0c6a7b11',
      programId: null,
      programName: '',
      subId: null,
      merchantId: 1234,
      couponId: null,
      count: 3,
      date: '2024-10-09',
      updatedAt: '2024-10-09T15:20:58.000Z',
    });
    assert.ok(result.ok);
    assert.equal(result.value.id, '9b2f6a1e-4c1d-4d53-9d0e-2f1f0c6a7b11');
    assert.equal(result.value.programId, null);
    assert.equal(result.value.programName, null);
    assert.equal(result.value.merchantId, 1234);
    assert.equal(result.value.couponId, null);
    const coupon = normalizeClickItem({ id: 17, count: 1, couponId: 'SPRING10', merchantId: 'x' });
    assert.ok(coupon.ok);
    assert.deepEqual([coupon.value.couponId, coupon.value.merchantId], ['SPRING10', null]);
  });

  it('keeps ids opaque: a number id is read as its digits, a blank or fractional one as unknown', () => {
    const ids = [17, '  ', 1.5, 'abc-1', true].map((id) => {
      const result = normalizeClickItem({ id, count: 1 });
      assert.ok(result.ok);
      return result.value.id;
    });
    assert.deepEqual(ids, ['17', null, null, 'abc-1', null]);
    const action = normalizeActionItem({ id: 'a-1', actionId: 900000001, status: 'PENDING' });
    assert.ok(action.ok);
    assert.deepEqual([action.value.id, action.value.actionId], ['a-1', '900000001']);
  });

  it('rejects a click item without a count', () => {
    const result = normalizeClickItem({ id: 3, count: null });
    assert.ok(!result.ok);
    assert.match(result.reason, /no click count/);
  });

  it('reads action items, keeping unknown statuses and reading days as a number', () => {
    const result = normalizeActionItem({
      id: 1,
      actionId: null,
      status: 'on_hold',
      orderType: 'sale',
      commission: '2.50',
      revenue: null,
      paidOut: 'false',
      days: '7',
    });
    assert.ok(result.ok);
    assert.equal(result.value.status, 'ON_HOLD');
    assert.equal(result.value.orderType, 'SALE');
    assert.equal(result.value.commission, 2.5);
    assert.equal(result.value.revenue, null);
    assert.equal(result.value.paidOut, false);
    assert.equal(result.value.days, 7);
  });

  it('rejects an action with neither id nor actionId', () => {
    assert.equal(normalizeActionItem({ status: 'PENDING' }).ok, false);
  });

  it('skips and counts bad items without failing the page', () => {
    const skipped: string[] = [];
    const page = readMerchantPage(
      { meta: { next: '500' }, data: [{ name: 'A' }, 17, { name: 'B' }, null] },
      '/p',
      (index, reason) => skipped.push(`${index}: ${reason}`),
    );
    assert.deepEqual(
      page.merchants.map((merchant) => merchant.name),
      ['A', 'B'],
    );
    assert.equal(page.next, 500);
    assert.equal(page.skipped, 2);
    assert.deepEqual(skipped, ['1: expected an object, got number', '3: expected an object, got null']);
  });

  it('takes a missing meta as the last page, and reads report meta leniently', () => {
    assert.equal(readMerchantPage({ data: [] }, '/p', noSkips).next, null);
    const page = readClickPage(
      { data: [{ count: 1 }], meta: { total: '1' } },
      '/c',
      { offset: 0, limit: 500 },
      noSkips,
    );
    assert.deepEqual([page.total, page.offset, page.limit, page.received], [1, 0, 500, 1]);
    assert.equal(readClickPage({ data: [] }, '/c', { offset: 0, limit: 500 }, noSkips).total, null);
  });

  const badEnvelopes: Array<[string, unknown, RegExp]> = [
    ['a list', [], /not a JSON object/],
    ['no data', { meta: {} }, /no "data" list/],
    ['data as an object', { data: {} }, /no "data" list/],
    ['a next that is not a number', { data: [], meta: { next: 'abc' } }, /"meta.next" that is not a whole number/],
  ];
  for (const [name, body, message] of badEnvelopes) {
    it(`refuses a page that is ${name}`, () => {
      assert.throws(
        () => readMerchantPage(body, '/p', noSkips),
        (error: unknown) => {
          assert.ok(error instanceof InvalidResponseError);
          assert.match(error.message, message);
          return true;
        },
      );
    });
  }

  it('reads a messy page over HTTP and logs what it left out', async () => {
    const server = await startCraftedServer(() => ({
      body: {
        meta: { next: null, extra: 'x' },
        data: [
          { merchantId: 1, name: 'Full', domains: ['full.com'], isActive: true, minimumCommission: [1, 2] },
          { merchantId: 2, name: null },
          { merchantId: null, name: 'No id', adCampaigns: null },
          'garbage',
        ],
      },
    }));
    const logger = new RecordingLogger();
    const client = new AffiliateServiceClient({ baseUrl: server.url, apiKey: 'abc123', logger });
    try {
      const page = await client.getMerchantPage();
      assert.deepEqual(
        page.merchants.map((merchant) => [merchant.merchantId, merchant.name]),
        [
          [1, 'Full'],
          [2, 'Merchant 2'],
          [null, 'No id'],
        ],
      );
      assert.equal(page.skipped, 1);
      assert.match(logger.text(), /merchant 3 left out: expected an object, got string/);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
