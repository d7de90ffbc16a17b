/**
 * Replace Links to Merchant once its merchant is known (issue 33 §3), in link health's bundle: what can be offered,
 * the picker (or a test's choice), the one workspace edit applied with `isRefactoring` (VS Code's refactor preview
 * first, as every change needs confirmation), what could not be read said and logged, and each file's count logged.
 */
import * as vscode from 'vscode';
import type { MerchantRef } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';
import type { EpcHistory, ReplacementChoice, ReplacementChoices } from '../revenue/replacementChoices';
import type {
  MerchantLinksReplacer,
  ReplaceLinksOutcome,
  ReplaceLinksTestOptions,
  ReplacementOffer,
} from './merchantLinksReplacing';
import { askReplacement, choiceLabel } from './replaceLinksPicker';

export async function replaceMerchantLinks(
  replacer: MerchantLinksReplacer,
  owner: MerchantRef,
  epcOf: EpcHistory,
  log: vscode.LogOutputChannel,
  options?: ReplaceLinksTestOptions,
): Promise<ReplaceLinksOutcome | undefined> {
  const offer = replacer.offer(owner.key, epcOf);
  if (offer.kind !== 'offer') {
    log.info(`Replace Links to ${owner.merchant.name}: nothing to offer (${offer.kind}).`);
    explain(offer, owner);
    return undefined;
  }
  const choice =
    options?.choice !== undefined ? testChoice(offer.choices, options.choice) : await askReplacement(offer);
  if (choice === undefined) {
    return undefined;
  }
  const label = choiceLabel(owner.merchant.name, choice);
  const built = await replacer.edit(owner.key, choice, { confirm: options?.preview !== false, label });
  for (const { uri, message } of built.failed) {
    log.warn(`Replace Links to ${owner.merchant.name}: could not read ${uri.toString()}: ${message}`);
  }
  if (built.failed.length > 0) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t({
        message: 'Could not read {0}: its links to {1} are left as they are. The other files are in the edit.',
        args: [built.failed.map(({ uri }) => vscode.workspace.asRelativePath(uri)).join(', '), owner.merchant.name],
        comment: ['{0}: the files that could not be read, comma-separated; {1}: a merchant name.'],
      }),
    );
  }
  if (built.entries.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t({
        message:
          'No link to {0} could be rewritten with that choice, so nothing was changed. Try another choice, or fix the links one by one from the Problems panel.',
        args: [owner.merchant.name],
        comment: ['{0}: a merchant name.'],
      }),
    );
    return { applied: false, files: built.files, failed: built.failed };
  }
  const applied = await vscode.workspace.applyEdit(built.edit, { isRefactoring: true });
  // The refactor preview applies only the changes ticked in it (those that need confirmation start unticked):
  // what changed is read from the documents, not assumed from the edit.
  const changed: typeof built.files = [];
  for (const file of built.files) {
    const now = await vscode.workspace.openTextDocument(file.uri).then(
      (document) => document.getText(),
      () => file.before,
    );
    if (file.replaced > 0 && now !== file.before) {
      changed.push(file);
    }
  }
  log.info(
    `Replace Links to ${owner.merchant.name} (${label}): ${applied ? 'applied' : 'not applied'}, ` +
      `${changed.reduce((sum, f) => sum + f.replaced, 0)} links in ${changed.length} of ${built.files.length} files changed:`,
  );
  for (const file of built.files) {
    log.info(
      `  ${vscode.workspace.asRelativePath(file.uri)}: ${changed.includes(file) ? `${file.replaced} links changed` : 'unchanged'}` +
        (file.kept > 0 ? `, ${file.kept} left as they were (no safe replacement)` : ''),
    );
  }
  if (applied && changed.length === 0 && built.files.some((file) => file.replaced > 0)) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'No link was replaced: the Refactor Preview applies only the changes that are ticked. Run Replace Links to Merchant again, tick the box beside each file you want changed, then choose Apply.',
      ),
    );
  }
  return { applied, files: built.files, failed: built.failed };
}

function explain(offer: Exclude<ReplacementOffer, { kind: 'offer' }>, owner: MerchantRef): void {
  if (offer.kind === 'gone') {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('That merchant is no longer in the catalog. Refresh the merchants and choose it again.'),
    );
  } else if (offer.kind === 'no-catalog') {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Link health has no catalog to check the links with yet. Try again once the merchants are loaded.'),
    );
  } else {
    void vscode.window.showInformationMessage(
      vscode.l10n.t({
        message: 'No article links to {0}, so there is nothing to replace.',
        args: [owner.merchant.name],
        comment: ['{0}: a merchant name.'],
      }),
    );
  }
}

function testChoice(
  choices: ReplacementChoices,
  wanted: NonNullable<ReplaceLinksTestOptions['choice']>,
): ReplacementChoice | undefined {
  if (wanted.kind === 'unwrap') {
    return choices.unwrap;
  }
  const list: ReplacementChoice[] = wanted.kind === 'same-page' ? choices.samePage : choices.alternatives;
  return list.find((choice) => choice.kind !== 'unwrap' && choice.ref.key === (wanted.key as MerchantKey));
}
