/** Test-only views into the cache, for unit tests and the benchmarks; no product file imports it (lint). */
import type { Merchant } from '../../api/types';
import { CachedMerchant, type CachedPage } from './cachedMerchant';

/** How many page texts of the cache the given merchants' details have needed parsed so far. */
export function pagesParsed(merchants: Iterable<Merchant>): number {
  const pages = new Set<CachedPage>();
  for (const merchant of merchants) {
    const page = CachedMerchant.pageOf(merchant);
    if (page !== undefined) {
      pages.add(page);
    }
  }
  return [...pages].reduce((sum, page) => sum + page.parses, 0);
}
