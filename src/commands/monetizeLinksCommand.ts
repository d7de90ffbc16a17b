/**
 * `affiliateLinks.monetizeLinks`: finds the merchant URLs of the document (or of its
 * selections), lets the user untick any in a multi-select pick (all ticked), and replaces the
 * chosen ones with their deeplinks in one edit, so one undo restores them. Reports how many
 * were converted and how many were skipped, and why.
 */
import * as vscode from 'vscode';
import type { TextSpan } from '../links/urlFinder';
import { describeSkipped, planMonetize, type MonetizeCandidate } from '../links/monetizePlan';
import { deeplinkOptionsFor, reportSettingsProblem } from '../services/linkSettings';
import type { MerchantLinkIndex } from '../services/merchantLinkIndex';
import type { Command } from './command';
import type { CatalogController } from '../services/catalogController';
import { editorSpans, noEditorMessage } from './editorLinks';
import { explainNoCatalog } from './noCatalogMessage';

export interface MonetizeResult {
  converted: number;
  skipped: number;
}

interface CandidatePick extends vscode.QuickPickItem {
  candidate: MonetizeCandidate;
}

export class MonetizeLinksCommand implements Command {
  readonly id = 'affiliateLinks.monetizeLinks';

  constructor(
    private readonly controller: CatalogController,
    private readonly links: MerchantLinkIndex,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** `options.all` (for automation): take every candidate without asking. */
  async execute(options?: { all?: boolean }): Promise<MonetizeResult | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showWarningMessage(noEditorMessage('Monetize Links in Document'));
      return undefined;
    }
    const index = await this.links.current();
    if (!index) {
      await explainNoCatalog(this.controller);
      return undefined;
    }
    const document = editor.document;
    const settings = deeplinkOptionsFor(document);
    if (!settings.ok) {
      await reportSettingsProblem(settings.message);
      return undefined;
    }
    const version = document.version;
    const spans: TextSpan[] | undefined = editorSpans(editor);
    const plan = planMonetize(document.getText(), index, { spans, deeplink: settings.options });
    for (const skip of plan.skipped.filter((s) => s.message !== undefined)) {
      this.log.warn(`Monetize: ${skip.found.url} skipped: ${skip.message}`);
    }
    const skippedText = describeSkipped(plan.skipped);
    const where = spans ? 'the selection' : 'this document';
    if (plan.candidates.length === 0) {
      void vscode.window.showInformationMessage(`No merchant links to monetize in ${where}.${skippedText ? ` ${skippedText}` : ''}`);
      return { converted: 0, skipped: plan.skipped.length };
    }
    const chosen = options?.all ? plan.candidates : await this.choose(document, plan.candidates, skippedText);
    if (!chosen || chosen.length === 0) {
      return undefined;
    }
    if (document.version !== version) {
      void vscode.window.showWarningMessage('The document changed while the links were being chosen; nothing was replaced. Run Monetize Links in Document again.');
      return undefined;
    }
    const applied = await editor.edit((edit) => {
      for (const { found, replacement } of chosen) {
        edit.replace(new vscode.Range(document.positionAt(found.start), document.positionAt(found.end)), replacement);
      }
    });
    if (!applied) {
      void vscode.window.showErrorMessage('VS Code did not apply the edit; the document is unchanged. Run Monetize Links in Document again.');
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
