/** `affiliateLinks.copyCpcTrackingLink`: the tracking link with `model=CPC`, for merchants that take CPC. */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { cpcLinkOf } from '../links/cpcLink';
import { CopyLinkCommand, type CopyLinkKind } from './copyLink';

export class CopyCpcTrackingLinkCommand extends CopyLinkCommand {
  readonly id = COMMANDS.copyCpcTrackingLink;

  protected kind(): CopyLinkKind {
    return {
      what: 'CPC tracking link',
      title: vscode.l10n.t('Copy CPC Tracking Link'),
      copyFailed: (name: string) =>
        vscode.l10n.t({
          message:
            'Could not copy the CPC tracking link of "{0}": the clipboard refused it. Show the link to copy it by hand.',
          args: [name],
          comment: '{0} is the name of a merchant.',
        }),
      linkTitle: (name: string) =>
        vscode.l10n.t({ message: 'CPC tracking link of {0}', args: [name], comment: '{0} is the name of a merchant.' }),
      copied: (name: string) =>
        vscode.l10n.t({
          message: '$(check) Copied the CPC tracking link of "{0}"',
          args: [name],
          comment: '{0} is the name of a merchant.',
        }),
      build: cpcLinkOf,
    };
  }
}
