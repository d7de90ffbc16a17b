/**
 * The report cache on disk: one file per service address, key, report and query, in the
 * extension's global storage, so a report opens at once from the last read and stays there
 * while the service cannot be reached.
 *
 * Format (version 1), one JSON document:
 *
 *     {"format":"affiliate-links.report","version":1,"baseUrl":…,"kind":"clicks"|"actions",
 *      "query":"<canonical query>","savedAt":…,"strings":[…],
 *      "windows":[{"from":…,"to":…,"readStartedAt":…,"total":N,"rows":[[…],…]},…]}
 *
 * Rows and strings are described in `reportCodec.ts`. A window is one request period of at
 * most 120 days; `readStartedAt` is when its last read began, which an incremental refresh
 * reads back to. The name is `report-<sha256 of base URL, a hash of the key, kind and query>`:
 * it never holds the key. Files are written to a temporary file and renamed into place, so a
 * crash or a full disk leaves the previous file whole; a file that fails any check is refused
 * with the reason (the report is then read again). The temporary file of a write that crashed
 * before its rename is removed by the next eviction (`reportCacheEviction.ts`).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { normalizeBaseUrl } from '../../api/baseUrl';
import type { ActionItem, ClickItem } from '../../api/types';
import { NODE_FILE_OPS, tempFileBeside, type CacheFileOps } from '../../common/cacheFiles';
import { messageOf } from '../../common/errorMessage';
import { ACTION_COLUMNS, CLICK_COLUMNS, decodeItems, encodeItems, type Columns } from './reportCodec';

export const REPORT_CACHE_FORMAT = 'affiliate-links.report';
export const REPORT_CACHE_VERSION = 1;
export const REPORT_FILE_PREFIX = 'report-';

export type CachedReportKind = 'clicks' | 'actions';

export interface ItemOfKind {
  clicks: ClickItem;
  actions: ActionItem;
}

export interface CachedWindow<T> {
  from: string;
  to: string;
  /** ISO time the last read of this window began. */
  readStartedAt: string;
  /** `meta.total` of that read. */
  total: number;
  items: T[];
}

export interface CachedReport<K extends CachedReportKind = CachedReportKind> {
  kind: K;
  baseUrl: string;
  /** The query in canonical form (see `reportCacheFileName`). */
  query: string;
  savedAt: string;
  windows: CachedWindow<ItemOfKind[K]>[];
}

export type ReportCacheRead<K extends CachedReportKind> = { kind: 'missing' } | { kind: 'unreadable'; reason: string } | { kind: 'ok'; report: CachedReport<K> };

const COLUMNS: { [K in CachedReportKind]: Columns<ItemOfKind[K]> } = { clicks: CLICK_COLUMNS, actions: ACTION_COLUMNS };

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `report-<hex>.json`: the key is hashed before it is mixed in, so the name carries nothing a guess could be checked against. */
export function reportCacheFileName(baseUrl: string, apiKey: string, kind: CachedReportKind, query: string): string {
  return `${REPORT_FILE_PREFIX}${sha256([normalizeBaseUrl(baseUrl), sha256(apiKey), kind, query].join('\n'))}.json`;
}

const isIso = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * Writes the report atomically: a temporary file beside it, flushed, then renamed over it.
 * Throws on failure, leaving the old file, and saying so. `files`: tests only, to inject disk
 * faults (see `CacheFileOps`).
 */
export async function writeReportCache<K extends CachedReportKind>(file: string, report: CachedReport<K>, files: CacheFileOps = NODE_FILE_OPS): Promise<void> {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const columns = COLUMNS[report.kind] as Columns<ItemOfKind[K]>;
  const windows = report.windows.map(({ items, ...window }) => ({ ...window, rows: encodeItems(items, columns, strings, indexOf) }));
  const document = {
    format: REPORT_CACHE_FORMAT,
    version: REPORT_CACHE_VERSION,
    baseUrl: normalizeBaseUrl(report.baseUrl),
    kind: report.kind,
    query: report.query,
    savedAt: report.savedAt,
    strings,
    windows,
  };
  await writeAtomically(file, JSON.stringify(document), files);
}

/** Reads a cached report; never throws. */
export async function readReportCache<K extends CachedReportKind>(file: string, kind: K, query: string): Promise<ReportCacheRead<K>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable', reason: `the file could not be read (${code ?? (error as Error).message})` };
  }
  let document: Record<string, unknown>;
  try {
    document = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    return { kind: 'unreadable', reason: `it is not valid JSON (${(error as Error).message})` };
  }
  const problem = headerProblem(document, kind, query);
  if (problem !== undefined) {
    return { kind: 'unreadable', reason: problem };
  }
  const strings = document.strings as string[];
  const windows: CachedWindow<ItemOfKind[K]>[] = [];
  for (const [index, raw] of (document.windows as unknown[]).entries()) {
    const window = raw as Record<string, unknown>;
    if (typeof raw !== 'object' || raw === null || !isDay(window.from) || !isDay(window.to) || !isIso(window.readStartedAt) || !Number.isSafeInteger(window.total)) {
      return { kind: 'unreadable', reason: `window ${index} is not one` };
    }
    const items = decodeItems(window.rows, COLUMNS[kind] as Columns<ItemOfKind[K]>, strings);
    if (typeof items === 'string') {
      return { kind: 'unreadable', reason: `window ${index}: ${items}` };
    }
    windows.push({ from: window.from, to: window.to, readStartedAt: window.readStartedAt, total: window.total as number, items });
  }
  return { kind: 'ok', report: { kind, baseUrl: document.baseUrl as string, query, savedAt: document.savedAt as string, windows } };
}

function headerProblem(document: unknown, kind: CachedReportKind, query: string): string | undefined {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return 'it is not a JSON object';
  }
  const d = document as Record<string, unknown>;
  if (d.format !== REPORT_CACHE_FORMAT || d.version !== REPORT_CACHE_VERSION) {
    return `it is not a report cache of version ${REPORT_CACHE_VERSION}`;
  }
  if (d.kind !== kind || d.query !== query) {
    return 'it holds another report or query';
  }
  if (typeof d.baseUrl !== 'string' || !isIso(d.savedAt)) {
    return 'its base URL or savedAt is missing';
  }
  if (!Array.isArray(d.strings) || !d.strings.every((text) => typeof text === 'string')) {
    return 'its strings are not a list of text';
  }
  return Array.isArray(d.windows) ? undefined : 'it has no windows';
}

async function writeAtomically(file: string, text: string, files: CacheFileOps): Promise<void> {
  const temp = tempFileBeside(file);
  try {
    await files.mkdir(dirname(file), { recursive: true });
    const handle = await files.open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await files.rename(temp, file);
  } catch (error) {
    await files.rm(temp, { force: true }).catch(() => undefined);
    throw new Error(`${messageOf(error)}; the cached file is left as it was`, { cause: error });
  }
}
