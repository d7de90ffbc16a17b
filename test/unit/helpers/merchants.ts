import type { Merchant } from '../../../src/api/types';

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
