/**
 * One open report panel: its webview, its one session (connected again to each new store), and
 * what the host does for each message the webview sends. Every message is told apart in one place
 * (`dispatch`) and handed to the session or done here, with plain functions for the effects: a
 * message passes this class and the session at most, and what the session reads for it (its reads,
 * its aggregates or its table). The unit test `the report panel's messages` keeps it so.
 */
import * as vscode from 'vscode';
import { messageOf } from '../../../common/errorMessage';
import { LatestWins } from '../../../common/latestWins';
import { Disposable, toDisposable } from '../../../common/lifecycle';
import type { CatalogController } from '../../../controllers/catalogController';
import { localToday, type ReportController } from '../../../controllers/reportController';
import { readReportSettings } from '../../../settings/reportSettings';
import type { WorkspaceKeys } from '../../../controllers/workspaceKeys';
import { COMMANDS, SETTINGS } from '../../../ids';
import { merchantKeyOfId } from '../../../merchant/merchantKey';
import { ReportPanelSession, type PanelReports } from '../../../reports/panel/reportPanelSession';
import type {
  HostRowAction,
  HostToWebview,
  PanelError,
  PanelSnapshot,
  PanelState,
  RowsParams,
  WebviewToHost,
} from '../../../reports/panel/protocol';
import { parseWebviewMessage } from './messageValidation';
import { needsAccountKeyError, noKeyError } from './noReports';
import { runPanelAction } from './panelActions';
import { firstReportLine, reportPanelHtml, reportPanelOptions, type PanelTiming } from './panelWebview';
import { exportTable } from './reportExport';
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
  private readonly stateAsked = this._register(new vscode.EventEmitter<PanelState>());
  private readonly closed = this._register(new vscode.EventEmitter<void>());
  /** Each panel state the webview asks for (the keeper opens the next panel on it). */
  readonly onDidAskState = this.stateAsked.event;
  readonly onDidDispose = this.closed.event;
  private readonly timing: PanelTiming = { opened: performance.now(), reported: false };

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
          this.answerRows(message.id, message.params);
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
        await exportTable(message.type, message.selectionId, this.session, this.deps.log, (notice) =>
          this.post({ type: 'notice', message: notice }),
        );
        return;
      case 'action':
        if (message.action === 'retry') {
          this.refresh();
        } else {
          await runPanelAction(message.action);
        }
        return;
      case 'rowAction':
        await this.runOnRow(message.selectionId, message.key, message.action);
        return;
      case 'problem':
        this.deps.log.warn(`Report panel (webview): ${message.message}`);
        return;
    }
  }

  /** Replies to a rows request: the rows, or why not (the selection changed meanwhile: the webview asks again). */
  private answerRows(id: number, params: RowsParams): void {
    try {
      this.post({ type: 'reply', id, method: 'rows', ok: true, result: this.session.rows(params) });
    } catch (error) {
      if (!(error instanceof RangeError)) {
        this.deps.log.error(`Report panel: reading rows ${params.offset}–${params.offset + params.count} failed: ${messageOf(error)}`);
      }
      this.post({ type: 'reply', id, ok: false, error: messageOf(error) });
    }
  }

  /** A row's action, when the selection's table has that row and offers it there: the webview asks for nothing the table does not offer. */
  private async runOnRow(selectionId: number, key: string, action: HostRowAction): Promise<void> {
    if (!this.session.offers(selectionId, key, action)) {
      this.deps.log.warn(`Report panel: refused a ${action} for a row the table of selection ${selectionId} does not offer it on.`);
      this.post({ type: 'notice', message: vscode.l10n.t('That row is not in the table any more.') });
    } else if (action === 'openSubIdFile') {
      await this.subIdFiles.open(key);
    } else {
      // The Merchants view shows it: the panel does not import views.
      await vscode.commands.executeCommand(COMMANDS.revealMerchant, key);
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

  private post(message: HostToWebview): void {
    const firstReport = firstReportLine(this.timing, message, performance.now());
    if (firstReport !== undefined) {
      this.deps.log.info(firstReport);
    }
    // A hidden webview drops messages (false): it says `ready` when shown again and gets a fresh snapshot.
    void this.panel.webview
      .postMessage(message)
      .then(undefined, (error: unknown) =>
        this.deps.log.debug(`Report panel: a message to the webview was not delivered: ${messageOf(error)}`),
      );
  }
}
