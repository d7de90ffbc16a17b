/**
 * `affiliateLinks.showMerchantLinks` (a merchant row's context menu): every link of the site to the merchant in a
 * references peek, opened on the first; returns the locations shown (undefined while link health has not counted).
 */
import * as vscode from 'vscode';
import type { CatalogController } from '../controllers/catalogController';
import { COMMANDS, WORKBENCH_COMMANDS } from '../ids';
import type { MerchantLinksHub } from '../problems/merchantLinksHub';
import type { Command } from './command';
import { merchantArgument } from './merchantArgument';

export class ShowMerchantLinksCommand implements Command {
  readonly id = COMMANDS.showMerchantLinks;

  constructor(
    private readonly controller: CatalogController,
    private readonly links: MerchantLinksHub,
  ) {}

  async execute(arg?: unknown): Promise<vscode.Location[] | undefined> {
    const target = merchantArgument(this.controller, arg);
    if (target.kind !== 'merchant') {
      return undefined;
    }
    const locations = this.links.locations(target.ref.key);
    if (locations === undefined) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'The links to merchants are counted once link health has read the site. Try again when its scan is done.',
        ),
      );
      return undefined;
    }
    if (locations.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t({
          message: 'No article links to {0}.',
          args: [target.ref.merchant.name],
          comment: ['{0}: a merchant name.'],
        }),
      );
      return locations;
    }
    // A peek of every place, opened on the first; VS Code 1.100 has no command that fills the References view
    // with given locations (the references view's own commands run a reference provider at the cursor).
    const [first] = locations;
    await vscode.commands.executeCommand(WORKBENCH_COMMANDS.showReferences, first.uri, first.range.start, locations);
    return locations;
  }
}
