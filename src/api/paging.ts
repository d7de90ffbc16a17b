/** Reading whole collections: merchants by `meta.next` cursors (spec 4.1), reports by offset up to `meta.total`. */
import * as l10n from '@vscode/l10n';
import { PagingError } from './errors';
import { mapBounded } from './boundedPool';
import type { MerchantPage, ReportPage, ReportResult } from './types';

/**
 * undici writes a request to a kept-alive socket only after two turns of the event loop: one
 * for the connection to finish the previous answer and take the request, one to check that the
 * idle socket is still sound. Work done before those turns delays the request, so the walk lets
 * them pass before handing a page to its caller. The walk test checks the request goes out first.
 */
async function turnsForTheRequestToLeave(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Backstop for a cursor that never repeats but never ends: 10,000 pages of 500. */
export const MAX_MERCHANT_PAGES = 10_000;

/**
 * Pages of the catalog from the first to the last. A page with no merchants but a `next`
 * is followed, not taken as the end; a cursor met twice stops the walk with an error.
 *
 * The next page is requested as soon as its cursor is known, before the caller has handled
 * the current one, so the caller's work overlaps the service's. Stopping the iteration early
 * cancels that request.
 */
export async function* walkCursorPages(
  fetchPage: (next: number | undefined, signal: AbortSignal) => Promise<MerchantPage>,
  describeEndpoint: string,
  outerSignal?: AbortSignal,
  /** The cursor to start from, to go on with a walk cut short: its page's `next`. */
  from?: number,
): AsyncGenerator<MerchantPage> {
  const controller = new AbortController();
  const forwardAbort = (): void => controller.abort(outerSignal?.reason);
  outerSignal?.addEventListener('abort', forwardAbort, { once: true });
  const seen = new Set<number>();
  const request = (cursor: number | undefined): Promise<MerchantPage> => {
    const pending = fetchPage(cursor, controller.signal);
    pending.catch(() => undefined); // awaited below, unless the caller stops first
    return pending;
  };
  try {
    let pending = request(from);
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await pending;
      let failure: PagingError | undefined;
      if (page.next !== null) {
        if (seen.has(page.next)) {
          failure = new PagingError(
            l10n.t(
              'The merchant list did not advance: page {0} pointed back to cursor {1}, already read. Stopped to avoid reading forever; try again later.',
              pageNumber,
              page.next,
            ),
            describeEndpoint,
          );
        } else if (pageNumber >= MAX_MERCHANT_PAGES) {
          failure = new PagingError(
            l10n.t('The merchant list went on past {0} pages; stopped.', MAX_MERCHANT_PAGES),
            describeEndpoint,
          );
        } else {
          seen.add(page.next);
          pending = request(page.next);
          await turnsForTheRequestToLeave();
        }
      }
      yield page;
      if (failure) {
        throw failure;
      }
      if (page.next === null) {
        return;
      }
    }
  } finally {
    outerSignal?.removeEventListener('abort', forwardAbort);
    controller.abort();
  }
}

/**
 * The pages of a report read so far, kept by the caller across reads of the same filters: a read
 * cut short (cancelled, or failed after its retries) leaves its pages here, and the next read,
 * when its first page says the report still has the same `total`, asks only for the others.
 */
export interface KeptPages<T> {
  total: number | null;
  /** By offset. */
  pages: Map<number, ReportPage<T>>;
}

export interface OffsetPagingOptions<T = unknown> {
  pageSize: number;
  concurrency: number;
  /** How many times a report that changed while being read is read again. */
  maxRestarts: number;
  signal?: AbortSignal;
  onRestart?: (reason: string) => void;
  /** After each page: the items received so far in this round, and the report's total when known. */
  onProgress?: (received: number, total: number | null) => void;
  keep?: KeptPages<T>;
}

type FetchOffsetPage<T> = (offset: number, signal: AbortSignal | undefined) => Promise<ReportPage<T>>;

/**
 * Every item of a report, in server order: the first page gives `meta.total`, the other
 * offsets are fetched in parallel. When any page disagrees with the first about `total`, or
 * comes back shorter than it should, the report changed underneath and is read again, so
 * the result never has duplicates or holes.
 */
export async function readAllOffsetPages<T>(
  fetchPage: FetchOffsetPage<T>,
  describeEndpoint: string,
  options: OffsetPagingOptions<T>,
): Promise<ReportResult<T>> {
  let requests = 0;
  let received = 0;
  let total: number | null = null;
  const keep = options.keep ?? { total: null, pages: new Map<number, ReportPage<T>>() };
  const counted: FetchOffsetPage<T> = async (offset, signal) => {
    requests += 1;
    const page = await fetchPage(offset, signal);
    received += page.received;
    total ??= page.total;
    if (offset !== 0 && keep.total === page.total) {
      keep.pages.set(offset, page);
    }
    options.onProgress?.(received, total);
    return page;
  };
  for (let round = 0; round <= options.maxRestarts; round++) {
    received = 0;
    total = null;
    const first = await counted(0, options.signal);
    if (keep.total !== first.total || first.total === null) {
      keep.pages.clear();
      keep.total = first.total;
    }
    keep.pages.set(0, first);
    // Pages kept from a read cut short count as received: the progress goes on from them.
    for (const [offset, page] of keep.pages) {
      received += offset === 0 ? 0 : page.received;
    }
    const pages =
      first.total === null
        ? await readUntilShortPage(first, counted, options)
        : [first, ...(await readRemainingOffsets(first.total, counted, options, keep.pages))];
    const problem = first.total === null ? undefined : inconsistency(pages, first.total, options.pageSize);
    if (problem !== undefined) {
      keep.pages.clear();
      keep.total = null;
    }
    if (problem === undefined) {
      return {
        items: pages.flatMap((page) => page.items),
        total: first.total ?? pages.reduce((sum, page) => sum + page.received, 0),
        skipped: pages.reduce((sum, page) => sum + page.skipped, 0),
        requests,
      };
    }
    options.onRestart?.(problem);
  }
  throw new PagingError(
    l10n.t(
      'The report kept changing while it was being read ({0} tries). Try again in a moment.',
      options.maxRestarts + 1,
    ),
    describeEndpoint,
  );
}

/** The pages after the first, in order: those kept are taken from `kept`, the others asked for. */
function readRemainingOffsets<T>(
  total: number,
  fetchPage: FetchOffsetPage<T>,
  options: OffsetPagingOptions<T>,
  kept: ReadonlyMap<number, ReportPage<T>>,
): Promise<ReportPage<T>[]> {
  const offsets: number[] = [];
  for (let offset = options.pageSize; offset < total; offset += options.pageSize) {
    offsets.push(offset);
  }
  return mapBounded(
    offsets,
    options.concurrency,
    (offset, signal) => Promise.resolve(kept.get(offset) ?? fetchPage(offset, signal)),
    options.signal,
  );
}

/** Without a `total`, read one page after another until one comes back short. */
async function readUntilShortPage<T>(
  first: ReportPage<T>,
  fetchPage: FetchOffsetPage<T>,
  options: OffsetPagingOptions<T>,
): Promise<ReportPage<T>[]> {
  const pages = [first];
  let last = first;
  while (last.received >= options.pageSize) {
    last = await fetchPage(pages.length * options.pageSize, options.signal);
    pages.push(last);
  }
  return pages;
}

function inconsistency<T>(pages: ReportPage<T>[], total: number, pageSize: number): string | undefined {
  for (const [index, page] of pages.entries()) {
    const offset = index * pageSize;
    if (page.total !== total) {
      return `the total went from ${total} to ${page.total ?? 'unknown'} while paging`;
    }
    const expected = Math.min(pageSize, total - offset);
    if (page.received !== expected) {
      return `the page at offset ${offset} had ${page.received} items instead of ${expected}`;
    }
  }
  return undefined;
}
