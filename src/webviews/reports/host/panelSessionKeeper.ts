/**
 * The report panel's session (`ReportPanelSession`, from the lazily loaded reports bundle) for
 * the current connection. It is made once the report store is there, and made again when the
 * store changes (another key or service address) or the provisional days setting does; with no
 * key, the host's own "set your key" snapshot stands in for it.
 *
 * View ids only grow, across sessions too: each session numbers its views from its own start,
 * so the keeper adds an offset (`base`) to what a session says and takes it off what the webview
 * asks, and a webview that ignores snapshots older than the one it shows never misses a new one.
 */
import * as vscode from 'vscode';
import { messageOf } from '../../../common/errorMessage';
import { LatestWins } from '../../../common/latestWins';
import { Disposable, toDisposable, type IDisposable } from '../../../common/lifecycle';
import { SETTINGS } from '../../../ids';
import { merchantKeyOfId } from '../../../merchant/merchantKey';
import type { ExportTable, PanelProgress, ReportPanelSession } from '../../../reports/index';
import type { CatalogController } from '../../../services/catalogController';
import { localToday, readReportSettings, type ReportService } from '../../../services/reportService';
import type { ReportsLoader, ReportsModule } from '../../../services/reportsLoader';
import { PANEL_LIMITS } from '../panelVocabulary';
import type { HostRowAction, PanelSnapshot, PanelViewState, RowsParams, RowsResult } from '../protocol';
import { loadFailedSnapshot, needsAccountKeySnapshot, noKeySnapshot } from './hostSnapshots';
import type { SubIdFiles } from './subIdFiles';

export interface PanelSessionDeps {
  reports: ReportService;
  loader: ReportsLoader;
  controller: CatalogController;
  subIdFiles: SubIdFiles;
  log: vscode.LogOutputChannel;
}

interface LiveSession {
  session: ReportPanelSession;
  module: ReportsModule;
  /** Added to the session's view ids: the host's id of its view `n` is `base + n`. */
  base: number;
  listeners: IDisposable[];
}

export class PanelSessionKeeper extends Disposable {
  private live: LiveSession | undefined;
  /** A start that finds a later one begun gives up. */
  private readonly starts = this._register(new LatestWins());
  private nextViewId = 1;
  private shown: PanelSnapshot | undefined;
  private viewState: PanelViewState;
  private readonly snapshots = this._register(new vscode.EventEmitter<PanelSnapshot>());
  private readonly progress = this._register(new vscode.EventEmitter<PanelProgress>());
  /** Every snapshot to show, with the host's view ids. */
  readonly onDidSnapshot = this.snapshots.event;
  readonly onDidProgress = this.progress.event;

  constructor(
    private readonly deps: PanelSessionDeps,
    initial: PanelViewState,
  ) {
    super();
    this.viewState = initial;
    this._register(deps.reports.onDidChangeStore(() => void this.start()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SETTINGS.reportsProvisionalDays)) {
          void this.start();
        }
      }),
    );
    this._register(toDisposable(() => this.stop()));
    void this.start();
  }

  get state(): PanelViewState {
    return this.viewState;
  }

  /** The snapshot shown last; undefined until the first one. */
  current(): PanelSnapshot | undefined {
    return this.shown;
  }

  /** Shows a view state (checked by the caller); its snapshot follows through `onDidSnapshot`. */
  show(state: PanelViewState): void {
    this.viewState = state;
    const live = this.live;
    if (live) {
      this.emit(this.fromSession(live, live.session.setView(state)));
    } else if (this.shown?.error?.kind === 'noKey' || this.shown?.error?.kind === 'needsAccountKey') {
      this.emit(this.keylessSnapshot(state));
    }
    // Otherwise the session is being made and shows `viewState` when it is there.
  }

  /** Sends the current snapshot again (a webview that restarted asks with `ready`). */
  resend(): void {
    if (this.shown) {
      this.snapshots.fire(this.shown);
    }
  }

  /** Refreshes the current view; with no session (loading the reports failed), tries to make one again. */
  refresh(): void {
    if (this.live) {
      this.live.session.refresh();
    } else {
      void this.start();
    }
  }

  cancel(): void {
    this.live?.session.cancel();
  }

  /** Rows of the current table. Throws RangeError for a view that is not the current one, or a bad range. */
  rows(params: RowsParams): RowsResult {
    const live = this.liveFor(params.viewId);
    const result = live.session.rows({ ...params, viewId: params.viewId - live.base });
    return { ...result, viewId: result.viewId + live.base };
  }

  /** The whole current table and the bundle's formats. Throws RangeError for a stale view. */
  exportTable(viewId: number): {
    table: ExportTable;
    toCsv(table: ExportTable): string;
    toTsv(table: ExportTable): string;
  } {
    const live = this.liveFor(viewId);
    const table = live.session.exportTable(viewId - live.base);
    return { table, toCsv: live.module.toCsv, toTsv: live.module.toTsv };
  }

  /** True when the view's table has a row for `key` that offers `action`: the webview asks for nothing the table does not offer. */
  offers(viewId: number, key: string, action: HostRowAction): boolean {
    const rowCount = this.shown?.viewId === viewId ? (this.shown.table?.rowCount ?? 0) : 0;
    for (let offset = 0; offset < rowCount; offset += PANEL_LIMITS.maxRows) {
      const { rows } = this.rows({ viewId, offset, count: Math.min(PANEL_LIMITS.maxRows, rowCount - offset) });
      if (rows.some((row) => row.key === key && row.actions.includes(action))) {
        return true;
      }
    }
    return false;
  }

  private liveFor(viewId: number): LiveSession {
    const live = this.live;
    if (!live || viewId < live.base) {
      // The webview may show it ("Some rows could not be read: …") when its rows were asked for a view replaced meanwhile.
      throw new RangeError(vscode.l10n.t('View {0} is not shown any more.', viewId));
    }
    return live;
  }

  private fromSession(live: LiveSession, snapshot: PanelSnapshot): PanelSnapshot {
    return { ...snapshot, viewId: snapshot.viewId + live.base };
  }

  private emit(snapshot: PanelSnapshot): void {
    this.nextViewId = Math.max(this.nextViewId, snapshot.viewId + 1);
    this.shown = snapshot;
    this.snapshots.fire(snapshot);
  }

  private stop(): void {
    const live = this.live;
    this.live = undefined;
    if (live) {
      live.listeners.forEach((listener) => listener.dispose());
      live.session.dispose();
    }
  }

  private async start(): Promise<void> {
    const turn = this.starts.next();
    this.stop();
    const stale = (): boolean => !turn.isCurrent;
    try {
      const store = await this.deps.reports.store();
      if (stale()) {
        return;
      }
      if (store === undefined) {
        // No key opens the reports: a key's arrival (the store changes) starts again.
        this.emit(this.keylessSnapshot(this.viewState));
        return;
      }
      const module = await this.deps.loader.load();
      if (stale()) {
        return;
      }
      const session = new module.ReportPanelSession({
        store,
        today: () => localToday(),
        provisionalDays: readReportSettings().provisionalDays,
        merchantName: (merchantId) => this.merchantName(merchantId),
        hasSubIdFile: (subId) => this.deps.subIdFiles.has(subId),
        askedWith: this.deps.reports.connection,
        logger: this.deps.log,
      });
      const live: LiveSession = { session, module, base: this.nextViewId, listeners: [] };
      live.listeners.push(
        session.onDidSnapshot((snapshot) => {
          if (this.live === live) {
            this.emit(this.fromSession(live, snapshot));
          }
        }),
        session.onDidProgress((progress) => {
          if (this.live === live) {
            this.progress.fire({ ...progress, viewId: progress.viewId + live.base });
          }
        }),
      );
      this.live = live;
      this.emit(this.fromSession(live, session.setView(this.viewState)));
      // The first report does not wait for the workspace's file list: SubID rows offer "Open
      // file" once it is there, by showing the view again.
      void this.deps.subIdFiles.ready.then(() => {
        if (this.live === live && this.viewState.groupBy === 'subId') {
          this.show(this.viewState);
        }
      });
    } catch (error) {
      if (stale()) {
        return;
      }
      this.deps.log.error(
        `Report panel: opening the reports failed: ${messageOf(error)}${error instanceof Error && error.stack ? `\n${error.stack}` : ''}`,
      );
      this.emit(loadFailedSnapshot(this.nextViewId, this.viewState, messageOf(error)));
    }
  }

  /** The catalog's name of a merchant id, for merchant rows; undefined when the catalog does not have it. */
  /** What the panel says while no key opens the reports: set one, or (a platform key set) add the account key. */
  private keylessSnapshot(state: PanelViewState): PanelSnapshot {
    return this.deps.controller.keyContext === 'set'
      ? needsAccountKeySnapshot(this.nextViewId, state)
      : noKeySnapshot(this.nextViewId, state);
  }

  private merchantName(merchantId: string): string | undefined {
    const id = Number(merchantId);
    if (!/^\d{1,15}$/.test(merchantId) || !Number.isSafeInteger(id)) {
      return undefined;
    }
    return this.deps.controller.store?.snapshot.merchants.get(merchantKeyOfId(id))?.name;
  }
}
