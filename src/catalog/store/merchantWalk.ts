/**
 * One sync's walk of the merchant pages, its merchants collected aside, and the status it shows: progress or failure.
 */
import { isOfflineError } from '../../api/errors';
import type { CallOptions, MerchantPage } from '../../api/types';
import { toCatalogMerchant, type CatalogMerchant } from '../../merchant/merchantFields';
import type { MerchantKey } from '../../merchant/merchantKey';
import type { CacheKeeper, FullSave } from '../cache';
import { addInWalkOrder } from '../model/catalogMerge';
import type { SyncStatus } from '../model/catalogTypes';
import type { PartialWalk } from './keptWalk';
import { syncCancelled, type SyncJob } from './syncQueue';

/** Where merchants come from; `AffiliateServiceClient` is one. */
export interface MerchantSource {
  /** `from`: the cursor to go on from (a kept walk's last `next`). */
  walkMerchants(
    filters: { updatedAtFrom?: string },
    options: CallOptions & { from?: number },
  ): AsyncIterable<MerchantPage>;
}

export interface WalkInput {
  job: SyncJob;
  full: boolean;
  filters: { updatedAtFrom?: string };
  /** The pages of a sync of the same kind cut short, gone on from. */
  resumed: PartialWalk | undefined;
  /** A full sync's cache file, written as the pages arrive; undefined for an incremental sync. */
  save: FullSave | undefined;
  cache: CacheKeeper;
  /** Gets every page the service sends, so that a walk cut short keeps them. */
  pages: MerchantPage[];
  setStatus(status: SyncStatus): void;
}

export interface Walked {
  /** An incremental sync's merchants. */
  received: CatalogMerchant[];
  /** A full walk's catalog, built page by page while the next page is on its way. */
  walked: Map<MerchantKey, CatalogMerchant>;
  /** Merchants the service sent (the kept pages' included). */
  count: number;
}

/**
 * Walks the merchant pages to the end; throws the cancellation when the job's signal fires. A full
 * walk holds its merchants as a loaded cache does, summaries over the pages' bytes (`addToAll`).
 */
export async function walkMerchants(source: MerchantSource, input: WalkInput): Promise<Walked> {
  const { job, full, resumed, save, cache, setStatus } = input;
  const received: CatalogMerchant[] = [];
  const walked = new Map<MerchantKey, CatalogMerchant>();
  let count = 0;
  let wait: { until: number; reason: 'window' | 'refused' } | undefined;
  const showStatus = (): void =>
    setStatus(
      wait === undefined ? { state: 'syncing', full, loaded: count } : { state: 'syncing', full, loaded: count, wait },
    );
  const take = (page: MerchantPage): void => {
    if (save === undefined) {
      received.push(...page.merchants.map(toCatalogMerchant));
    } else {
      addInWalkOrder(walked, cache.addToAll(save, page));
    }
    count += page.merchants.length;
    showStatus();
    job.progress(count);
  };
  resumed?.pages.forEach(take);
  const options: CallOptions & { from?: number } = {
    signal: job.signal,
    from: resumed?.next,
    // Read at each page: a request that joins the sync may raise it.
    get priority() {
      return job.priority;
    },
    onWait: (until, reason) => {
      wait = until === undefined || reason === undefined || reason === 'pace' ? undefined : { until, reason };
      showStatus();
    },
  };
  for await (const page of source.walkMerchants(input.filters, options)) {
    if (job.signal.aborted) {
      throw syncCancelled();
    }
    input.pages.push(page);
    take(page);
  }
  if (job.signal.aborted) {
    throw syncCancelled();
  }
  return { received, walked, count };
}

/**
 * 'offline' when the service could not be reached or answered it cannot serve now (see
 * `isOfflineError`), 'failed' for anything else. Errors are recognised by their shape, never
 * by `instanceof`: they come from the client's own bundle. `since` is when the catalog shown
 * was synced (`shownSyncedAt`); before any sync, when the service was first found offline.
 */
export function failureStatus(
  error: unknown,
  previous: SyncStatus,
  startedAt: Date,
  shownSyncedAt: string | null,
): SyncStatus {
  const cause = error instanceof Error ? error : new Error(String(error));
  if (!isOfflineError(error)) {
    return { state: 'failed', error: cause };
  }
  const since = shownSyncedAt ?? (previous.state === 'offline' ? previous.since : startedAt.toISOString());
  return { state: 'offline', since, error: cause };
}
