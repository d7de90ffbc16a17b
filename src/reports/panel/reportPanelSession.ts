/**
 * The report panel's session, free of vscode: the host passes each view state the webview
 * asks for, and the session opens the reports that view needs in the store, turns the store's
 * states into snapshots (summary, chart, table shape) and pages rows out of the current table.
 *
 * A view needs its own report first; the previous period's report (the change figures) and
 * the other kind's report (EPC) are opened once it has settled, so they never slow it down.
 * A report opened for one view is not opened again by the next view that needs it (changing
 * the grouping or the sort sends no request); one no longer needed is aborted.
 */
import * as l10n from '@vscode/l10n';
import type { ClientLogger } from '../../api/types';
import { Emitter, type Event } from '../../common/emitter';
import { messageOf } from '../../common/errorMessage';
import { Disposable, toDisposable, type IDisposable } from '../../common/lifecycle';
import { PANEL_LIMITS } from '../../webviews/reports/panelVocabulary';
import type { PanelSnapshot, PanelViewState, RowsParams, RowsResult } from '../../webviews/reports/protocol';
import { DEFAULT_PROVISIONAL_DAYS } from '../model/reportDays';
import { queryKey, type OpenOptions, type ReportState, type ReportStore, type StoreQuery } from '../store/reportStore';
import { groupingsOf } from './panelQueries';
import { PanelView, type ViewStates } from './panelView';
import { ReportAggregates } from './reportAggregates';
import type { ExportTable } from './tableExport';

export interface PanelSessionOptions {
  store: Pick<ReportStore, 'open' | 'state' | 'choices' | 'hold' | 'onDidChange' | 'onDidProgress'>;
  /** The local calendar date, YYYY-MM-DD (presets and provisional days count from it). */
  today(): string;
  /** The setting affiliateLinks.reports.provisionalDays. */
  provisionalDays: number;
  /** The catalog's name of a merchant id, when the catalog has it (merchant rows are labelled with it). */
  merchantName?(merchantId: string): string | undefined;
  /** True when the workspace has a file named after this SubID (then SubID rows offer 'openSubIdFile'). */
  hasSubIdFile?(subId: string): boolean;
  /** The key the reports are asked with (what a 401 or 403 means depends on it); an account key when not said. */
  askedWith?: { keyKind: 'account' | 'platform'; opensReports: boolean | undefined };
  logger: ClientLogger;
}

/** A view's own report read this recently (by the figures, say) is shown as it is. */
const CURRENT_FRESH_MS = 60_000;
/** The reports a view compares with (the previous period, EPC's), as fresh as the figures keep them. */
const COMPARED_FRESH_MS = 15 * 60_000;

export interface PanelProgress {
  viewId: number;
  received: number;
  total: number | null;
  /** While the read waits for the service's rate limit: until when (epoch ms), and why. */
  wait?: { until: number; reason: 'window' | 'refused' };
  remainingMs?: number;
}

/** A report opened for the current view: its abort switch, and whether the store is still reading it. */
interface Load {
  controller: AbortController;
  running: boolean;
  done: Promise<void>;
}

export class ReportPanelSession extends Disposable {
  private readonly snapshots: Emitter<PanelSnapshot>;
  private readonly progress: Emitter<PanelProgress>;
  private readonly aggregates: ReportAggregates;
  private readonly loads = new Map<string, Load>();
  private view: PanelView | undefined;
  /** Keys of the store queries the current view reads (its snapshot changes when any of them does). */
  private viewKeys = new Set<string>();
  private latest: PanelSnapshot | undefined;
  private lastViewId = 0;
  /** While setView opens reports: the store's synchronous events are folded into the snapshot it returns. */
  private settingView = false;
  /** The store's holds on the current view's reports. */
  private holds: IDisposable[] = [];

  /** Each new snapshot of the current view (its report loaded, refreshed, failed, ...). */
  readonly onDidSnapshot: Event<PanelSnapshot>;
  /** Progress of the current view's full reads. */
  readonly onDidProgress: Event<PanelProgress>;

  constructor(private readonly options: PanelSessionOptions) {
    super();
    const onListenerError = (error: unknown) =>
      options.logger.error(`A report panel listener failed: ${messageOf(error)}`);
    this.snapshots = this._register(new Emitter<PanelSnapshot>(onListenerError));
    this.progress = this._register(new Emitter<PanelProgress>(onListenerError));
    this.onDidSnapshot = this.snapshots.event;
    this.onDidProgress = this.progress.event;
    this.aggregates = new ReportAggregates(validProvisionalDays(options));
    this._register(options.store.onDidChange((state) => this.storeChanged(state)));
    this._register(
      options.store.onDidProgress(({ key, received, total, wait, remainingMs }) => {
        const view = this.view;
        if (view?.plan.ok && key === queryKey(view.plan.queries.current)) {
          this.progress.fire({
            viewId: view.viewId,
            received,
            total: total ?? null,
            ...(wait ? { wait } : {}),
            ...(remainingMs !== undefined ? { remainingMs } : {}),
          });
        }
      }),
    );
    this._register(toDisposable(() => this.abortAll()));
    this._register(toDisposable(() => this.holds.forEach((hold) => hold.dispose())));
  }

  /** Shows a (validated) view state: returns its first snapshot at once, opens its reports, and fires further snapshots as they change. A new viewId each call. */
  setView(state: PanelViewState): PanelSnapshot {
    const view = new PanelView(++this.lastViewId, state, this.options.today(), {
      aggregates: this.aggregates,
      context: {
        merchantName: (id) => this.options.merchantName?.(id),
        hasSubIdFile: (subId) => this.options.hasSubIdFile?.(subId) ?? false,
      },
      askedWith: this.options.askedWith,
    });
    this.view = view;
    this.viewKeys = new Set(view.storeQueries().map(queryKey));
    // The store keeps what the view shows in memory however many other reports it reads meanwhile.
    const holds = view.storeQueries().map((query) => this.options.store.hold(query));
    this.holds.forEach((hold) => hold.dispose());
    this.holds = holds;
    for (const [key, load] of this.loads) {
      if (!this.viewKeys.has(key)) {
        load.controller.abort();
        this.loads.delete(key);
      }
    }
    this.settingView = true;
    try {
      this.load(view);
    } finally {
      this.settingView = false;
    }
    return this.publish(view, false);
  }

  /** Refreshes the current view's reports (the refresh button, Retry); reports being read go on. */
  refresh(): void {
    const view = this.view;
    if (view === undefined || !view.plan.ok) {
      return;
    }
    view.stopped = false;
    this.load(view, true);
  }

  /** Aborts the current view's requests; what is shown stays. */
  cancel(): void {
    const view = this.view;
    if (view === undefined) {
      return;
    }
    view.stopped = true;
    for (const key of this.viewKeys) {
      this.loads.get(key)?.controller.abort();
      this.loads.delete(key);
    }
  }

  current(): PanelSnapshot | undefined {
    return this.latest;
  }

  /** Rows of the current table. Throws RangeError for a viewId that is not current, or a bad range. */
  rows(params: RowsParams): RowsResult {
    const view = this.currentView(params?.viewId);
    const { offset, count } = params;
    if (
      !Number.isSafeInteger(offset) ||
      offset < 0 ||
      !Number.isSafeInteger(count) ||
      count < 0 ||
      count > PANEL_LIMITS.maxRows
    ) {
      throw new RangeError(
        `rows needs a whole offset of 0 or more and a whole count from 0 to ${PANEL_LIMITS.maxRows}; got offset ${String(offset)}, count ${String(count)}`,
      );
    }
    const table = view.table;
    return { viewId: view.viewId, offset, rows: table === undefined ? [] : table.rows(view.state.sort, offset, count) };
  }

  /** Every row of the current table (grouping, filters and sort applied), for Export CSV / Copy Table. Throws RangeError for a stale viewId. */
  exportTable(viewId: number): ExportTable {
    const view = this.currentView(viewId);
    return view.table?.export(view.state.sort) ?? { columns: [], rows: [], totals: null };
  }

  private currentView(viewId: unknown): PanelView {
    const view = this.view;
    if (view === undefined || viewId !== view.viewId) {
      throw new RangeError(
        `view ${String(viewId)} is not the panel's current view (${view === undefined ? 'none yet' : view.viewId})`,
      );
    }
    return view;
  }

  /**
   * Opens the view's own report, then (once it has settled) the reports its figures compare
   * with. `again`: open those already opened again too (a refresh), unless being read.
   */
  private load(view: PanelView, again = false): void {
    if (!view.plan.ok) {
      return;
    }
    const { current, previous, other } = view.plan.queries;
    // The view's own report for the person looking at it; the figures it compares with follow, in the background.
    // A report read moments ago (by the figures, say) is shown as it is; Refresh reads it again.
    void this.ensure(current, again, { priority: 'interactive', freshForMs: again ? 0 : CURRENT_FRESH_MS }).then(() => {
      // After a refusal (key, platform, query) the others would be refused alike; offline, they still show their caches.
      const refused = this.options.store.state(current)?.status === 'failed';
      if (this.view === view && !view.stopped && !this.isDisposed && !refused) {
        void this.ensure(previous, again, { priority: 'background', freshForMs: again ? 0 : COMPARED_FRESH_MS });
        void this.ensure(other, again, { priority: 'background', freshForMs: again ? 0 : COMPARED_FRESH_MS });
      }
    });
  }

  private ensure(query: StoreQuery, again: boolean, how: Pick<OpenOptions, 'priority' | 'freshForMs'>): Promise<void> {
    const key = queryKey(query);
    const prior = this.loads.get(key);
    // The store lets go of reports past its few in memory: one it no longer holds is opened again (from its cache file).
    const held = this.options.store.state(query) !== undefined;
    if (prior !== undefined && (held || prior.running) && (!again || this.beingRead(query, prior))) {
      return prior.done;
    }
    const controller = new AbortController();
    const load: Load = { controller, running: true, done: Promise.resolve() };
    this.loads.set(key, load);
    const open = () =>
      controller.signal.aborted ? Promise.resolve() : this.openInStore(query, { ...how, signal: controller.signal });
    // The store joins an open it has not finished (its state may already say failed): wait for its end, or this open would join it.
    load.done = (prior === undefined ? open() : prior.done.then(open))
      .catch((error: unknown) =>
        this.options.logger.error(`The ${query.kind} report could not be opened: ${messageOf(error)}`),
      )
      .finally(() => {
        load.running = false;
      });
    return load.done;
  }

  /** Whether the store is still reading the query for this load (a refresh then joins it rather than asking again). */
  private beingRead(query: StoreQuery, load: Load): boolean {
    const status = this.options.store.state(query)?.status;
    return load.running && (status === undefined || status === 'loading' || status === 'refreshing');
  }

  /**
   * Opens the query in the store. The store joins a refresh already running for it; when that
   * refresh was stopped by an earlier view (the person switched away and straight back), it
   * ends as 'loading' though this view did not stop it: then the query is opened once more.
   */
  private async openInStore(query: StoreQuery, options: OpenOptions & { signal: AbortSignal }): Promise<void> {
    const { signal } = options;
    for (let attempt = 0; attempt < 2; attempt++) {
      const state = await this.options.store.open(query, options);
      if (state.status !== 'loading' || signal.aborted || this.isDisposed) {
        return;
      }
    }
  }

  private storeChanged(state: ReportState): void {
    const view = this.view;
    if (view !== undefined && !this.settingView && !this.isDisposed && this.viewKeys.has(state.key)) {
      this.publish(view, true);
    }
  }

  private publish(view: PanelView, fire: boolean): PanelSnapshot {
    let snapshot: PanelSnapshot;
    try {
      snapshot = view.snapshot(this.statesOf(view));
    } catch (error) {
      // A bug here must not leave the panel without an answer: say so, and keep the details in the log.
      this.options.logger.error(
        `The report panel could not show the report: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      snapshot = {
        viewId: view.viewId,
        state: view.state,
        status: 'failed',
        groupings: groupingsOf(view.state.tab),
        filterOptions: { platforms: [], programs: [], subIds: [], truncated: false },
        error: {
          kind: 'other',
          message: l10n.t(
            'The report could not be shown because of an error in the extension. The log has the details.',
          ),
          actions: ['showLog'],
        },
      };
    }
    this.latest = snapshot;
    if (fire) {
      this.snapshots.fire(snapshot);
    }
    return snapshot;
  }

  private statesOf(view: PanelView): ViewStates {
    if (!view.plan.ok) {
      return { current: undefined, previous: undefined, other: undefined, choices: undefined };
    }
    const { store } = this.options;
    const { current, previous, other, unfiltered } = view.plan.queries;
    return {
      current: store.state(current),
      previous: store.state(previous),
      other: store.state(other),
      choices: store.choices(unfiltered) ?? store.choices(current),
    };
  }

  private abortAll(): void {
    for (const load of this.loads.values()) {
      load.controller.abort();
    }
    this.loads.clear();
  }
}

function validProvisionalDays(options: PanelSessionOptions): number {
  const days = options.provisionalDays;
  if (Number.isInteger(days) && days >= 0) {
    return days;
  }
  options.logger.warn(
    `The setting of provisional days must be a whole number, 0 or more; got ${String(days)}. Using ${DEFAULT_PROVISIONAL_DAYS}.`,
  );
  return DEFAULT_PROVISIONAL_DAYS;
}
