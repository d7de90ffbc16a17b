/**
 * The catalog cached on disk, one file per base URL and key, so the merchants show at once on
 * the next start and while the service cannot be reached.
 *
 * Format (JSON): `{ format: 'affiliate-links.catalog', version: 1, baseUrl, syncedAt, savedAt,
 * merchants: [...] }`. Merchants are stored with the service's field names (`categoryId`,
 * campaign rates' `countryCode`) and read back through the client's `normalizeMerchant`, so a
 * file edited by hand or by another program can never put wrong types into the catalog.
 * The file never holds the key; its name holds only a hash of a hash of it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isObject, type JsonObject } from '../api/normalize/fields';
import { normalizeMerchant } from '../api/normalize/merchant';
import type { AdCampaign, CampaignRate, Merchant } from '../api/types';

export const CACHE_FORMAT = 'affiliate-links.catalog';
export const CACHE_VERSION = 1;

export interface CatalogCacheData {
  baseUrl: string;
  /** ISO time the sync that produced these merchants started. */
  syncedAt: string;
  /** ISO time of the write. */
  savedAt: string;
  merchants: readonly Merchant[];
}

export type CacheRead =
  | { kind: 'missing' }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'ok'; merchants: Merchant[]; syncedAt: string; savedAt: string; baseUrl: string };

/** Merchants serialised per write call, so a large catalog is never one huge string. */
const MERCHANTS_PER_CHUNK = 250;

/**
 * The base URL as the client uses it: scheme and host lower-cased, default port dropped,
 * trailing slashes removed. A string that is not a URL is only trimmed.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim();
  try {
    const url = new URL(trimmed);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return trimmed;
  }
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

type StoredRate = Omit<CampaignRate, 'countryCodes'> & { countryCode: string[] };
type StoredCampaign = Omit<AdCampaign, 'rates'> & { rates: StoredRate[] };
type StoredMerchant = Omit<Merchant, 'categoryIds' | 'adCampaigns'> & { categoryId: number[]; adCampaigns: StoredCampaign[] };

/** A merchant under the service's field names, which `normalizeMerchant` reads back to the same Merchant. */
export function toStored(merchant: Merchant): StoredMerchant {
  const { categoryIds, adCampaigns, ...rest } = merchant;
  return {
    ...rest,
    categoryId: categoryIds,
    adCampaigns: adCampaigns.map(({ rates, ...campaign }) => ({
      ...campaign,
      rates: rates.map(({ countryCodes, ...rate }) => ({ ...rate, countryCode: countryCodes })),
    })),
  };
}

export function isIsoTime(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}

/** Checks a parsed file; every problem becomes the reason of an 'unreadable'. */
function readDocument(document: unknown): CacheRead {
  const unreadable = (reason: string): CacheRead => ({ kind: 'unreadable', reason });
  if (!isObject(document)) {
    return unreadable('the file does not hold a JSON object');
  }
  if (document.format !== CACHE_FORMAT) {
    return unreadable(`the file is not a catalog cache (format ${JSON.stringify(document.format) ?? 'missing'})`);
  }
  if (document.version !== CACHE_VERSION) {
    return unreadable(`cache version ${JSON.stringify(document.version) ?? 'missing'} is not supported (expected ${CACHE_VERSION})`);
  }
  if (typeof document.baseUrl !== 'string') {
    return unreadable('the file has no base URL');
  }
  if (!isIsoTime(document.syncedAt) || !isIsoTime(document.savedAt)) {
    return unreadable('syncedAt and savedAt must be ISO dates');
  }
  if (!Array.isArray(document.merchants)) {
    return unreadable('the file has no merchant list');
  }
  const merchants = readStoredMerchants(document.merchants as unknown[]);
  if (typeof merchants === 'string') {
    return unreadable(merchants);
  }
  return { kind: 'ok', merchants, syncedAt: document.syncedAt, savedAt: document.savedAt, baseUrl: document.baseUrl };
}

/** Stored merchants read back through `normalizeMerchant`; the first bad one gives the reason instead. */
export function readStoredMerchants(list: readonly unknown[]): Merchant[] | string {
  const merchants: Merchant[] = [];
  for (const [index, raw] of list.entries()) {
    if (!isObject(raw)) {
      return `merchant ${index} is not an object`;
    }
    const normalized = normalizeMerchant(raw as JsonObject);
    if (!normalized.ok) {
      return `merchant ${index} cannot be read: ${normalized.reason}`;
    }
    merchants.push(normalized.value);
  }
  return merchants;
}

/** Reads a cache file; never throws. */
export async function readCatalogCache(file: string): Promise<CacheRead> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return { kind: 'missing' };
    }
    return { kind: 'unreadable', reason: `the file could not be read (${code ?? (error as Error).message})` };
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { kind: 'unreadable', reason: `the file is not valid JSON, perhaps cut short (${(error as Error).message})` };
  }
  return readDocument(document);
}

/** What the cache file says besides its merchants. */
export type CacheHeader = Omit<CatalogCacheData, 'merchants'>;

/**
 * A cache file written as its merchants arrive: `add` serialises a batch at once and queues its
 * write, so the caller can go on (a sync walking pages) while the disk catches up. Everything
 * goes to a new temporary file beside the target; only `commit` flushes it and renames it over
 * the target, so a reader sees the old file or the new one, never a mix. `abort`, or any
 * failure of `commit`, removes the temporary file and leaves the old one as it was.
 */
export class CacheFileWriter {
  private pending: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;
  private written = 0;
  private closed = false;

  private constructor(
    private readonly file: string,
    private readonly temp: string,
    private readonly handle: FileHandle,
  ) {}

  /** Creates the temporary file (and the folder when it is missing) and writes the header. */
  static async open(file: string, header: CacheHeader): Promise<CacheFileWriter> {
    const folder = dirname(file);
    await mkdir(folder, { recursive: true });
    const temp = join(folder, `.${basename(file)}.${process.pid}.${randomUUID()}.tmp`);
    const writer = new CacheFileWriter(file, temp, await open(temp, 'wx', 0o600));
    const fields = { format: CACHE_FORMAT, version: CACHE_VERSION, baseUrl: normalizeBaseUrl(header.baseUrl), syncedAt: header.syncedAt, savedAt: header.savedAt };
    writer.queue(`${JSON.stringify(fields).slice(0, -1)},"merchants":[\n`);
    return writer;
  }

  /** Whether a queued write has failed already; `commit` would throw. */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Serialises the merchants now (throwing if one cannot be) and queues their write. */
  add(merchants: readonly Merchant[]): void {
    for (let start = 0; start < merchants.length; start += MERCHANTS_PER_CHUNK) {
      const chunk = merchants.slice(start, start + MERCHANTS_PER_CHUNK).map((m) => JSON.stringify(toStored(m)));
      this.queue(`${this.written === 0 ? '' : ',\n'}${chunk.join(',\n')}`);
      this.written += chunk.length;
    }
  }

  /** Finishes the document, flushes it and renames it over the target. Throws on failure, after cleaning up. */
  async commit(): Promise<void> {
    try {
      this.queue('\n]}\n');
      await this.pending;
      if (this.failure !== undefined) {
        throw this.failure.error;
      }
      await this.handle.sync();
      this.closed = true;
      await this.handle.close();
      await rename(this.temp, this.file);
    } catch (error) {
      await this.abort();
      throw error;
    }
    await syncFolder(dirname(this.file));
  }

  /** Drops the temporary file; never throws. */
  async abort(): Promise<void> {
    this.failure ??= { error: new Error('The cache write was abandoned.') };
    await this.pending;
    if (!this.closed) {
      this.closed = true;
      await this.handle.close().catch(() => undefined);
    }
    await rm(this.temp, { force: true }).catch(() => undefined);
  }

  private queue(text: string): void {
    this.pending = this.pending.then(async () => {
      if (this.failure === undefined) {
        await this.handle.writeFile(text).catch((error: unknown) => {
          this.failure ??= { error };
        });
      }
    });
  }
}

/**
 * Writes the cache atomically (see `CacheFileWriter`): on any failure the temporary file is
 * removed, the old file is left as it was and the error is thrown. Creates the folder when it
 * is missing.
 */
export async function writeCatalogCache(file: string, data: CatalogCacheData): Promise<void> {
  const { merchants, ...header } = data;
  const writer = await CacheFileWriter.open(file, header);
  try {
    writer.add(merchants);
  } catch (error) {
    await writer.abort();
    throw error;
  }
  await writer.commit();
}

/** Makes the rename itself durable where the platform allows it (not on Windows); best effort. */
async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Folders cannot be opened or flushed everywhere; the rename is done either way.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
