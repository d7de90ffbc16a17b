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
function toStored(merchant: Merchant): StoredMerchant {
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

function isIsoTime(value: unknown): value is string {
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
  const merchants: Merchant[] = [];
  for (const [index, raw] of (document.merchants as unknown[]).entries()) {
    if (!isObject(raw)) {
      return unreadable(`merchant ${index} is not an object`);
    }
    const normalized = normalizeMerchant(raw as JsonObject);
    if (!normalized.ok) {
      return unreadable(`merchant ${index} cannot be read: ${normalized.reason}`);
    }
    merchants.push(normalized.value);
  }
  return { kind: 'ok', merchants, syncedAt: document.syncedAt, savedAt: document.savedAt, baseUrl: document.baseUrl };
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

async function writeDocument(handle: FileHandle, data: CatalogCacheData): Promise<void> {
  const header = {
    format: CACHE_FORMAT,
    version: CACHE_VERSION,
    baseUrl: normalizeBaseUrl(data.baseUrl),
    syncedAt: data.syncedAt,
    savedAt: data.savedAt,
  };
  await handle.writeFile(`${JSON.stringify(header).slice(0, -1)},"merchants":[\n`);
  for (let start = 0; start < data.merchants.length; start += MERCHANTS_PER_CHUNK) {
    const chunk = data.merchants.slice(start, start + MERCHANTS_PER_CHUNK).map((m) => JSON.stringify(toStored(m)));
    await handle.writeFile(`${start === 0 ? '' : ',\n'}${chunk.join(',\n')}`);
  }
  await handle.writeFile('\n]}\n');
}

/**
 * Writes the cache atomically: the whole document goes to a new temporary file beside the
 * target, is flushed to disk, then renamed over the target. A reader sees the old file or the
 * new one, never a mix; on any failure the temporary file is removed, the old file is left
 * as it was and the error is thrown. Creates the folder when it is missing.
 */
export async function writeCatalogCache(file: string, data: CatalogCacheData): Promise<void> {
  const folder = dirname(file);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${basename(file)}.${process.pid}.${randomUUID()}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx', 0o600);
    await writeDocument(handle, data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, file);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncFolder(folder);
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
