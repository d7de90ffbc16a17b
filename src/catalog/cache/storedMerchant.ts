/**
 * Merchants as the cache and its journal store them: under the service's field names (`merchant/serviceFields.ts`),
 * read back by `normalizeMerchant`.
 */
import { isObject, type JsonObject } from '../../api/normalize/fields';
import { normalizeMerchant } from '../../api/normalize/merchant';
import type { Merchant } from '../../api/types';
import { toServiceFields, type ServiceFieldsMerchant } from '../../merchant/serviceFields';

export type StoredMerchant = ServiceFieldsMerchant;

/**
 * A merchant under the service's field names (`categoryId`, campaign rates' `countryCode`), which
 * `normalizeMerchant` reads back to the same Merchant. Fields are read one by one by name
 * (`MERCHANT_FIELDS`), never spread, so a merchant whose details are read lazily is stored whole.
 */
export function toStored(m: Merchant): StoredMerchant {
  return toServiceFields(m);
}

/** Stored merchants read back through `normalizeMerchant`; the first bad one gives the reason instead. */
export function readStoredMerchants(list: readonly unknown[]): Merchant[] | string {
  const merchants: Merchant[] = [];
  for (const [index, raw] of list.entries()) {
    if (!isObject(raw)) {
      return `merchant ${index} is not an object`;
    }
    const normalized = normalizeMerchant(raw as JsonObject);
    if (!normalized.ok) {
      return `merchant ${index} cannot be read: ${normalized.reason}`;
    }
    merchants.push(normalized.value);
  }
  return merchants;
}
