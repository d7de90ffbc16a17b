/** The sandbox's merchant list (spec 4.1), paged through the stored catalog in storage order. */
import type { WireMerchant, WireMerchantPage } from '../api/wire';
import type { CheckedMerchantQuery } from '../api/queryRules';

/**
 * `Date.parse` of each `updatedAt` met, remembered: the filter reads every merchant of a page,
 * and a real service would answer it from an index rather than parse 500 dates a request.
 */
export class UpdatedAtTimes {
  private readonly times = new Map<string, number>();

  of(updatedAt: string): number {
    let time = this.times.get(updatedAt);
    if (time === undefined) {
      time = Date.parse(updatedAt);
      this.times.set(updatedAt, time);
    }
    return time;
  }
}

function matches(merchant: WireMerchant, query: CheckedMerchantQuery, times: UpdatedAtTimes): boolean {
  return (
    (query.isActive === undefined || merchant.isActive === query.isActive) &&
    (query.deeplinkAllowed === undefined || merchant.deeplinkAllowed === query.deeplinkAllowed) &&
    (query.updatedAtFrom === undefined || times.of(merchant.updatedAt) >= query.updatedAtFrom)
  );
}

/**
 * `next` is the storage index a page starts at, and each stored page is filtered afterwards, so a
 * page can come back empty and still carry `next` (spec 4.1 rule 3).
 */
export function merchantPage(
  merchants: readonly WireMerchant[],
  query: CheckedMerchantQuery,
  times = new UpdatedAtTimes(),
): WireMerchantPage {
  const start = query.next ?? 0;
  const end = start + query.limit;
  return {
    meta: { next: end < merchants.length ? end : null },
    data: merchants.slice(start, end).filter((merchant) => matches(merchant, query, times)),
  };
}
