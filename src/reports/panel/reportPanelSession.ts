/**
 * The report panel's session, free of vscode, one per panel for its whole life: it numbers the
 * selections the webview makes (selection ids), reads their reports from the store it is connected
 * to (`ReportReads`), and turns the store's states into snapshots (`selectionSnapshot`) and rows of the
 * current table. The host hands it every message that needs the reports; it answers from its own state.
 */
import * as l10n from '@vscode/l10n';
import type { ClientLogger } from '../../api/types';
import { Emitter, type Event } from '../../common/emitter';
import { messageOf } from '../../common/errorMessage';
import { Disposable, MutableDisposable, toDisposable } from '../../common/lifecycle';
import { PANEL_LIMITS } from '../model/reportVocabulary';
import type {
  HostRowAction,
  PanelError,
  PanelSnapshot,
  PanelState,
  RowsParams,
  RowsResult,
} from './protocol';
import { DEFAULT_PROVISIONAL_DAYS } from '../model/reportDays';
import { queryKey, type ReportState } from '../store/reportStore';
import { groupingsOf } from './panelQueries';
import type { TableContext } from './panelTable';
import { ReportAggregates, validProvisionalDays } from './reportAggregates';
import { ReportReads, type PanelReports } from './reportReads';
import { newSelection, selectionSnapshot, type ReportSelection, type SelectionDeps } from './reportSelection';
import type { ExportTable } from './tableExport';

export type { PanelReports, PanelStore } from './reportReads';

export interface PanelSessionOptions extends Partial<PanelReports> {
  /** The local calendar date, YYYY-MM-DD (presets and provisional days count from it). */
  today(): string;
  /** The catalog's name of a merchant id, when the catalog has it (merchant rows are labelled with it). */
  merchantName?(merchantId: string): string | undefined;
  /** True when the workspace has a file named after this SubID (then SubID rows offer 'openSubIdFile'). */
  hasSubIdFile?(subId: string): boolean;
  logger: ClientLogger;
}

export interface PanelProgress {
  selectionId: number;
  received: number;
  total: number | null;
  /** While the read waits for the service's rate limit: until when (epoch ms), and why. */
  wait?: { until: number; reason: 'window' | 'refused' };
  remainingMs?: number;
}

export class ReportPanelSession extends Disposable {
  private readonly snapshots: Emitter<PanelSnapshot>;
  private readonly progress: Emitter<PanelProgress>;
  /** The store read from, and how its reports are aggregated; undefined while there is none (`unavailable` says why, when known). */
  private readonly readsNow = this._register(new MutableDisposable<ReportReads>());
  private deps: SelectionDeps | undefined;
  private readonly context: TableContext;
  private unavailable: PanelError | undefined;
  private selection: ReportSelection | undefined;
  private latest: PanelSnapshot | undefined;
  /** The one counter of selection ids: they only grow, whichever store the selections read. */
  private lastSelectionId = 0;
  /** While select opens reports: the store's synchronous events are folded into the snapshot it returns. */
  private selecting = false;

  /** Each new snapshot of the current selection (its report loaded, refreshed, failed, ...). */
  readonly onDidSnapshot: Event<PanelSnapshot>;
  /** Progress of the current selection's full reads. */
  readonly onDidProgress: Event<PanelProgress>;

  constructor(private readonly options: PanelSessionOptions) {
    super();
    const onListenerError = (error: unknown) =>
      options.logger.error(`A report panel listener failed: ${messageOf(error)}`);
    this.snapshots = this._register(new Emitter<PanelSnapshot>(onListenerError));
    this.progress = this._register(new Emitter<PanelProgress>(onListenerError));
    this.onDidSnapshot = this.snapshots.event;
    this.onDidProgress = this.progress.event;
    this.context = {
      merchantName: (id) => options.merchantName?.(id),
      hasSubIdFile: (subId) => options.hasSubIdFile?.(subId) ?? false,
    };
    this._register(toDisposable(() => this.disconnect()));
    if (options.store !== undefined) {
      const { store, provisionalDays = DEFAULT_PROVISIONAL_DAYS, askedWith } = options;
      this.attach({ store, provisionalDays, askedWith });
    }
  }

  /** Whether the session knows where its reports come from: a store, or why there is none. */
  get connected(): boolean {
    return this.readsNow.value !== undefined || this.unavailable !== undefined;
  }

  /** Whether the session reads a store (else a refresh has nothing to read again). */
  get reading(): boolean {
    return this.readsNow.value !== undefined;
  }

  /**
   * Reads from `reports` from now on (another key or address, other provisional days), or, given
   * an error, says it for every selection until the next connect (no key opens the reports). Returns
   * the snapshot of `state` as a new selection.
   */
  connect(reports: PanelReports | PanelError, state: PanelState): PanelSnapshot {
    this.disconnect();
    if ('store' in reports) {
      this.attach(reports);
    } else {
      this.unavailable = reports;
    }
    return this.select(state);
  }

  /** Stops reading the store (its reads aborted, its holds let go) until the next connect; a selection made meanwhile shows as loading. */
  disconnect(): void {
    this.readsNow.clear();
    this.deps = undefined;
    this.unavailable = undefined;
  }

  /** Selects a (validated) panel state: returns its first snapshot at once, opens its reports, and fires further snapshots as they change. A new selectionId each call. */
  select(state: PanelState): PanelSnapshot {
    const selectionId = ++this.lastSelectionId;
    const reads = this.readsNow.value;
    const deps = this.deps;
    if (reads === undefined || deps === undefined) {
      // No store: the reason when there is one (no key), else loading until the store is there.
      this.selection = undefined;
      this.latest = {
        selectionId,
        state,
        status: this.unavailable ? 'failed' : 'loading',
        ...(this.unavailable ? { error: this.unavailable } : {}),
        groupings: [],
        filterOptions: { platforms: [], programs: [], subIds: [], truncated: false },
      };
      return this.latest;
    }
    const selection = newSelection(selectionId, state, this.options.today());
    this.selection = selection;
    reads.select(selection);
    this.selecting = true;
    try {
      reads.load(selection);
    } finally {
      this.selecting = false;
    }
    return this.publish(reads, deps, selection, false);
  }

  /** Refreshes the current selection's reports (the refresh button, Retry); reports being read go on. */
  refresh(): void {
    const selection = this.selection;
    if (selection === undefined || !selection.plan.ok || this.readsNow.value === undefined) {
      return;
    }
    selection.stopped = false;
    this.readsNow.value.load(selection, true);
  }

  /** Aborts the current selection's requests; what is shown stays. */
  cancel(): void {
    if (this.selection === undefined) {
      return;
    }
    this.selection.stopped = true;
    this.readsNow.value?.cancel();
  }

  current(): PanelSnapshot | undefined {
    return this.latest;
  }

  /** Rows of the current table. Throws RangeError for a selectionId that is not current, or a bad range. */
  rows(params: RowsParams): RowsResult {
    const selection = this.currentSelection(params?.selectionId);
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
    const table = selection.shown?.table;
    return {
      selectionId: selection.selectionId,
      offset,
      rows: table === undefined ? [] : table.rows(selection.state.sort, offset, count),
    };
  }

  /** Every row of the current table (grouping, filters and sort applied), for Export CSV / Copy Table. Throws RangeError for a stale selectionId. */
  exportTable(selectionId: number): ExportTable {
    const selection = this.currentSelection(selectionId);
    return selection.shown?.table.export(selection.state.sort) ?? { columns: [], rows: [], totals: null };
  }

  /** True when the selection is the current one and its table has a row for `key` that offers `action`: the webview asks for nothing the table does not offer. */
  offers(selectionId: number, key: string, action: HostRowAction): boolean {
    const shown = this.latest;
    const rowCount = shown?.selectionId === selectionId ? (shown.table?.rowCount ?? 0) : 0;
    for (let offset = 0; offset < rowCount; offset += PANEL_LIMITS.maxRows) {
      const { rows } = this.rows({ selectionId, offset, count: Math.min(PANEL_LIMITS.maxRows, rowCount - offset) });
      if (rows.some((row) => row.key === key && row.actions.includes(action))) {
        return true;
      }
    }
    return false;
  }

  private currentSelection(selectionId: unknown): ReportSelection {
    const selection = this.selection;
    if (selection === undefined || selectionId !== selection.selectionId) {
      // The webview may show this text (a rows reply's error, in the grid): its words stay as they were.
      throw new RangeError(
        `view ${String(selectionId)} is not the panel's current view (${selection === undefined ? 'none yet' : selection.selectionId})`,
      );
    }
    return selection;
  }

  private attach(reports: PanelReports): void {
    const reads: ReportReads = new ReportReads(reports, this.options.logger, {
      change: (state) => this.storeChanged(reads, state),
      progress: ({ key, received, total, wait, remainingMs }) => {
        const selection = this.selection;
        if (this.readsNow.value === reads && selection?.plan.ok && key === queryKey(selection.plan.queries.current)) {
          this.progress.fire({
            selectionId: selection.selectionId,
            received,
            total: total ?? null,
            ...(wait ? { wait } : {}),
            ...(remainingMs !== undefined ? { remainingMs } : {}),
          });
        }
      },
    });
    this.readsNow.value = reads;
    const aggregates = new ReportAggregates(validProvisionalDays(reports.provisionalDays, this.options.logger));
    this.deps = { aggregates, context: this.context, askedWith: reports.askedWith };
  }

  private storeChanged(reads: ReportReads, state: ReportState): void {
    const { selection, deps } = this;
    if (
      selection !== undefined &&
      deps !== undefined &&
      this.readsNow.value === reads &&
      !this.selecting &&
      !this.isDisposed &&
      reads.concerns(state.key)
    ) {
      this.publish(reads, deps, selection, true);
    }
  }

  private publish(reads: ReportReads, deps: SelectionDeps, selection: ReportSelection, fire: boolean): PanelSnapshot {
    let snapshot: PanelSnapshot;
    try {
      snapshot = selectionSnapshot(selection, reads.statesOf(selection), deps);
    } catch (error) {
      // A bug here must not leave the panel without an answer: say so, and keep the details in the log.
      this.options.logger.error(
        `The report panel could not show the report: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      snapshot = {
        selectionId: selection.selectionId,
        state: selection.state,
        status: 'failed',
        groupings: groupingsOf(selection.state.tab),
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
}
