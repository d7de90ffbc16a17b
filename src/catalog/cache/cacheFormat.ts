/** The catalog cache's format on disk (the cache file and its journal) and its constants, in one place. */
import { createHash } from 'node:crypto';
import { normalizeBaseUrl } from '../../api/baseUrl';

/**
 * The cache file (version 3), lines of JSON with the pages' bytes between them:
 *
 *     {"format":"affiliate-links.catalog","version":3,"baseUrl":…,"syncedAt":…,"savedAt":…,"crc32":…}
 *     {"page":1,"bytes":N,"pageCrc32":…,"merchants":[<summary row>,…],"crc32":…}
 *     <N bytes: the page's JSON, {"data":[…]} at least>
 *     … one summary line and one page per page …
 *     {"end":true,"pages":P,"merchants":M}
 *
 * A full sync writes each page exactly as the service sent it, so nothing is serialised again;
 * the summary rows (`merchantSummary.ts`) hold what the catalog needs at once. Reading parses only
 * the summary lines; each merchant's details are read from its page when first asked for
 * (`cachedMerchant.ts`). The header, each summary row, each page's length and place, and the end
 * line are checked when read, so a file cut short or edited is refused as a whole.
 *
 * Checks (`checkedLine`, common/checkedLines.ts): the header and every summary line end in
 * `crc32`, the CRC-32 of the line without it; `pageCrc32` is the CRC-32 of the page's bytes,
 * checked when the page is first parsed. Without them a flipped byte inside a value (a digit of a
 * merchantId) read back as a different but valid catalog. The end line needs none: every field of
 * it is compared with what the file holds. Each check runs after the structural checks, so a file
 * edited by hand is refused with the most telling reason.
 */
export const CACHE_FORMAT = 'affiliate-links.catalog';
export const CACHE_VERSION = 3;
/**
 * The journal (`<cache file>.journal`, JSON Lines): a header line
 * `{"format":"affiliate-links.catalog-journal","version":2,"baseSavedAt":…,"baseSyncedAt":…,"crc32":…}`
 * naming the cache file it extends, then one line per incremental sync,
 * `{"syncedAt":…,"merchants":[…],"crc32":…}` (`storedMerchant.ts`); every line checked as above.
 */
export const JOURNAL_FORMAT = 'affiliate-links.catalog-journal';
export const JOURNAL_VERSION = 2;

/** Merchants per page when merchants are serialised rather than copied from the service. */
export const STORED_PAGE_SIZE = 500;
/** Written bytes are flushed to disk every so many while the file grows. */
export const FLUSH_EVERY_BYTES = 4 * 1024 * 1024;
/** The journal is compacted once it holds more merchants than this share of the catalog... */
export const JOURNAL_MAX_SHARE = 0.1;
/** ...or more entries than this. */
export const JOURNAL_MAX_ENTRIES = 50;

/** What the cache file says besides its merchants. */
export interface CacheHeader {
  baseUrl: string;
  /** ISO time the sync that produced these merchants started. */
  syncedAt: string;
  /** ISO time of the write. */
  savedAt: string;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * `catalog-<sha256 of (normalized base URL, newline, sha256 of the key)>.json`. Hashing the
 * key first means the name never carries the key, nor anything a guess of the key can be
 * checked against without also knowing the base URL.
 */
export function cacheFileName(baseUrl: string, apiKey: string): string {
  return `catalog-${sha256(`${normalizeBaseUrl(baseUrl)}\n${sha256(apiKey)}`)}.json`;
}

export function journalFileOf(cacheFile: string): string {
  return `${cacheFile}.journal`;
}

export function isIsoTime(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}
