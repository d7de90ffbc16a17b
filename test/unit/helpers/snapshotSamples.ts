/**
 * Catalogs the tests of the catalog snapshot write and read back (test/unit/catalogSnapshot.test.ts and its
 * property, test/unit/properties/catalogSnapshot.property.test.ts), and what "the same catalog" means.
 */
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { normalizeMerchant } from '../../../src/api/normalize/merchant';
import type { CatalogSnapshot } from '../../../src/catalog/snapshot/catalogSnapshot';
import { toCatalogMerchant, type CatalogMerchant } from '../../../src/merchant/merchantFields';
import { merchantKey, type MerchantKey } from '../../../src/merchant/merchantKey';
import { generateDataset } from '../../../src/sandbox/dataset';
import { NOW } from './fixtures';
import { blankMerchant, plainMerchant } from './merchants';

export const TAKEN_AT = '2026-11-21T11:30:00.000Z';
export const BASE_URL = 'https://api.example.com';

/** The sandbox's generated catalog, normalised as the client normalises what the service sends. */
export function sandboxCatalog(count: number, seed = 1): Map<MerchantKey, CatalogMerchant> {
  const dataset = generateDataset({ seed, merchants: count, clicks: 0, actions: 0, now: NOW });
  return new Map(
    dataset.merchants.map((raw) => {
      const normalized = normalizeMerchant(raw);
      assert.ok(normalized.ok, 'the sandbox sends merchants the client reads');
      const merchant = toCatalogMerchant(normalized.value);
      return [merchantKey(merchant), merchant] as const;
    }),
  );
}

/** Merchants the generator does not make: no id, letters beyond ASCII, a campaign with rates per country. */
export function unusualCatalog(): Map<MerchantKey, CatalogMerchant> {
  const merchants = [
    blankMerchant({ name: 'Caf\u00e9 \u00c9lys\u00e9e', defaultDomain: 'cafe.example', domains: ['cafe.example'] }),
    blankMerchant({
      merchantId: 77,
      name: '\u{1F6CD} \u5546\u5e97',
      description: 'S\u00fc\u00dfes &\u2028\u201cMehr\u201d',
      categoryIds: [3, 14],
      commissionRates: [{ fixedCommission: 1.5, percentageCommission: null }],
      adCampaigns: [
        {
          name: 'Spring',
          activeFrom: '2026-03-01',
          activeTo: null,
          allowDeeplink: true,
          rates: [{ countryCodes: ['DE', 'AT'], clickRate: 0.12 }],
        },
      ],
      paymentModels: ['CPS', 'CPC'],
      minimumCommission: -0.5,
      maximumCommission: 12,
    }),
    blankMerchant({ name: 'Shop', trackingLink: 'https://track.example/a|b%7C', currencyCode: null }),
  ];
  return new Map(merchants.map((merchant) => [merchantKey(merchant), merchant] as const));
}

/** Whether `read` is exactly the catalog `written`: the same keys in the same order, every field of every merchant. */
export function sameCatalog(read: CatalogSnapshot, written: CatalogSnapshot): boolean {
  const readKeys = [...read.merchants.keys()];
  return (
    read.takenAt === written.takenAt &&
    read.baseUrl === written.baseUrl &&
    isDeepStrictEqual(readKeys, [...written.merchants.keys()]) &&
    readKeys.every((key) => {
      const [a, b] = [read.merchants.get(key)!, written.merchants.get(key)!];
      return isDeepStrictEqual(plainMerchant(a), plainMerchant(b)) && a.supportsCpc === b.supportsCpc;
    })
  );
}
