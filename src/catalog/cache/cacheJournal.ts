/**
 * The journal beside the catalog cache: incremental syncs append their changes here instead of
 * rewriting the whole cache file.
 *
 * Format (JSON Lines, `<cache file>.journal`): a header line
 * `{ format: 'affiliate-links.catalog-journal', version: 1, baseSavedAt, baseSyncedAt }` naming
 * the cache file the journal belongs to, then one line per incremental sync,
 * `{ syncedAt, merchants: [...] }`, holding the merchants that sync added or changed, stored
 * like the cache file's. A journal whose header names another cache file is stale (the cache
 * was rewritten and the journal not yet removed) and is ignored. Each line is written in one
 * call and flushed; a crash mid-append leaves a torn last line, which is ignored.
 */
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { isObject } from '../../api/normalize/fields';
import type { Merchant } from '../../api/types';
import { JOURNAL_FORMAT, JOURNAL_VERSION, isIsoTime, journalFileOf } from './cacheFormat';
import { readStoredMerchants, toStored } from './storedMerchant';

/** Which cache file a journal extends: that file's savedAt and syncedAt. */
export interface JournalBase {
  savedAt: string;
  syncedAt: string;
}

export interface JournalEntry {
  syncedAt: string;
  merchants: Merchant[];
}

export type JournalRead =
  | { kind: 'missing' }
  | { kind: 'stale'; reason: string }
  /**
   * `problem`: why reading stopped before the end (a torn or bad line); the entries before it
   * are kept, the rest is dropped. Such a journal cannot take further lines.
   */
  | { kind: 'ok'; entries: JournalEntry[]; problem?: string };

function headerLine(base: JournalBase): string {
  return `${JSON.stringify({ format: JOURNAL_FORMAT, version: JOURNAL_VERSION, baseSavedAt: base.savedAt, baseSyncedAt: base.syncedAt })}\n`;
}

function entryLine(entry: { syncedAt: string; merchants: readonly Merchant[] }): string {
  return `${JSON.stringify({ syncedAt: entry.syncedAt, merchants: entry.merchants.map(toStored) })}\n`;
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function readEntry(line: string, at: number): JournalEntry | string {
  const entry = parseLine(line);
  if (!isObject(entry) || !isIsoTime(entry.syncedAt) || !Array.isArray(entry.merchants)) {
    return `line ${at} is not a journal entry`;
  }
  const merchants = readStoredMerchants(entry.merchants as unknown[]);
  return typeof merchants === 'string' ? `line ${at}: ${merchants}` : { syncedAt: entry.syncedAt, merchants };
}

/** Reads the journal of the cache file described by `base`; never throws. */
export async function readCacheJournal(cacheFile: string, base: JournalBase): Promise<JournalRead> {
  let text: string;
  try {
    text = await readFile(journalFileOf(cacheFile), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { kind: 'missing' } : { kind: 'stale', reason: `the journal could not be read (${code ?? (error as Error).message})` };
  }
  const lines = text.split('\n');
  const header = parseLine(lines[0] ?? '');
  if (!isObject(header) || header.format !== JOURNAL_FORMAT || header.version !== JOURNAL_VERSION) {
    return { kind: 'stale', reason: 'the journal has no valid header' };
  }
  if (header.baseSavedAt !== base.savedAt || header.baseSyncedAt !== base.syncedAt) {
    return { kind: 'stale', reason: `the journal extends the cache saved at ${String(header.baseSavedAt)}, not ${base.savedAt}` };
  }
  const entries: JournalEntry[] = [];
  // Every complete line ends with '\n', so the last piece is '' unless the last line is torn.
  const last = lines.length - 1;
  for (let index = 1; index < last; index++) {
    const entry = readEntry(lines[index]!, index + 1);
    if (typeof entry === 'string') {
      return { kind: 'ok', entries, problem: entry };
    }
    entries.push(entry);
  }
  if (lines[last] !== '') {
    return { kind: 'ok', entries, problem: `line ${last + 1} is cut short` };
  }
  return { kind: 'ok', entries };
}

/**
 * Appends one entry and flushes it; `create` starts a new journal (header first) in place of
 * any old one. Throws on failure, after which the journal may end in a torn line.
 */
export async function appendCacheJournal(
  cacheFile: string,
  base: JournalBase,
  entry: { syncedAt: string; merchants: readonly Merchant[] },
  create: boolean,
): Promise<void> {
  const text = (create ? headerLine(base) : '') + entryLine(entry);
  let handle: FileHandle | undefined;
  try {
    handle = await open(journalFileOf(cacheFile), create ? 'w' : 'a', 0o600);
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Removes the journal; a missing one is fine. Throws on other failures. */
export async function removeCacheJournal(cacheFile: string): Promise<void> {
  await rm(journalFileOf(cacheFile), { force: true });
}
