/** Where an incremental sync's changes go when windows (each with its own catalog) share the cache file. */
import type { Merchant } from '../../api/types';
import type { CacheFileOps } from '../../common/cacheFiles';
import { readCacheHeader } from './cacheReader';
import { appendCacheJournal, readCheckedJournal, type JournalBase, type JournalWrite } from './cacheJournal';

export type JournalPlan =
  /** Write the entry as `how` says; `entries` and `merchants` are what the journal holds now. */
  | { kind: 'write'; how: JournalWrite; entries: number; merchants: number }
  /** Rewrite the cache file instead, because of `reason`. */
  | { kind: 'rewrite'; reason: string };

/**
 * How a window whose catalog rests on `base` plus the journal entries whose checks are `held`
 * (the entries it loaded and those it appended since, see `readCheckedJournal`) saves its next
 * incremental sync. Never throws.
 *
 * A window may append only while the cache file on disk is still its base and every journal entry
 * its catalog holds is still in the journal: then the file with the journal reads back as at
 * least its catalog. Otherwise another window has rewritten the file or the journal meanwhile,
 * and appending would add changes to a catalog that lacks what they were computed against (an
 * entry readers ignore as stale, or one that moves `syncedAt` past changes no longer there); the
 * window rewrites the cache file from its catalog instead, which is always whole.
 */
export async function planJournalAppend(
  cacheFile: string,
  base: JournalBase,
  held: readonly string[],
): Promise<JournalPlan> {
  const onDisk = await readCacheHeader(cacheFile);
  if (onDisk === undefined) {
    return { kind: 'rewrite', reason: 'the cache file is gone or cannot be read' };
  }
  if (onDisk.savedAt !== base.savedAt || onDisk.syncedAt !== base.syncedAt) {
    return { kind: 'rewrite', reason: `another window saved the cache file at ${onDisk.savedAt}` };
  }
  const { read, checks } = await readCheckedJournal(cacheFile, base);
  // A journal of no entry that reads (stale, or torn in its first entry) is started afresh.
  const unused =
    read.kind === 'stale' || (read.kind === 'ok' && read.entries.length === 0 && read.problem !== undefined);
  if (read.kind === 'missing' || unused) {
    if (held.length > 0) {
      return { kind: 'rewrite', reason: 'another window removed or replaced the journal' };
    }
    return { kind: 'write', how: read.kind === 'missing' ? 'create' : 'replace', entries: 0, merchants: 0 };
  }
  if (read.problem !== undefined) {
    return { kind: 'rewrite', reason: `the journal ends early (${read.problem})` };
  }
  const present = new Set(checks);
  if (!held.every((check) => present.has(check))) {
    return { kind: 'rewrite', reason: 'an entry of this catalog is no longer in the journal' };
  }
  const merchants = read.entries.reduce((sum, entry) => sum + entry.merchants.length, 0);
  return { kind: 'write', how: 'append', entries: read.entries.length, merchants };
}

export type JournalAppend =
  /** Written: the entry's check, and the entries and merchants the journal now holds. */
  { kind: 'appended'; check: string; entries: number; merchants: number } | { kind: 'rewrite'; reason: string };

/**
 * Writes the entry to the journal as `planJournalAppend` says, looking again once when another
 * window started or removed the journal between the look and the write. Throws when the write
 * fails (the journal may then end in a torn line, which readers ignore).
 */
export async function appendToSharedJournal(
  cacheFile: string,
  base: JournalBase,
  held: readonly string[],
  entry: { syncedAt: string; merchants: readonly Merchant[] },
  files: CacheFileOps,
): Promise<JournalAppend> {
  for (let attempt = 1; ; attempt++) {
    const plan = await planJournalAppend(cacheFile, base, held);
    if (plan.kind === 'rewrite') {
      return plan;
    }
    try {
      const check = await appendCacheJournal(cacheFile, base, entry, plan.how, files);
      return { kind: 'appended', check, entries: plan.entries + 1, merchants: plan.merchants + entry.merchants.length };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const raced = (plan.how === 'create' && code === 'EEXIST') || (plan.how === 'append' && code === 'ENOENT');
      if (attempt > 1 || !raced) {
        throw error;
      }
    }
  }
}
