/** Keeps the report cache small: reports unread for a while go, then the least recently written past a total size. */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { removeLeftoverTemps } from '../../common/cacheFiles';
import { REPORT_FILE_PREFIX } from './reportCacheFile';

export interface EvictionLimits {
  /** Files last written longer ago than this are removed. */
  maxAgeMs: number;
  /** The files together may hold at most this many bytes. */
  maxBytes: number;
  now: Date;
  /** A file that stays whatever its age or size (the report being shown). */
  keep?: string;
}

export interface EvictionResult {
  /** Report files removed, then temporary files left over. */
  removed: string[];
  keptBytes: number;
}

const isReportFile = (name: string): boolean => name.startsWith(REPORT_FILE_PREFIX) && name.endsWith('.json');

/**
 * Removes what passes the limits; never throws (a file that cannot be looked at or removed is left).
 * Only this cache's own files (`report-*.json`) are removed, never the one just written, and the
 * temporary files of its writes that crashed before their rename (`removeLeftoverTemps`).
 */
export async function evictReportCaches(folder: string, limits: EvictionLimits): Promise<EvictionResult> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter(isReportFile);
  } catch {
    return { removed: [], keptBytes: 0 };
  }
  const files: Array<{ path: string; bytes: number; written: number }> = [];
  for (const name of names) {
    const path = join(folder, name);
    try {
      const info = await stat(path);
      files.push({ path, bytes: info.size, written: info.mtimeMs });
    } catch {
      // Removed meanwhile (another window): nothing to do.
    }
  }
  files.sort((a, b) => b.written - a.written); // newest first
  const removed: string[] = [];
  // The file kept whatever happens takes its room first.
  let keptBytes = files.find((file) => file.path === limits.keep)?.bytes ?? 0;
  for (const file of files) {
    if (file.path === limits.keep) {
      continue;
    }
    const kept = limits.now.getTime() - file.written <= limits.maxAgeMs && keptBytes + file.bytes <= limits.maxBytes;
    if (kept) {
      keptBytes += file.bytes;
      continue;
    }
    try {
      await rm(file.path, { force: true });
      removed.push(file.path);
    } catch {
      keptBytes += file.bytes;
    }
  }
  removed.push(...(await removeLeftoverTemps(folder, isReportFile)));
  return { removed, keptBytes };
}
