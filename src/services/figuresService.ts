/**
 * The figures of the figures period (`affiliateLinks.figures.*`): one aggregate by SubID and
 * merchant that every lens, the status bar and the Merchants tree read. One way only: it asks
 * the report store (`ReportService.store()`) to open three queries — the period's clicks, the
 * previous period's clicks and the period's actions, all unfiltered — holds them, and builds
 * the aggregate (in the lazily loaded reports bundle) when the store says they changed. It
 * never fetches itself and never shows a notification: a refused key is the key flow's
 * business, and each kind of failure is logged once until a refresh succeeds. Offline, the
 * cached aggregate stays, marked offline.
 *
 * Nothing runs at activation: `start()` is called a few seconds later, or by the first lens
 * asked for. Then the queries are refreshed every `refreshMinutes` and by `refresh()`.
 */
import * as vscode from 'vscode';
import { httpStatusOf, serviceErrorKind } from '../api/errors';
import { messageOf } from '../common/errorMessage';
import { Disposable, type IDisposable } from '../common/lifecycle';
import { SETTINGS } from '../ids';
import type { FiguresAggregate, ReportState, ReportStore, StoreQuery } from '../reports/index';
import type { CatalogController } from './catalogController';
import { presetOfDays, readFiguresSettings, type FiguresDays } from './figuresSettings';
import { localToday, type ReportService } from './reportService';
import type { ReportsLoader } from './reportsLoader';

/** After a change in the store, before the aggregate is built again (a refresh fires several). */
const REBUILD_DELAY_MS = 200;
/** After the connection changed, before the new store's figures are opened. */
const AFTER_STORE_CHANGE_MS = 1_000;

interface Watched {
  store: ReportStore;
  days: FiguresDays;
  queries: { clicks: StoreQuery<'clicks'>; previous: StoreQuery<'clicks'>; actions: StoreQuery<'actions'> };
  keys: Set<string>;
  subscriptions: IDisposable[];
  /** The report objects the aggregate was built from: a state change that keeps them needs no rebuild. */
  builtFrom: unknown[];
}

export class FiguresService extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when the aggregate changed (loaded, refreshed, closed) or where it stands did. */
  readonly onDidChange = this.changed.event;
  private current: FiguresAggregate | undefined;
  private status: { at: string | undefined; offline: boolean } = { at: undefined, offline: false };
  private watched: Watched | undefined;
  private started = false;
  private generation = 0;
  private settings = readFiguresSettings();
  private rebuildTimer: ReturnType<typeof setTimeout> | undefined;
  private openTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshTimer: ReturnType<typeof setInterval> | undefined;
  /** Kinds of failure logged since the last successful refresh. */
  private readonly logged = new Set<string>();

  constructor(
    private readonly reports: ReportService,
    private readonly loader: ReportsLoader,
    private readonly controller: CatalogController,
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
      controller.onDidChangeState(() => {
        if (this.controller.keyContext !== 'set') {
          this.close();
        }
      }),
    );
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if ([SETTINGS.figuresEnabled, SETTINGS.figuresPeriod, SETTINGS.figuresRefreshMinutes].some((setting) => event.affectsConfiguration(setting))) {
          this.settings = readFiguresSettings();
          this.close();
          if (this.started) {
            this.restartTimer();
            void this.open();
          }
        }
      }),
    );
    this._register({
      dispose: () => {
        clearTimeout(this.rebuildTimer);
        clearTimeout(this.openTimer);
        clearInterval(this.refreshTimer);
        this.unwatch();
      },
    });
  }

  /** The aggregate of the figures period; undefined with no key, when disabled, or before the first load. */
  get aggregate(): FiguresAggregate | undefined {
    return this.current;
  }

  /** ISO time the figures are up to date as of, and whether they come from the cache while offline. */
  get asOf(): { at: string | undefined; offline: boolean } {
    return this.status;
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
    void this.open();
  }

  /** Starts in `ms` unless something started it before. */
  startLater(ms: number): void {
    const timer = setTimeout(() => this.start(), ms);
    this._register({ dispose: () => clearTimeout(timer) });
  }

  /** Reads the figures again (the Refresh Figures command; on its own every `refreshMinutes`). */
  refresh(): Promise<void> {
    this.started = true;
    this.restartTimer();
    return this.open();
  }

  private restartTimer(): void {
    clearInterval(this.refreshTimer);
    this.refreshTimer = setInterval(() => void this.open(), this.settings.refreshMinutes * 60_000);
  }

  private scheduleOpen(ms: number): void {
    clearTimeout(this.openTimer);
    this.openTimer = setTimeout(() => void this.open(), ms);
  }

  /**
   * Opens (or refreshes) the three queries of today's figures period; the date may have moved
   * on since the last time, which makes them new queries. Resolves when the store has
   * refreshed them, whatever the outcome.
   */
  private async open(): Promise<void> {
    if (this.isDisposed) {
      return;
    }
    if (!this.settings.enabled || this.controller.keyContext !== 'set') {
      this.close();
      return;
    }
    const generation = ++this.generation;
    try {
      const opened = await this.reports.storeWithModule();
      if (generation !== this.generation || this.isDisposed) {
        return;
      }
      if (opened === undefined) {
        this.close();
        return;
      }
      const { store, reports } = opened;
      const days = this.settings.days;
      const period = reports.presetPeriod(presetOfDays(days), localToday());
      const queries = {
        clicks: { kind: 'clicks' as const, period, filters: {} },
        previous: { kind: 'clicks' as const, period: reports.previousPeriod(period), filters: {} },
        actions: { kind: 'actions' as const, period, filters: {} },
      };
      const keys = new Set(Object.values(queries).map((query) => reports.queryKey(query)));
      if (this.watched?.store !== store || this.watched.days !== days || ![...keys].every((key) => this.watched!.keys.has(key))) {
        this.watch(store, days, queries, keys);
      }
      this.rebuild();
      const states = await Promise.all([store.open(queries.clicks), store.open(queries.previous), store.open(queries.actions)]);
      this.noteOutcome(states);
    } catch (error) {
      this.logOnce('unexpected', `Figures: reading them failed: ${messageOf(error)}`);
    }
  }

  private watch(store: ReportStore, days: FiguresDays, queries: Watched['queries'], keys: Set<string>): void {
    this.unwatch();
    const subscriptions = [store.hold(queries.clicks), store.hold(queries.previous), store.hold(queries.actions)];
    subscriptions.push(
      store.onDidChange((state) => {
        if (this.watched?.store === store && keys.has(state.key)) {
          clearTimeout(this.rebuildTimer);
          this.rebuildTimer = setTimeout(() => this.rebuild(), REBUILD_DELAY_MS);
        }
      }),
    );
    this.watched = { store, days, queries, keys, subscriptions, builtFrom: [] };
  }

  /** Builds the aggregate from the reports the store has now (the cached ones first). */
  private rebuild(): void {
    const watched = this.watched;
    if (watched === undefined || this.isDisposed) {
      return;
    }
    const { store, queries, days } = watched;
    const clicks = store.state(queries.clicks);
    const previous = store.state(queries.previous);
    const actions = store.state(queries.actions);
    const states: Array<ReportState | undefined> = [clicks, previous, actions];
    const status = {
      at: clicks?.asOf,
      offline: states.some((state) => state?.status === 'offline'),
    };
    const reports = states.map((state) => state?.report);
    const sameReports = reports.every((report, index) => report === watched.builtFrom[index]);
    const sameStatus = status.at === this.status.at && status.offline === this.status.offline;
    if (sameReports && sameStatus) {
      return;
    }
    this.status = status;
    if (!sameReports && clicks?.report !== undefined) {
      const module = this.loader.load();
      void module.then((loaded) => {
        if (this.watched !== watched || this.isDisposed) {
          return;
        }
        const started = performance.now();
        this.current = loaded.buildFiguresAggregate({
          period: queries.clicks.period,
          previousPeriod: queries.previous.period,
          days,
          clicks: clicks.report!.windows.flatMap((window) => window.items),
          previousClicks: previous?.report?.windows.flatMap((window) => window.items) ?? [],
          actions: actions?.report?.windows.flatMap((window) => window.items) ?? [],
        });
        watched.builtFrom = reports;
        this.log.debug(`Figures: the aggregate of ${queries.clicks.period.from}..${queries.clicks.period.to} built in ${(performance.now() - started).toFixed(1)} ms.`);
        this.changed.fire();
      }, (error: unknown) => this.logOnce('unexpected', `Figures: loading the reports failed: ${messageOf(error)}`));
      return;
    }
    this.changed.fire();
  }

  /** Logs each kind of failure once until a refresh succeeds; never a notification. */
  private noteOutcome(states: ReportState[]): void {
    const failures = states.filter((state) => state.status === 'failed' || state.status === 'offline');
    if (failures.length === 0) {
      this.logged.clear();
      return;
    }
    for (const state of failures) {
      const kind = state.status === 'offline' ? 'offline' : `${serviceErrorKind(state.error) ?? state.error?.name ?? 'failed'} ${httpStatusOf(state.error) ?? ''}`;
      this.logOnce(kind, `Figures: the ${state.query.kind} report of ${state.query.period.from}..${state.query.period.to} could not be refreshed (${messageOf(state.error)}); ${state.report ? 'the cached figures stay' : 'no figures are shown'}.`);
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
    this.generation++;
    this.unwatch();
    clearTimeout(this.rebuildTimer);
    const had = this.current !== undefined || this.status.at !== undefined;
    this.current = undefined;
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
