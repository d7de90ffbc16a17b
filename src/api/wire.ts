/** The service's payloads as the spec describes them: the sandbox sends exactly these, the client trusts none. */

export interface WireCommissionRate {
  fixedCommission: number | null;
  percentageCommission: number | null;
}

export interface WireRate {
  countryCode: string | string[];
  clickRate: number;
}

export interface WireAdCampaign {
  name: string;
  activeFrom: string;
  activeTo: string;
  allowDeeplink: boolean;
  rates: WireRate[];
}

export interface WireMerchant {
  merchantId: number | null;
  name: string;
  imageUri: string | null;
  defaultDomain: string;
  description: string | null;
  categoryId: number | number[];
  domains: string[];
  currencyCode: string;
  isActive: boolean;
  deeplinkAllowed: boolean;
  countryCodes: string[];
  averageBasketValue: number | null;
  averageCommission: number | null;
  averageConfirmationTime: number | null;
  averageCancellationRate: number | null;
  minimumCommission: number | number[] | null;
  maximumCommission: number | number[] | null;
  commissionRates: WireCommissionRate[];
  adCampaigns: WireAdCampaign[];
  trackingLink: string;
  paymentModels: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * A click item as the spec describes it, widened to what real payloads send: a UUID string
 * for `id`, a null `programId` with an empty `programName`, and `merchantId` and `couponId`.
 */
export interface WireClickItem {
  id: string | number | null;
  adspaceId: string;
  adspaceName: string;
  programId: string | null;
  programName: string;
  subId: string | null;
  date: string;
  count: number;
  productId: string;
  merchantId?: number | null;
  couponId?: string | null;
  updatedAt: string;
}

export interface WireActionItem {
  id: number;
  actionId: number;
  status: string;
  orderType: string;
  adspaceId: string;
  adspaceName: string;
  programId: string;
  programName: string;
  subId: string;
  currencyCode: string;
  commission: number;
  revenue: number;
  productId: string;
  paidOut: boolean;
  invoiceNumber: string;
  date?: string;
  days?: string;
  createdAt: string;
  updatedAt: string;
}

export interface WireMerchantPage {
  meta: { next: number | null };
  data: WireMerchant[];
}

export interface WireReportPage<T> {
  meta: { offset: number; limit: number; total: number };
  data: T[];
}

export interface WireErrorEntry {
  status: string;
  title: string;
  code: string;
  meta?: { property?: string } & Record<string, unknown>;
}

export interface WireErrorBody {
  errors: WireErrorEntry[];
}

/** Paths of the three endpoints, relative to the base URL (spec 4). */
export const ENDPOINT_PATHS = {
  merchants: '/v1/product/monetize-api/v2/merchant',
  clicks: '/v1/api/stats/click',
  actions: '/v1/api/stats/action',
} as const;

/** Enumerations of spec 2.4. Unknown values met in payloads are kept as plain strings. */
export const PRODUCT_IDS = [
  'MONETIZE_LINK_SCRIPT',
  'MONETIZE_LINK_API',
  'MONETIZE_API',
  'MONETIZE_SEARCH_API',
  'MONETIZE_SUGGEST',
] as const;
/** SETTLED is the service's newer fourth status: a CONFIRMED action unchanged for 45 to 50 days, earned money. */
export const ACTION_STATUSES = ['PENDING', 'CONFIRMED', 'SETTLED', 'CANCELED'] as const;
export const ORDER_TYPES = ['SALE', 'LEAD', 'CLICK'] as const;

/** Limits of spec 8. */
export const LIMITS = {
  maxLimit: 500,
  merchantDefaultLimit: 100,
  reportDefaultLimit: 500,
} as const;
