import type { Merchant } from '../../../src/api/types';
import { MERCHANT_FIELDS, toCatalogMerchant, type CatalogMerchant } from '../../../src/merchant/merchantFields';

/**
 * A plain copy of any merchant, field by field: merchants read from the cache file keep their
 * fields behind getters (see cachedMerchant.ts), which deep equality does not read.
 */
export function plainMerchant(merchant: Merchant): Merchant {
  return Object.fromEntries(MERCHANT_FIELDS.map((field) => [field, merchant[field]])) as unknown as Merchant;
}

/**
 * A merchant that knows nothing but its name, active, in EUR; tests add what they need. It is a
 * catalog entry: `supportsCpc` is worked out from the fields, as when a merchant enters the catalog.
 */
export function blankMerchant(overrides: Partial<Merchant> = {}): CatalogMerchant {
  return toCatalogMerchant({
    merchantId: null,
    name: 'Shop',
    imageUri: null,
    defaultDomain: '',
    description: null,
    categoryIds: [],
    domains: [],
    currencyCode: 'EUR',
    isActive: true,
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
    ...overrides,
  });
}
