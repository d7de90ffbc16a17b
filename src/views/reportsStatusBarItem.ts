/**
 * The status bar's clicks item ("$(graph) 1,234 clicks today", or the active article's clicks); choosing it opens the
 * report panel. It reads nothing itself.
 */
import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { COMMANDS, STATUS_BAR_ITEMS } from '../ids';
import type { ActiveArticleFigures } from '../lens/activeArticleFigures';
import type { CatalogController } from '../controllers/catalogController';
import { describeFailure } from '../prompts/failureMessages';
import type { TodayClicks } from '../controllers/figuresQueries';
import type { FiguresController } from '../controllers/figuresController';
import { rateLimitWaitText } from '../prompts/waitWords';
import { makeStatusBarItem, type MakeStatusBarItem } from './statusBarItems';

/** After activation, before the figures (and so today's clicks) are first read. */
export const FIRST_READ_MS = 5_000;

/** The tooltip's sentences, then the one that says what choosing the item does. */
function withClickHere(text: string): string {
  return `${text} ${vscode.l10n.t('Click to show reports.')}`;
}

/**
 * Today's clicks are counted by the figures (`FiguresController.today`) from the report of the figures period; the item
 * re-renders when they change. Offline, the cached figure stays, said in the tooltip, as is a wait for the rate limit.
 */
export class ReportsStatusBarItem extends Disposable {
  private readonly item: vscode.StatusBarItem;

  constructor(
    private readonly figures: FiguresController,
    private readonly controller: CatalogController,
    private readonly article?: ActiveArticleFigures,
    make: MakeStatusBarItem = makeStatusBarItem,
  ) {
    super();
    this.item = this._register(
      make({
        id: STATUS_BAR_ITEMS.todayClicks,
        priority: 100,
        name: vscode.l10n.t("Affiliate Links: Today's Clicks"),
        command: COMMANDS.showReports,
      }),
    );
    this._register(controller.onDidChangeState(() => this.show()));
    this._register(figures.onDidChange(() => this.show()));
    if (article) {
      this._register(article.onDidChange(() => this.show()));
    }
  }

  /** The active article's figures when there are any, else today's clicks. */
  private show(): void {
    if (this.isDisposed) {
      return;
    }
    if (this.controller.keyContext !== 'set') {
      this.hide();
      return;
    }
    const article = this.article?.current;
    if (article !== undefined) {
      this.item.text = article.text;
      this.item.tooltip = article.tooltip;
      this.item.command = {
        title: vscode.l10n.t('Show Reports'),
        command: COMMANDS.showReportsForSubId,
        arguments: [article.subId, article.days],
      };
      this.item.show();
      return;
    }
    const today = this.figures.today;
    if (today === undefined) {
      this.hide();
      return;
    }
    this.item.command = COMMANDS.showReports;
    const figure = today.clicks === undefined ? '–' : today.clicks.toLocaleString('en-US');
    this.item.text =
      today.clicks === 1
        ? vscode.l10n.t('$(graph) {0} click today', figure)
        : vscode.l10n.t('$(graph) {0} clicks today', figure);
    const wait = this.figures.wait;
    const tooltip = this.tooltipOf(today);
    this.item.tooltip =
      wait === undefined
        ? tooltip
        : `${tooltip} ${vscode.l10n.t({ message: 'Reading your clicks: {0}.', args: [rateLimitWaitText(wait)], comment: ['{0}: a wait, such as "waiting for the service\'s rate limit, about 2 min".'] })}`;
    this.item.show();
  }

  private tooltipOf({ state, clicks }: TodayClicks): string {
    const time = state.asOf ? new Date(state.asOf).toLocaleTimeString() : undefined;
    switch (state.status) {
      case 'offline':
        if (clicks === undefined) {
          return withClickHere(
            vscode.l10n.t(
              "Affiliate Links: today's clicks (offline): the service could not be reached and nothing is cached.",
            ),
          );
        }
        return withClickHere(
          time === undefined
            ? vscode.l10n.t(
                "Affiliate Links: today's clicks (offline): the cached figure; the service could not be reached.",
              )
            : vscode.l10n.t({
                message:
                  "Affiliate Links: today's clicks (offline): the cached figure as of {0}; the service could not be reached.",
                args: [time],
                comment: '{0} is the time the figure was read.',
              }),
        );
      case 'failed': {
        const failure = describeFailure(state.error, "Reading today's clicks").message;
        if (clicks === undefined) {
          return withClickHere(
            vscode.l10n.t({
              message: 'Affiliate Links: {0}',
              args: [failure],
              comment:
                '{0} is what failed, in whole sentences, e.g. "Reading today\'s clicks failed: Could not reach the service."',
            }),
          );
        }
        return withClickHere(
          time === undefined
            ? vscode.l10n.t({
                message: "Affiliate Links: today's clicks. {0}",
                args: [failure],
                comment: '{0} is what failed, in whole sentences.',
              })
            : vscode.l10n.t({
                message: "Affiliate Links: today's clicks as of {0}. {1}",
                args: [time, failure],
                comment: '{0} is the time the figure was read; {1} what failed, in whole sentences.',
              }),
        );
      }
      case 'loading':
        return vscode.l10n.t("Affiliate Links: reading today's clicks…");
      default:
        return withClickHere(vscode.l10n.t("Affiliate Links: today's clicks."));
    }
  }

  private hide(): void {
    this.item.hide();
  }
}
