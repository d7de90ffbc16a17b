/**
 * Merchants shown from the cache file before their details are needed. A `CachedMerchant`
 * holds its summary (see `merchantSummary.ts`) as plain fields; the other fields (description,
 * figures, commission rates, ad campaigns...) are read from its page the first time one of
 * them is asked for. A page is the service's own JSON text of one page of the walk, kept as
 * bytes: it is parsed once, and each merchant in it is normalised when first asked for.
 *
 * When a page cannot be read back (the file was damaged where only its length was checked),
 * the page reports it once through `onDamaged`, and its merchants answer with their summary
 * and empty details (no figures, no rates, no campaigns) until the catalog is loaded again.
 */
import { isObject, type JsonObject } from '../api/normalize/fields';
import { normalizeMerchant } from '../api/normalize/merchant';
import type { AdCampaign, CommissionRate, Merchant } from '../api/types';
import { supportsCpc } from '../links/cpcLink';
import { merchantKey } from './merchantKey';
import { ROW } from './merchantSummary';

export type DamageReporter = (reason: string) => void;

/** One page of a cache file: its bytes, parsed on first use. */
export class CachedPage {
  #data: unknown[] | undefined;
  readonly #details = new Map<number, Merchant>();
  #damaged = false;
  #parses = 0;

  constructor(
    readonly number: number,
    private readonly bytes: Uint8Array,
    private readonly onDamaged: DamageReporter,
  ) {}

  /** Times the page's text was parsed (0 or 1, or 1 more after damage): lets tests see laziness. */
  get parses(): number {
    return this.#parses;
  }

  /** The whole merchant at `dataIndex`, which must have `key`; undefined when the page is damaged. */
  merchantAt(dataIndex: number, key: string): Merchant | undefined {
    const known = this.#details.get(dataIndex);
    if (known !== undefined || this.#damaged) {
      return known;
    }
    const data = this.data();
    if (data === undefined) {
      return undefined;
    }
    const raw = data[dataIndex];
    if (!isObject(raw)) {
      return this.damage(`merchant ${dataIndex} of cached page ${this.number} is missing`);
    }
    const normalized = normalizeMerchant(raw as JsonObject);
    if (!normalized.ok || merchantKey(normalized.value) !== key) {
      return this.damage(`merchant ${dataIndex} of cached page ${this.number} is not the one its summary names`);
    }
    this.#details.set(dataIndex, normalized.value);
    return normalized.value;
  }

  private data(): unknown[] | undefined {
    if (this.#data === undefined) {
      this.#parses += 1;
      let body: unknown;
      try {
        body = JSON.parse(Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString('utf8'));
      } catch (error) {
        this.damage(`cached page ${this.number} is not valid JSON (${(error as Error).message})`);
        return undefined;
      }
      if (!isObject(body) || !Array.isArray(body.data)) {
        this.damage(`cached page ${this.number} has no "data" list`);
        return undefined;
      }
      this.#data = body.data;
    }
    return this.#data;
  }

  private damage(reason: string): undefined {
    if (!this.#damaged) {
      this.#damaged = true;
      this.#data = undefined;
      this.onDamaged(reason);
    }
    return undefined;
  }
}

/** A merchant of the cache file: its summary at once, the rest from its page when first asked for. */
export class CachedMerchant implements Merchant {
  readonly merchantId: number | null;
  readonly name: string;
  readonly imageUri: string | null;
  readonly defaultDomain: string;
  readonly domains: string[];
  readonly currencyCode: string | null;
  readonly isActive: boolean;
  readonly deeplinkAllowed: boolean;
  readonly countryCodes: string[];
  readonly averageCommission: number | null;
  readonly trackingLink: string | null;
  readonly paymentModels: string[];
  readonly updatedAt: string | null;
  /** Whether the merchant takes CPC traffic (see `supportsCpc`), worked out when the cache was written. */
  readonly supportsCpc: boolean;
  readonly #page: CachedPage;
  readonly #dataIndex: number;
  readonly #key: string;

  /** `row`: a summary row that `summaryRowProblem` found sound. */
  constructor(row: readonly unknown[], page: CachedPage) {
    this.merchantId = row[ROW.merchantId] as number | null;
    this.name = row[ROW.name] as string;
    this.imageUri = row[ROW.imageUri] as string | null;
    this.defaultDomain = row[ROW.defaultDomain] as string;
    this.domains = row[ROW.domains] as string[];
    this.currencyCode = row[ROW.currencyCode] as string | null;
    this.isActive = row[ROW.isActive] as boolean;
    this.deeplinkAllowed = row[ROW.deeplinkAllowed] as boolean;
    this.countryCodes = row[ROW.countryCodes] as string[];
    this.averageCommission = row[ROW.averageCommission] as number | null;
    this.trackingLink = row[ROW.trackingLink] as string | null;
    this.paymentModels = row[ROW.paymentModels] as string[];
    this.updatedAt = row[ROW.updatedAt] as string | null;
    this.supportsCpc = row[ROW.supportsCpc] as boolean;
    this.#page = page;
    this.#dataIndex = row[ROW.dataIndex] as number;
    this.#key = merchantKey(this);
  }

  get description(): string | null {
    return this.details()?.description ?? null;
  }
  get categoryIds(): number[] {
    return this.details()?.categoryIds ?? [];
  }
  get averageBasketValue(): number | null {
    return this.details()?.averageBasketValue ?? null;
  }
  get averageConfirmationTime(): number | null {
    return this.details()?.averageConfirmationTime ?? null;
  }
  get averageCancellationRate(): number | null {
    return this.details()?.averageCancellationRate ?? null;
  }
  get minimumCommission(): number | null {
    return this.details()?.minimumCommission ?? null;
  }
  get maximumCommission(): number | null {
    return this.details()?.maximumCommission ?? null;
  }
  get commissionRates(): CommissionRate[] {
    return this.details()?.commissionRates ?? [];
  }
  get adCampaigns(): AdCampaign[] {
    return this.details()?.adCampaigns ?? [];
  }
  get createdAt(): string | null {
    return this.details()?.createdAt ?? null;
  }

  private details(): Merchant | undefined {
    return this.#page.merchantAt(this.#dataIndex, this.#key);
  }

  /** How many page texts of the cache the given merchants' details have needed parsed so far. */
  static pagesParsed(merchants: Iterable<Merchant>): number {
    const pages = new Set<CachedPage>();
    for (const merchant of merchants) {
      if (merchant instanceof CachedMerchant) {
        pages.add(merchant.#page);
      }
    }
    return [...pages].reduce((sum, page) => sum + page.parses, 0);
  }
}

/** `supportsCpc` without reading a cached merchant's campaigns: the tree asks it of every row it shows. */
export function merchantSupportsCpc(merchant: Merchant): boolean {
  return merchant instanceof CachedMerchant ? merchant.supportsCpc : supportsCpc(merchant);
}
