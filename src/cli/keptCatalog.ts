/**
 * The catalog snapshot as `--cache` keeps it for the runs that report a few files (`--changed-since`, PATHs): the
 * domain index's listings with each merchant as its place in the snapshot, each merchant's key and name, the
 * snapshot's date and size. Written by a run that read the snapshot whole (every line checked, refused whole when
 * damaged), in a cache made for that snapshot's SHA-1 and this tool's version. A later run with the same snapshot
 * reads the file's bytes for their SHA-1, then each merchant a link needs from its own line when a link first needs
 * it (that line's check, crc32, verified again): 10 changed files no longer parse 20,000 merchants.
 */
import { normalizeMerchant } from '../api/normalize/merchant';
import type { CatalogSnapshot } from '../catalog/snapshot/catalogSnapshot';
import { lineCheckHolds } from '../common/checkedLines';
import { MerchantDomainIndex, type Listing, type ListingLookup } from '../links/domainIndex';
import { asCatalogMerchant, type MerchantRef } from '../merchant/merchantFields';
import { merchantKey, type MerchantKey } from '../merchant/merchantKey';

/**
 * Listings by key: a line `key places>` per key (no host nor tracking path holds a space or `>`, and JSON writes both
 * as they are), sorted by key (as `<` sorts strings);
 * the places of the merchants among the snapshot's (0 is the one on line 2), joined by commas. Read by a binary search
 * over the text, so a run that looks up a few keys parses none of the others (an object of 51,000 domains took 28 ms).
 */
type Table = string;

export interface KeptCatalog {
  takenAt: string;
  /** How many merchants the snapshot holds. */
  merchants: number;
  /** Each merchant's key and name, by place. */
  keys: string[];
  names: string[];
  /** The domain index's listings (`MerchantDomainIndex.listings`) and its count of domains. */
  domains: Table;
  trackingHosts: Table;
  trackingPaths: Table;
  domainCount: number;
}

/** What a run that read the snapshot whole keeps of it and of the domain index it built; undefined for a kept one. */
export function keptCatalogOf(snapshot: CatalogSnapshot, index: MerchantDomainIndex): KeptCatalog | undefined {
  const listings = index.listings();
  if (listings === undefined) {
    return undefined;
  }
  const places = new Map<MerchantKey, number>();
  const keys: string[] = [];
  const names: string[] = [];
  for (const [key, merchant] of snapshot.merchants) {
    places.set(key, keys.length);
    keys.push(key);
    names.push(merchant.name);
  }
  const tableOf = (map: ReadonlyMap<string, Listing>): Table | undefined => {
    const keys = [...map.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (keys.some((key) => /[ >]/.test(key))) {
      return undefined; // no host or tracking path holds one; nothing is kept rather than a table read wrong
    }
    return keys
      .map((key) => {
        const listing = map.get(key)!;
        const at = Array.isArray(listing) ? listing.map((ref) => places.get(ref.key)!) : [places.get(listing.key)!];
        return `${key} ${at.join(',')}>`;
      })
      .join('');
  };
  const domains = tableOf(listings.domains);
  const trackingHosts = tableOf(listings.trackingHosts);
  const trackingPaths = tableOf(listings.trackingPaths);
  if (domains === undefined || trackingHosts === undefined || trackingPaths === undefined) {
    return undefined;
  }
  return {
    takenAt: snapshot.takenAt,
    merchants: keys.length,
    keys,
    names,
    domains,
    trackingHosts,
    trackingPaths,
    domainCount: index.domainCount,
  };
}

const isTable = (value: unknown): value is Table => typeof value === 'string' && (value === '' || value.endsWith('>'));

/** The places `table` lists under `key` (its text after the tab), by a binary search over its sorted lines. */
export function placesIn(table: Table, key: string): string | undefined {
  let low = 0;
  let high = table.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const start = middle === 0 ? 0 : table.lastIndexOf('>', middle - 1) + 1;
    const end = table.indexOf('>', middle);
    const tab = table.indexOf(' ', start);
    if (tab < 0 || tab > end) {
      return undefined; // not a table's line: never written so
    }
    const lineKey = table.slice(start, tab);
    if (lineKey === key) {
      return table.slice(tab + 1, end);
    }
    if (lineKey < key) {
      low = end + 1;
    } else {
      high = start;
    }
  }
  return undefined;
}

/** Whether a cache's `catalog` field is a kept catalog (its places are checked when read). */
export function isKeptCatalog(value: unknown): value is KeptCatalog {
  const kept = value as Partial<KeptCatalog> | null;
  return (
    typeof kept === 'object' &&
    kept !== null &&
    typeof kept.takenAt === 'string' &&
    Number.isSafeInteger(kept.merchants) &&
    Array.isArray(kept.keys) &&
    kept.keys.length === kept.merchants &&
    Array.isArray(kept.names) &&
    kept.names.length === kept.merchants &&
    isTable(kept.domains) &&
    isTable(kept.trackingHosts) &&
    isTable(kept.trackingPaths) &&
    Number.isSafeInteger(kept.domainCount)
  );
}

/**
 * The snapshot whose bytes are `bytes` (the SHA-1 the cache was made for), read through what a run kept of it: its
 * domain index answers as the whole snapshot's did, each merchant read from its line the first time a listing holds it.
 */
export class KeptSnapshot {
  readonly index: MerchantDomainIndex;
  private readonly refs: Array<MerchantRef | undefined> = [];
  private lineStarts: number[] | undefined;
  private places: Map<string, number> | undefined;
  /** The first line that was not the merchant kept (the index's `match` answers none for it, as for any error). */
  private damage: string | undefined;

  constructor(
    private readonly bytes: Buffer,
    readonly kept: KeptCatalog,
  ) {
    this.index = MerchantDomainIndex.over({
      domains: this.lookup(kept.domains),
      trackingHosts: this.lookup(kept.trackingHosts),
      trackingPaths: this.lookup(kept.trackingPaths),
      domainCount: kept.domainCount,
    });
  }

  /** Why a merchant could not be read from its line, if one could not: the run's findings are then not to be trusted. */
  get problem(): string | undefined {
    return this.damage;
  }

  /** A merchant's name, for the links per merchant. */
  nameOf(key: MerchantKey): string | undefined {
    this.places ??= new Map(this.kept.keys.map((kept, place) => [kept, place]));
    const place = this.places.get(key);
    return place === undefined ? undefined : this.kept.names[place];
  }

  private lookup(table: Table): ListingLookup {
    const memo = new Map<string, Listing>();
    const found = new Map<string, string | undefined>();
    const placesOf = (key: string) => {
      if (!found.has(key)) {
        found.set(key, placesIn(table, key));
      }
      return found.get(key);
    };
    return {
      has: (key) => placesOf(key) !== undefined,
      get: (key) => {
        let listing = memo.get(key);
        const places = listing === undefined ? placesOf(key) : undefined;
        if (places !== undefined) {
          const refs = places.split(',').map((place) => this.ref(Number(place)));
          listing = refs.length === 1 ? refs[0]! : refs;
          memo.set(key, listing);
        }
        return listing;
      },
    };
  }

  /** The merchant at `place`, read from its line once, or an error when the line is not the one kept. */
  private ref(place: number): MerchantRef {
    let ref = this.refs[place];
    if (ref === undefined) {
      const fields = this.lineAt(place + 1);
      const merchant = fields === undefined ? undefined : normalizeMerchant(fields.merchant);
      const key = this.kept.keys[place];
      if (merchant === undefined || !merchant.ok || merchantKey(merchant.value) !== key) {
        this.damage ??= `its line ${place + 2} is not the merchant ${key} the cache kept`;
        throw new Error(this.damage);
      }
      ref = { key: key as MerchantKey, merchant: asCatalogMerchant(merchant.value) };
      this.refs[place] = ref;
    }
    return ref;
  }

  /** The fields of the 0-based line `line` when its check holds. */
  private lineAt(line: number): Record<string, unknown> | undefined {
    if (this.lineStarts === undefined) {
      const starts = [0];
      for (let at = this.bytes.indexOf(10); at !== -1; at = this.bytes.indexOf(10, at + 1)) {
        starts.push(at + 1);
      }
      this.lineStarts = starts;
    }
    const start = this.lineStarts[line];
    if (start === undefined) {
      return undefined;
    }
    let end = (this.lineStarts[line + 1] ?? this.bytes.length + 1) - 1;
    if (end > start && this.bytes[end - 1] === 13) {
      end--; // a line of a checkout that ends them in \r\n
    }
    const text = this.bytes.toString('utf8', start, end);
    try {
      const fields = JSON.parse(text) as Record<string, unknown>;
      return lineCheckHolds(text, fields.crc32) ? fields : undefined;
    } catch {
      return undefined;
    }
  }
}
