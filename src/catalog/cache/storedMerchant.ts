/**
 * Merchants as the cache and its journal store them: under the service's field names, read back by `normalizeMerchant`.
 */
import { isObject, type JsonObject } from '../../api/normalize/fields';
import { normalizeMerchant } from '../../api/normalize/merchant';
import type { AdCampaign, CampaignRate, Merchant } from '../../api/types';
import { MERCHANT_FIELDS } from '../../merchant/merchantFields';

type StoredRate = Omit<CampaignRate, 'countryCodes'> & { countryCode: string[] };
type StoredCampaign = Omit<AdCampaign, 'rates'> & { rates: StoredRate[] };
export type StoredMerchant = Omit<Merchant, 'categoryIds' | 'adCampaigns'> & {
  categoryId: number[];
  adCampaigns: StoredCampaign[];
};

/** A stored field: its name in the file, and its value. */
type Renamed = [string, unknown];

/** The fields stored under another name or shape than the Merchant's. */
const RENAMED = {
  categoryIds: (m: Merchant): Renamed => ['categoryId', m.categoryIds],
  commissionRates: (m: Merchant): Renamed => [
    'commissionRates',
    m.commissionRates.map((rate) => ({
      fixedCommission: rate.fixedCommission,
      percentageCommission: rate.percentageCommission,
    })),
  ],
  adCampaigns: (m: Merchant): Renamed => [
    'adCampaigns',
    m.adCampaigns.map((campaign) => ({
      name: campaign.name,
      activeFrom: campaign.activeFrom,
      activeTo: campaign.activeTo,
      allowDeeplink: campaign.allowDeeplink,
      rates: campaign.rates.map((rate) => ({ countryCode: rate.countryCodes, clickRate: rate.clickRate })),
    })),
  ],
} satisfies Partial<Record<keyof Merchant, (m: Merchant) => Renamed>>;

/**
 * A merchant under the service's field names (`categoryId`, campaign rates' `countryCode`), which
 * `normalizeMerchant` reads back to the same Merchant. Fields are read one by one by name
 * (`MERCHANT_FIELDS`), never spread, so a merchant whose details are read lazily is stored whole.
 */
export function toStored(m: Merchant): StoredMerchant {
  const stored: Record<string, unknown> = {};
  for (const field of MERCHANT_FIELDS) {
    const rename: ((m: Merchant) => Renamed) | undefined = RENAMED[field as keyof typeof RENAMED];
    if (rename === undefined) {
      stored[field] = m[field];
    } else {
      const [name, value] = rename(m);
      stored[name] = value;
    }
  }
  return stored as StoredMerchant;
}

/** Stored merchants read back through `normalizeMerchant`; the first bad one gives the reason instead. */
export function readStoredMerchants(list: readonly unknown[]): Merchant[] | string {
  const merchants: Merchant[] = [];
  for (const [index, raw] of list.entries()) {
    if (!isObject(raw)) {
      return `merchant ${index} is not an object`;
    }
    const normalized = normalizeMerchant(raw as JsonObject);
    if (!normalized.ok) {
      return `merchant ${index} cannot be read: ${normalized.reason}`;
    }
    merchants.push(normalized.value);
  }
  return merchants;
}
