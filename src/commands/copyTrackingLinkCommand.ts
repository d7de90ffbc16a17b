/** `affiliateLinks.copyTrackingLink`: from a tree row, a Find Merchant row button, or the palette's picker. */
import type * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { trackingLinkOf } from '../links/trackingLink';
import type { CatalogController } from '../services/catalogController';
import type { Command } from './command';
import { copyMerchantLink } from './copyLink';
import type { MerchantPicker } from './merchantPicker';

export class CopyTrackingLinkCommand implements Command {
  readonly id = COMMANDS.copyTrackingLink;

  constructor(private readonly deps: { controller: CatalogController; picker: MerchantPicker; log: vscode.LogOutputChannel }) {}

  execute(arg?: unknown): Promise<string | undefined> {
    return copyMerchantLink({ what: 'tracking link', title: 'Copy Tracking Link', build: trackingLinkOf }, arg, this.deps);
  }
}
