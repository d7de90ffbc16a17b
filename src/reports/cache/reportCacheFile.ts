/**
 * The report cache on disk: a file per service address, key, report and query, written atomically, checked when read.
 */
import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { normalizeBaseUrl } from '../../api/baseUrl';
import type { ActionItem, ClickItem } from '../../api/types';
import { NODE_FILE_OPS, tempFileBeside, type CacheFileOps } from '../../common/cacheFiles';
import { checkedLine, checkedLineInTurns, lineCheckHolds, ROWS_PER_TURN } from '../../common/checkedLines';
import { messageOf } from '../../common/errorMessage';
import type { ReportKind } from '../model/reportTypes';
import { ACTION_COLUMNS, CLICK_COLUMNS, decodeItems, encodeItems, type Columns } from './reportCodec';

/**
 * Format (version 2), lines of JSON, each ending in its own CRC-32 (`common/checkedLines.ts`):
 *
 *     {"format":"affiliate-links.report","version":2,"baseUrl":…,"kind":"clicks"|"actions",
 *      "query":"<canonical query>","savedAt":…,"windows":N,"crc32":…}
 *     {"strings":[…],"crc32":…}
 *     {"from":…,"to":…,"readStartedAt":…,"total":N,"rows":[[…],…],"crc32":…}   (N window lines)
 *
 * Rows and strings: `reportCodec.ts`. A window is one request period of at most 120 days;
 * `readStartedAt` is when its last read began, which an incremental refresh reads back to. The
 * checks make a changed byte (a digit of a count, a string index still in range) a refused file
 * rather than a different report, and the header's window count makes a file cut at a line's end
 * one too. Version 1 files (one JSON document, no checks) are refused as another version. A
 * refused file is read again from the service; the temporary file of a write that crashed before
 * its rename is removed by the next eviction (`reportCacheEviction.ts`).
 */
export const REPORT_CACHE_FORMAT = 'affiliate-links.report';
export const REPORT_CACHE_VERSION = 2;
export const REPORT_FILE_PREFIX = 'report-';

export type CachedReportKind = ReportKind;

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

export type ReportCacheRead<K extends CachedReportKind> =
  | { kind: 'missing' }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'ok'; report: CachedReport<K> };

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
export async function writeReportCache<K extends CachedReportKind>(
  file: string,
  report: CachedReport<K>,
  files: CacheFileOps = NODE_FILE_OPS,
): Promise<void> {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const columns = COLUMNS[report.kind] as Columns<ItemOfKind[K]>;
  const windows: string[] = [];
  // A turn of the event loop between chunks of rows: a 100,000-item report never blocks the host for long.
  for (const { items, ...window } of report.windows) {
    const rows: unknown[][] = [];
    for (let start = 0; start < items.length; start += ROWS_PER_TURN) {
      rows.push(...encodeItems(items.slice(start, start + ROWS_PER_TURN), columns, strings, indexOf));
      await new Promise((resolve) => setImmediate(resolve));
    }
    windows.push(await checkedLineInTurns(window, 'rows', rows));
  }
  const header = checkedLine({
    format: REPORT_CACHE_FORMAT,
    version: REPORT_CACHE_VERSION,
    baseUrl: normalizeBaseUrl(report.baseUrl),
    kind: report.kind,
    query: report.query,
    savedAt: report.savedAt,
    windows: windows.length,
  });
  await writeAtomically(file, [header, checkedLine({ strings }), ...windows].join(''), files);
}

/**
 * When the cached report was saved, read from its header line alone (an ISO time, which sorts as
 * text); '' when there is no file or it cannot be read. Lets a window see that another one saved a
 * newer report without reading it all.
 */
export async function readReportCacheSavedAt(file: string): Promise<string> {
  try {
    const handle = await open(file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(8_192), 0, 8_192, 0);
      const line = buffer.subarray(0, bytesRead).toString('utf8').split('\n')[0]!;
      const header = checkedFields(line, 'its first line');
      return typeof header !== 'string' &&
        header.format === REPORT_CACHE_FORMAT &&
        header.version === REPORT_CACHE_VERSION &&
        isIso(header.savedAt)
        ? (header.savedAt as string)
        : '';
    } finally {
      await handle.close();
    }
  } catch {
    return '';
  }
}

/** Reads a cached report; never throws. */
export async function readReportCache<K extends CachedReportKind>(
  file: string,
  kind: K,
  query: string,
): Promise<ReportCacheRead<K>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? { kind: 'missing' }
      : { kind: 'unreadable', reason: `the file could not be read (${code ?? (error as Error).message})` };
  }
  const lines = text.split('\n');
  // The version is looked at before the check, so a file of another version says so.
  const header = checkedFields(lines[0]!, 'its first line', (fields) =>
    fields.format !== REPORT_CACHE_FORMAT || fields.version !== REPORT_CACHE_VERSION
      ? `it is not a report cache of version ${REPORT_CACHE_VERSION}`
      : undefined,
  );
  if (typeof header === 'string') {
    return { kind: 'unreadable', reason: header };
  }
  const problem = headerProblem(header, kind, query);
  if (problem !== undefined) {
    return { kind: 'unreadable', reason: problem };
  }
  const count = header.windows as number;
  if (lines.length !== count + 3 || lines[count + 2] !== '') {
    return {
      kind: 'unreadable',
      reason: `it has ${Math.max(0, lines.length - 3)} window lines where its header says ${count} (cut short or added to)`,
    };
  }
  const stringsLine = checkedFields(lines[1]!, 'its strings line');
  if (typeof stringsLine === 'string') {
    return { kind: 'unreadable', reason: stringsLine };
  }
  const strings = stringsLine.strings;
  if (!Array.isArray(strings) || !strings.every((string) => typeof string === 'string')) {
    return { kind: 'unreadable', reason: 'its strings are not a list of text' };
  }
  const windows: CachedWindow<ItemOfKind[K]>[] = [];
  for (let index = 0; index < count; index++) {
    const window = checkedFields(lines[index + 2]!, `window ${index}`);
    if (typeof window === 'string') {
      return { kind: 'unreadable', reason: window };
    }
    if (
      !isDay(window.from) ||
      !isDay(window.to) ||
      !isIso(window.readStartedAt) ||
      !Number.isSafeInteger(window.total)
    ) {
      return { kind: 'unreadable', reason: `window ${index} is not one` };
    }
    const items = decodeItems(window.rows, COLUMNS[kind] as Columns<ItemOfKind[K]>, strings as string[]);
    if (typeof items === 'string') {
      return { kind: 'unreadable', reason: `window ${index}: ${items}` };
    }
    windows.push({
      from: window.from,
      to: window.to,
      readStartedAt: window.readStartedAt,
      total: window.total as number,
      items,
    });
  }
  return {
    kind: 'ok',
    report: { kind, baseUrl: header.baseUrl as string, query, savedAt: header.savedAt as string, windows },
  };
}

/**
 * The fields of a line `checkedLine` wrote, or why it is not one (`what` names the line);
 * `before` may refuse the fields before the check is made.
 */
function checkedFields(
  line: string,
  what: string,
  before?: (fields: Record<string, unknown>) => string | undefined,
): Record<string, unknown> | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    return `${what} is not valid JSON (${(error as Error).message})`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return `${what} is not a JSON object`;
  }
  const fields = parsed as Record<string, unknown>;
  return (
    before?.(fields) ??
    (lineCheckHolds(line, fields.crc32) ? fields : `${what} fails its check (CRC-32): the file was changed or damaged`)
  );
}

function headerProblem(header: Record<string, unknown>, kind: CachedReportKind, query: string): string | undefined {
  if (header.kind !== kind || header.query !== query) {
    return 'it holds another report or query';
  }
  if (typeof header.baseUrl !== 'string' || !isIso(header.savedAt)) {
    return 'its base URL or savedAt is missing';
  }
  return Number.isSafeInteger(header.windows) && (header.windows as number) >= 0
    ? undefined
    : 'its header gives no count of windows';
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
