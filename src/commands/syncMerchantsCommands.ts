/** `affiliateLinks.refreshMerchants` (what changed) and `reloadAllMerchants` (all): one action, full or not. */
import { COMMANDS } from '../ids';
import type { CatalogController } from '../controllers/catalogController';
import type { Command } from './command';

export class SyncMerchantsCommand implements Command {
  private constructor(
    readonly id: string,
    private readonly full: boolean,
    private readonly controller: CatalogController,
  ) {}

  static refresh(controller: CatalogController): SyncMerchantsCommand {
    return new SyncMerchantsCommand(COMMANDS.refreshMerchants, false, controller);
  }

  static reloadAll(controller: CatalogController): SyncMerchantsCommand {
    return new SyncMerchantsCommand(COMMANDS.reloadAllMerchants, true, controller);
  }

  execute(): Promise<void> {
    return this.controller.sync({ full: this.full, notify: true, priority: 'interactive' });
  }
}
