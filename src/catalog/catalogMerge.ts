/**
 * Building a new catalog map from the current one and merchants just received. Pure: the
 * input map is never touched, so a snapshot handed out earlier stays as it was.
 */
import type { Merchant } from '../api/types';
import { CachedMerchant } from './cachedMerchant';
import type { MerchantKey } from './catalogTypes';
import { merchantKey } from './merchantKey';
import { SUMMARY_FIELDS } from './merchantSummary';

export interface MergeResult {
  /** A new map: the current merchants in their order, updates in place, new ones at the end. */
  merchants: Map<MerchantKey, Merchant>;
  /** Keys of merchants that are new or whose content differs from the current map. */
  changed: Set<MerchantKey>;
}

/**
 * The result of an incremental sync. An update replaces the merchant of the same key where it
 * stands; an unknown key is appended. A merchant sent again unchanged is not counted as
 * changed, and the map keeps the object it already had, so views can compare by reference.
 * When one batch holds a key twice, the later one wins.
 */
export function mergeMerchants(current: ReadonlyMap<MerchantKey, Merchant>, updates: readonly Merchant[]): MergeResult {
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
    if (before !== undefined && sameMerchant(before, after)) {
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
export function replaceAll(merchants: readonly Merchant[]): Map<MerchantKey, Merchant> {
  return addInWalkOrder(new Map<MerchantKey, Merchant>(), merchants);
}

/** Adds the next merchants of a full walk to the map `replaceAll` builds, page by page; returns the map. */
export function addInWalkOrder(map: Map<MerchantKey, Merchant>, merchants: readonly Merchant[]): Map<MerchantKey, Merchant> {
  for (const merchant of merchants) {
    map.set(merchantKey(merchant), merchant);
  }
  return map;
}

/** Keys that were added, changed or removed going from `before` to `after`. */
export function changedKeys(
  before: ReadonlyMap<MerchantKey, Merchant>,
  after: ReadonlyMap<MerchantKey, Merchant>,
): Set<MerchantKey> {
  const changed = new Set<MerchantKey>();
  for (const [key, merchant] of after) {
    const previous = before.get(key);
    if (previous === undefined || !sameMerchant(previous, merchant)) {
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

/** Every field of a Merchant, so merchants are compared field by field, however they are built. */
export const MERCHANT_FIELDS = [
  'merchantId',
  'name',
  'imageUri',
  'defaultDomain',
  'description',
  'categoryIds',
  'domains',
  'currencyCode',
  'isActive',
  'deeplinkAllowed',
  'countryCodes',
  'averageBasketValue',
  'averageCommission',
  'averageConfirmationTime',
  'averageCancellationRate',
  'minimumCommission',
  'maximumCommission',
  'commissionRates',
  'adCampaigns',
  'trackingLink',
  'paymentModels',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Merchant)[];

/** The fields outside a merchant's summary: what reading a cached merchant's page gives. */
const DETAIL_FIELDS = MERCHANT_FIELDS.filter((field) => !(SUMMARY_FIELDS as readonly string[]).includes(field));

/** Fails to compile when a field is added to Merchant and not to MERCHANT_FIELDS. */
type Unlisted = Exclude<keyof Merchant, (typeof MERCHANT_FIELDS)[number]>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

/**
 * Whether two merchants hold the same content. A different `updatedAt` settles it at once
 * (the common case of a real update); with the same `updatedAt` every field is compared,
 * since the service may change a merchant without moving its `updatedAt`. The details are not
 * read when both merchants sit at the same place in pages of the same bytes (see
 * `CachedMerchant.sameEntry`): a full walk that finds the catalog as cached reads no page again.
 * Fields are read by name, so a merchant read lazily from the cache (see `cachedMerchant.ts`)
 * compares equal to the same merchant received from the service.
 */
export function sameMerchant(a: Merchant, b: Merchant): boolean {
  return (
    a === b ||
    (a.updatedAt === b.updatedAt &&
      SUMMARY_FIELDS.every((field) => sameJson(a[field], b[field])) &&
      (CachedMerchant.sameEntry(a, b) || DETAIL_FIELDS.every((field) => sameJson(a[field], b[field]))))
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
