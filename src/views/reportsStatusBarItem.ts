/**
 * "$(graph) 1,234 clicks today" in the status bar, while a key is set; choosing it opens the
 * report panel. While the active editor shows an article with figures, the item shows that
 * article's clicks over the figures period instead ("$(graph) 87 clicks · ↑12.3%", from
 * `ActiveArticleFigures`), and choosing it opens the panel filtered to its SubID. It reads the figure from the report store (one way: it asks the store to open
 * today's unfiltered clicks report and re-renders from the store's changes, never fetching
 * itself). The first read waits a few seconds after activation, so activation never loads the
 * reports bundle; then every 15 minutes. Offline, the cached figure stays, said in the tooltip.
 */
import * as vscode from 'vscode';
import { messageOf } from '../common/errorMessage';
import { Disposable, type IDisposable } from '../common/lifecycle';
import { COMMANDS, STATUS_BAR_ITEMS } from '../ids';
import type { ActiveArticleFigures } from '../lens/activeArticleFigures';
import type { ReportState, ReportStore } from '../reports/index';
import type { CatalogController } from '../services/catalogController';
import { describeFailure } from '../services/failureMessages';
import { localToday, type ReportService } from '../services/reportService';

export interface StatusBarTiming {
  /** After activation, before the first read. */
  firstMs: number;
  /** Between reads. */
  everyMs: number;
}

export const STATUS_BAR_TIMING: StatusBarTiming = { firstMs: 5_000, everyMs: 15 * 60_000 };
/** After the connection changed, before reading the new store's figure. */
const AFTER_STORE_CHANGE_MS = 1_000;

/** The tooltip's sentences, then the one that says what choosing the item does. */
function withClickHere(text: string): string {
  return `${text} ${vscode.l10n.t('Click to show reports.')}`;
}

/** The clicks of a report counted within its period (items dated outside it are the model's "skipped", not today's). */
export function clicksIn(state: ReportState<'clicks'>): number | undefined {
  const report = state.report;
  if (report === undefined) {
    return undefined;
  }
  const { from, to } = state.query.period;
  let clicks = 0;
  for (const window of report.windows) {
    for (const item of window.items) {
      if (item.date !== null && item.date >= from && item.date <= to) {
        clicks += item.count;
      }
    }
  }
  return clicks;
}

export class ReportsStatusBarItem extends Disposable {
  private readonly item: vscode.StatusBarItem;
  /** The store and query the figure follows. */
  private watched: { store: ReportStore; key: string; listener: IDisposable } | undefined;
  private started = false;
  private hidden = true;
  private generation = 0;
  private pending: ReturnType<typeof setTimeout> | undefined;
  /** Today's clicks as last read, shown whenever no article's figures are. */
  private today: ReportState<'clicks'> | undefined;

  constructor(
    private readonly reports: ReportService,
    private readonly controller: CatalogController,
    private readonly log: vscode.LogOutputChannel,
    private readonly article?: ActiveArticleFigures,
    timing: StatusBarTiming = STATUS_BAR_TIMING,
  ) {
    super();
    this.item = this._register(vscode.window.createStatusBarItem(STATUS_BAR_ITEMS.todayClicks, vscode.StatusBarAlignment.Right, 100));
    this.item.name = vscode.l10n.t("Affiliate Links: Today's Clicks");
    this.item.command = COMMANDS.showReports;
    this._register(controller.onDidChangeState(() => this.followKey()));
    if (article) {
      this._register(article.onDidChange(() => this.show()));
    }
    this._register(
      reports.onDidChangeStore(() => {
        this.unwatch();
        this.hide();
        if (this.started) {
          this.schedule(AFTER_STORE_CHANGE_MS);
        }
      }),
    );
    this._register({ dispose: () => this.unwatch() });
    this.schedule(timing.firstMs, () => (this.started = true));
    const every = setInterval(() => void this.read(), timing.everyMs);
    this._register({ dispose: () => clearInterval(every) });
    this._register({ dispose: () => clearTimeout(this.pending) });
  }

  /** What the item shows, for the tests; undefined while hidden. */
  get shown(): { text: string; tooltip: string } | undefined {
    return this.isDisposed || this.hidden ? undefined : { text: this.item.text, tooltip: String(this.item.tooltip ?? '') };
  }

  /** One read later; a read already scheduled is replaced. */
  private schedule(ms: number, before?: () => void): void {
    clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      this.pending = undefined;
      before?.();
      void this.read();
    }, ms);
  }

  private followKey(): void {
    if (this.controller.keyContext !== 'set') {
      this.hide();
    }
  }

  /** Asks the store to open today's clicks (showing the cached figure, then refreshing it). */
  private async read(): Promise<void> {
    if (this.isDisposed) {
      return;
    }
    if (this.controller.keyContext !== 'set') {
      this.hide();
      return;
    }
    const generation = ++this.generation;
    try {
      const opened = await this.reports.storeWithModule();
      if (generation !== this.generation || this.isDisposed) {
        return;
      }
      if (opened === undefined) {
        this.hide();
        return;
      }
      const { store, reports } = opened;
      const query = { kind: 'clicks' as const, period: reports.presetPeriod('today', localToday()), filters: {} };
      const key = reports.queryKey(query);
      if (this.watched?.store !== store || this.watched.key !== key) {
        this.unwatch();
        const listener = store.onDidChange((state) => {
          if (this.watched?.listener === listener && state.key === key) {
            this.render(state as ReportState<'clicks'>);
          }
        });
        this.watched = { store, key, listener };
      }
      const known = store.state(query);
      if (known) {
        this.render(known);
      }
      await store.open(query);
    } catch (error) {
      this.log.warn(`Today's clicks for the status bar could not be read: ${messageOf(error)}`);
    }
  }

  private render(state: ReportState<'clicks'>): void {
    this.today = state;
    this.show();
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
      this.item.command = { title: vscode.l10n.t('Show Reports'), command: COMMANDS.showReportsForSubId, arguments: [article.subId, article.days] };
      this.hidden = false;
      this.item.show();
      return;
    }
    const state = this.today;
    if (state === undefined) {
      this.hide();
      return;
    }
    this.item.command = COMMANDS.showReports;
    const clicks = clicksIn(state);
    const figure = clicks === undefined ? '–' : clicks.toLocaleString('en-US');
    this.item.text = clicks === 1 ? vscode.l10n.t('$(graph) {0} click today', figure) : vscode.l10n.t('$(graph) {0} clicks today', figure);
    this.item.tooltip = this.tooltipOf(state, clicks);
    this.hidden = false;
    this.item.show();
  }

  private tooltipOf(state: ReportState<'clicks'>, clicks: number | undefined): string {
    const time = state.asOf ? new Date(state.asOf).toLocaleTimeString() : undefined;
    switch (state.status) {
      case 'offline':
        if (clicks === undefined) {
          return withClickHere(vscode.l10n.t("Affiliate Links: today's clicks (offline): the service could not be reached and nothing is cached."));
        }
        return withClickHere(
          time === undefined
            ? vscode.l10n.t("Affiliate Links: today's clicks (offline): the cached figure; the service could not be reached.")
            : vscode.l10n.t({ message: "Affiliate Links: today's clicks (offline): the cached figure as of {0}; the service could not be reached.", args: [time], comment: '{0} is the time the figure was read.' }),
        );
      case 'failed': {
        const failure = describeFailure(state.error, "Reading today's clicks").message;
        if (clicks === undefined) {
          return withClickHere(vscode.l10n.t({ message: 'Affiliate Links: {0}', args: [failure], comment: '{0} is what failed, in whole sentences, e.g. "Reading today\'s clicks failed: Could not reach the service."' }));
        }
        return withClickHere(
          time === undefined
            ? vscode.l10n.t({ message: "Affiliate Links: today's clicks. {0}", args: [failure], comment: '{0} is what failed, in whole sentences.' })
            : vscode.l10n.t({ message: "Affiliate Links: today's clicks as of {0}. {1}", args: [time, failure], comment: '{0} is the time the figure was read; {1} what failed, in whole sentences.' }),
        );
      }
      case 'loading':
        return vscode.l10n.t("Affiliate Links: reading today's clicks…");
      default:
        return withClickHere(vscode.l10n.t("Affiliate Links: today's clicks."));
    }
  }

  private hide(): void {
    this.hidden = true;
    this.item.hide();
  }

  private unwatch(): void {
    this.watched?.listener.dispose();
    this.watched = undefined;
  }
}
