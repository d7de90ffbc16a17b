/**
 * The figures of the figures period (`affiliateLinks.figures.*`), and the one owner of the timed
 * report reads: the lenses, the active article's status-bar figure, the Merchants tree and
 * today's clicks in the status bar all read what it holds, and nobody else reads reports on a
 * timer. One way only: it asks the report store (`ReportService`) for the figures' queries
 * (`figuresQueries.ts`), holds them, and builds one aggregate by SubID and merchant (in the
 * lazily loaded reports bundle) when the store says they changed. It never fetches itself and
 * never shows a notification: each kind of failure is logged once until a refresh succeeds.
 *
 * Requests are what a person waits for under the service's rate limit, so: cached reports show
 * at once; while nothing account-wide is cached, the active article's SubIDs are read first
 * (foreground, a page each: the service filters them) and their lens shows; the account-wide
 * reads follow in the background, each skipped while another window read it within
 * `refreshMinutes` (six hours for the previous period, which hardly changes). Refresh Figures
 * reads them at once, for a person who waits.
 */
import * as vscode from 'vscode';
import type { RequestPriority } from '../api/budget/budgetWindows';
import { httpStatusOf, serviceErrorKind } from '../api/errors';
import { messageOf } from '../common/errorMessage';
import { Delayer } from '../common/delayer';
import { LatestWins } from '../common/latestWins';
import { Disposable, toDisposable } from '../common/lifecycle';
import { SETTINGS } from '../ids';
import type { FiguresAggregate, ReportProgress, ReportState, ReportStore, StoreQuery } from '../reports/index';
import { figuresFromStore, watchFigures, type Watched } from './figuresFromStore';
import { figuresQueries, type TodayClicks } from './figuresQueries';
import { readFiguresSettings, type FiguresDays } from './figuresSettings';
import { localToday, type ReportService } from './reportService';
import type { ReportsModule } from './reportsLoader';

/** After a change in the store, before the aggregate is built again (a refresh fires several). */
const REBUILD_DELAY_MS = 200;
/** After the connection changed, before the new store's figures are opened. */
const AFTER_STORE_CHANGE_MS = 1_000;
/** How long another window's read of the previous period serves: it hardly changes. */
const PREVIOUS_FRESH_MS = 6 * 3_600_000;
/** SubIDs of the active article read first, at most. */
const FOCUS_SUBIDS = 3;

export class FiguresService extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when the aggregate, today's clicks, where they stand or their wait changed. */
  readonly onDidChange = this.changed.event;
  private current: FiguresAggregate | undefined;
  private status: { at: string | undefined; offline: boolean } = { at: undefined, offline: false };
  private todayValue: TodayClicks | undefined;
  private waitValue: ReportProgress['wait'];
  private watched: Watched | undefined;
  private started = false;
  private readonly opens = this._register(new LatestWins());
  private focusSubIds: readonly string[] = [];
  private settings = readFiguresSettings();
  private readonly rebuildLater = this._register(new Delayer(REBUILD_DELAY_MS));
  private readonly openLater = this._register(new Delayer(0));
  private readonly startDelay = this._register(new Delayer(0));
  private refreshTimer: ReturnType<typeof setInterval> | undefined;
  /** Kinds of failure logged since the last successful refresh. */
  private readonly logged = new Set<string>();

  constructor(
    private readonly reports: ReportService,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
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
      void this.readFocus(watched);
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
    if (this.reports.connection === undefined) {
      this.close();
      return;
    }
    const turn = this.opens.next();
    try {
      const opened = await this.reports.storeWithModule();
      if (!turn.isCurrent) {
        return;
      }
      if (opened === undefined) {
        this.close();
        return;
      }
      const watched = this.watchFor(opened.store, opened.reports);
      const { store, queries, todayClicks } = watched;
      const all: StoreQuery[] =
        queries === undefined ? [todayClicks] : [queries.clicks, queries.previous, queries.actions];
      await Promise.all(all.map((query) => store.loadCached(query)));
      this.rebuild();
      if (queries !== undefined && store.state(queries.clicks)?.report === undefined) {
        await this.readFocus(watched);
      }
      const person = priority === 'interactive';
      const freshForMs = person ? 0 : this.settings.refreshMinutes * 60_000;
      const states = await Promise.all(
        all.map((query) =>
          store.open(query, {
            priority,
            freshForMs: query === queries?.previous && !person ? Math.max(freshForMs, PREVIOUS_FRESH_MS) : freshForMs,
          }),
        ),
      );
      this.noteOutcome(states);
    } catch (error) {
      this.logOnce('unexpected', `Figures: reading them failed: ${messageOf(error)}`);
    }
  }

  /** Reads the focused SubIDs' three queries each (foreground: the active article is on screen). */
  private async readFocus(watched: Watched): Promise<void> {
    const fresh = this.focusSubIds.filter((subId) => !watched.focus.has(subId));
    if (watched.queries === undefined || fresh.length === 0) {
      return;
    }
    const opens: Array<Promise<ReportState>> = [];
    for (const subId of fresh) {
      const queries = figuresQueries(watched.reports, watched.days, watched.today, subId, watched.platformId);
      watched.focus.set(subId, queries);
      for (const query of [queries.clicks, queries.previous, queries.actions]) {
        watched.keys.add(watched.reports.queryKey(query));
        watched.subscriptions.push(watched.store.hold(query));
        opens.push(watched.store.open(query, { priority: 'foreground' }));
      }
    }
    this.log.debug(
      `Figures: nothing account-wide is cached yet; reading the active article's SubIDs first (${fresh.join(', ')}).`,
    );
    await Promise.all(opens);
  }

  /** The watched store and queries for today, watched anew when the store, the period or the day changed. */
  private watchFor(store: ReportStore, reports: ReportsModule, today = localToday()): Watched {
    const { days, enabled } = this.settings;
    const platformId = this.reports.platformId;
    const watched = this.watched;
    if (
      watched?.store === store &&
      watched.days === days &&
      watched.today === today &&
      watched.platformId === platformId &&
      (watched.queries !== undefined) === enabled
    ) {
      return watched;
    }
    this.unwatch();
    this.watched = watchFigures(
      store,
      reports,
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
    const sameReports =
      read.reports.length === watched.builtFrom.length &&
      read.reports.every((report, index) => report === watched.builtFrom[index]);
    const sameStatus = read.status.at === this.status.at && read.status.offline === this.status.offline;
    this.status = read.status;
    if (!sameReports && read.build !== undefined) {
      const started = performance.now();
      this.current = read.build();
      watched.builtFrom = read.reports;
      this.log.debug(
        `Figures: the aggregate of ${this.current.period.from}..${this.current.period.to} built from ${read.source} in ${(performance.now() - started).toFixed(1)} ms.`,
      );
    }
    if (!sameReports || !sameStatus || todayChanged) {
      this.changed.fire();
    }
  }

  /** Logs each kind of failure once until a refresh succeeds; never a notification. */
  private noteOutcome(states: ReportState[]): void {
    const failures = states.filter((state) => state.status === 'failed' || state.status === 'offline');
    if (failures.length === 0) {
      this.logged.clear();
      return;
    }
    for (const state of failures) {
      const kind =
        state.status === 'offline'
          ? 'offline'
          : `${serviceErrorKind(state.error) ?? state.error?.name ?? 'failed'} ${httpStatusOf(state.error) ?? ''}`;
      this.logOnce(
        kind,
        `Figures: the ${state.query.kind} report of ${state.query.period.from}..${state.query.period.to} could not be refreshed (${messageOf(state.error)}); ${state.report ? 'the cached figures stay' : 'no figures are shown'}.`,
      );
    }
  }

  private logOnce(kind: string, message: string): void {
    if (!this.logged.has(kind)) {
      this.logged.add(kind);
      this.log.warn(message);
    }
  }

  /** Lets the reports go and forgets the aggregate (no key, other connection, disabled, other period). */
  private close(): void {
    this.opens.next();
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
