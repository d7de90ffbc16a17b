/**
 * The journal beside the catalog cache (`JOURNAL_FORMAT`): incremental syncs append to it rather than rewrite the file.
 */
import { constants } from 'node:fs';
import { readFile, type FileHandle } from 'node:fs/promises';
import { isObject } from '../../api/normalize/fields';
import type { Merchant } from '../../api/types';
import { NODE_FILE_OPS, type CacheFileOps } from '../../common/cacheFiles';
import { checkedLine, lineCheckHolds } from '../../common/checkedLines';
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
  return checkedLine({
    format: JOURNAL_FORMAT,
    version: JOURNAL_VERSION,
    baseSavedAt: base.savedAt,
    baseSyncedAt: base.syncedAt,
  });
}

function entryLine(entry: { syncedAt: string; merchants: readonly Merchant[] }): string {
  return checkedLine({ syncedAt: entry.syncedAt, merchants: entry.merchants.map(toStored) });
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
  if (typeof merchants === 'string') {
    return `line ${at}: ${merchants}`;
  }
  return lineCheckHolds(line, entry.crc32)
    ? { syncedAt: entry.syncedAt, merchants }
    : `line ${at} does not match its check (crc32)`;
}

/**
 * Reads the journal of the cache file described by `base`; never throws.
 *
 * A journal whose header names another cache file, or fails its check, is stale (the cache was
 * rewritten and the journal not yet removed) and is ignored. A crash mid-append leaves a torn last
 * line: reading stops at the first line that fails its check.
 */
export async function readCacheJournal(cacheFile: string, base: JournalBase): Promise<JournalRead> {
  return (await readCheckedJournal(cacheFile, base)).read;
}

/**
 * The journal read, with the check (`crc32`) of each entry kept, in order: what a window needs
 * to tell that the entries its catalog holds are all still there.
 */
export async function readCheckedJournal(
  cacheFile: string,
  base: JournalBase,
): Promise<{ read: JournalRead; checks: string[] }> {
  const checks: string[] = [];
  let text: string;
  try {
    text = await readFile(journalFileOf(cacheFile), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      read:
        code === 'ENOENT'
          ? { kind: 'missing' }
          : { kind: 'stale', reason: `the journal could not be read (${code ?? (error as Error).message})` },
      checks,
    };
  }
  return { read: parseJournal(text, base, checks), checks };
}

function parseJournal(text: string, base: JournalBase, checks: string[]): JournalRead {
  const lines = text.split('\n');
  const header = parseLine(lines[0] ?? '');
  if (!isObject(header) || header.format !== JOURNAL_FORMAT || header.version !== JOURNAL_VERSION) {
    return { kind: 'stale', reason: 'the journal has no valid header' };
  }
  if (header.baseSavedAt !== base.savedAt || header.baseSyncedAt !== base.syncedAt) {
    return {
      kind: 'stale',
      reason: `the journal extends the cache saved at ${String(header.baseSavedAt)}, not ${base.savedAt}`,
    };
  }
  if (!lineCheckHolds(lines[0]!, header.crc32)) {
    return { kind: 'stale', reason: 'the journal header does not match its check (crc32)' };
  }
  const entries: JournalEntry[] = [];
  // Every complete line ends with '\n', so the last piece is '' unless the last line is torn.
  const last = lines.length - 1;
  for (let index = 1; index < last; index++) {
    const line = lines[index]!;
    const entry = readEntry(line, index + 1);
    if (typeof entry === 'string') {
      return { kind: 'ok', entries, problem: entry };
    }
    entries.push(entry);
    checks.push(line.slice(-10, -2)); // `…,"crc32":"<8 hex digits>"}`, as readEntry checked
  }
  if (lines[last] !== '') {
    return { kind: 'ok', entries, problem: `line ${last + 1} is cut short` };
  }
  return { kind: 'ok', entries };
}

/**
 * How an entry goes to the journal: `append` after its lines (the journal must exist), `create`
 * a journal where there is none (header first; fails with EEXIST when one appeared meanwhile),
 * `replace` the journal there (header first).
 */
export type JournalWrite = 'append' | 'create' | 'replace';

const OPEN_FLAGS: Record<JournalWrite, number> = {
  append: constants.O_WRONLY | constants.O_APPEND,
  create: constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
  replace: constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC,
};

/**
 * Writes one entry and flushes it; `true` replaces the journal, `false` appends. Returns the
 * entry's check (`crc32`). Throws on failure, after which the journal may end in a torn line.
 *
 * Windows sharing the cache append to the same journal: a line is one write to a file opened for
 * appending, so lines of two windows never mix, and a journal is only created where there is none
 * (`planJournalAppend` says when a window appends, starts a journal or rewrites the cache file).
 */
export async function appendCacheJournal(
  cacheFile: string,
  base: JournalBase,
  entry: { syncedAt: string; merchants: readonly Merchant[] },
  how: JournalWrite | boolean,
  files: CacheFileOps = NODE_FILE_OPS,
): Promise<string> {
  const mode = how === true ? 'replace' : how === false ? 'append' : how;
  const line = entryLine(entry);
  const bytes = Buffer.from((mode === 'append' ? '' : headerLine(base)) + line, 'utf8');
  let handle: FileHandle | undefined;
  try {
    handle = await files.open(journalFileOf(cacheFile), OPEN_FLAGS[mode], 0o600);
    // One write call for the whole line where the system allows it (not `writeFile`, which
    // writes in chunks): another window appending at the same time cannot cut into it.
    for (let written = 0; written < bytes.length; ) {
      written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten;
    }
    await handle.sync();
  } finally {
    await handle?.close().catch(() => undefined);
  }
  return line.slice(-11, -3);
}

/** Removes the journal; a missing one is fine. Throws on other failures. */
export async function removeCacheJournal(cacheFile: string, files: CacheFileOps = NODE_FILE_OPS): Promise<void> {
  await files.rm(journalFileOf(cacheFile), { force: true });
}
