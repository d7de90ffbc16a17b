/** The active article's figures for the status bar, from the in-memory aggregate; never a request. */
import * as vscode from 'vscode';
import { Delayer } from '../common/delayer';
import { LatestWins } from '../common/latestWins';
import { Disposable } from '../common/lifecycle';
import { LINK_LANGUAGES } from '../links/linkLanguages';
import type { FiguresController } from '../controllers/figuresController';
import { figuresOf } from '../reports/figures/figuresAggregate';
import { clicksText, figuresAgeText, figuresSubjectText, trendText } from '../reports/figures/figuresWords';
import type { ArticleSubIdReader } from './articleSubIds';

export interface ActiveArticle {
  text: string;
  tooltip: string;
  /** The SubID the report panel is filtered to when the item is chosen. */
  subId: string;
  days: number;
}

/** After the active document's last edit, before its figures are worked out again. */
const AFTER_EDIT_MS = 300;

/** "$(graph) 1,234 clicks · ↑12.3%", worked out when the active editor, its text (debounced) or the figures change. */
export class ActiveArticleFigures extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private article: ActiveArticle | undefined;
  private readonly updates = this._register(new LatestWins());
  private readonly afterEdit = this._register(new Delayer(AFTER_EDIT_MS));

  constructor(
    private readonly figures: FiguresController,
    private readonly subIds: ArticleSubIdReader,
  ) {
    super();
    this._register(figures.onDidChange(() => void this.update()));
    this._register(vscode.window.onDidChangeActiveTextEditor(() => void this.update()));
    this._register(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === vscode.window.activeTextEditor?.document) {
          this.afterEdit.trigger(() => void this.update());
        }
      }),
    );
  }

  /** The active article's figures; undefined when the active editor shows no article with figures. */
  get current(): ActiveArticle | undefined {
    return this.article;
  }

  /** Works the active article's figures out again; resolves when done. */
  async update(): Promise<void> {
    const turn = this.updates.next();
    let article: ActiveArticle | undefined;
    try {
      article = await this.read();
    } catch {
      article = undefined;
    }
    if (!turn.isCurrent) {
      return;
    }
    if (
      article?.text !== this.article?.text ||
      article?.tooltip !== this.article?.tooltip ||
      article?.subId !== this.article?.subId
    ) {
      this.article = article;
      this.changed.fire();
    }
  }

  private async read(): Promise<ActiveArticle | undefined> {
    const document = vscode.window.activeTextEditor?.document;
    if (
      !this.figures.enabled ||
      document === undefined ||
      !(LINK_LANGUAGES as readonly string[]).includes(document.languageId)
    ) {
      this.figures.focus(undefined);
      return undefined;
    }
    const subIds = await this.subIds.subIdsOf(document);
    // The active article is read first while nothing account-wide is cached.
    this.figures.focus(subIds?.all);
    const aggregate = this.figures.aggregate;
    if (subIds === undefined || aggregate === undefined) {
      return undefined;
    }
    const figures = figuresOf(aggregate, subIds.all);
    if (figures === undefined) {
      return undefined;
    }
    const trend = trendText(figures);
    const name = document.isUntitled ? vscode.l10n.t('This article') : vscode.workspace.asRelativePath(document.uri);
    const clicks = clicksText(figures.clicks);
    const subject = figuresSubjectText(figures, aggregate.days, aggregate.period);
    const age = figuresAgeText(this.figures.asOf);
    const subId = figures.subIds[0]!;
    const tooltip =
      figures.change.kind === 'none'
        ? vscode.l10n.t({
            message: 'Affiliate Links: {0}: {1} of {2}. Figures {3}. Click to show the report of {4}.',
            args: [name, clicks, subject, age, subId],
            comment:
              '{0} is the article (its path, or "This article"); {1} its clicks, e.g. "1,234 clicks"; {2} which SubIDs and period, e.g. "SubID best-running-shoes, over the last 30 days (2026-10-25 to 2026-11-24)"; {3} how old the figures are, e.g. "as of 14:02"; {4} a SubID.',
          })
        : vscode.l10n.t({
            message:
              'Affiliate Links: {0}: {1} of {2}. {3} against the previous {4} days ({5}). Figures {6}. Click to show the report of {7}.',
            args: [
              name,
              clicks,
              subject,
              figures.change.text,
              aggregate.days,
              clicksText(figures.previousClicks),
              age,
              subId,
            ],
            comment:
              '{0} is the article (its path, or "This article"); {1} its clicks, e.g. "1,234 clicks"; {2} which SubIDs and period; {3} the change in per cent, e.g. "+12.3%"; {4} the number of days of the period; {5} the clicks of the previous period, e.g. "1,100 clicks"; {6} how old the figures are, e.g. "as of 14:02"; {7} a SubID.',
          });
    return {
      text: `$(graph) ${clicks}${trend === '' ? '' : ` · ${trend}`}`,
      tooltip,
      subId: figures.subIds[0]!,
      days: aggregate.days,
    };
  }
}
