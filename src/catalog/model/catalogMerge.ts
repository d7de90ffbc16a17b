/** Building a new catalog map from the current one and merchants just received; the input map is never touched. */
import type { Merchant } from '../../api/types';
import { DETAIL_FIELDS, SUMMARY_FIELDS } from '../../merchant/merchantFields';
import { merchantKey, type MerchantKey } from '../../merchant/merchantKey';

/**
 * Whether two merchants are known to hold the same content without reading their details;
 * the cache passes one that recognises two merchants over the same page bytes.
 */
export type KnownEqual = (a: Merchant, b: Merchant) => boolean;

const notKnown: KnownEqual = () => false;

export interface MergeResult<M extends Merchant> {
  /** A new map: the current merchants in their order, updates in place, new ones at the end. */
  merchants: Map<MerchantKey, M>;
  /** Keys of merchants that are new or whose content differs from the current map. */
  changed: Set<MerchantKey>;
}

/**
 * The result of an incremental sync. An update replaces the merchant of the same key where it
 * stands; an unknown key is appended. A merchant sent again unchanged is not counted as
 * changed, and the map keeps the object it already had, so views can compare by reference.
 * When one batch holds a key twice, the later one wins.
 */
export function mergeMerchants<M extends Merchant>(
  current: ReadonlyMap<MerchantKey, M>,
  updates: readonly M[],
  knownEqual: KnownEqual = notKnown,
): MergeResult<M> {
  const merchants = new Map(current);
  const touched = new Set<MerchantKey>();
  for (const merchant of updates) {
    const key = merchantKey(merchant);
    merchants.set(key, merchant);
    touched.add(key);
  }
  const changed = new Set<MerchantKey>();
  for (const key of touched) {
    const before = current.get(key);
    const after = merchants.get(key)!;
    if (before !== undefined && sameMerchant(before, after, knownEqual)) {
      merchants.set(key, before);
    } else {
      changed.add(key);
    }
  }
  return { merchants, changed };
}

/**
 * The catalog of a full walk, in the order received. When the walk holds a key twice (the
 * service changed while it was read), the later merchant wins and keeps the earlier one's place.
 */
export function replaceAll<M extends Merchant>(merchants: readonly M[]): Map<MerchantKey, M> {
  return addInWalkOrder(new Map<MerchantKey, M>(), merchants);
}

/** Adds the next merchants of a full walk to the map `replaceAll` builds, page by page; returns the map. */
export function addInWalkOrder<M extends Merchant>(
  map: Map<MerchantKey, M>,
  merchants: readonly M[],
): Map<MerchantKey, M> {
  for (const merchant of merchants) {
    map.set(merchantKey(merchant), merchant);
  }
  return map;
}

/** Keys that were added, changed or removed going from `before` to `after`. */
export function changedKeys(
  before: ReadonlyMap<MerchantKey, Merchant>,
  after: ReadonlyMap<MerchantKey, Merchant>,
  knownEqual: KnownEqual = notKnown,
): Set<MerchantKey> {
  const changed = new Set<MerchantKey>();
  for (const [key, merchant] of after) {
    const previous = before.get(key);
    if (previous === undefined || !sameMerchant(previous, merchant, knownEqual)) {
      changed.add(key);
    }
  }
  for (const key of before.keys()) {
    if (!after.has(key)) {
      changed.add(key);
    }
  }
  return changed;
}

/**
 * Whether two merchants hold the same content. A different `updatedAt` settles it at once
 * (the common case of a real update); with the same `updatedAt` every field is compared,
 * since the service may change a merchant without moving its `updatedAt`. The details are not
 * read when `knownEqual` says so (the cache's check that both sit at the same place in pages of
 * the same bytes): a full walk that finds the catalog as cached reads no page again.
 * Fields are read by name, so a merchant read lazily from the cache (see `cachedMerchant.ts`)
 * compares equal to the same merchant received from the service.
 */
export function sameMerchant(a: Merchant, b: Merchant, knownEqual: KnownEqual = notKnown): boolean {
  return (
    a === b ||
    (a.updatedAt === b.updatedAt &&
      SUMMARY_FIELDS.every((field) => sameJson(a[field], b[field])) &&
      (knownEqual(a, b) || DETAIL_FIELDS.every((field) => sameJson(a[field], b[field]))))
  );
}

/** Structural equality of JSON-like values (primitives, arrays, plain objects); key order is ignored. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) {
    return true;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return false;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) {
    return false;
  }
  return keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]));
}
