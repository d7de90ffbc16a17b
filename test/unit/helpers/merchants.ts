import type { Merchant } from '../../../src/api/types';
import { MERCHANT_FIELDS } from '../../../src/catalog/catalogMerge';

/**
 * A plain copy of any merchant, field by field: merchants read from the cache file keep their
 * details behind getters (see cachedMerchant.ts), which deep equality does not read.
 */
export function plainMerchant(merchant: Merchant): Merchant {
  return Object.fromEntries(MERCHANT_FIELDS.map((field) => [field, merchant[field]])) as unknown as Merchant;
}

/** A merchant that knows nothing but its name, active, in EUR; tests add what they need. */
export function blankMerchant(overrides: Partial<Merchant> = {}): Merchant {
  return {
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
  };
}
