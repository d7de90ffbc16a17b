/**
 * The figures of the figures period and the one owner of timed report reads: lenses, status bar and tree read what
 * it holds. It asks the store (`figuresReads.ts`) and builds one aggregate when its queries change; it never fetches.
 */
import * as vscode from 'vscode';
import type { RequestPriority } from '../api/budget/budgetWindows';
import { messageOf } from '../common/errorMessage';
import { Delayer } from '../common/delayer';
import { Disposable, toDisposable } from '../common/lifecycle';
import { SETTINGS } from '../ids';
import type { FiguresAggregate } from '../reports/figures/figuresAggregate';
import type { ReportProgress } from '../reports/store/reportState';
import type { ReportStore } from '../reports/store/reportStore';
import { figuresFromStore, stillWatches, watchedQueries, watchFigures, type Watched } from './figuresFromStore';
import type { TodayClicks } from './figuresQueries';
import { FiguresFailures, readFigures, readFocus } from './figuresReads';
import { readFiguresSettings, type FiguresDays } from '../settings/figuresSettings';
import { localToday, type ReportController } from './reportController';

/** After a change in the store, before the aggregate is built again (a refresh fires several). */
const REBUILD_DELAY_MS = 200;
/** After the connection changed, before the new store's figures are opened. */
const AFTER_STORE_CHANGE_MS = 1_000;
/** SubIDs of the active article read first, at most. */
const FOCUS_SUBIDS = 3;

export class FiguresController extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when the aggregate, today's clicks, where they stand or their wait changed. */
  readonly onDidChange = this.changed.event;
  private current: FiguresAggregate | undefined;
  private status: { at: string | undefined; offline: boolean } = { at: undefined, offline: false };
  private todayValue: TodayClicks | undefined;
  private waitValue: ReportProgress['wait'];
  private watched: Watched | undefined;
  private started = false;
  private focusSubIds: readonly string[] = [];
  private settings = readFiguresSettings();
  private readonly rebuildLater = this._register(new Delayer(REBUILD_DELAY_MS));
  private readonly openLater = this._register(new Delayer(0));
  private readonly startDelay = this._register(new Delayer(0));
  private refreshTimer: ReturnType<typeof setInterval> | undefined;
  private readonly failures: FiguresFailures;

  constructor(
    private readonly reports: ReportController,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.failures = new FiguresFailures(log);
    this._register(
      reports.onDidChangeStore(() => {
        this.close();
        if (this.started) {
          this.scheduleOpen(AFTER_STORE_CHANGE_MS);
        }
      }),
    );
    this._register(
      reports.onDidChangePlatform(() => {
        this.close();
        if (this.started) {
          this.scheduleOpen(0);
        }
      }),
    );
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (
          [SETTINGS.figuresEnabled, SETTINGS.figuresPeriod, SETTINGS.figuresRefreshMinutes].some((setting) =>
            event.affectsConfiguration(setting),
          )
        ) {
          this.settings = readFiguresSettings();
          this.close();
          if (this.started) {
            this.restartTimer();
            void this.open('background');
          }
        }
      }),
    );
    this._register(
      toDisposable(() => {
        clearInterval(this.refreshTimer);
        this.unwatch();
      }),
    );
  }

  /** The aggregate of the figures period; undefined with no key, when disabled, or before the first load. */
  get aggregate(): FiguresAggregate | undefined {
    return this.current;
  }

  /** ISO time the figures are up to date as of, and whether they come from the cache while offline. */
  get asOf(): { at: string | undefined; offline: boolean } {
    return this.status;
  }

  /** Today's clicks, counted from a report that covers today; undefined before one is read. */
  get today(): TodayClicks | undefined {
    return this.todayValue;
  }

  /** While the read of the clicks waits for the service's rate limit: until when, and why. */
  get wait(): ReportProgress['wait'] {
    return this.waitValue;
  }

  /** Whether the figures are switched on (`affiliateLinks.figures.enabled`). */
  get enabled(): boolean {
    return this.settings.enabled;
  }

  /** The figures period in days. */
  get days(): FiguresDays {
    return this.settings.days;
  }

  /** Opens the figures (their cache, then a refresh) and refreshes them every `refreshMinutes`; once. */
  start(): void {
    if (this.started || this.isDisposed) {
      return;
    }
    this.started = true;
    this.restartTimer();
    void this.open('background');
  }

  /** Starts in `ms` unless something started it before. */
  startLater(ms: number): void {
    this.startDelay.trigger(() => this.start(), ms);
  }

  /** Reads the figures again now, for a person who waits (Refresh Figures). */
  refresh(): Promise<void> {
    this.started = true;
    this.restartTimer();
    return this.open('interactive');
  }

  /**
   * The active article's SubIDs: while nothing account-wide is cached, they are read first (a
   * page each), so the article's lens shows in seconds rather than after the whole account.
   */
  focus(subIds: readonly string[] | undefined): void {
    const next = (subIds ?? []).slice(0, FOCUS_SUBIDS);
    if (next.join('\n') === this.focusSubIds.join('\n')) {
      return;
    }
    this.focusSubIds = next;
    const watched = this.watched;
    if (watched?.queries !== undefined && watched.store.state(watched.queries.clicks)?.report === undefined) {
      void this.readFocus(watched, 'foreground');
    }
  }

  private restartTimer(): void {
    clearInterval(this.refreshTimer);
    this.refreshTimer = setInterval(() => void this.open('background'), this.settings.refreshMinutes * 60_000);
  }

  private scheduleOpen(ms: number): void {
    this.openLater.trigger(() => void this.open('background'), ms);
  }

  /**
   * Opens (or refreshes) today's queries (the date may have moved on since the last time, which
   * makes them new queries): the cached reports at once, the focused SubIDs first while nothing
   * account-wide is cached, then the account-wide ones. Resolves when the store has read them.
   */
  private async open(priority: RequestPriority): Promise<void> {
    if (this.isDisposed) {
      return;
    }
    try {
      const opened = this.reports.store();
      if (opened === undefined) {
        this.close();
        return;
      }
      const watched = this.watchFor(opened);
      const { store, queries } = watched;
      await Promise.all(watchedQueries(watched).map((query) => store.loadCached(query)));
      this.rebuild();
      if (queries !== undefined && store.state(queries.clicks)?.report === undefined) {
        await this.readFocus(watched, priority);
      }
      this.failures.note(await readFigures(watched, priority, this.settings.refreshMinutes));
    } catch (error) {
      this.failures.once('unexpected', `Figures: reading them failed: ${messageOf(error)}`);
    }
  }

  /** Reads the focused SubIDs first, as fresh as the figures' read at `priority` asks. */
  private readFocus(watched: Watched, priority: RequestPriority): Promise<void> {
    return readFocus(watched, this.focusSubIds, {
      priority,
      refreshMinutes: this.settings.refreshMinutes,
      log: this.log,
    });
  }

  /** The watched store and queries for today, watched anew when the store, the period or the day changed. */
  private watchFor(store: ReportStore, today = localToday()): Watched {
    const { days, enabled } = this.settings;
    const platformId = this.reports.platformId;
    if (this.watched !== undefined && stillWatches(this.watched, store, { days, enabled, today, platformId })) {
      return this.watched;
    }
    this.unwatch();
    this.watched = watchFigures(
      store,
      { days, enabled, today, platformId },
      {
        changed: () => {
          this.rebuildLater.trigger(() => this.rebuild());
        },
        waiting: (wait) => {
          if (wait?.until !== this.waitValue?.until || wait?.reason !== this.waitValue?.reason) {
            this.waitValue = wait;
            this.changed.fire();
          }
        },
      },
    );
    return this.watched;
  }

  /** Today's clicks and the aggregate from the reports the store has now: account-wide, or the focused SubIDs' until then. */
  private rebuild(): void {
    const watched = this.watched;
    if (watched === undefined || this.isDisposed) {
      return;
    }
    const read = figuresFromStore(watched);
    const todayChanged =
      read.today?.clicks !== this.todayValue?.clicks ||
      read.today?.state.status !== this.todayValue?.state.status ||
      read.today?.state.asOf !== this.todayValue?.state.asOf;
    this.todayValue = read.today;
    if (read.today?.state.status === 'ready') {
      this.waitValue = undefined;
    }
    const sameStatus = read.status.at === this.status.at && read.status.offline === this.status.offline;
    this.status = read.status;
    if (read.newReports && read.build !== undefined) {
      const started = performance.now();
      this.current = read.build();
      watched.builtFrom = read.reports;
      this.log.debug(
        `Figures: the aggregate of ${this.current.period.from}..${this.current.period.to} built from ${read.source} in ${(performance.now() - started).toFixed(1)} ms.`,
      );
    }
    if (read.newReports || !sameStatus || todayChanged) {
      this.changed.fire();
    }
  }

  /** Lets the reports go and forgets the aggregate (no key, other connection, disabled, other period). */
  private close(): void {
    this.unwatch();
    this.rebuildLater.cancel();
    const had = this.current !== undefined || this.status.at !== undefined || this.todayValue !== undefined;
    this.current = undefined;
    this.todayValue = undefined;
    this.waitValue = undefined;
    this.status = { at: undefined, offline: false };
    if (had && !this.isDisposed) {
      this.changed.fire();
    }
  }

  private unwatch(): void {
    this.watched?.subscriptions.forEach((subscription) => subscription.dispose());
    this.watched = undefined;
  }
}
