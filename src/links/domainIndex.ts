/** Which merchant of the catalog a URL belongs to, by its host name. */
import { runInSlices, type Clock } from '../common/timeSlices';
import type { MerchantRef, MerchantSummary } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';
import { canonicalHost, httpHostOf, httpHostOfUrl, trackingPathOf } from './hostNames';
import { SuffixMemo } from './publicSuffix';

export { canonicalHost } from './hostNames';

/** What a URL or host matched. Every call returns a fresh result and fresh arrays (the MerchantRefs in them are shared). */
export type DomainMatch =
  /** Not an http(s) URL or valid host, or no merchant has that domain. */
  | { kind: 'none' }
  /** The host is a tracking-link host of the catalog: never wrap it again. */
  | { kind: 'tracking'; merchants: MerchantRef[] }
  /** One best merchant; `domain` is the catalog entry that matched (canonical form). */
  | { kind: 'merchant'; merchant: MerchantRef; domain: string }
  /** Several equally good merchants, in catalog order: the caller asks the user. */
  | { kind: 'ambiguous'; candidates: MerchantRef[]; domain: string };

/**
 * The merchants listing one domain, in catalog order, each once: most domains have a single
 * merchant, kept without an array (an index of 50,000 domains then allocates half as much).
 */
export type Listing = MerchantRef | MerchantRef[];

/** Listings by key: one of an index's own maps, or a reader of listings kept from one (see `KeptListings`). */
export type ListingLookup = Pick<ReadonlyMap<string, Listing>, 'get' | 'has'>;

/** An index's listings by canonical domain, tracking host, and tracking host and path (`trackingPathOf`). */
export type IndexListings<L = ReadonlyMap<string, Listing>> = Record<'domains' | 'trackingHosts' | 'trackingPaths', L>;

/** The listings of an index built before, read on demand (`MerchantDomainIndex.over`): whole, in catalog order. */
export type KeptListings = IndexListings<ListingLookup> & { domainCount: number };

const WWW = 'www.';

/** Adds `ref` to the listing of `key`, unless the merchant is there already (a merchant's domains are added one after another). */
function addRef(map: Map<string, Listing>, key: string, ref: MerchantRef): void {
  const listing = map.get(key);
  if (listing === undefined) {
    map.set(key, ref);
  } else if (!Array.isArray(listing)) {
    if (listing !== ref) {
      map.set(key, [listing, ref]);
    }
  } else if (listing[listing.length - 1] !== ref) {
    listing.push(ref);
  }
}

const refsOf = (listing: Listing): MerchantRef[] => (Array.isArray(listing) ? [...listing] : [listing]);

/** Preference rank: active first, then deeplink-capable. */
function rank(merchant: MerchantSummary): number {
  return (merchant.isActive ? 2 : 0) + (merchant.deeplinkAllowed ? 1 : 0);
}

/**
 * Maps URLs to the merchants of a catalog by domain. Built once per catalog snapshot; immutable
 * afterwards apart from private memos (public suffixes, tracking paths). Rules:
 * - Every domain a merchant lists (`defaultDomain` and `domains`) is indexed in canonical form
 *   (see canonicalHost): lower case, IDN in ASCII (punycode), no trailing dot. Entries that are
 *   not a bare host name (`''`, `http://x.com/`, `a b`, `x.com:80`) are skipped.
 * - A host matches its own entry, else the entry of its nearest parent domain
 *   (`a.b.shop.com` → `shop.com`), but never its public suffix or anything above it
 *   (`co.uk`, `com`, `github.io` never match, even when a merchant lists them). IP addresses
 *   match their own entry only.
 * - `www.`: an entry `www.X` also stands for `X` (and so, by the parent rule, for the
 *   subdomains of `X`) as long as no merchant lists `X` itself; the reported `domain` is then
 *   the listed `www.X`. So `a.X` matches `www.X` before a listed parent of `X`. A host `www.X`
 *   needs no rule: it falls back to `X` as a parent.
 * - Several merchants on the matched domain: active ones are preferred, then among those the
 *   deeplink-capable ones; one left → 'merchant', several equally good → 'ambiguous' (in
 *   catalog order).
 * - Tracking hosts (the hosts of the merchants' absolute http(s) `trackingLink`s) win over
 *   everything, on an exact host match only: such a URL is a tracking link already.
 * - Only http(s) URLs match. Nothing here throws, whatever the input.
 */
export class MerchantDomainIndex {
  private readonly domains = new Map<string, Listing>();
  private readonly trackingHosts = new Map<string, Listing>();
  private readonly suffixes = new SuffixMemo();
  /** Tracking host and path → merchants (a URL parse per merchant): made in slices by `inSlices`, else at the first tracking link. */
  private trackingPaths: ListingLookup | undefined;
  /** Listings kept from an index built before (`over`), read instead of the maps above. */
  private kept: KeptListings | undefined;

  constructor(merchants: ReadonlyMap<MerchantKey, MerchantSummary>) {
    for (const [key, merchant] of merchants) {
      this.add(key, merchant);
    }
  }

  /**
   * The same index, built in slices of about `sliceMs` with a turn of the event loop between them (20,000
   * merchants take 40 ms on a quiet machine and 200 ms in a busy extension host). `merchants` must not change
   * meanwhile: a catalog snapshot never does.
   */
  static async inSlices(
    merchants: ReadonlyMap<MerchantKey, MerchantSummary>,
    clock: Clock,
    sliceMs = 10,
  ): Promise<MerchantDomainIndex> {
    const index = new MerchantDomainIndex(new Map());
    await runInSlices([...merchants], { clock, sliceMs, apply: ([key, merchant]) => index.add(key, merchant) });
    // The tracking paths too (a URL parse per merchant), or the first tracking link checked would make them at once.
    const paths = new Map<string, Listing>();
    await runInSlices([...index.trackingHosts.values()].flatMap(refsOf), {
      clock,
      sliceMs,
      apply: (ref) => index.addTrackingPath(paths, ref),
    });
    index.trackingPaths = paths;
    return index;
  }

  /**
   * An index that reads the listings of one built before (`listings()`, kept by the command line's cache with the
   * snapshot it was built from), each looked up when a host first needs it: it matches every URL as that index did,
   * without its catalog read whole. The MerchantRefs are the reader's.
   */
  static over(kept: KeptListings): MerchantDomainIndex {
    const index = new MerchantDomainIndex(new Map());
    index.kept = kept;
    index.trackingPaths = kept.trackingPaths;
    return index;
  }

  /** The listings by domain, tracking host, and tracking host and path, for `over`; undefined for such an index. */
  listings(): IndexListings | undefined {
    return this.kept === undefined
      ? { domains: this.domains, trackingHosts: this.trackingHosts, trackingPaths: this.trackingPathMap() }
      : undefined;
  }

  /** Distinct canonical domains taken from the catalog (a `www.X` counts once, not also as `X`). A listed public suffix counts, although it never matches. */
  get domainCount(): number {
    return this.kept?.domainCount ?? this.domains.size;
  }

  private get hosts(): ListingLookup {
    return this.kept?.trackingHosts ?? this.trackingHosts;
  }

  private add(key: MerchantKey, merchant: MerchantSummary): void {
    if (typeof merchant !== 'object' || merchant === null) {
      return;
    }
    const ref: MerchantRef = { key, merchant };
    const { defaultDomain, domains, trackingLink } = merchant;
    this.addDomain(defaultDomain, ref);
    if (Array.isArray(domains)) {
      for (const domain of domains) {
        // The default domain is usually listed again.
        if (domain !== defaultDomain) {
          this.addDomain(domain, ref);
        }
      }
    }
    const host = typeof trackingLink === 'string' ? httpHostOf(trackingLink) : undefined;
    if (host !== undefined) {
      addRef(this.trackingHosts, host, ref);
    }
  }

  /**
   * Matches a URL string or URL object; only http(s) URLs match anything. A URL on a tracking
   * host names the merchants whose tracking link it is (same host and path; the query may
   * differ), none when it is no merchant's: many merchants share one tracking host.
   */
  match(url: string | URL): DomainMatch {
    try {
      const host =
        typeof url === 'string'
          ? httpHostOf(url)
          : typeof url === 'object' && url !== null
            ? httpHostOfUrl(url)
            : undefined;
      // A tracking link's owners by its path, without a copy of the host's listing (all merchants may share it).
      return host !== undefined && this.hosts.has(host) ? this.ownersOfTrackingLink(url) : this.resolve(host);
    } catch {
      return { kind: 'none' };
    }
  }

  /** Same as match, from a host name alone (any case, unicode or punycode, with or without a trailing dot). */
  matchHost(host: string): DomainMatch {
    try {
      return this.resolve(canonicalHost(host));
    } catch {
      return { kind: 'none' };
    }
  }

  /** Whether the host is a tracking-link host of the catalog (exact host, any spelling canonicalHost accepts). */
  isTrackingHost(host: string): boolean {
    const canonical = canonicalHost(host);
    return canonical !== undefined && this.hosts.has(canonical);
  }

  private ownersOfTrackingLink(url: string | URL): DomainMatch {
    const link = trackingPathOf(url);
    const owners = link === undefined ? undefined : (this.trackingPaths ?? this.trackingPathMap()).get(link);
    return { kind: 'tracking', merchants: owners === undefined ? [] : refsOf(owners) };
  }

  /**
   * The tracking paths' map, made at the first tracking link unless `inSlices` made it: by a map, because many
   * merchants share one tracking host (all 20,000 of the sandbox's), and parsing each one's link per lookup cost a
   * site's first scan 15 ms a tracking link.
   */
  private trackingPathMap(): ReadonlyMap<string, Listing> {
    if (this.trackingPaths instanceof Map) {
      return this.trackingPaths;
    }
    const paths = new Map<string, Listing>();
    for (const ref of [...this.trackingHosts.values()].flatMap(refsOf)) {
      this.addTrackingPath(paths, ref);
    }
    this.trackingPaths = paths;
    return paths;
  }

  private addTrackingPath(paths: Map<string, Listing>, ref: MerchantRef): void {
    const path = typeof ref.merchant.trackingLink === 'string' ? trackingPathOf(ref.merchant.trackingLink) : undefined;
    if (path !== undefined) {
      addRef(paths, path, ref);
    }
  }

  private addDomain(domain: unknown, ref: MerchantRef): void {
    const canonical = typeof domain === 'string' ? canonicalHost(domain) : undefined;
    if (canonical !== undefined) {
      addRef(this.domains, canonical, ref);
    }
  }

  private resolve(host: string | undefined): DomainMatch {
    if (host === undefined) {
      return { kind: 'none' };
    }
    const tracking = this.hosts.get(host);
    if (tracking !== undefined) {
      return { kind: 'tracking', merchants: refsOf(tracking) };
    }
    for (let candidate = host; ; ) {
      let domain = candidate;
      const domains = this.kept?.domains ?? this.domains;
      let listing = domains.get(domain);
      if (listing === undefined) {
        // The `www.` alias is looked up here rather than stored: building stays one pass.
        domain = WWW + candidate;
        listing = domains.get(domain);
      }
      if (listing !== undefined) {
        // Parents are only shorter: once one is at or above the public suffix, all are.
        return this.suffixes.below(host, candidate) ? pick(listing, domain) : { kind: 'none' };
      }
      const dot = candidate.indexOf('.');
      if (dot < 0) {
        return { kind: 'none' };
      }
      candidate = candidate.slice(dot + 1);
    }
  }
}

/** The best merchants of a matched listing (see rank), as a fresh result. */
function pick(listing: Listing, domain: string): DomainMatch {
  if (!Array.isArray(listing)) {
    return { kind: 'merchant', merchant: listing, domain };
  }
  let best = -1;
  for (const ref of listing) {
    best = Math.max(best, rank(ref.merchant));
  }
  const candidates = listing.filter((ref) => rank(ref.merchant) === best);
  return candidates.length === 1
    ? { kind: 'merchant', merchant: candidates[0], domain }
    : { kind: 'ambiguous', candidates, domain };
}
