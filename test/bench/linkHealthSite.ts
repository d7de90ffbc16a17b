/**
 * Link health's site pipeline in plain Node, as the extension runs it but without VS Code's findFiles: the
 * product's reading of the site (src/siteDisk/: each file stated and read unless the index holds its size and
 * mtime, too large files left out, scanned and indexed with its disclosure and front matter), then every entry
 * checked with the SubID its front matter gives.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { generateDataset } from '../../src/sandbox/dataset';
import { SANDBOX_DEFAULTS } from '../../src/sandbox/sandboxOptions';
import { SITE_EXCLUDED, writeSite } from '../../src/sandbox/site';
import type { WireMerchant } from '../../src/api/wire';
import type { Clock as SliceClock } from '../../src/common/timeSlices';
import type { IndexedFile, SiteTextReader } from '../../src/health/siteIndex';
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

/** Writes the site over a generated catalog of `catalogSize` merchants under `dir`; its files, sorted, and its articles as written. */
export function writeBenchSite(dir: string, catalogSize: number) {
  const dataset = { ...SANDBOX_DEFAULTS, merchants: catalogSize, clicks: 0, actions: 0, now: SITE_NOW };
  const merchants = generateDataset(dataset).merchants;
  const { summary, articles } = writeSite(path.join(dir, 'site'), merchants, {
    articles: SITE_ARTICLES,
    seed: SANDBOX_DEFAULTS.seed,
    moreDeeplinks: MORE_DEEPLINKS,
  });
  const files = readdirSync(summary.site, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.split(path.sep).includes(SITE_EXCLUDED) && /\.(md|mdx|html)$/.test(file))
    .map((file) => path.join(summary.site, file))
    .sort();
  return { merchants, summary, files, articles };
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

/**
 * What the index keeps of a text with these rules and the site's SubID template (LinkHealthEngine.reader):
 * where its disclosure ends, and the front matter values the template reads.
 */
export function readerOf(h: Shipped, rules: Rules, template: string): SiteTextReader {
  const keys = h.frontMatterKeys(template);
  return {
    disclosureEnd: (text) => rules.disclosureEnd(text),
    frontMatter: keys.length === 0 ? undefined : (text) => h.frontMatterValues(text, keys),
  };
}

/**
 * The SubID an entry's deeplinks should carry, from its path and the front matter values the index kept
 * (LinkHealthEngine.expectedSubId of a closed file).
 */
export function subIdOfEntry(h: Shipped, template: string): (entry: IndexedFile) => string | undefined {
  return (entry) => {
    if (h.usesFrontMatter(template) && entry.frontMatter === undefined) {
      return undefined;
    }
    const variables = h.articleSubIdVariables(
      template,
      { path: entry.path, frontMatter: entry.frontMatter },
      { date: SITE_NOW },
    );
    const expanded = h.expandSubId(template, variables);
    return expanded.ok ? expanded.subId : undefined;
  };
}

/**
 * Reads into `index` what it does not hold as it is, through the product's reading of local files
 * (src/siteDisk/siteIndexReads.ts, as SiteIndexer.readFromDisk runs it); returns how many files it read.
 */
export async function scanInto(
  h: Shipped,
  index: Index,
  files: readonly string[],
  reader: SiteTextReader,
  clock: SliceClock,
): Promise<number> {
  const warnings: string[] = [];
  const outcome = await h.readIntoIndex(files, {
    index,
    files: h.LOCAL_SITE_FILES,
    reader: () => reader,
    isOpen: () => false,
    log: { warn: (line) => warnings.push(line), info: (line) => warnings.push(line) },
    clock,
  });
  if (outcome.failed > 0 || outcome.cancelled || warnings.length > 0) {
    throw new Error(`the scan of the site failed: ${JSON.stringify(outcome)}; ${warnings.join('; ')}`);
  }
  return outcome.read;
}

/** The findings per code of the entries (LinkHealthDiagnostics: every entry, in slices). */
export async function checkAll(
  h: Shipped,
  index: Index,
  rules: Rules,
  subIdOf: (entry: IndexedFile) => string | undefined,
  clock: SliceClock,
  only?: ReadonlySet<string>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(h.HEALTH_CODES.map((code) => [code, 0]));
  const entries = only === undefined ? index.entries() : [...only].map((file) => index.get(file)!);
  await h.runInSlices(entries, {
    clock,
    read: async (entry) => entry,
    apply: (entry) => {
      for (const finding of rules.check(h.documentOfIndexed(entry), subIdOf(entry), entry.disclosureEnd)) {
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
