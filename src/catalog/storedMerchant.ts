/**
 * Merchants as the cache and its journal store them: under the service's field names
 * (`categoryId`, campaign rates' `countryCode`), so `normalizeMerchant` reads them back to the
 * same Merchant and a file edited by hand or by another program can never put wrong types
 * into the catalog. Fields are listed one by one, never spread, so a merchant whose details
 * are read lazily (see `cachedMerchant.ts`) is stored whole.
 */
import { isObject, type JsonObject } from '../api/normalize/fields';
import { normalizeMerchant } from '../api/normalize/merchant';
import type { AdCampaign, CampaignRate, Merchant } from '../api/types';

type StoredRate = Omit<CampaignRate, 'countryCodes'> & { countryCode: string[] };
type StoredCampaign = Omit<AdCampaign, 'rates'> & { rates: StoredRate[] };
export type StoredMerchant = Omit<Merchant, 'categoryIds' | 'adCampaigns'> & { categoryId: number[]; adCampaigns: StoredCampaign[] };

/** A merchant under the service's field names, which `normalizeMerchant` reads back to the same Merchant. */
export function toStored(m: Merchant): StoredMerchant {
  return {
    merchantId: m.merchantId,
    name: m.name,
    imageUri: m.imageUri,
    defaultDomain: m.defaultDomain,
    description: m.description,
    categoryId: m.categoryIds,
    domains: m.domains,
    currencyCode: m.currencyCode,
    isActive: m.isActive,
    deeplinkAllowed: m.deeplinkAllowed,
    countryCodes: m.countryCodes,
    averageBasketValue: m.averageBasketValue,
    averageCommission: m.averageCommission,
    averageConfirmationTime: m.averageConfirmationTime,
    averageCancellationRate: m.averageCancellationRate,
    minimumCommission: m.minimumCommission,
    maximumCommission: m.maximumCommission,
    commissionRates: m.commissionRates.map((rate) => ({ fixedCommission: rate.fixedCommission, percentageCommission: rate.percentageCommission })),
    adCampaigns: m.adCampaigns.map((campaign) => ({
      name: campaign.name,
      activeFrom: campaign.activeFrom,
      activeTo: campaign.activeTo,
      allowDeeplink: campaign.allowDeeplink,
      rates: campaign.rates.map((rate) => ({ countryCode: rate.countryCodes, clickRate: rate.clickRate })),
    })),
    trackingLink: m.trackingLink,
    paymentModels: m.paymentModels,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

export function isIsoTime(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
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
