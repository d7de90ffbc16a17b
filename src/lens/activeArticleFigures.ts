/**
 * The figures of the article in the active editor, for the status bar: "$(graph) 1,234 clicks ·
 * ↑12.3%" with which SubIDs and period in the tooltip. Worked out from the in-memory aggregate
 * when the active editor, its text (debounced) or the figures change; never a request.
 */
import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { HOVER_LANGUAGES } from '../hover/merchantHoverProvider';
import type { FiguresService } from '../services/figuresService';
import type { ReportsLoader } from '../services/reportsLoader';
import type { ArticleSubIdReader } from './articleSubIds';
import { figuresAgeText, figuresSubjectText, trendText } from './figuresWords';

export interface ActiveArticle {
  text: string;
  tooltip: string;
  /** The SubID the report panel is filtered to when the item is chosen. */
  subId: string;
  days: number;
}

/** After the active document's last edit, before its figures are worked out again. */
const AFTER_EDIT_MS = 300;

export class ActiveArticleFigures extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private article: ActiveArticle | undefined;
  private generation = 0;
  private pending: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly figures: FiguresService,
    private readonly subIds: ArticleSubIdReader,
    private readonly loader: ReportsLoader,
  ) {
    super();
    this._register(figures.onDidChange(() => void this.update()));
    this._register(vscode.window.onDidChangeActiveTextEditor(() => void this.update()));
    this._register(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === vscode.window.activeTextEditor?.document) {
          clearTimeout(this.pending);
          this.pending = setTimeout(() => void this.update(), AFTER_EDIT_MS);
        }
      }),
    );
    this._register({ dispose: () => clearTimeout(this.pending) });
  }

  /** The active article's figures; undefined when the active editor shows no article with figures. */
  get current(): ActiveArticle | undefined {
    return this.article;
  }

  /** Works the active article's figures out again; resolves when done. */
  async update(): Promise<void> {
    const generation = ++this.generation;
    let article: ActiveArticle | undefined;
    try {
      article = await this.read();
    } catch {
      article = undefined;
    }
    if (generation !== this.generation || this.isDisposed) {
      return;
    }
    if (article?.text !== this.article?.text || article?.tooltip !== this.article?.tooltip || article?.subId !== this.article?.subId) {
      this.article = article;
      this.changed.fire();
    }
  }

  private async read(): Promise<ActiveArticle | undefined> {
    const aggregate = this.figures.aggregate;
    const document = vscode.window.activeTextEditor?.document;
    if (!this.figures.enabled || aggregate === undefined || document === undefined || !(HOVER_LANGUAGES as readonly string[]).includes(document.languageId)) {
      return undefined;
    }
    const subIds = await this.subIds.subIdsOf(document);
    if (subIds === undefined) {
      return undefined;
    }
    const reports = await this.loader.load();
    const figures = reports.figuresOf(aggregate, subIds.all);
    if (figures === undefined) {
      return undefined;
    }
    const trend = trendText(figures);
    const change = figures.change.kind === 'none' ? '' : ` ${figures.change.text} against the previous ${aggregate.days} days (${reports.clicksText(figures.previousClicks)}).`;
    const name = document.isUntitled ? 'This article' : vscode.workspace.asRelativePath(document.uri);
    return {
      text: `$(graph) ${reports.clicksText(figures.clicks)}${trend === '' ? '' : ` · ${trend}`}`,
      tooltip: `Affiliate Links: ${name}: ${reports.clicksText(figures.clicks)} of ${figuresSubjectText(figures, aggregate.days, aggregate.period)}.${change} Figures ${figuresAgeText(this.figures.asOf)}. Click to show the report of ${figures.subIds[0]}.`,
      subId: figures.subIds[0]!,
      days: aggregate.days,
    };
  }
}
