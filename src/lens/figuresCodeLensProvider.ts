/** The figures where you write: lenses with an article's clicks and commission, and each deeplink line's clicks. */
import * as vscode from 'vscode';
import { GenerationMemo } from '../common/generationMemo';
import { Disposable } from '../common/lifecycle';
import { COMMANDS } from '../ids';
import { figuresLenses, type FiguresLens, type LineLenses } from '../reports/figures/figuresLenses';
import { figuresAgeText } from '../reports/figures/figuresWords';
import type { CatalogController } from '../controllers/catalogController';
import type { FiguresController } from '../controllers/figuresController';
import type { ArticleSubIdReader } from './articleSubIds';

/**
 * On Markdown, MDX, HTML and plain-text articles. Lenses are worked out from the in-memory
 * aggregate only: an edit re-runs the pure functions, never a request. No key, figures switched
 * off, or no figures yet: no lens. Choosing one opens the report panel filtered to its SubID.
 */
export class FiguresCodeLensProvider extends Disposable implements vscode.CodeLensProvider {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  private readonly lineLenses: LineLenses = new GenerationMemo();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(
    private readonly figures: FiguresController,
    private readonly subIds: ArticleSubIdReader,
    controller: CatalogController,
  ) {
    super();
    this._register(figures.onDidChange(() => this.changed.fire()));
    // A catalog that arrives or changes brings the tracking hosts deeplinks are recognised by.
    this._register(controller.onDidChangeState(() => this.changed.fire()));
  }

  async provideCodeLenses(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    const lenses = await this.lensesOf(document);
    if (token.isCancellationRequested) {
      return [];
    }
    return lenses.map(
      (lens) =>
        new vscode.CodeLens(new vscode.Range(lens.line, 0, lens.line, 0), {
          title: lens.title,
          tooltip: lens.tooltip,
          command: COMMANDS.showReportsForSubId,
          arguments: [lens.subId, this.figures.days],
        }),
    );
  }

  /** The document's lenses; starts the figures on the first document that has SubIDs. */
  async lensesOf(document: vscode.TextDocument): Promise<FiguresLens[]> {
    if (!this.figures.enabled) {
      return [];
    }
    const subIds = await this.subIds.subIdsOf(document);
    if (subIds === undefined) {
      return [];
    }
    if (document === vscode.window.activeTextEditor?.document) {
      // The article being written is read first while nothing account-wide is cached.
      this.figures.focus(subIds.all);
    }
    const aggregate = this.figures.aggregate;
    if (aggregate === undefined) {
      this.figures.start();
      return [];
    }
    return figuresLenses(aggregate, subIds, figuresAgeText(this.figures.asOf), this.lineLenses);
  }
}
