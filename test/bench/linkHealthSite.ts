/**
 * Link health's site pipeline in plain Node, as the extension runs it but without VS Code's findFiles: each
 * file stated and read unless the index holds its size and mtime, scanned and indexed, then every entry checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { generateDataset } from '../../src/sandbox/dataset';
import { SANDBOX_DEFAULTS } from '../../src/sandbox/sandboxOptions';
import { SITE_EXCLUDED, writeSite } from '../../src/sandbox/site';
import type { WireMerchant } from '../../src/api/wire';
import type { SliceClock } from '../../src/health/sliceLoop';
import type { MerchantKey } from '../../src/merchant/merchantKey';
import type { CatalogMerchant } from '../../src/merchant/merchantFields';
import type { JsonObject } from '../../src/api/normalize/fields';

export type Shipped = typeof import('./shippedLinkHealth');
type Rules = InstanceType<Shipped['LinkHealthRules']>;
type Index = InstanceType<Shipped['SiteIndex']>;

export const READ_KEY = 'bench';

/** The benches' site: this many generated articles, about 100,000 links with the healthy deeplinks added to each. */
export const SITE_ARTICLES = 10_000;
const MORE_DEEPLINKS = 5;
/** The day the site's catalog and its articles' SubID dates are made for. */
export const SITE_NOW = new Date('2026-11-21T12:00:00Z');

/** Writes the site over a generated catalog of `catalogSize` merchants under `dir`; its articles, sorted. */
export function writeBenchSite(dir: string, catalogSize: number) {
  const dataset = { ...SANDBOX_DEFAULTS, merchants: catalogSize, clicks: 0, actions: 0, now: SITE_NOW };
  const merchants = generateDataset(dataset).merchants;
  const { summary } = writeSite(path.join(dir, 'site'), merchants, {
    articles: SITE_ARTICLES,
    seed: SANDBOX_DEFAULTS.seed,
    moreDeeplinks: MORE_DEEPLINKS,
  });
  const files = readdirSync(summary.site, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.split(path.sep).includes(SITE_EXCLUDED) && /\.(md|mdx|html)$/.test(file))
    .map((file) => path.join(summary.site, file))
    .sort();
  return { merchants, summary, files };
}

/** The host's clock (src/site/siteReads.ts): a pause is a turn of the event loop; the longest slice is kept. */
export function hostClock(): SliceClock & { longest: number } {
  let last = performance.now();
  const clock = {
    longest: 0,
    now: () => performance.now(),
    pause: async () => {
      clock.longest = Math.max(clock.longest, performance.now() - last);
      await new Promise((resolve) => setImmediate(resolve));
      last = performance.now();
    },
  };
  return clock;
}

/**
 * The rules over the catalog's domain index, merchants through JSON as the extension receives them, the
 * index built in slices as the extension builds it (src/controllers/merchantLinkIndex.ts).
 */
export async function rulesOf(
  h: Shipped,
  merchants: readonly WireMerchant[],
  disclosurePatterns: string[],
): Promise<Rules> {
  const catalog = new Map<MerchantKey, CatalogMerchant>();
  for (const wire of JSON.parse(JSON.stringify(merchants)) as JsonObject[]) {
    const result = h.normalizeMerchant(wire);
    if (result.ok) {
      catalog.set(h.merchantKey(result.value), h.toCatalogMerchant(result.value));
    }
  }
  return new h.LinkHealthRules(
    { index: await h.MerchantDomainIndex.inSlices(catalog, hostClock()) },
    { ...h.DEFAULT_HEALTH_OPTIONS, disclosurePatterns },
  );
}

interface Read {
  size: number;
  mtime: number;
  text: string | undefined;
}

/**
 * As src/site/siteReads.ts: a file the index holds is stated, then its bytes decoded unless the index
 * holds this size and mtime; a file it does not hold is opened at once (stat and bytes through the handle).
 */
async function readSiteFile(
  file: string,
  isCurrent: (size: number, mtime: number) => boolean,
  indexed: boolean,
): Promise<Read> {
  if (!indexed) {
    const handle = await open(file, 'r');
    try {
      const stats = await handle.stat();
      const bytes = Buffer.allocUnsafe(stats.size);
      let length = 0;
      while (length < stats.size) {
        const { bytesRead } = await handle.read(bytes, length, stats.size - length, length);
        if (bytesRead === 0) {
          break;
        }
        length += bytesRead;
      }
      return { size: stats.size, mtime: stats.mtimeMs, text: new TextDecoder().decode(bytes.subarray(0, length)) };
    } finally {
      await handle.close();
    }
  }
  const stats = await stat(file);
  if (isCurrent(stats.size, stats.mtimeMs)) {
    return { size: stats.size, mtime: stats.mtimeMs, text: undefined };
  }
  return { size: stats.size, mtime: stats.mtimeMs, text: new TextDecoder().decode(await readFile(file)) };
}

export interface Scan {
  /** Files read (not current in the index). */
  read: number;
  /** The article's SubID by path, from its text (the SubID template), for the check. */
  subIds: Map<string, string | undefined>;
}

/** Reads into `index` what it does not hold as it is (SiteIndexer.readFromDisk). */
export async function scanInto(
  h: Shipped,
  index: Index,
  files: readonly string[],
  rules: Rules,
  subIdOf: (file: string, text: string) => string | undefined,
  clock: SliceClock,
): Promise<Scan> {
  const scan: Scan = { read: 0, subIds: new Map() };
  const lines = new h.LineReader();
  await h.runInSlices<string, Read>(files, {
    clock,
    read: (file) =>
      readSiteFile(file, (size, mtime) => index.isCurrent(file, size, mtime), index.get(file) !== undefined),
    apply: (file, read) => {
      if (!read.ok) {
        throw read.error;
      }
      const text = read.value.text;
      if (text === undefined) {
        return;
      }
      const doc = h.documentLinks(text, h.languageOfPath(file), lines);
      index.set(h.indexedFileOf(file, read.value, doc, rules.disclosureEnd(text)));
      scan.subIds.set(file, subIdOf(file, text));
      scan.read += 1;
    },
  });
  return scan;
}

/** The findings per code of the entries (LinkHealthDiagnostics: every entry, in slices). */
export async function checkAll(
  h: Shipped,
  index: Index,
  rules: Rules,
  subIds: ReadonlyMap<string, string | undefined>,
  clock: SliceClock,
  only?: ReadonlySet<string>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(h.HEALTH_CODES.map((code) => [code, 0]));
  const entries = only === undefined ? index.entries() : [...only].map((file) => index.get(file)!);
  await h.runInSlices(entries, {
    clock,
    read: async (entry) => entry,
    apply: (entry) => {
      for (const finding of rules.check(h.documentOfIndexed(entry), subIds.get(entry.path), entry.disclosureEnd)) {
        counts[finding.code]! += 1;
      }
    },
  });
  return counts;
}

/** The bare passes' one URL regex over a text: how many it matches. */
function bareUrlCount(text: string): number {
  return text.match(/https?:\/\/[^\s<>"')\]]+/g)?.length ?? 0;
}

/** The floor: the same files read (8 at a time, as the scan reads ahead) and one URL regex run over each. */
export async function barePass(files: readonly string[]): Promise<number> {
  let urls = 0;
  for (let at = 0; at < files.length; at += 8) {
    const texts = await Promise.all(files.slice(at, at + 8).map((file) => readFile(file, 'utf8')));
    for (const text of texts) {
      urls += bareUrlCount(text);
    }
  }
  return urls;
}

/**
 * The same pass with each file read synchronously: what the reading itself costs, without the event loop's
 * turns between the four steps of an asynchronous read. Not a way the extension host may read (a blocking read
 * of a slow or remote disk stalls every extension); it says how much of the bare pass is the file system.
 */
export function bareSyncPass(files: readonly string[]): number {
  let urls = 0;
  for (const file of files) {
    urls += bareUrlCount(readFileSync(file, 'utf8'));
  }
  return urls;
}

/** The floor of a rescan: every file stated. */
export async function bareStats(files: readonly string[]): Promise<void> {
  for (let at = 0; at < files.length; at += 8) {
    await Promise.all(files.slice(at, at + 8).map((file) => stat(file)));
  }
}
