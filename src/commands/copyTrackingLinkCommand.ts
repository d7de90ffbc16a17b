/** `affiliateLinks.copyTrackingLink`: from a tree row, a Find Merchant row button, or the palette's picker. */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { trackingLinkOf } from '../links/trackingLink';
import { CopyLinkCommand, type CopyLinkKind } from './copyLink';

export class CopyTrackingLinkCommand extends CopyLinkCommand {
  readonly id = COMMANDS.copyTrackingLink;

  protected kind(): CopyLinkKind {
    return {
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
  }
}
