/** The sandbox's clicks and actions reports (spec 4.2, 4.3), paged from items kept in report order. */
import type { WireReportPage } from '../api/wire';
import type { CheckedReportQuery } from '../api/queryRules';

export interface ReportItem {
  adspaceId: string;
  programId: string | null;
  subId: string | null;
}

export const REPORT_CACHE_ENTRIES = 32;

/**
 * The list matching one set of filters is computed once and cached (least recently used first out),
 * so paging through a large report slices instead of filtering and sorting again. The cache trusts
 * the items not to change: whoever changes them (a report touch, reportTouch.ts and server.ts)
 * drops the store and builds a new one.
 */
export class SandboxReportPages<T extends ReportItem> {
  private readonly cache = new Map<string, readonly T[]>();

  /** `items` in report order; `dayOf` gives the `YYYY-MM-DD` day an item counts for in a period. */
  constructor(
    private readonly items: readonly T[],
    private readonly dayOf: (item: T) => string,
  ) {}

  page(query: CheckedReportQuery): WireReportPage<T> {
    const matching = this.matching(query);
    return {
      meta: { offset: query.offset, limit: query.limit, total: matching.length },
      data: matching.slice(query.offset, query.offset + query.limit),
    };
  }

  private matching(query: CheckedReportQuery): readonly T[] {
    const { period, programId, subId, adspaceId } = query;
    const key = JSON.stringify([period.from, period.to, programId, subId, adspaceId]);
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const found = this.items.filter((item) => {
      const day = this.dayOf(item);
      return (
        day >= period.from &&
        day <= period.to &&
        (programId === undefined || item.programId === programId) &&
        (subId === undefined || item.subId === subId) &&
        (adspaceId === undefined || item.adspaceId === adspaceId)
      );
    });
    this.cache.set(key, found);
    if (this.cache.size > REPORT_CACHE_ENTRIES) {
      this.cache.delete(this.cache.keys().next().value as string);
    }
    return found;
  }
}
