/** A pure tree model of the merchant catalog, for a VS Code tree view to adapt one to one (children, parent, id). */
import type { CatalogMerchant } from '../../merchant/merchantFields';
import { asMerchantKey, type MerchantKey } from '../../merchant/merchantKey';
import type { CatalogMap } from '../model/catalogTypes';
import { compileCatalogFilter, type MerchantPredicate } from './catalogFilter';
import { CatalogGroup, type EntryComparator } from './catalogGroup';
import { MerchantDetails, detailOwnerKey } from './merchantDetails';
import {
  merchantNode,
  merchantNodeId,
  type CatalogEntry,
  type CatalogNode,
  type MerchantNode,
  type TreeOptions,
} from './treeNodes';

export const DEFAULT_BUCKET_THRESHOLD = 1000;

function compareKeys(a: CatalogEntry, b: CatalogEntry): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function nameComparator(locale: string | undefined): EntryComparator {
  const options: Intl.CollatorOptions = { sensitivity: 'accent', numeric: true };
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator(locale, options);
  } catch {
    collator = new Intl.Collator(undefined, options); // an unusable locale tag
  }
  return (a, b) => collator.compare(a.merchant.name, b.merchant.name) || compareKeys(a, b);
}

function commissionComparator(byName: EntryComparator): EntryComparator {
  return (a, b) => {
    const x = a.merchant.averageCommission;
    const y = b.merchant.averageCommission;
    if (x !== y) {
      if (x === null) {
        return 1;
      }
      if (y === null) {
        return -1;
      }
      return y - x;
    }
    return byName(a, b);
  };
}

/**
 * Most clicks first; merchants with as many clicks, and every merchant without clicks, in name
 * order. The clicks are looked up once per merchant of the filtered catalog, not per comparison;
 * a figure that is not a positive number counts as no clicks.
 */
function clicksComparator(
  groups: ReadonlyArray<readonly CatalogEntry[]>,
  clicksOf: TreeOptions['clicksOf'],
  byName: EntryComparator,
): EntryComparator {
  const clicks = new Map<MerchantKey, number>();
  if (clicksOf !== undefined) {
    for (const { key, merchant } of groups.flat()) {
      const count = merchant.merchantId === null ? undefined : clicksOf(merchant.merchantId);
      if (count !== undefined && Number.isFinite(count) && count > 0) {
        clicks.set(key, count);
      }
    }
  }
  return (a, b) => (clicks.get(b.key) ?? 0) - (clicks.get(a.key) ?? 0) || byName(a, b);
}

/**
 * Order: by name, locale-aware and case-insensitive (digits compared as numbers), ties by key;
 * or by average commission, highest first, merchants without one last, then by name; or by the
 * publisher's clicks over the figures period (`clicksOf`), most first, then by name.
 */
function comparator(groups: ReadonlyArray<readonly CatalogEntry[]>, options: TreeOptions): EntryComparator {
  const byName = nameComparator(options.locale);
  switch (options.sort) {
    case 'name':
      return byName;
    case 'commission':
      return commissionComparator(byName);
    case 'clicks':
      return clicksComparator(groups, options.clicksOf, byName);
  }
}

/**
 * Two groups, always both and `Active` first, counting the merchants that pass the filter. A group
 * with more than `bucketThreshold` merchants is cut into buckets (catalogBuckets.ts), so no level
 * lists more than the threshold. Below a merchant: its details (merchantDetails.ts).
 *
 * Ids: `group:active`, `group:inactive`, `bucket:<active|inactive>:<label>` (`bucket:active:A–C`,
 * `bucket:active:S (2)`, `bucket:inactive:1–1000`), `merchant:<key>`, `detail:<encoded key>:<path>`.
 * A merchant appears exactly once, so its id is the same in every model built from the same
 * catalog, whatever the filter, sort order or bucket; bucket ids depend on the buckets a filter produces.
 *
 * Cost: the constructor only filters (sorted by clicks, it also looks up each shown merchant's
 * clicks once); the first level only counts. A level is sorted when listed: one bucket (or letter)
 * at a time by name, the whole group once by commission or clicks. Details are built on expanding.
 */
export class CatalogTreeModel {
  /** Merchants passing the filter, in both groups. */
  readonly shownCount: number;
  /** Merchants in the catalog. */
  readonly totalCount: number;
  private readonly groups: readonly [CatalogGroup, CatalogGroup];
  private readonly passes: MerchantPredicate;
  private readonly details = new Map<MerchantKey, MerchantDetails>();
  private readonly locale: string | undefined;

  constructor(
    private readonly merchants: CatalogMap,
    options: TreeOptions,
  ) {
    const wanted = options.bucketThreshold ?? DEFAULT_BUCKET_THRESHOLD;
    const threshold = Number.isFinite(wanted) ? Math.max(1, Math.floor(wanted)) : DEFAULT_BUCKET_THRESHOLD;
    this.locale = options.locale;
    this.passes = compileCatalogFilter(options.filter, options.deeplinkOnly);
    const active: CatalogEntry[] = [];
    const inactive: CatalogEntry[] = [];
    for (const [key, merchant] of merchants) {
      if (this.passes(merchant)) {
        (merchant.isActive ? active : inactive).push({ key, merchant });
      }
    }
    const compare = comparator([active, inactive], options);
    this.groups = [
      new CatalogGroup(true, active, options.sort, threshold, compare),
      new CatalogGroup(false, inactive, options.sort, threshold, compare),
    ];
    this.shownCount = active.length + inactive.length;
    this.totalCount = merchants.size;
  }

  roots(): CatalogNode[] {
    return this.groups.map((group) => group.node);
  }

  children(node: CatalogNode): CatalogNode[] {
    switch (node.kind) {
      case 'group':
        return this.group(node.active).children();
      case 'bucket':
        return this.groupOf(node.parentId)?.bucketChildren(node.id) ?? [];
      case 'merchant':
        return this.merchantDetails(node.key)?.sections ?? [];
      case 'detail': {
        const key = detailOwnerKey(node.id);
        return key === undefined ? [] : (this.merchantDetails(key)?.children(node.id) ?? []);
      }
    }
  }

  parent(node: CatalogNode): CatalogNode | undefined {
    switch (node.kind) {
      case 'group':
        return undefined;
      case 'bucket':
        return this.groupOf(node.parentId)?.node;
      case 'merchant':
        return this.merchantParent(node.key);
      case 'detail':
        return this.node(node.parentId);
    }
  }

  /** The node with this id in this model, or undefined (filtered out, or no such node). */
  node(id: string): CatalogNode | undefined {
    if (id.startsWith('group:')) {
      return this.groupOf(id)?.node;
    }
    if (id.startsWith('bucket:')) {
      return this.groups[0].bucket(id) ?? this.groups[1].bucket(id);
    }
    if (id.startsWith('merchant:')) {
      return this.nodeForMerchant(asMerchantKey(id.slice('merchant:'.length)));
    }
    const key = detailOwnerKey(id);
    return key === undefined ? undefined : this.merchantDetails(key)?.node(id);
  }

  /** The merchant's node, with the parent it is listed under, for `TreeView.reveal`. */
  nodeForMerchant(key: MerchantKey): MerchantNode | undefined {
    const merchant = this.shownMerchant(key);
    if (merchant === undefined) {
      return undefined;
    }
    const parentId = this.group(merchant.isActive).parentIdOf(key);
    return parentId === undefined ? undefined : merchantNode({ key, merchant }, parentId);
  }

  private group(active: boolean): CatalogGroup {
    return this.groups[active ? 0 : 1];
  }

  private groupOf(id: string): CatalogGroup | undefined {
    return this.groups.find((group) => group.node.id === id);
  }

  private shownMerchant(key: MerchantKey): CatalogMerchant | undefined {
    const merchant = this.merchants.get(key);
    return merchant !== undefined && this.passes(merchant) ? merchant : undefined;
  }

  private merchantParent(key: MerchantKey): CatalogNode | undefined {
    const merchant = this.shownMerchant(key);
    if (merchant === undefined) {
      return undefined;
    }
    const group = this.group(merchant.isActive);
    const parentId = group.parentIdOf(key);
    return parentId === group.node.id ? group.node : parentId === undefined ? undefined : group.bucket(parentId);
  }

  private merchantDetails(key: MerchantKey): MerchantDetails | undefined {
    let details = this.details.get(key);
    if (details === undefined) {
      const merchant = this.shownMerchant(key);
      if (merchant === undefined) {
        return undefined;
      }
      details = new MerchantDetails(key, merchant, merchantNodeId(key), this.locale);
      this.details.set(key, details);
    }
    return details;
  }
}
