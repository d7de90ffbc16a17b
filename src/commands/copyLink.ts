/** What the two copy commands share: find the merchant, build the link, put it on the clipboard, confirm. */
import * as vscode from 'vscode';
import { STATUS_MESSAGE_MS } from '../ids';
import type { LinkResult } from '../links/linkResult';
import type { MerchantSummary } from '../merchant/merchantFields';
import type { CatalogController } from '../controllers/catalogController';
import type { Command } from './command';
import { goneMessage, merchantArgument } from './merchantArgument';
import type { MerchantPicker } from './merchantPicker';

/** One kind of link to copy, with its own whole sentences (localised by the command that copies it). */
export interface CopyLinkKind {
  /** For the log, in English: "tracking link", "CPC tracking link". */
  what: string;
  /** The picker's title. */
  title: string;
  /** The error when the clipboard refused the link of the merchant named. */
  copyFailed(merchantName: string): string;
  /** The title of the box that shows the link to copy by hand. */
  linkTitle(merchantName: string): string;
  /** The status-bar confirmation. */
  copied(merchantName: string): string;
  build(merchant: MerchantSummary): LinkResult;
}

/** What a copy command is handed. */
export interface CopyLinkDeps {
  controller: CatalogController;
  picker: MerchantPicker;
  log: vscode.LogOutputChannel;
}

/** A copy command: its id and the kind of link it copies are its own, the rest is `copyMerchantLink`. */
export abstract class CopyLinkCommand implements Command {
  abstract readonly id: string;

  constructor(private readonly deps: CopyLinkDeps) {}

  /** The link it copies, with its words (made as the command runs). */
  protected abstract kind(): CopyLinkKind;

  execute(arg?: unknown): Promise<string | undefined> {
    return copyMerchantLink(this.kind(), arg, this.deps);
  }
}

/**
 * The merchant is the argument's, else the picker's. A refused link is explained and nothing is
 * copied; a clipboard failure shows the link so it can be copied by hand.
 */
async function copyMerchantLink(kind: CopyLinkKind, arg: unknown, deps: CopyLinkDeps): Promise<string | undefined> {
  const given = merchantArgument(deps.controller, arg);
  if (given.kind === 'gone') {
    void vscode.window.showWarningMessage(goneMessage());
    return undefined;
  }
  const ref = given.kind === 'merchant' ? given.ref : await deps.picker.pick({ title: kind.title });
  if (!ref) {
    return undefined;
  }
  const result = kind.build(ref.merchant);
  if (!result.ok) {
    deps.log.warn(`Copy ${kind.what}: ${result.message}`);
    void vscode.window.showWarningMessage(result.message);
    return undefined;
  }
  try {
    await vscode.env.clipboard.writeText(result.link);
  } catch (error) {
    deps.log.error(`Could not write the ${kind.what} of "${ref.merchant.name}" to the clipboard: ${String(error)}`);
    const showLink = vscode.l10n.t('Show Link');
    const choice = await vscode.window.showErrorMessage(kind.copyFailed(ref.merchant.name), showLink);
    if (choice === showLink) {
      await vscode.window.showInputBox({
        title: kind.linkTitle(ref.merchant.name),
        value: result.link,
        ignoreFocusOut: true,
      });
    }
    return undefined;
  }
  deps.log.info(`Copied the ${kind.what} of "${ref.merchant.name}".`);
  vscode.window.setStatusBarMessage(kind.copied(ref.merchant.name), STATUS_MESSAGE_MS);
  return result.link;
}
