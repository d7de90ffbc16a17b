/**
 * The catalog cache on disk: its format and constants, in one place.
 *
 * One file per base URL and key, so the merchants show at once on the next start and while the
 * service cannot be reached. The file never holds the key; its name holds only a hash of a
 * hash of it (`cacheFileName`).
 *
 * The cache file (version 3), lines of JSON with the pages' bytes between them:
 *
 *     {"format":"affiliate-links.catalog","version":3,"baseUrl":…,"syncedAt":…,"savedAt":…,"crc32":…}
 *     {"page":1,"bytes":N,"pageCrc32":…,"merchants":[<summary row>,…],"crc32":…}
 *     <N bytes: the page's JSON, {"data":[…]} at least>
 *     … one summary line and one page per page …
 *     {"end":true,"pages":P,"merchants":M}
 *
 * A full sync writes each page exactly as the service sent it, so nothing is serialised again;
 * the summary rows (see `merchantSummary.ts`) hold what the catalog needs at once. Reading
 * parses only the summary lines: each merchant's details are read from its page when first
 * asked for (see `cachedMerchant.ts`). Everything the reader can check without parsing the
 * pages is checked: the header, each summary row's fields, each page's length and place, and
 * the end line, so a file cut short or edited is refused as a whole. The file is written to a
 * temporary file beside it and renamed into place (`cacheFileWriter.ts`).
 *
 * Checks (version 3; see `checkedLine` in common/checkedLines.ts): the header and every summary line end in `crc32`, the
 * CRC-32 of the line without it, checked when the file is read; `pageCrc32` is the CRC-32 of
 * the page's bytes, checked when the page is first parsed (a page that fails is reported
 * damaged, see `cachedMerchant.ts`). Without them a flipped byte inside a value (a digit of a
 * merchantId, a letter of a name) read back as a different but valid catalog. The end line
 * needs none: every field of it is compared with what the file holds. Each check runs after
 * the structural checks, so a file edited by hand is refused with the most telling reason.
 *
 * The journal (`<cache file>.journal`, JSON Lines): a header line
 * `{"format":"affiliate-links.catalog-journal","version":2,"baseSavedAt":…,"baseSyncedAt":…,"crc32":…}`
 * naming the cache file it extends, then one line per incremental sync,
 * `{"syncedAt":…,"merchants":[…],"crc32":…}`, holding the merchants that sync added or changed
 * under the service's field names (`storedMerchant.ts`); every line checked as above. See
 * `cacheJournal.ts`.
 */
import { createHash } from 'node:crypto';
import { normalizeBaseUrl } from '../../api/baseUrl';

export const CACHE_FORMAT = 'affiliate-links.catalog';
export const CACHE_VERSION = 3;
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
