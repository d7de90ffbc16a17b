/**
 * The domain index of the catalog shown now, for the link commands and the hover: built on first use (its code
 * loaded lazily) and again only when the store hands out a new snapshot.
 */
import type { CatalogMap } from '../catalog/model/catalogTypes';
import { HOST_CLOCK } from '../common/timeSlices';
import type { MerchantDomainIndex } from '../links/domainIndex';
import type { CatalogController } from './catalogController';
import type { DomainIndexLoader } from '../loaders/domainIndexLoader';

export class MerchantLinkIndex {
  private cached: { merchants: CatalogMap; index: MerchantDomainIndex } | undefined;
  /** The index being built, for the catalog it is built from: callers meanwhile wait for the same one. */
  private building: { merchants: CatalogMap; index: Promise<MerchantDomainIndex> } | undefined;

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
    if (this.cached?.merchants === merchants) {
      return this.cached.index;
    }
    if (this.building?.merchants !== merchants) {
      const building = {
        merchants,
        index: this.loader
          .load()
          // In slices: the extension host is never held for long, whatever the catalog's size.
          .then(({ MerchantDomainIndex }) => MerchantDomainIndex.inSlices(merchants, HOST_CLOCK)),
      };
      this.building = building;
      void building.index.then(
        (index) => {
          if (this.building === building) {
            this.cached = { merchants, index };
            this.building = undefined;
          }
        },
        () => this.building === building && (this.building = undefined),
      );
    }
    return this.building.index;
  }
}
