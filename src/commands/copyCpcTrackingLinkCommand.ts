/**
 * `affiliateLinks.copyCpcTrackingLink`: the tracking link with `model=CPC`. The tree offers it
 * only on merchants that take CPC; from the palette, another merchant is refused with why.
 */
import type * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { cpcLinkOf } from '../links/cpcLink';
import type { CatalogController } from '../services/catalogController';
import type { Command } from './command';
import { copyMerchantLink } from './copyLink';
import type { MerchantPicker } from './merchantPicker';

export class CopyCpcTrackingLinkCommand implements Command {
  readonly id = COMMANDS.copyCpcTrackingLink;

  constructor(private readonly deps: { controller: CatalogController; picker: MerchantPicker; log: vscode.LogOutputChannel }) {}

  execute(arg?: unknown): Promise<string | undefined> {
    return copyMerchantLink({ what: 'CPC tracking link', title: 'Copy CPC Tracking Link', build: cpcLinkOf }, arg, this.deps);
  }
}
