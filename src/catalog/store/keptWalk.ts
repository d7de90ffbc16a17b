/** The pages of a catalog sync cut short, kept a while for the next sync of its kind to go on from, not ask again. */
import type { ClientLogger, MerchantPage } from '../../api/types';

/** How long the pages of a sync cut short are kept for the next sync to go on from. */
export const KEEP_PARTIAL_MS = 15 * 60_000;

/** The pages of a sync that was cut short, and where its walk stopped. */
export interface PartialWalk {
  full: boolean;
  /** The filters it walked with: a sync goes on from it only with the same. */
  filters: string;
  startedAt: Date;
  pages: MerchantPage[];
  /** The cursor the walk goes on from: the last page's `next`. */
  next: number;
  keptAt: number;
}

export class KeptWalk {
  private partial: PartialWalk | undefined;

  constructor(
    private readonly now: () => Date,
    private readonly logger: ClientLogger,
  ) {}

  /** The kept walk for a sync of this kind and filters, if one is fresh; a sync takes it once. */
  take(full: boolean, filters: string): PartialWalk | undefined {
    const partial = this.partial;
    this.partial = undefined;
    if (
      partial === undefined ||
      partial.full !== full ||
      partial.filters !== filters ||
      this.now().getTime() - partial.keptAt > KEEP_PARTIAL_MS
    ) {
      return undefined;
    }
    return partial;
  }

  /** Keeps the pages of a sync cut short, unless its walk had ended (or not begun). */
  keep(full: boolean, filters: string, startedAt: Date, pages: MerchantPage[]): void {
    const next = pages.at(-1)?.next;
    if (next === undefined || next === null) {
      return;
    }
    this.partial = { full, filters, startedAt, pages, next, keptAt: this.now().getTime() };
    this.logger.info(
      `Merchant sync cut short after ${pages.length} pages; the next sync within ${KEEP_PARTIAL_MS / 60_000} minutes goes on from there.`,
    );
  }
}
