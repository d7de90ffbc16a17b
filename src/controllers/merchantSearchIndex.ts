/**
 * The Find Merchant search index of the catalog shown now, for the merchant picker and the completion in a
 * link's destination: built in slices a moment after each new catalog (building it for 20,000 merchants takes
 * about 55 ms, more than a completion may wait), or at once when asked for before that.
 */
import type { CatalogMap } from '../catalog/model/catalogTypes';
import { MerchantSearchIndex } from '../catalog/search/merchantSearch';
import { Delayer } from '../common/delayer';
import { Disposable } from '../common/lifecycle';
import { HOST_CLOCK } from '../common/timeSlices';
import type { CatalogController } from './catalogController';

/** How long after a catalog change the index is built: a sync changes the catalog page by page. */
const WARM_AFTER_MS = 2_000;

export class CatalogSearch extends Disposable {
  private cached: { merchants: CatalogMap; search: MerchantSearchIndex } | undefined;
  private readonly warming = this._register(new Delayer(WARM_AFTER_MS));

  constructor(private readonly controller: CatalogController) {
    super();
    this._register(controller.onDidChangeCatalog(() => this.warming.trigger(() => void this.warm())));
    this.warming.trigger(() => void this.warm());
  }

  /** The index of the current catalog, or undefined while no merchant is loaded. */
  current(): MerchantSearchIndex | undefined {
    const merchants = this.merchants();
    if (merchants === undefined) {
      return undefined;
    }
    if (this.cached?.merchants !== merchants) {
      this.cached = { merchants, search: new MerchantSearchIndex(merchants) };
    }
    return this.cached.search;
  }

  /** Whether the index of the current catalog is built (the next `current()` costs nothing). */
  get isWarm(): boolean {
    const merchants = this.merchants();
    return merchants !== undefined && this.cached?.merchants === merchants;
  }

  private merchants(): CatalogMap | undefined {
    const merchants = this.controller.store?.snapshot.merchants;
    return merchants && merchants.size > 0 ? merchants : undefined;
  }

  /** Builds the index of the current catalog in slices, unless it is built or the catalog changes meanwhile. */
  private async warm(): Promise<void> {
    const merchants = this.merchants();
    if (merchants === undefined || this.cached?.merchants === merchants) {
      return;
    }
    const search = await MerchantSearchIndex.inSlices(merchants, HOST_CLOCK);
    if (this.merchants() === merchants && this.cached?.merchants !== merchants) {
      this.cached = { merchants, search };
    }
  }
}
