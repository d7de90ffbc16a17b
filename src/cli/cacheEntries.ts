/**
 * How `--cache` writes its counts (linkCountCache.ts): each file's entry, and the site's totals, as one string each
 * (JSON reads 10,000 strings 7 times sooner than as many arrays).
 */
import type { LinkCount } from '../health/merchantLinkTally';
import type { MerchantLinkTotals } from '../health/merchantLinkTally';
import type { MerchantKey } from '../merchant/merchantKey';

/**
 * A file's entry: `<id>|<stamp>|<counts>`, its content's id; for a file git's index did not give the id of, its size
 * and modification time when counted (`size:mtimeMs`, else empty), which spare reading it while they hold; its counts
 * per merchant `<key>,<links>,<deeplinks>`, joined by `;` (a key's `%`, `,`, `;` and `|` written `%25`, `%2C`, `%3B`
 * and `%7C`).
 */
export type Entry = string;

const COUNTS = '(?:[^,;|]+,\\d+,\\d+(?:;[^,;|]+,\\d+,\\d+)*)?';
/** An entry as written. */
export const ENTRY = new RegExp(`^[^|]*\\|[^|]*\\|${COUNTS}$`);
/** The site's totals as written: per merchant `<key>,<links>,<articles>`, joined by `;`. */
export const TOTALS = new RegExp(`^${COUNTS}$`);

const KEY_ESCAPES: Readonly<Record<string, string>> = { '%': '%25', ',': '%2C', ';': '%3B', '|': '%7C' };
const KEY_UNESCAPES: Readonly<Record<string, string>> = { '%25': '%', '%2C': ',', '%3B': ';', '%7C': '|' };

/** Counts per merchant written: `<key>,<a>,<b>` joined by `;`. */
function countsText(counts: Iterable<[string, number, number]>): string {
  const out: string[] = [];
  for (const [key, a, b] of counts) {
    const written = /[%,;|]/.test(key) ? key.replace(/[%,;|]/g, (c) => KEY_ESCAPES[c]!) : key;
    out.push(`${written},${a},${b}`);
  }
  return out.join(';');
}

/** Each count of `text` from `from` on, read by indexOf (not split: 10,000 entries are read per run). */
function readCounts(text: string, from: number, each: (key: MerchantKey, a: number, b: number) => void): void {
  for (let at = from; at < text.length; ) {
    const first = text.indexOf(',', at);
    const second = text.indexOf(',', first + 1);
    let end = text.indexOf(';', second + 1);
    end = end < 0 ? text.length : end;
    const key = text.slice(at, first);
    const read = key.includes('%') ? key.replace(/%(25|2C|3B|7C)/g, (c) => KEY_UNESCAPES[c]!) : key;
    each(read as MerchantKey, Number(text.slice(first + 1, second)), Number(text.slice(second + 1, end)));
    at = end + 1;
  }
}

/** A file's entry written (see Entry). */
export function entryText(id: string, links: ReadonlyMap<MerchantKey, LinkCount>, stamp = ''): Entry {
  const counts = [...links].map(([key, count]): [string, number, number] => [key, count.links, count.deeplinks]);
  return `${id}|${stamp}|${countsText(counts)}`;
}

/** An entry's id, stamp (empty when none) and links per merchant. */
export function entryOf(entry: Entry): { id: string; stamp: string; links: Map<MerchantKey, LinkCount> } {
  const idEnd = entry.indexOf('|');
  const stampEnd = entry.indexOf('|', idEnd + 1);
  const links = new Map<MerchantKey, LinkCount>();
  readCounts(entry, stampEnd + 1, (key, count, deeplinks) => links.set(key, { links: count, deeplinks }));
  return { id: entry.slice(0, idEnd), stamp: entry.slice(idEnd + 1, stampEnd), links };
}

export const idOf = (entry: Entry) => entry.slice(0, entry.indexOf('|'));
export const stampOfEntry = (entry: Entry) => entry.split('|', 2)[1]!;

/** The site's totals written. */
export function totalsText(totals: ReadonlyMap<MerchantKey, MerchantLinkTotals>): string {
  return countsText([...totals].map(([key, total]): [string, number, number] => [key, total.links, total.articles]));
}

/** The site's totals read. */
export function totalsOf(text: string): Map<MerchantKey, MerchantLinkTotals> {
  const totals = new Map<MerchantKey, MerchantLinkTotals>();
  readCounts(text, 0, (key, links, articles) => totals.set(key, { links, articles }));
  return totals;
}
