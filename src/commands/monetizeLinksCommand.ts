/** `affiliateLinks.monetizeLinks`: replaces the document's merchant URLs the user keeps ticked with their deeplinks. */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { describeSkipped, planMonetize, type MonetizeCandidate } from '../links/monetizePlan';
import type { MerchantLinkIndex } from '../controllers/merchantLinkIndex';
import type { Command } from './command';
import type { CatalogController } from '../controllers/catalogController';
import { applyLinkEdits, editorSpans, linkEditContext } from './editorLinks';

export interface MonetizeResult {
  converted: number;
  skipped: number;
}

interface CandidatePick extends vscode.QuickPickItem {
  candidate: MonetizeCandidate;
}

/** Whole sentences joined by a space; empty ones left out. */
function sentences(...texts: string[]): string {
  return texts.filter(Boolean).join(' ');
}

/** What was converted, and how many were left by choice; one whole sentence each. */
function convertedMessage(converted: number, left: number, skippedText: string): string {
  const done =
    converted === 1
      ? vscode.l10n.t('Converted {0} link to deeplinks.', converted)
      : vscode.l10n.t('Converted {0} links to deeplinks.', converted);
  const kept =
    left === 0
      ? ''
      : left === 1
        ? vscode.l10n.t('{0} left as it was by choice.', left)
        : vscode.l10n.t('{0} left as they were by choice.', left);
  return sentences(done, kept, skippedText);
}

/** The pick's title: how many merchant links were found, and what was skipped ("2 skipped: ..."). */
function pickTitle(found: number, skippedText: string): string {
  if (skippedText === '') {
    return found === 1
      ? vscode.l10n.t('Monetize Links: {0} merchant link found', found)
      : vscode.l10n.t('Monetize Links: {0} merchant links found', found);
  }
  return found === 1
    ? vscode.l10n.t({
        message: 'Monetize Links: {0} merchant link found, {1}',
        args: [found, skippedText],
        comment:
          '{0} is how many merchant links were found; {1} says what was skipped, e.g. "2 skipped: 1 already a tracking link, 1 of an inactive merchant."',
      })
    : vscode.l10n.t({
        message: 'Monetize Links: {0} merchant links found, {1}',
        args: [found, skippedText],
        comment:
          '{0} is how many merchant links were found; {1} says what was skipped, e.g. "2 skipped: 1 already a tracking link, 1 of an inactive merchant."',
      });
}

/**
 * In the document or its selections; all in one edit, so one undo restores them. Reports how many
 * were converted and how many were skipped, and why.
 */
export class MonetizeLinksCommand implements Command {
  readonly id = COMMANDS.monetizeLinks;

  constructor(
    private readonly controller: CatalogController,
    private readonly links: MerchantLinkIndex,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** `options.all` (for automation): take every candidate without asking. */
  async execute(options?: { all?: boolean }): Promise<MonetizeResult | undefined> {
    const command = vscode.l10n.t('Monetize Links in Document');
    const context = await linkEditContext(command, this.controller, this.links);
    if (!context) {
      return undefined;
    }
    const spans = editorSpans(context.editor);
    const plan = planMonetize(context.document.getText(), context.index, { spans, deeplink: context.options });
    for (const skip of plan.skipped.filter((s) => s.message !== undefined)) {
      this.log.warn(`Monetize: ${skip.found.url} skipped: ${skip.message}`);
    }
    const skippedText = describeSkipped(plan.skipped);
    if (plan.candidates.length === 0) {
      const none = spans
        ? vscode.l10n.t('No merchant links to monetize in the selection.')
        : vscode.l10n.t('No merchant links to monetize in this document.');
      void vscode.window.showInformationMessage(sentences(none, skippedText));
      return { converted: 0, skipped: plan.skipped.length };
    }
    const chosen = options?.all ? plan.candidates : await this.choose(context.document, plan.candidates, skippedText);
    if (!chosen || chosen.length === 0) {
      return undefined;
    }
    const problem = await applyLinkEdits(
      context,
      command,
      chosen.map(({ found, replacement }) => ({ start: found.start, end: found.end, text: replacement })),
    );
    if (problem) {
      this.log.warn(`Monetize: ${problem}`);
      void vscode.window.showWarningMessage(problem);
      return undefined;
    }
    const left = plan.candidates.length - chosen.length;
    const message = convertedMessage(chosen.length, left, skippedText);
    this.log.info(`Monetize: ${message}`);
    void vscode.window.showInformationMessage(message);
    return { converted: chosen.length, skipped: plan.skipped.length };
  }

  private async choose(
    document: vscode.TextDocument,
    candidates: MonetizeCandidate[],
    skippedText: string,
  ): Promise<MonetizeCandidate[] | undefined> {
    const items: CandidatePick[] = candidates.map((candidate) => ({
      candidate,
      label: candidate.ref.merchant.name,
      description: candidate.found.url,
      detail: vscode.l10n.t('Line {0}', document.positionAt(candidate.found.start).line + 1),
      picked: true,
    }));
    const picked = await vscode.window.showQuickPick(items, {
      canPickMany: true,
      title: pickTitle(candidates.length, skippedText),
      placeHolder: vscode.l10n.t('Untick the links to leave as they are, then press Enter'),
      matchOnDescription: true,
      matchOnDetail: true,
      ignoreFocusOut: true,
    });
    return picked?.map((item) => item.candidate);
  }
}
