/**
 * `affiliateLinks.replaceMerchantLinks` (Replace Links to Merchant…, issue 33 §3): every link of the site to a
 * merchant, open files and closed, replaced in one workspace edit that VS Code's refactor preview shows first
 * and one undo takes back. Its argument is a merchant (a tree row, a `MerchantKey` such as `id:123` from a quick
 * fix or the Revenue at Risk view); from the palette it asks for one of the merchants the site links to. The
 * rest (the choices, the picker, the edit, applying it and the log) runs in link health's bundle, reached
 * through the hub.
 */
import * as vscode from 'vscode';
import type { CatalogController } from '../controllers/catalogController';
import { COMMANDS } from '../ids';
import type { MerchantLinksHub } from '../problems/merchantLinksHub';
import type { ReplaceLinksOutcome, ReplaceLinksTestOptions } from '../problems/merchantLinksReplacing';
import type { EpcHistory } from '../revenue/replacementChoices';
import type { Command } from './command';
import { goneMessage, merchantArgument } from './merchantArgument';

export class ReplaceMerchantLinksCommand implements Command {
  readonly id = COMMANDS.replaceMerchantLinks;

  constructor(
    private readonly controller: CatalogController,
    private readonly links: MerchantLinksHub,
    private readonly epcOf: EpcHistory,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async execute(arg?: unknown, options?: ReplaceLinksTestOptions): Promise<ReplaceLinksOutcome | undefined> {
    const replacer = this.links.replacer();
    if (replacer === undefined) {
      this.log.info(
        'Replace Links to Merchant: link health has no links of the site yet (off, or its scan is not done).',
      );
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Link health has not read the site yet, so its links to merchants are not known. Try again when its scan is done (the status bar shows it), or turn link health on if it is off.',
        ),
      );
      return undefined;
    }
    const target = merchantArgument(this.controller, arg);
    if (target.kind === 'gone') {
      this.log.info('Replace Links to Merchant: the merchant asked for is no longer in the catalog.');
      void vscode.window.showWarningMessage(goneMessage());
      return undefined;
    }
    const owner = target.kind === 'merchant' ? target.ref : await replacer.pickMerchant();
    if (owner === undefined) {
      return undefined;
    }
    return replacer.run(owner, this.epcOf, this.log, options);
  }
}
