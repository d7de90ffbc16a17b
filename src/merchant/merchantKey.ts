/** The identity of a merchant across syncs: an update of a known merchant told from a new one. */
import type { Merchant } from '../api/types';

/**
 * Stable identity of a merchant across syncs: `id:<merchantId>`, or a fallback key when the id
 * is null. Branded: made only by `merchantKey`, `merchantKeyOfId` or `asMerchantKey`.
 */
export type MerchantKey = string & { readonly __brand: 'MerchantKey' };

/** The key of the merchant whose id is `merchantId`. */
export function merchantKeyOfId(merchantId: number): MerchantKey {
  return `id:${merchantId}` as MerchantKey;
}

/** A key read back from where this module's keys were written (a cache file, a tree item's id); no check. */
export function asMerchantKey(key: string): MerchantKey {
  return key as MerchantKey;
}

/**
 * `id:<merchantId>` when the service gave an id. The spec allows `merchantId: null`, and such a
 * merchant must still be found again on the next sync, so its key is built from what names
 * the merchant to a publisher: its name (case and surrounding blanks ignored), its default
 * domain (host names are case-insensitive) and its tracking link (kept as sent: a link's path
 * is case-sensitive). Fields that change from sync to sync (figures, description, updatedAt)
 * are left out, so an update of those keeps the key.
 *
 * The parts are joined with `|` after escaping `%` as `%25` and `|` as `%7C` inside each part,
 * so the separator cannot appear in a part and no two different triples give the same key
 * (the escaping can be undone). `encodeURIComponent` would do too, but it throws on a lone
 * surrogate, which a JSON string may hold. The `fallback:` prefix keeps these keys apart from
 * `id:` keys.
 *
 * Trade-off: when a null-id merchant is renamed or changes its default domain or tracking
 * link, an incremental sync sees a new merchant and keeps the old entry until the next full
 * sync replaces the catalog.
 */
export function merchantKey(m: Pick<Merchant, 'merchantId' | 'name' | 'defaultDomain' | 'trackingLink'>): MerchantKey {
  if (m.merchantId !== null) {
    return merchantKeyOfId(m.merchantId);
  }
  const parts = [m.name.trim().toLowerCase(), m.defaultDomain.trim().toLowerCase(), (m.trackingLink ?? '').trim()];
  return `fallback:${parts.map(escapePart).join('|')}` as MerchantKey;
}

function escapePart(part: string): string {
  return part.replace(/%/g, '%25').replace(/\|/g, '%7C');
}
