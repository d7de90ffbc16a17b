/**
 * After a sync, one notice of what it broke on the site: merchants linked to that became inactive or stopped
 * allowing deeplinks, counted with the links as they were before the sync. Nothing when nothing linked changed.
 */
import { Disposable } from '../common/lifecycle';
import type { CatalogChange, CatalogMap } from '../catalog/model/catalogTypes';
import type { CatalogStore } from '../catalog/store/catalogStore';
import type { CatalogController } from '../controllers/catalogController';
import { breakageOf, brokenMerchants, type BreakKind } from '../health/catalogBreakage';
import type { HealthCode } from '../health/healthCodes';
import { showCatalogBreakage, type ShowWarning } from '../prompts/catalogBreakagePrompts';
import type { LinkHealthSettings } from '../health/healthRules';
import { pairsMoney } from '../revenue/moneyAmounts';
import type { MoneySource } from '../revenue/moneySource';
import type { SiteMerchantLinks } from './siteMerchantLinks';

const RULE_OF: Readonly<Record<BreakKind, HealthCode>> = {
  inactive: 'inactive-merchant',
  deeplinks: 'deeplinks-not-allowed',
};

export class CatalogBreakageNotice extends Disposable {
  /** The merchants as the last change left them (maps are never mutated once handed out). */
  private seen: CatalogMap | undefined;

  constructor(
    controller: CatalogController,
    private readonly links: SiteMerchantLinks,
    private readonly settings: () => LinkHealthSettings,
    private readonly show: ShowWarning,
    private readonly money: MoneySource,
  ) {
    super();
    this.seen = controller.store?.snapshot.merchants;
    this._register(
      controller.onDidChangeCatalog((event) => {
        if (event.kind === 'replaced') {
          this.seen = event.store?.snapshot.merchants;
        } else {
          this.noticeBreakage(event.store, event.change);
        }
      }),
    );
  }

  private noticeBreakage(store: CatalogStore, change: CatalogChange): void {
    const before = this.seen;
    const { merchants, source } = store.snapshot;
    this.seen = merchants;
    // A cache read (this window's start, another window's sync) is no sync of this window's.
    if (source !== 'network' || before === undefined || before.size === 0 || !this.links.counted) {
      return;
    }
    const { enabled, severities } = this.settings();
    const broken = brokenMerchants(before, merchants, change.keys);
    for (const [key, kind] of broken) {
      if (severities[RULE_OF[kind]] === 'off') {
        broken.delete(key);
      }
    }
    const breakage = enabled && broken.size > 0 ? breakageOf(broken, this.links.files()) : [];
    if (breakage.length > 0) {
      // The money of the links it broke: their pairs' figures, each pair once (undefined while the figures load).
      const pairs = this.money.pairs;
      const money =
        pairs === undefined
          ? undefined
          : { ...pairsMoney(pairs, (id) => this.money.epc(id), this.links.pairsOf(broken)), days: pairs.days };
      showCatalogBreakage(breakage, this.show, money);
    }
  }
}
