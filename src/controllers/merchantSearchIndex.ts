/**
 * The Find Merchant search index of the catalog shown now, for the merchant picker and the completion in a
 * link's destination: built on first use and again only when the store hands out a new snapshot.
 */
import type { CatalogMap } from '../catalog/model/catalogTypes';
import { MerchantSearchIndex } from '../catalog/search/merchantSearch';
import type { CatalogController } from './catalogController';

export class CatalogSearch {
  private cached: { merchants: CatalogMap; search: MerchantSearchIndex } | undefined;

  constructor(private readonly controller: CatalogController) {}

  /** The index of the current catalog, or undefined while no merchant is loaded. */
  current(): MerchantSearchIndex | undefined {
    const merchants = this.controller.store?.snapshot.merchants;
    if (!merchants || merchants.size === 0) {
      return undefined;
    }
    if (this.cached?.merchants !== merchants) {
      this.cached = { merchants, search: new MerchantSearchIndex(merchants) };
    }
    return this.cached.search;
  }
}
