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
import type { FileMerchantLinks, LinkCount } from '../health/merchantLinkTally';
import type { MerchantKey } from '../merchant/merchantKey';
import { writeFileAtomically } from './atomicFile';
import { isKeptCatalog, type KeptCatalog } from './keptCatalog';

export const CACHE_FORMAT = 'affiliate-links-check-cache';
export const CACHE_VERSION = 2;

/**
 * A file's entry, one string (JSON reads 10,000 of them 7 times sooner than as arrays): `<id>|<stamp>|<counts>`, its
 * content's id; for a file git's index did not give the id of, its size and modification time when counted
 * (`size:mtimeMs`, else empty), which spare reading it while they hold; per merchant `<key>,<links>,<deeplinks>`, joined
 * by `;` (a key's `%`, `,`, `;` and `|` written `%25`, `%2C`, `%3B` and `%7C`).
 */
type Entry = string;

/** The cache's entries by file. */
export type CacheEntries = Record<string, Entry>;

const ENTRY = /^[^|]*\|[^|]*\|(?:[^,;|]+,\d+,\d+(?:;[^,;|]+,\d+,\d+)*)?$/;
const KEY_ESCAPES: Readonly<Record<string, string>> = { '%': '%25', ',': '%2C', ';': '%3B', '|': '%7C' };
const KEY_UNESCAPES: Readonly<Record<string, string>> = { '%25': '%', '%2C': ',', '%3B': ';', '%7C': '|' };

/** A file's entry written (see Entry). */
export function entryText(id: string, links: FileMerchantLinks, stamp = ''): Entry {
  const counts: string[] = [];
  for (const [key, count] of links) {
    const written = /[%,;|]/.test(key) ? key.replace(/[%,;|]/g, (c) => KEY_ESCAPES[c]!) : key;
    counts.push(`${written},${count.links},${count.deeplinks}`);
  }
  return `${id}|${stamp}|${counts.join(';')}`;
}

/** An entry's id, stamp (empty when none) and links per merchant. */
export function entryOf(entry: Entry): { id: string; stamp: string; links: Map<MerchantKey, LinkCount> } {
  const idEnd = entry.indexOf('|');
  const stampEnd = entry.indexOf('|', idEnd + 1);
  const links = new Map<MerchantKey, LinkCount>();
  // By indexOf, not split: 10,000 entries are read per run.
  for (let at = stampEnd + 1; at < entry.length; ) {
    const first = entry.indexOf(',', at);
    const second = entry.indexOf(',', first + 1);
    let end = entry.indexOf(';', second + 1);
    end = end < 0 ? entry.length : end;
    const key = entry.slice(at, first);
    const read = key.includes('%') ? key.replace(/%(25|2C|3B|7C)/g, (c) => KEY_UNESCAPES[c]!) : key;
    links.set(read as MerchantKey, {
      links: Number(entry.slice(first + 1, second)),
      deeplinks: Number(entry.slice(second + 1, end)),
    });
    at = end + 1;
  }
  return { id: entry.slice(0, idEnd), stamp: entry.slice(idEnd + 1, stampEnd), links };
}

const idOf = (entry: Entry) => entry.slice(0, entry.indexOf('|'));
const stampOfEntry = (entry: Entry) => entry.split('|', 2)[1]!;

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

const isEntry = (value: unknown): value is Entry => typeof value === 'string' && ENTRY.test(value);

export type CacheRead = {
  entries: ReadonlyMap<string, Entry>;
  /** The snapshot as a run that read it whole kept it (keptCatalog.ts), when the cache holds it. */
  catalog?: KeptCatalog;
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
  const entries = new Map(Object.entries(files as Record<string, Entry>));
  return fields.catalog === undefined ? { entries } : { entries, catalog: fields.catalog };
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
  const fields = { format: CACHE_FORMAT, version: CACHE_VERSION, key, files: counts.toJson() };
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

  constructor(
    /** The site's folder. */
    private readonly root: string,
    /** Blob ids of the files git's index holds as they are on the disk. */
    private readonly ids: ReadonlyMap<string, string>,
    private readonly earlier: ReadonlyMap<string, Entry>,
  ) {}

  /**
   * The file's links per merchant from the earlier run, unread: when git's index gives it the id it had then, or
   * (no id from git) its size and modification time are those it had then.
   */
  cached(file: string): FileMerchantLinks | undefined {
    const entry = this.earlier.get(file);
    if (entry === undefined) {
      return undefined;
    }
    const id = this.ids.get(file);
    if (id !== undefined) {
      return id === idOf(entry) ? this.reuse(file, entry) : undefined;
    }
    const kept = stampOfEntry(entry);
    const stamp = kept === '' ? undefined : stampOf(this.full(file));
    return stamp !== undefined && stamp === kept ? this.reuse(file, entry) : undefined;
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
