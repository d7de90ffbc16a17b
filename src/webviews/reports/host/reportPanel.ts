/**
 * One open report panel: its webview, its one session (connected again to each new store), and
 * what the host does for each message the webview sends.
 */
import * as vscode from 'vscode';
import { messageOf } from '../../../common/errorMessage';
import { LatestWins } from '../../../common/latestWins';
import { Disposable, toDisposable } from '../../../common/lifecycle';
import type { CatalogController } from '../../../controllers/catalogController';
import { localToday, type ReportController } from '../../../controllers/reportController';
import { readReportSettings } from '../../../settings/reportSettings';
import type { WorkspaceKeys } from '../../../controllers/workspaceKeys';
import { SETTINGS } from '../../../ids';
import { merchantKeyOfId } from '../../../merchant/merchantKey';
import { ReportPanelSession, type PanelReports } from '../../../reports/panel/reportPanelSession';
import type { HostToWebview, PanelError, PanelSnapshot, PanelState, WebviewToHost } from '../../../reports/panel/protocol';
import { parseWebviewMessage } from './messageValidation';
import { needsAccountKeyError, noKeyError } from './noReports';
import { reportPanelHtml, reportPanelOptions } from './panelWebview';
import { ReportPanelActions } from './reportPanelActions';
import { SubIdFiles } from './subIdFiles';

export interface ReportPanelDeps {
  extensionUri: vscode.Uri;
  reports: ReportController;
  /** What keys the workspace has now: with a platform key alone, the panel asks for an account key. */
  keys: Pick<WorkspaceKeys, 'keyContext'>;
  controller: CatalogController;
  log: vscode.LogOutputChannel;
}

export class ReportPanel extends Disposable {
  private readonly session: ReportPanelSession;
  /** The panel state asked for last: the session shows it when it connects. */
  private state: PanelState;
  /** The snapshot the webview was sent last. */
  private shown: PanelSnapshot | undefined;
  /** A connect that finds a later one begun gives up. */
  private readonly connects = this._register(new LatestWins());
  private readonly subIdFiles: SubIdFiles;
  private readonly actions: ReportPanelActions;
  private readonly stateAsked = this._register(new vscode.EventEmitter<PanelState>());
  private readonly closed = this._register(new vscode.EventEmitter<void>());
  /** Each panel state the webview asks for (the keeper opens the next panel on it). */
  readonly onDidAskState = this.stateAsked.event;
  readonly onDidDispose = this.closed.event;
  private readonly timing: { opened: number; ready?: number; reported: boolean } = {
    opened: performance.now(),
    reported: false,
  };

  /** Takes over `panel` (new, or restored by the serializer) and shows `state` in it. */
  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly deps: ReportPanelDeps,
    state: PanelState,
  ) {
    super();
    this.state = state;
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'affiliate-links.svg');
    panel.webview.options = reportPanelOptions(deps.extensionUri);
    this.subIdFiles = this._register(new SubIdFiles(deps.log));
    this.actions = new ReportPanelActions(deps, this.subIdFiles, (message) => this.post(message));
    this.session = this.makeSession();
    this._register(deps.reports.onDidChangeStore(() => this.connect()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SETTINGS.reportsProvisionalDays)) {
          this.connect();
        }
      }),
    );
    this._register(panel.webview.onDidReceiveMessage((raw: unknown) => this.handle(raw)));
    // Closing the panel disposes it; disposing it (extension shutdown) closes the panel.
    this._register(panel.onDidDispose(() => this.dispose()));
    this._register(toDisposable(() => panel.dispose()));
    this._register(toDisposable(() => this.session.dispose()));
    this._register(toDisposable(() => this.closed.fire()));
    panel.webview.html = reportPanelHtml(panel.webview, deps.extensionUri);
    this.connect();
  }

  reveal(): void {
    this.panel.reveal();
  }

  /** Checks and handles one message of the webview; resolves when it is handled, never rejects. */
  private async handle(raw: unknown): Promise<void> {
    const parsed = parseWebviewMessage(raw, localToday());
    if (!parsed.ok) {
      this.deps.log.warn(`Report panel: refused a message from the webview: ${parsed.reason}`);
      return;
    }
    const message = parsed.message;
    try {
      await this.dispatch(message);
    } catch (error) {
      this.deps.log.error(
        `Report panel: handling a "${message.type}" message failed: ${messageOf(error)}${error instanceof Error && error.stack ? `\n${error.stack}` : ''}`,
      );
      void vscode.window
        .showErrorMessage(
          vscode.l10n.t('The report panel failed: {0}. Try again; the log has the details.', messageOf(error)),
          vscode.l10n.t('Show Log'),
        )
        .then((choice) => choice && this.deps.log.show(true));
    }
  }

  private async dispatch(message: WebviewToHost): Promise<void> {
    switch (message.type) {
      case 'ready': {
        this.timing.ready ??= performance.now();
        if (message.state !== null) {
          this.stateAsked.fire(message.state);
        }
        const state = message.state ?? this.state;
        // Both states come from the validator or the session, keys in the same order: JSON compares them.
        if (this.shown !== undefined && JSON.stringify(this.shown.state) === JSON.stringify(state)) {
          this.post({ type: 'snapshot', snapshot: this.shown });
        } else {
          this.showSelection(state);
        }
        return;
      }
      case 'request':
        if (message.method === 'select') {
          this.stateAsked.fire(message.params.state);
          this.post({
            type: 'reply',
            id: message.id,
            method: 'select',
            ok: true,
            result: this.select(message.params.state),
          });
        } else {
          this.actions.answerRows(message.id, message.params, this.session);
        }
        return;
      case 'refresh':
        this.refresh();
        return;
      case 'cancel':
        this.session.cancel();
        return;
      case 'exportCsv':
      case 'copyTable':
        await this.actions.exportTable(message.type, message.selectionId, this.session);
        return;
      case 'action':
        if (message.action === 'retry') {
          this.refresh();
        } else {
          await this.actions.run(message.action);
        }
        return;
      case 'rowAction':
        await this.actions.runOnRow(message, this.session);
        return;
      case 'problem':
        this.deps.log.warn(`Report panel (webview): ${message.message}`);
        return;
    }
  }

  /** Selects `state`: its first snapshot, or null while the session is not connected (it shows `state` once it is). */
  private select(state: PanelState): PanelSnapshot | null {
    this.state = state;
    if (!this.session.connected) {
      return null;
    }
    this.shown = this.session.select(state);
    return this.shown;
  }

  private showSelection(state: PanelState): void {
    const snapshot = this.select(state);
    if (snapshot !== null) {
      this.post({ type: 'snapshot', snapshot });
    }
  }

  /** Refreshes the selection; without a store to read (no key), tries to connect again. */
  private refresh(): void {
    if (this.session.reading) {
      this.session.refresh();
    } else {
      this.connect();
    }
  }

  /** Connects the session to the reports of the current key, address and settings, or says why there are none. */
  private connect(): void {
    const turn = this.connects.next();
    const store = this.deps.reports.store();
    const reports: PanelReports | PanelError =
      store === undefined
        ? this.deps.keys.keyContext === 'set'
          ? needsAccountKeyError()
          : noKeyError()
        : { store, provisionalDays: readReportSettings().provisionalDays, askedWith: this.deps.reports.connection };
    this.shown = this.session.connect(reports, this.state);
    this.post({ type: 'snapshot', snapshot: this.shown });
    if (store !== undefined) {
      // The first report does not wait for the workspace's file list: SubID rows offer "Open
      // file" once it is there, by selecting the state again.
      void this.subIdFiles.ready.then(() => {
        if (turn.isCurrent && this.state.groupBy === 'subId') {
          this.showSelection(this.state);
        }
      });
    }
  }

  private makeSession(): ReportPanelSession {
    const session = new ReportPanelSession({
      today: () => localToday(),
      merchantName: (merchantId) => this.merchantName(merchantId),
      hasSubIdFile: (subId) => this.subIdFiles.has(subId),
      logger: this.deps.log,
    });
    session.onDidSnapshot((snapshot) => {
      this.shown = snapshot;
      this.post({ type: 'snapshot', snapshot });
    });
    session.onDidProgress(({ wait, ...progress }) =>
      // The webview's clock may be another machine's (VS Code for the Web): a wait goes as a duration.
      this.post({
        type: 'progress',
        ...progress,
        ...(wait ? { wait: { inMs: Math.max(0, wait.until - Date.now()), reason: wait.reason } } : {}),
      }),
    );
    return session;
  }

  /** The catalog's name of a merchant id, for merchant rows; undefined when the catalog does not have it. */
  private merchantName(merchantId: string): string | undefined {
    const id = Number(merchantId);
    if (!/^\d{1,15}$/.test(merchantId) || !Number.isSafeInteger(id)) {
      return undefined;
    }
    return this.deps.controller.store?.snapshot.merchants.get(merchantKeyOfId(id))?.name;
  }

  /** Logs once how long the panel took to show its first report, and how much of it was the webview starting. */
  private noteFirstReport(message: HostToWebview): void {
    const snapshot =
      message.type === 'snapshot'
        ? message.snapshot
        : message.type === 'reply' && message.ok && message.method === 'select'
          ? message.result
          : null;
    if (this.timing.reported || snapshot?.summary === undefined || this.timing.ready === undefined) {
      return;
    }
    this.timing.reported = true;
    const since = (at: number) => (at - this.timing.opened).toFixed(0);
    this.deps.log.info(
      `Report panel: first report sent ${since(performance.now())} ms after the panel opened (the webview was ready after ${since(this.timing.ready)} ms).`,
    );
  }

  private post(message: HostToWebview): void {
    this.noteFirstReport(message);
    // A hidden webview drops messages (false): it says `ready` when shown again and gets a fresh snapshot.
    void this.panel.webview
      .postMessage(message)
      .then(undefined, (error: unknown) =>
        this.deps.log.debug(`Report panel: a message to the webview was not delivered: ${messageOf(error)}`),
      );
  }
}
