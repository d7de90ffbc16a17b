/**
 * Merchants shown from the cache file before their details are needed. A `CachedMerchant`
 * holds its summary (see `merchantSummary.ts`) as plain fields; the other fields (description,
 * figures, commission rates, ad campaigns...) are read from its page the first time one of
 * them is asked for. A page is the service's own JSON text of one page of the walk, kept as
 * bytes until one of its merchants is asked for: then all of them are read at once, only their
 * details are kept, and the bytes are let go.
 *
 * When a page cannot be read back (the file was damaged where only its length was checked),
 * the page reports it once through `onDamaged`, and its merchants answer with their summary
 * and empty details (no figures, no rates, no campaigns) until a full walk replaces them.
 */
import { isObject, type JsonObject } from '../api/normalize/fields';
import { normalizeMerchant } from '../api/normalize/merchant';
import type { AdCampaign, CommissionRate, Merchant, MerchantPageSource } from '../api/types';
import { supportsCpc } from '../links/cpcLink';
import { merchantKey } from './merchantKey';
import { ROW, summaryRows } from './merchantSummary';

export type DamageReporter = (reason: string) => void;

/** The fields a cached merchant reads from its page. */
export type DetailFields = Pick<
  Merchant,
  | 'description'
  | 'categoryIds'
  | 'averageBasketValue'
  | 'averageConfirmationTime'
  | 'averageCancellationRate'
  | 'minimumCommission'
  | 'maximumCommission'
  | 'commissionRates'
  | 'adCampaigns'
  | 'createdAt'
>;

function detailFieldsOf(m: Merchant): DetailFields {
  return {
    description: m.description,
    categoryIds: m.categoryIds,
    averageBasketValue: m.averageBasketValue,
    averageConfirmationTime: m.averageConfirmationTime,
    averageCancellationRate: m.averageCancellationRate,
    minimumCommission: m.minimumCommission,
    maximumCommission: m.maximumCommission,
    commissionRates: m.commissionRates,
    adCampaigns: m.adCampaigns,
    createdAt: m.createdAt,
  };
}

/**
 * One page of a cache file: its bytes until first use, then the details of each merchant in
 * it, by index in `data` (the bytes are let go: once every page is read, the file's buffer is).
 */
export class CachedPage {
  #bytes: Uint8Array | undefined;
  #details: Map<number, { key: string; fields: DetailFields }> | undefined;
  #damaged = false;
  #parses = 0;
  /** Pages compared with this one by `sameBytes`; weak, so an old catalog's pages can go. */
  readonly #compared = new WeakMap<CachedPage, boolean>();

  constructor(
    readonly number: number,
    bytes: Uint8Array,
    private readonly onDamaged: DamageReporter,
  ) {
    this.#bytes = bytes;
  }

  /**
   * Whether `other` holds the same bytes, while both still hold them (compared once per pair).
   * Same bytes read the same, so merchants at the same place in both are equal unread.
   */
  sameBytes(other: CachedPage): boolean {
    if (other === this) {
      return true;
    }
    let same = this.#compared.get(other);
    if (same === undefined) {
      const mine = this.#bytes;
      const theirs = other.#bytes;
      same = mine !== undefined && theirs !== undefined && Buffer.compare(mine, theirs) === 0;
      this.#compared.set(other, same);
    }
    return same;
  }

  /** Times the page's text was parsed (0 or 1): lets tests and the bench see laziness. */
  get parses(): number {
    return this.#parses;
  }

  /** The details of the merchant at `dataIndex`, which must have `key`; undefined when the page is damaged. */
  detailsAt(dataIndex: number, key: string): DetailFields | undefined {
    if (this.#damaged) {
      return undefined;
    }
    const details = this.#details ?? this.parse();
    if (details === undefined) {
      return undefined;
    }
    const found = details.get(dataIndex);
    if (found === undefined) {
      return this.damage(`merchant ${dataIndex} of cached page ${this.number} is missing`);
    }
    if (found.key !== key) {
      return this.damage(`merchant ${dataIndex} of cached page ${this.number} is not the one its summary names`);
    }
    return found.fields;
  }

  /** Reads every merchant of the page at once, then lets the bytes go. */
  private parse(): Map<number, { key: string; fields: DetailFields }> | undefined {
    const bytes = this.#bytes!;
    this.#parses += 1;
    let body: unknown;
    try {
      body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
    } catch (error) {
      return this.damage(`cached page ${this.number} is not valid JSON (${(error as Error).message})`);
    }
    if (!isObject(body) || !Array.isArray(body.data)) {
      return this.damage(`cached page ${this.number} has no "data" list`);
    }
    const details = new Map<number, { key: string; fields: DetailFields }>();
    body.data.forEach((raw: unknown, index: number) => {
      const normalized = isObject(raw) ? normalizeMerchant(raw as JsonObject) : undefined;
      if (normalized?.ok) {
        details.set(index, { key: merchantKey(normalized.value), fields: detailFieldsOf(normalized.value) });
      }
    });
    this.#details = details;
    this.#bytes = undefined;
    return details;
  }

  private damage(reason: string): undefined {
    if (!this.#damaged) {
      this.#damaged = true;
      this.#details = undefined;
      this.#bytes = undefined;
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

  private details(): DetailFields | undefined {
    // The key is worked out here, not at load: the catalog map works it out once already.
    return this.#page.detailsAt(this.#dataIndex, merchantKey(this));
  }

  /**
   * Whether `a` and `b` are known equal without reading their details: both at the same place
   * in pages of the same bytes (a full walk that found a page as the cache had it).
   */
  static sameEntry(a: Merchant, b: Merchant): boolean {
    return a instanceof CachedMerchant && b instanceof CachedMerchant && a.#dataIndex === b.#dataIndex && a.#page.sameBytes(b.#page);
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

/** A page of a full walk in the form the cache file gives it back: its summary rows, and merchants over its bytes. */
export interface CompactPage {
  rows: unknown[][];
  merchants: CachedMerchant[];
}

/**
 * Turns a page the service sent into the form a loaded cache has, so a full walk holds no more
 * than a catalog shown from the cache: each merchant keeps its summary, and its details are read
 * again from `source` (the page's bytes) when first asked for. `merchants` are the page's
 * merchants that were kept, at `source.dataIndexes` in its `data`.
 */
export function compactPage(merchants: readonly Merchant[], source: MerchantPageSource, number: number, onDamaged: DamageReporter): CompactPage {
  const rows = summaryRows(merchants, source.dataIndexes);
  const page = new CachedPage(number, source.bytes, onDamaged);
  return { rows, merchants: rows.map((row) => new CachedMerchant(row, page)) };
}
