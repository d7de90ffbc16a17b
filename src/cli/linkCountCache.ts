/**
 * `--cache`: each file's links per merchant kept from one run to the next (as ESLint's `--cache` keeps its results),
 * so that `--changed-since` reads only the files it reports and still counts the whole site. A file's entry holds
 * the id of its content (git's blob id: from git's index while the file is as the index has it, else worked out
 * from its text) and is used only for that id. The whole cache is made for one tool version, one catalog snapshot and
 * one set of settings: any other and it is left unread. One line of JSON with its CRC-32 (`common/checkedLines.ts`),
 * written atomically; a damaged one is said on stderr and read as no cache, never a failure of the run.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkedLine, lineCheckHolds } from '../common/checkedLines';
import { readTextFile } from '../common/textFileRead';
import { merchantLinkTotals, type FileMerchantLinks, type MerchantLinkTotals } from '../health/merchantLinkTally';
import type { MerchantKey } from '../merchant/merchantKey';
import { writeFileAtomically } from './atomicFile';
import {
  ENTRY,
  entryOf,
  entryText,
  idOf,
  stampOfEntry,
  TOTALS,
  totalsOf,
  totalsText,
  type Entry,
} from './cacheEntries';
import { isKeptCatalog, type KeptCatalog } from './keptCatalog';

export const CACHE_FORMAT = 'affiliate-links-check-cache';
export const CACHE_VERSION = 2;

/** git's blob id of a text (as UTF-8): the id git's index gives the same content. */
export function blobIdOf(text: string): string {
  return createHash('sha1')
    .update(`blob ${Buffer.byteLength(text)}\0`)
    .update(text)
    .digest('hex');
}

/** The SHA-1 of a text, in hex: what tells one catalog snapshot from another. */
export const digestOf = (text: string) => createHash('sha1').update(text).digest('hex');

/** What a cache is made for: the tool's version, the snapshot (its digest) and the settings. */
export function cacheKeyOf(toolVersion: string, snapshotDigest: string, settings: unknown): string {
  return digestOf(JSON.stringify([CACHE_VERSION, toolVersion, snapshotDigest, settings]));
}

/**
 * Where the cache is kept without `--cache-location`: beside the site's dependencies when it has a node_modules
 * folder (`node_modules/.cache/affiliate-links/check-cache`, as other tools keep theirs), else `.affiliate-links-cache`
 * in the site's folder.
 */
export async function defaultCacheFile(root: string): Promise<string> {
  const modules = path.join(root, 'node_modules');
  const hasModules = await stat(modules).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  return hasModules
    ? path.join(modules, '.cache', 'affiliate-links', 'check-cache')
    : path.join(root, '.affiliate-links-cache');
}

/** The cache's entries by file. */
export type CacheEntries = Record<string, Entry>;

const isEntry = (value: unknown): value is Entry => typeof value === 'string' && ENTRY.test(value);

export type CacheRead = {
  entries: ReadonlyMap<string, Entry>;
  /** The snapshot as a run that read it whole kept it (keptCatalog.ts), when the cache holds it. */
  catalog?: KeptCatalog;
  /** The site's links per merchant over the entries (cacheEntries.ts), when the cache holds them. */
  totals?: string;
  problem?: string;
};

/** The entries of the cache in `file` made for `key`; none when there is none, another key's, or it is damaged. */
export async function readLinkCountCache(file: string, key: string): Promise<CacheRead> {
  const read = await readTextFile(file);
  if (!read.ok) {
    return read.missing
      ? { entries: new Map() }
      : { entries: new Map(), problem: `cannot read the cache ${file} (${read.code})` };
  }
  const { text } = read;
  const damaged = (why: string) => ({ entries: new Map(), problem: `the cache ${file} is damaged (${why})` });
  const line = text.endsWith('\n') ? text.slice(0, -1) : text;
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return damaged('not JSON');
  }
  if (typeof fields !== 'object' || fields === null || !lineCheckHolds(line, fields.crc32)) {
    return damaged('it does not match its check, crc32');
  }
  if (fields.format !== CACHE_FORMAT || fields.version !== CACHE_VERSION || fields.key !== key) {
    return { entries: new Map() }; // another version's, snapshot's or settings': read as none, written anew
  }
  const files = fields.files;
  if (typeof files !== 'object' || files === null || !Object.values(files).every(isEntry)) {
    return damaged('an entry is not one');
  }
  if (fields.catalog !== undefined && !isKeptCatalog(fields.catalog)) {
    return damaged('its catalog is not one');
  }
  const { catalog, totals } = fields;
  if (totals !== undefined && (typeof totals !== 'string' || !TOTALS.test(totals))) {
    return damaged('its totals are not ones');
  }
  return {
    entries: new Map(Object.entries(files as Record<string, Entry>)),
    ...(catalog === undefined ? {} : { catalog }),
    ...(totals === undefined ? {} : { totals }),
  };
}

/**
 * Writes the cache (its folder made first), with what the run kept of the snapshot if anything; the problem when it
 * cannot be written, the run going on.
 */
export async function writeLinkCountCache(
  file: string,
  key: string,
  counts: LinkCounts,
  catalog?: KeptCatalog,
): Promise<string | undefined> {
  const totals = counts.writtenTotals();
  const fields = {
    format: CACHE_FORMAT,
    version: CACHE_VERSION,
    key,
    files: counts.toJson(),
    ...(totals === undefined ? {} : { totals }),
  };
  const text = checkedLine(catalog === undefined ? fields : { ...fields, catalog });
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomically(file, text);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return `cannot write the cache ${file} (${code}): the next run reads every file again`;
  }
}

/** A file's size and modification time, or undefined when it cannot be read. */
function stampOf(full: string): string | undefined {
  const stats = statSync(full, { throwIfNoEntry: false });
  return stats === undefined ? undefined : `${stats.size}:${stats.mtimeMs}`;
}

/** The links per merchant of a run's files: those of an earlier run where a file is as it was, the others counted. */
export class LinkCounts {
  /** Each file's entry as this run writes it. */
  private readonly entries = new Map<string, Entry>();
  /** The files taken unread by `takesUnread`: their counts are in the earlier totals. */
  private readonly taken = new Set<string>();
  private totals: ReadonlyMap<MerchantKey, MerchantLinkTotals> | undefined;

  constructor(
    /** The site's folder. */
    private readonly root: string,
    /** Blob ids of the files git's index holds as they are on the disk. */
    private readonly ids: ReadonlyMap<string, string>,
    private readonly earlier: ReadonlyMap<string, Entry>,
    /** The site's totals over the earlier entries, when the cache held them. */
    private readonly earlierTotals?: string,
  ) {}

  /**
   * Whether the file is as it was in the earlier run (see `cached`) and the cache held the site's totals: then its
   * entry is taken as it is, unread, and its counts are left in those totals (`siteTotals`).
   */
  takesUnread(file: string): boolean {
    const entry = this.earlier.get(file);
    if (this.earlierTotals === undefined || entry === undefined || !this.isAsItWas(file, entry)) {
      return false;
    }
    this.entries.set(file, entry);
    this.taken.add(file);
    return true;
  }

  /**
   * The site's links per merchant: the earlier totals less the earlier counts of the files not taken unread, plus
   * those of the files `read` (every file's counts when nothing was taken). Kept for the cache written next.
   */
  siteTotals(read: Iterable<FileMerchantLinks>): ReadonlyMap<MerchantKey, MerchantLinkTotals> {
    const totals = merchantLinkTotals(read);
    if (this.taken.size > 0) {
      for (const [key, total] of totalsOf(this.earlierTotals!)) {
        add(totals, key, total.links, total.articles);
      }
      for (const [file, entry] of this.earlier) {
        if (!this.taken.has(file)) {
          entryOf(entry).links.forEach((count, key) => add(totals, key, -count.links, -1));
        }
      }
    }
    this.totals = totals;
    return totals;
  }

  /** The totals to write, once `siteTotals` gave them. */
  writtenTotals(): string | undefined {
    return this.totals === undefined ? undefined : totalsText(this.totals);
  }

  /**
   * The file's links per merchant from the earlier run, unread: when git's index gives it the id it had then, or
   * (no id from git) its size and modification time are those it had then.
   */
  cached(file: string): FileMerchantLinks | undefined {
    const entry = this.earlier.get(file);
    if (entry === undefined) {
      return undefined;
    }
    return this.isAsItWas(file, entry) ? this.reuse(file, entry) : undefined;
  }

  /** Whether git's index gives the file the id of its entry, or (no id from git) its size and time are the entry's. */
  private isAsItWas(file: string, entry: Entry): boolean {
    const id = this.ids.get(file);
    if (id !== undefined) {
      return id === idOf(entry);
    }
    const kept = stampOfEntry(entry);
    return kept !== '' && stampOf(this.full(file)) === kept;
  }

  /** The same, for a file read: its counts from the earlier run when its text is the same (its time changed only). */
  cachedText(file: string, text: string): FileMerchantLinks | undefined {
    const entry = this.earlier.get(file);
    return entry !== undefined && !this.ids.has(file) && idOf(entry) === blobIdOf(text)
      ? this.reuse(file, entry, stampOf(this.full(file)))
      : undefined;
  }

  /** The links per merchant counted in the file's `text` (`written`: text this run wrote, not the index's). */
  counted(file: string, text: string, links: FileMerchantLinks, written = false): void {
    const id = written ? undefined : this.ids.get(file);
    this.entries.set(
      file,
      id !== undefined ? entryText(id, links) : entryText(blobIdOf(text), links, stampOf(this.full(file))),
    );
  }

  /** Entries another thread's counts made (`toJson`), taken as they are. */
  adopt(entries: CacheEntries): void {
    for (const [file, entry] of Object.entries(entries)) {
      this.entries.set(file, entry);
    }
  }

  toJson(): CacheEntries {
    const out = Object.create(null) as CacheEntries; // a file may be named __proto__
    for (const [file, entry] of this.entries) {
      out[file] = entry;
    }
    return out;
  }

  private full(file: string): string {
    return path.join(this.root, ...file.split('/'));
  }

  /** An earlier entry taken (as it was, or with the file's new stamp), and its links per merchant. */
  private reuse(file: string, entry: Entry, stamp?: string): FileMerchantLinks {
    const read = entryOf(entry);
    this.entries.set(file, stamp === undefined || stamp === read.stamp ? entry : entryText(read.id, read.links, stamp));
    return read.links;
  }
}

/** Adds links and articles to a merchant's total, which goes when no article is left. */
function add(totals: Map<MerchantKey, MerchantLinkTotals>, key: MerchantKey, links: number, articles: number): void {
  const total = totals.get(key) ?? { links: 0, articles: 0 };
  total.links += links;
  total.articles += articles;
  if (total.articles === 0) {
    totals.delete(key);
  } else {
    totals.set(key, total);
  }
}
