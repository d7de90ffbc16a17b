/** `affiliateLinks.copyTrackingLink`: from a tree row, a Find Merchant row button, or the palette's picker. */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { trackingLinkOf } from '../links/trackingLink';
import type { CatalogController } from '../controllers/catalogController';
import type { Command } from './command';
import { copyMerchantLink } from './copyLink';
import type { MerchantPicker } from './merchantPicker';

export class CopyTrackingLinkCommand implements Command {
  readonly id = COMMANDS.copyTrackingLink;

  constructor(
    private readonly deps: { controller: CatalogController; picker: MerchantPicker; log: vscode.LogOutputChannel },
  ) {}

  execute(arg?: unknown): Promise<string | undefined> {
    const kind = {
      what: 'tracking link',
      title: vscode.l10n.t('Copy Tracking Link'),
      copyFailed: (name: string) =>
        vscode.l10n.t({
          message:
            'Could not copy the tracking link of "{0}": the clipboard refused it. Show the link to copy it by hand.',
          args: [name],
          comment: '{0} is the name of a merchant.',
        }),
      linkTitle: (name: string) =>
        vscode.l10n.t({ message: 'tracking link of {0}', args: [name], comment: '{0} is the name of a merchant.' }),
      copied: (name: string) =>
        vscode.l10n.t({
          message: '$(check) Copied the tracking link of "{0}"',
          args: [name],
          comment: '{0} is the name of a merchant.',
        }),
      build: trackingLinkOf,
    };
    return copyMerchantLink(kind, arg, this.deps);
  }
}
