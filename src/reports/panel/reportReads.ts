/**
 * The panel session's reads in one report store (one key and address): the reports the current
 * selection opened, its own first, a read under way joined rather than asked again, what no
 * selection needs aborted, and the store's holds on what it shows.
 */
import type { ClientLogger } from '../../api/types';
import { messageOf } from '../../common/errorMessage';
import { Disposable, toDisposable, type IDisposable } from '../../common/lifecycle';
import {
  queryKey,
  type OpenOptions,
  type ReportProgress,
  type ReportState,
  type ReportStore,
  type StoreQuery,
} from '../store/reportStore';
import { storeQueries, type ReportSelection, type SelectionStates } from './reportSelection';

export type PanelStore = Pick<ReportStore, 'open' | 'state' | 'choices' | 'hold' | 'onDidChange' | 'onDidProgress'>;

/** Where the session reads its reports: the store of the current key and address, and how it counts days. */
export interface PanelReports {
  store: PanelStore;
  /** The setting affiliateLinks.reports.provisionalDays. */
  provisionalDays: number;
  /** The key the reports are asked with (what a 401 or 403 means depends on it); an account key when not said. */
  askedWith?: { keyKind: 'account' | 'platform'; opensReports: boolean | undefined };
}

/** A selection's own report read this recently (by the figures, say) is shown as it is. */
const CURRENT_FRESH_MS = 60_000;
/** The reports a selection compares with (the previous period, EPC's), as fresh as the figures keep them. */
const COMPARED_FRESH_MS = 15 * 60_000;

/** A report opened for the current selection: its abort switch, and whether the store is still reading it. */
interface Load {
  controller: AbortController;
  running: boolean;
  done: Promise<void>;
}

export class ReportReads extends Disposable {
  readonly store: PanelStore;
  private readonly loads = new Map<string, Load>();
  private selection: ReportSelection | undefined;
  /** Keys of the store queries the current selection reads (its snapshot changes when any of them does). */
  private keys = new Set<string>();
  /** The store's holds on the current selection's reports. */
  private holds: IDisposable[] = [];

  /** `on`: the store's changes and progress, heard until disposal. */
  constructor(
    reports: PanelReports,
    private readonly logger: ClientLogger,
    on: { change(state: ReportState): void; progress(progress: ReportProgress): void },
  ) {
    super();
    this.store = reports.store;
    this._register(this.store.onDidChange((state) => on.change(state)));
    this._register(this.store.onDidProgress((progress) => on.progress(progress)));
    this._register(toDisposable(() => this.abortAll()));
    this._register(toDisposable(() => this.holds.forEach((hold) => hold.dispose())));
  }

  /** Whether a change of this store query changes the current selection's snapshot. */
  concerns(key: string): boolean {
    return this.keys.has(key);
  }

  /** Makes `selection` the current one: the store holds its reports, and the reads only others needed are aborted. */
  select(selection: ReportSelection): void {
    this.selection = selection;
    const queries = storeQueries(selection);
    this.keys = new Set(queries.map(queryKey));
    // The store keeps what the selection shows in memory however many other reports it reads meanwhile.
    const holds = queries.map((query) => this.store.hold(query));
    this.holds.forEach((hold) => hold.dispose());
    this.holds = holds;
    for (const [key, load] of this.loads) {
      if (!this.keys.has(key)) {
        load.controller.abort();
        this.loads.delete(key);
      }
    }
  }

  /**
   * Opens the selection's own report, then (once it has settled) the reports its figures compare
   * with. `again`: open those already opened again too (a refresh), unless being read.
   */
  load(selection: ReportSelection, again = false): void {
    if (!selection.plan.ok) {
      return;
    }
    const { current, previous, other } = selection.plan.queries;
    // The selection's own report for the person looking at it; the figures it compares with follow, in the background.
    // A report read moments ago (by the figures, say) is shown as it is; Refresh reads it again.
    void this.ensure(current, again, { priority: 'interactive', freshForMs: again ? 0 : CURRENT_FRESH_MS }).then(() => {
      // After a refusal (key, platform, query) the others would be refused alike; offline, they still show their caches.
      const refused = this.store.state(current)?.status === 'failed';
      if (this.selection === selection && !selection.stopped && !this.isDisposed && !refused) {
        void this.ensure(previous, again, { priority: 'background', freshForMs: again ? 0 : COMPARED_FRESH_MS });
        void this.ensure(other, again, { priority: 'background', freshForMs: again ? 0 : COMPARED_FRESH_MS });
      }
    });
  }

  /** Aborts the current selection's reads. */
  cancel(): void {
    for (const key of this.keys) {
      this.loads.get(key)?.controller.abort();
      this.loads.delete(key);
    }
  }

  /** The store's states of the selection's queries, as they stand. */
  statesOf(selection: ReportSelection): SelectionStates {
    if (!selection.plan.ok) {
      return { current: undefined, previous: undefined, other: undefined, choices: undefined };
    }
    const { current, previous, other, unfiltered } = selection.plan.queries;
    return {
      current: this.store.state(current),
      previous: this.store.state(previous),
      other: this.store.state(other),
      choices: this.store.choices(unfiltered) ?? this.store.choices(current),
    };
  }

  private ensure(query: StoreQuery, again: boolean, how: Pick<OpenOptions, 'priority' | 'freshForMs'>): Promise<void> {
    const key = queryKey(query);
    const prior = this.loads.get(key);
    // The store lets go of reports past its few in memory: one it no longer holds is opened again (from its cache file).
    const held = this.store.state(query) !== undefined;
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
      .catch((error: unknown) => this.logger.error(`The ${query.kind} report could not be opened: ${messageOf(error)}`))
      .finally(() => {
        load.running = false;
      });
    return load.done;
  }

  /** Whether the store is still reading the query for this load (a refresh then joins it rather than asking again). */
  private beingRead(query: StoreQuery, load: Load): boolean {
    const status = this.store.state(query)?.status;
    return load.running && (status === undefined || status === 'loading' || status === 'refreshing');
  }

  /**
   * Opens the query in the store. The store joins a refresh already running for it; when that
   * refresh was stopped by an earlier selection (the person switched away and straight back), it
   * ends as 'loading' though this selection did not stop it: then the query is opened once more.
   */
  private async openInStore(query: StoreQuery, options: OpenOptions & { signal: AbortSignal }): Promise<void> {
    const { signal } = options;
    for (let attempt = 0; attempt < 2; attempt++) {
      const state: ReportState = await this.store.open(query, options);
      if (state.status !== 'loading' || signal.aborted || this.isDisposed) {
        return;
      }
    }
  }

  private abortAll(): void {
    for (const load of this.loads.values()) {
      load.controller.abort();
    }
    this.loads.clear();
  }
}
