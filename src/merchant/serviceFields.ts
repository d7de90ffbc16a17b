/**
 * A merchant written back under the service's field names (`categoryId`, campaign rates' `countryCode`), the shape
 * `normalizeMerchant` reads: how the catalog cache and the catalog snapshot both store merchants.
 */
import type { AdCampaign, CampaignRate, Merchant } from '../api/types';
import { MERCHANT_FIELDS } from './merchantFields';

type ServiceRate = Omit<CampaignRate, 'countryCodes'> & { countryCode: string[] };
type ServiceCampaign = Omit<AdCampaign, 'rates'> & { rates: ServiceRate[] };

/** A merchant under the service's field names, as `toServiceFields` writes it. */
export type ServiceFieldsMerchant = Omit<Merchant, 'categoryIds' | 'adCampaigns'> & {
  categoryId: number[];
  adCampaigns: ServiceCampaign[];
};

/** A field written: its name for the service, and its value. */
type Renamed = [string, unknown];

/** The fields written under another name or shape than the Merchant's. */
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
 * A merchant under the service's field names, which `normalizeMerchant` reads back to the same Merchant. Fields are
 * read one by one by name (`MERCHANT_FIELDS`), never spread, so a merchant whose details are read lazily (a cached
 * one, behind getters) is written whole.
 */
export function toServiceFields(m: Merchant): ServiceFieldsMerchant {
  const written: Record<string, unknown> = {};
  for (const field of MERCHANT_FIELDS) {
    const rename: ((m: Merchant) => Renamed) | undefined = RENAMED[field as keyof typeof RENAMED];
    if (rename === undefined) {
      written[field] = m[field];
    } else {
      const [name, value] = rename(m);
      written[name] = value;
    }
  }
  return written as ServiceFieldsMerchant;
}
