/**
 * `affiliateLinks.monetizeLinks`: finds the merchant URLs of the document (or of its
 * selections), lets the user untick any in a multi-select pick (all ticked), and replaces the
 * chosen ones with their deeplinks in one edit, so one undo restores them. Reports how many
 * were converted and how many were skipped, and why.
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { describeSkipped, planMonetize, type MonetizeCandidate } from '../links/monetizePlan';
import type { MerchantLinkIndex } from '../services/merchantLinkIndex';
import type { Command } from './command';
import type { CatalogController } from '../services/catalogController';
import { applyLinkEdits, editorSpans, linkEditContext } from './editorLinks';

const COMMAND = 'Monetize Links in Document';

export interface MonetizeResult {
  converted: number;
  skipped: number;
}

interface CandidatePick extends vscode.QuickPickItem {
  candidate: MonetizeCandidate;
}

export class MonetizeLinksCommand implements Command {
  readonly id = COMMANDS.monetizeLinks;

  constructor(
    private readonly controller: CatalogController,
    private readonly links: MerchantLinkIndex,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** `options.all` (for automation): take every candidate without asking. */
  async execute(options?: { all?: boolean }): Promise<MonetizeResult | undefined> {
    const context = await linkEditContext(COMMAND, this.controller, this.links);
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
      void vscode.window.showInformationMessage(`No merchant links to monetize in ${spans ? 'the selection' : 'this document'}.${skippedText ? ` ${skippedText}` : ''}`);
      return { converted: 0, skipped: plan.skipped.length };
    }
    const chosen = options?.all ? plan.candidates : await this.choose(context.document, plan.candidates, skippedText);
    if (!chosen || chosen.length === 0) {
      return undefined;
    }
    const problem = await applyLinkEdits(context, COMMAND, chosen.map(({ found, replacement }) => ({ start: found.start, end: found.end, text: replacement })));
    if (problem) {
      this.log.warn(`Monetize: ${problem}`);
      void vscode.window.showWarningMessage(problem);
      return undefined;
    }
    const left = plan.candidates.length - chosen.length;
    const message = `Converted ${chosen.length} link${chosen.length === 1 ? '' : 's'} to deeplinks.${left > 0 ? ` ${left} left as they were by choice.` : ''}${skippedText ? ` ${skippedText}` : ''}`;
    this.log.info(`Monetize: ${message}`);
    void vscode.window.showInformationMessage(message);
    return { converted: chosen.length, skipped: plan.skipped.length };
  }

  private async choose(document: vscode.TextDocument, candidates: MonetizeCandidate[], skippedText: string): Promise<MonetizeCandidate[] | undefined> {
    const items: CandidatePick[] = candidates.map((candidate) => ({
      candidate,
      label: candidate.ref.merchant.name,
      description: candidate.found.url,
      detail: `Line ${document.positionAt(candidate.found.start).line + 1}`,
      picked: true,
    }));
    const picked = await vscode.window.showQuickPick(items, {
      canPickMany: true,
      title: `Monetize Links: ${candidates.length} merchant link${candidates.length === 1 ? '' : 's'} found${skippedText ? `, ${skippedText}` : ''}`,
      placeHolder: 'Untick the links to leave as they are, then press Enter',
      matchOnDescription: true,
      matchOnDetail: true,
      ignoreFocusOut: true,
    });
    return picked?.map((item) => item.candidate);
  }
}
