/** Merchants shown from the cache file: summary fields from their summary row, details from their page on first use. */
import { isObject, type JsonObject } from '../../api/normalize/fields';
import { normalizeMerchant } from '../../api/normalize/merchant';
import type { Merchant, MerchantPageSource } from '../../api/types';
import {
  DETAIL_FIELDS,
  deriveSupportsCpc,
  emptyDetail,
  type CatalogMerchant,
  type DetailFields,
} from '../../merchant/merchantFields';
import { merchantKey } from '../../merchant/merchantKey';
import { checksumOf } from '../../common/checkedLines';
import { ROW, summaryRows } from './merchantSummary';

/**
 * Hears of a page that cannot be read back, or whose bytes do not match its check (`pageCrc32`),
 * once per page. Its merchants then answer with their summary and empty details (no figures, no
 * rates, no campaigns) until a full walk replaces them.
 */
export type DamageReporter = (reason: string) => void;

function detailFieldsOf(m: Merchant): DetailFields {
  const details: Partial<Record<keyof DetailFields, unknown>> = {};
  for (const field of DETAIL_FIELDS) {
    details[field] = m[field];
  }
  return details as DetailFields;
}

/**
 * One page of a cache file: its bytes until first use, then the details of each merchant in
 * it, by index in `data` (the bytes are let go: once every page is read, the file's buffer is).
 */
export class CachedPage {
  #bytes: Uint8Array | undefined;
  #details: Map<number, { key: string; fields: DetailFields }> | undefined;
  #damaged = false;
  /** False when the bytes parsed did not match the page's check. */
  #intact = true;
  #parses = 0;
  /** Pages compared with this one by `sameBytes`; weak, so an old catalog's pages can go. */
  readonly #compared = new WeakMap<CachedPage, boolean>();

  /** `check`: the `checksumOf` the bytes must have (a page of a cache file); none for a page the service just sent. */
  constructor(
    readonly number: number,
    bytes: Uint8Array,
    private readonly onDamaged: DamageReporter,
    private readonly check?: string,
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

  /** Times the page's text was parsed (0 or 1), for `pagesParsed` in `testing.ts`. */
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
    if (!this.#intact) {
      // Checked after the more telling reasons above; valid JSON may still hold a changed value.
      return this.damage(`cached page ${this.number} does not match its check (crc32)`);
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
    this.#intact = this.check === undefined || checksumOf(bytes) === this.check;
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

/**
 * A merchant of the cache file: its summary at once, the rest from its page when first asked
 * for. The summary fields are class fields, each read from its place in the row (`ROW`):
 * declared fields let V8 size the object up front, which measured 0.7 MB less for 20,000
 * merchants than adding the same fields in a loop over `SUMMARY_FIELDS`; a unit test checks
 * that every summary field is an own field. The detail fields are getters on the prototype,
 * defined once for every field of `DETAIL_FIELDS`; the interface of the same name (below)
 * tells TypeScript they are there.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class CachedMerchant {
  static {
    for (const field of DETAIL_FIELDS) {
      Object.defineProperty(CachedMerchant.prototype, field, {
        get(this: CachedMerchant) {
          return this.details()?.[field] ?? emptyDetail(field);
        },
        enumerable: true,
      });
    }
  }

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

  // Not a `#` method: that would give every instance a brand, one more slot in 20,000 objects.
  private details(): DetailFields | undefined {
    // The key is worked out here, not at load: the catalog map works it out once already.
    return this.#page.detailsAt(this.#dataIndex, merchantKey(this));
  }

  /**
   * Whether `a` and `b` are known equal without reading their details: both at the same place
   * in pages of the same bytes (a full walk that found a page as the cache had it). Passed to
   * the catalog's merge as its `KnownEqual`; a merchant from elsewhere is never known equal.
   */
  static sameEntry(a: Merchant, b: Merchant): boolean {
    return (
      a instanceof CachedMerchant &&
      b instanceof CachedMerchant &&
      a.#dataIndex === b.#dataIndex &&
      a.#page.sameBytes(b.#page)
    );
  }

  /** The page a cached merchant reads its details from; undefined for other merchants. */
  static pageOf(merchant: Merchant): CachedPage | undefined {
    return merchant instanceof CachedMerchant ? merchant.#page : undefined;
  }
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface CachedMerchant extends CatalogMerchant {}

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
export function compactPage(
  merchants: readonly Merchant[],
  source: MerchantPageSource,
  number: number,
  onDamaged: DamageReporter,
): CompactPage {
  const rows = summaryRows(merchants, source.dataIndexes, deriveSupportsCpc);
  const page = new CachedPage(number, source.bytes, onDamaged);
  return { rows, merchants: rows.map((row) => new CachedMerchant(row, page)) };
}
