/** Which merchants the site's affiliate links go to: per file, each merchant's tracking links and deeplinks (ignored links left out). */
import type { MerchantKey } from '../merchant/merchantKey';
import type { LinkVerdict } from './linkVerdict';
import type { IndexedFile } from './siteIndex';

export interface LinkCount {
  /** Tracking links and deeplinks to the merchant. */
  links: number;
  /** Of them, deeplinks. */
  deeplinks: number;
}

/** One file's affiliate links by merchant; files without one are not kept. */
export type FileMerchantLinks = ReadonlyMap<MerchantKey, LinkCount>;

/** The links of one file by the merchant that owns them (`verdictOf`: the rules' verdict of an address). */
export function fileMerchantLinks(file: IndexedFile, verdictOf: (target: string) => LinkVerdict): FileMerchantLinks {
  const out = new Map<MerchantKey, LinkCount>();
  for (const link of file.links) {
    if (link.ignoredByComment) {
      continue;
    }
    const verdict = verdictOf(link.target);
    if (verdict.kind !== 'tracking' || verdict.ignored || verdict.owner === undefined) {
      continue;
    }
    let count = out.get(verdict.owner.key);
    if (count === undefined) {
      count = { links: 0, deeplinks: 0 };
      out.set(verdict.owner.key, count);
    }
    count.links++;
    if (verdict.deeplinkTarget !== undefined) {
      count.deeplinks++;
    }
  }
  return out;
}

/** How many articles link to each merchant, and with how many links. */
export interface MerchantLinkTotals {
  articles: number;
  links: number;
}

export function merchantLinkTotals(files: Iterable<FileMerchantLinks>): Map<MerchantKey, MerchantLinkTotals> {
  const totals = new Map<MerchantKey, MerchantLinkTotals>();
  for (const file of files) {
    for (const [key, count] of file) {
      const total = totals.get(key);
      if (total === undefined) {
        totals.set(key, { articles: 1, links: count.links });
      } else {
        total.articles++;
        total.links += count.links;
      }
    }
  }
  return totals;
}
