/**
 * The domain index of the catalog shown now, for the link commands and the hover: built on first use (its code
 * loaded lazily) and again only when the store hands out a new snapshot.
 */
import type { CatalogMap } from '../catalog/model/catalogTypes';
import type { MerchantDomainIndex } from '../links/domainIndex';
import type { CatalogController } from './catalogController';
import type { DomainIndexLoader } from '../loaders/domainIndexLoader';

export class MerchantLinkIndex {
  private cached: { merchants: CatalogMap; index: MerchantDomainIndex } | undefined;

  constructor(
    private readonly controller: CatalogController,
    private readonly loader: DomainIndexLoader,
  ) {}

  /** The index of the current catalog, or undefined while no merchant is loaded. */
  async current(): Promise<MerchantDomainIndex | undefined> {
    const merchants = this.controller.store?.snapshot.merchants;
    if (!merchants || merchants.size === 0) {
      return undefined;
    }
    if (this.cached?.merchants !== merchants) {
      const { MerchantDomainIndex } = await this.loader.load();
      if (this.cached?.merchants !== merchants) {
        this.cached = { merchants, index: new MerchantDomainIndex(merchants) };
      }
    }
    return this.cached.index;
  }
}
