/** The figures where you write: lenses with an article's clicks and commission, and each deeplink line's clicks. */
import * as vscode from 'vscode';
import { GenerationMemo } from '../common/generationMemo';
import { Disposable } from '../common/lifecycle';
import { COMMANDS } from '../ids';
import { figuresOf, type FiguresAggregate } from '../reports/figures/figuresAggregate';
import { articleLensText, figuresAgeText, lensTooltipText, lineLensText } from '../reports/figures/figuresWords';
import type { CatalogController } from '../controllers/catalogController';
import type { FiguresService } from '../controllers/figuresService';
import type { ArticleSubIds, ArticleSubIdReader } from './articleSubIds';

/** What a lens shows, before it becomes a vscode.CodeLens (also what the tests read). */
export interface FiguresLens {
  line: number;
  title: string;
  tooltip: string;
  /** The SubID the report panel is filtered to when the lens is chosen. */
  subId: string;
}

/** A line's lens without its line, kept by its SubIDs and merchants for one aggregate and age. */
export type LineLenses = GenerationMemo<Omit<FiguresLens, 'line'> | null>;

/**
 * The lenses of a document's SubIDs from the aggregate: the article's at the top, then one per
 * line with deeplinks. With `memo`, a line whose SubIDs and merchants were seen with this
 * aggregate and age takes the lens made then: after an edit, only the changed lines' are made.
 */
export function figuresLenses(
  aggregate: FiguresAggregate,
  subIds: ArticleSubIds,
  age: string,
  memo: LineLenses = new GenerationMemo(),
): FiguresLens[] {
  const lenses: FiguresLens[] = [];
  const article = figuresOf(aggregate, subIds.all);
  if (article === undefined) {
    return lenses;
  }
  lenses.push({
    line: 0,
    title: articleLensText(article, aggregate.days),
    tooltip: lensTooltipText(article, aggregate, age),
    subId: article.subIds[0]!,
  });
  for (const [line, onLine] of subIds.lines) {
    const lineMerchants = subIds.merchants.get(line);
    const key = `${onLine.join('\n')}\u0001${lineMerchants?.map((m) => `${m.merchantId}\n${m.name}`).join('\n') ?? ''}`;
    const lens = memo.get(aggregate, `${age}\u0002${key}`, () => {
      const figures = figuresOf(aggregate, onLine);
      if (figures === undefined) {
        return null;
      }
      // Where click items carry merchantId, the line's clicks split by the merchants its links go to.
      const merchants =
        figures.clicksByMerchant === undefined
          ? undefined
          : lineMerchants?.map((merchant) => ({
              name: merchant.name,
              clicks: figures.clicksByMerchant!.get(merchant.merchantId) ?? 0,
            }));
      return {
        title: lineLensText(figures, merchants),
        tooltip: lensTooltipText(figures, aggregate, age),
        subId: figures.subIds[0]!,
      };
    });
    if (lens !== null) {
      lenses.push({ line, ...lens });
    }
  }
  return lenses;
}

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
    private readonly figures: FiguresService,
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
