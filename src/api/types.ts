/** What the client hands on: payloads normalised, a figure left out `null`, lists never missing, unknown enums kept. */
import type { RequestPriority } from './budget/budgetWindows';
import type { WaitReason } from './budget/requestBudget';
import type { ACTION_STATUSES, ORDER_TYPES, PRODUCT_IDS } from './wire';

export type ProductId = (typeof PRODUCT_IDS)[number];
export type ActionStatus = (typeof ACTION_STATUSES)[number];
export type OrderType = (typeof ORDER_TYPES)[number];
/** A known value, or whatever string the service sent. */
export type Open<T extends string> = T | (string & Record<never, never>);

export interface CommissionRate {
  fixedCommission: number | null;
  percentageCommission: number | null;
}

export interface CampaignRate {
  /** The spec shows one code or a list; always a list here. */
  countryCodes: string[];
  clickRate: number | null;
}

export interface AdCampaign {
  name: string;
  activeFrom: string | null;
  activeTo: string | null;
  allowDeeplink: boolean;
  rates: CampaignRate[];
}

export interface Merchant {
  merchantId: number | null;
  name: string;
  imageUri: string | null;
  defaultDomain: string;
  description: string | null;
  /** The spec shows one integer or a list; always a list here. */
  categoryIds: number[];
  domains: string[];
  currencyCode: string | null;
  isActive: boolean;
  deeplinkAllowed: boolean;
  countryCodes: string[];
  averageBasketValue: number | null;
  averageCommission: number | null;
  averageConfirmationTime: number | null;
  averageCancellationRate: number | null;
  /** The lowest of the values sent (the spec shows a number or a list). */
  minimumCommission: number | null;
  /** The highest of the values sent (the spec shows a number or a list). */
  maximumCommission: number | null;
  commissionRates: CommissionRate[];
  adCampaigns: AdCampaign[];
  /** As sent; link rules decide later whether it is usable. */
  trackingLink: string | null;
  paymentModels: string[];
  createdAt: string | null;
  updatedAt: string | null;
}

/**
 * An item of the clicks report. Ids are opaque strings: the spec says numbers, real payloads
 * send UUIDs. Real payloads also carry `merchantId` (the catalog's merchant) and `couponId`,
 * which the spec does not list, and may leave the program null with an empty name.
 */
export interface ClickItem {
  id: string | null;
  adspaceId: string | null;
  adspaceName: string | null;
  programId: string | null;
  programName: string | null;
  subId: string | null;
  date: string | null;
  count: number;
  productId: Open<ProductId> | null;
  /** The catalog merchant the clicks went to, when the service says. */
  merchantId: number | null;
  couponId: string | null;
  updatedAt: string | null;
}

/** An item of the (deprecated) actions report; ids are opaque strings, as for clicks. */
export interface ActionItem {
  id: string | null;
  actionId: string | null;
  status: Open<ActionStatus> | null;
  orderType: Open<OrderType> | null;
  adspaceId: string | null;
  adspaceName: string | null;
  programId: string | null;
  programName: string | null;
  subId: string | null;
  currencyCode: string | null;
  commission: number | null;
  revenue: number | null;
  productId: Open<ProductId> | null;
  paidOut: boolean | null;
  invoiceNumber: string | null;
  date: string | null;
  days: number | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface MerchantPage {
  merchants: Merchant[];
  /** Cursor of the following page; null after the last one. */
  next: number | null;
  /** Items of this page that could not be read and were left out. */
  skipped: number;
  /**
   * The page as the service sent it, when it came from the service: its JSON `bytes`, and for
   * each of `merchants` the index in `data` it was read from. Lets the catalog cache keep the
   * service's text instead of serialising the merchants again.
   */
  source?: MerchantPageSource;
}

export interface MerchantPageSource {
  bytes: Uint8Array;
  dataIndexes: number[];
}

export interface ReportPage<T> {
  items: T[];
  offset: number;
  limit: number;
  /** Items matching the query on the server; null when the service did not say. */
  total: number | null;
  /** Items the service sent, readable or not (what paging counts). */
  received: number;
  skipped: number;
}

export interface ReportResult<T> {
  items: T[];
  total: number;
  skipped: number;
  /** Requests made, including those repeated because the report changed meanwhile. */
  requests: number;
}

export interface MerchantQuery {
  next?: number;
  limit?: number;
  /** ISO 8601 date or date-time, inclusive. */
  updatedAtFrom?: string;
  isActive?: boolean;
  deeplinkAllowed?: boolean;
}

export interface ReportQuery {
  dateFrom?: string;
  dateTo?: string;
  date?: string;
  days?: number;
  programId?: string;
  subId?: string;
  adspaceId?: string;
  offset?: number;
  limit?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Who waits for the request, which decides its turn in the request budget: a person
   * ('interactive'), what is on screen ('foreground', the default) or nobody yet ('background').
   */
  priority?: RequestPriority;
  /**
   * Hears when the request starts waiting for the rate limit longer than pacing (when its slot
   * is expected, and why), and when it goes (undefined).
   */
  onWait?: (until: number | undefined, reason: WaitReason | undefined) => void;
}

/** The subset of VS Code's LogOutputChannel the client writes to. */
export interface ClientLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
