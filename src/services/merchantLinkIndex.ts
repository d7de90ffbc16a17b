/**
 * The domain index of the catalog shown now, for the link commands and the hover. Derived
 * from the store's snapshot (one-way: store → index → commands), built on first use and
 * again only after the store hands out a new snapshot. Its code is loaded on first use too
 * (see DomainIndexLoader).
 */
import type { CatalogMap } from '../catalog/model/catalogTypes';
import type { MerchantDomainIndex } from '../links/domainIndex';
import type { CatalogController } from './catalogController';
import type { DomainIndexLoader } from './domainIndexLoader';

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
