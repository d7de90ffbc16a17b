/** The report store's files: cached reports, when another window saved one, and the leases of reads under way. */
import { messageOf } from '../../common/errorMessage';
import { leaseHeld, takeLease, type Lease } from '../../common/readLeases';
import type { ClientLogger } from '../../api/types';
import { evictReportCaches, type EvictionLimits } from '../cache/reportCacheEviction';
import {
  readReportCache,
  readReportCacheSavedAt,
  writeReportCache,
  type CachedReport,
  type CachedReportKind,
} from '../cache/reportCacheFile';

/** How often a window waiting for another window's read looks whether it is done. */
const OTHER_WINDOW_POLL_MS = 2_000;

export const DEFAULT_CACHE_LIMITS = { maxAgeMs: 30 * 86_400_000, maxBytes: 200 * 1024 * 1024 };

export interface ReportFilesOptions {
  cacheFileOf(kind: CachedReportKind, queryKey: string): string;
  cacheFolder: string;
  cacheLimits?: Omit<EvictionLimits, 'now' | 'keep'>;
  logger: ClientLogger;
  now: () => Date;
}

export class ReportFiles {
  constructor(private readonly options: ReportFilesOptions) {}

  /** The cached report of a query, or undefined (a file that cannot be used is logged, with why). */
  async read<K extends CachedReportKind>(kind: K, key: string): Promise<CachedReport<K> | undefined> {
    const cached = await readReportCache(this.options.cacheFileOf(kind, key), kind, key);
    if (cached.kind === 'unreadable') {
      this.options.logger.warn(`The cached ${kind} report cannot be used (${cached.reason}); it will be read again.`);
    }
    return cached.kind === 'ok' ? cached.report : undefined;
  }

  /** When the cached report was saved (by this window or another), or ''. */
  savedAt(kind: CachedReportKind, key: string): Promise<string> {
    return readReportCacheSavedAt(this.options.cacheFileOf(kind, key));
  }

  /** Writes the report and keeps the cache within its limits; a failure is logged, never thrown (the report is up to date in memory). */
  async save(kind: CachedReportKind, key: string, report: CachedReport): Promise<void> {
    const file = this.options.cacheFileOf(kind, key);
    try {
      await writeReportCache(file, report);
    } catch (error) {
      this.options.logger.warn(
        `Could not save the ${kind} report to the cache (${messageOf(error)}); it is up to date in memory.`,
      );
      return;
    }
    const limits = { ...DEFAULT_CACHE_LIMITS, ...this.options.cacheLimits, now: this.options.now(), keep: file };
    const { removed } = await evictReportCaches(this.options.cacheFolder, limits);
    if (removed.length > 0) {
      this.options.logger.debug(`Removed ${removed.length} cached reports past the cache's limits.`);
    }
  }

  /** The lease of a query's read, or the process of another window that holds it. */
  lease(kind: CachedReportKind, key: string): Promise<Lease | { heldBy: number }> {
    return takeLease(`${this.options.cacheFileOf(kind, key)}.reading`, this.options.now().getTime());
  }

  /**
   * Waits while another window holds the lease of the query's read, then reads its file: the
   * report when it is newer than `shownSavedAt`, or undefined (stopped, or no newer file came).
   */
  async afterOtherWindow<K extends CachedReportKind>(
    kind: K,
    key: string,
    shownSavedAt: string | undefined,
    stop: AbortSignal,
  ): Promise<CachedReport<K> | undefined> {
    const lease = `${this.options.cacheFileOf(kind, key)}.reading`;
    while (!stop.aborted && (await leaseHeld(lease, this.options.now().getTime()))) {
      await new Promise((resolve) => setTimeout(resolve, OTHER_WINDOW_POLL_MS));
    }
    if (stop.aborted) {
      return undefined;
    }
    const report = await this.read(kind, key);
    return report !== undefined && (shownSavedAt === undefined || report.savedAt > shownSavedAt) ? report : undefined;
  }
}
