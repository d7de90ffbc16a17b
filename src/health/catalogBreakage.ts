/**
 * What a catalog change breaks on the site: merchants linked to that became inactive or stopped allowing
 * deeplinks, with the links and articles they take down. Pure: the shell hands it the catalog before and after.
 */

/** What a merchant's links depend on. */
export interface MerchantFlags {
  isActive: boolean;
  deeplinkAllowed: boolean;
}

/** Inactive: every tracking link and deeplink earns nothing; deeplinks: its deeplinks do not. */
export type BreakKind = 'inactive' | 'deeplinks';

/** The merchants of `keys` (or all of `after`) that were active and are not, or allowed deeplinks and do not. */
export function brokenMerchants<K>(
  before: ReadonlyMap<K, MerchantFlags>,
  after: ReadonlyMap<K, MerchantFlags>,
  keys: Iterable<K> | 'all',
): Map<K, BreakKind> {
  const broken = new Map<K, BreakKind>();
  for (const key of keys === 'all' ? after.keys() : keys) {
    const was = before.get(key);
    const now = after.get(key);
    if (was === undefined || now === undefined) {
      continue;
    }
    if (was.isActive && !now.isActive) {
      broken.set(key, 'inactive');
    } else if (now.isActive && was.deeplinkAllowed && !now.deeplinkAllowed) {
      broken.set(key, 'deeplinks');
    }
  }
  return broken;
}

/** One kind of breakage: how many merchants linked to, and the links and articles that stopped earning. */
export interface Breakage {
  kind: BreakKind;
  merchants: number;
  links: number;
  articles: number;
}

/** The breakage of each kind with at least one link, inactive first; empty when nothing linked changed. */
export function breakageOf<K>(
  broken: ReadonlyMap<K, BreakKind>,
  files: Iterable<ReadonlyMap<K, { links: number; deeplinks: number }>>,
): Breakage[] {
  const kinds: BreakKind[] = ['inactive', 'deeplinks'];
  const found = new Map(kinds.map((kind) => [kind, { kind, merchants: new Set<K>(), links: 0, articles: 0 }]));
  for (const file of files) {
    const inFile = new Map<BreakKind, number>();
    for (const [key, count] of file) {
      const kind = broken.get(key);
      const links = kind === undefined ? 0 : kind === 'inactive' ? count.links : count.deeplinks;
      if (kind !== undefined && links > 0) {
        const entry = found.get(kind)!;
        entry.merchants.add(key);
        entry.links += links;
        inFile.set(kind, (inFile.get(kind) ?? 0) + links);
      }
    }
    inFile.forEach((_, kind) => found.get(kind)!.articles++);
  }
  return kinds
    .map((kind) => found.get(kind)!)
    .filter((entry) => entry.links > 0)
    .map(({ kind, merchants, links, articles }) => ({ kind, merchants: merchants.size, links, articles }));
}
