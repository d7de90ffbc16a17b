/**
 * One open report panel: its webview, the session behind it, and what the host does for each
 * message the webview sends. Every message is checked first (`messageValidation.ts`); a refused
 * one is logged by its reason and ignored. Whatever goes wrong while handling a message is
 * logged in full, told to the person with what to do, and never thrown out of the handler.
 *
 * The panel keeps no context when hidden (no `retainContextWhenHidden`): a webview shown again
 * starts from the state it saved and says `ready`, which is answered with a fresh snapshot.
 */
import * as vscode from 'vscode';
import { messageOf } from '../../../common/errorMessage';
import { Disposable, toDisposable } from '../../../common/lifecycle';
import { COMMANDS } from '../../../ids';
import type { CatalogController } from '../../../services/catalogController';
import { localToday, type ReportService } from '../../../services/reportService';
import type { ReportsLoader } from '../../../services/reportsLoader';
import type { MerchantView } from '../../../views/merchantView';
import type { HostToWebview, PanelSnapshot, PanelViewState, WebviewToHost } from '../protocol';
import { openKeyHelp } from '../../../services/keyPrompts';
import type { PANEL_ACTIONS } from '../panelVocabulary';
import { parseWebviewMessage } from './messageValidation';
import { reportsPanelHtml, reportsPanelOptions } from './panelWebview';
import { PanelSessionKeeper } from './panelSessionKeeper';
import { ReportExport } from './reportExport';
import { ReportRowActions } from './reportRowActions';
import { SubIdFiles } from './subIdFiles';

export interface ReportsPanelDeps {
  extensionUri: vscode.Uri;
  reports: ReportService;
  loader: ReportsLoader;
  controller: CatalogController;
  merchants: MerchantView;
  log: vscode.LogOutputChannel;
}

/** Where a message came from: the webview, or the integration tests' hook (same handler). */
export type MessageSource = 'webview' | 'test';

export class ReportsPanel extends Disposable {
  private readonly keeper: PanelSessionKeeper;
  private readonly exporter: ReportExport;
  private readonly rowActions: ReportRowActions;
  private readonly posted = this._register(new vscode.EventEmitter<HostToWebview>());
  private readonly received = this._register(
    new vscode.EventEmitter<{ message: WebviewToHost; from: MessageSource }>(),
  );
  private readonly refused = this._register(new vscode.EventEmitter<{ reason: string; from: MessageSource }>());
  private readonly closed = this._register(new vscode.EventEmitter<void>());
  /** Every message the host posts to the webview (tests follow the round trip with it). */
  readonly onDidPost = this.posted.event;
  /** Every accepted message, after its check. */
  readonly onDidReceive = this.received.event;
  /** Every refused message's reason (tests check that the real webview sends none). */
  readonly onDidRefuse = this.refused.event;
  readonly onDidDispose = this.closed.event;
  private readonly timing: { opened: number; ready?: number; reported: boolean } = {
    opened: performance.now(),
    reported: false,
  };

  /** Takes over `panel` (new, or restored by the serializer) and shows `state` in it. */
  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly deps: ReportsPanelDeps,
    state: PanelViewState,
  ) {
    super();
    const log = deps.log;
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'affiliate-links.svg');
    panel.webview.options = reportsPanelOptions(deps.extensionUri);
    const subIdFiles = this._register(new SubIdFiles(log));
    this.keeper = this._register(
      new PanelSessionKeeper(
        { reports: deps.reports, loader: deps.loader, controller: deps.controller, subIdFiles, log },
        state,
      ),
    );
    this.exporter = new ReportExport(log);
    this.rowActions = new ReportRowActions(deps.controller, deps.merchants, subIdFiles);
    this._register(this.keeper.onDidSnapshot((snapshot) => this.post({ type: 'snapshot', snapshot })));
    this._register(
      this.keeper.onDidProgress(({ wait, ...progress }) =>
        // The webview's clock may be another machine's (VS Code for the Web): a wait goes as a duration.
        this.post({
          type: 'progress',
          ...progress,
          ...(wait ? { wait: { inMs: Math.max(0, wait.until - Date.now()), reason: wait.reason } } : {}),
        }),
      ),
    );
    this._register(panel.webview.onDidReceiveMessage((raw: unknown) => this.handle(raw, 'webview')));
    // Closing the panel disposes it; disposing it (extension shutdown) closes the panel.
    this._register(panel.onDidDispose(() => this.dispose()));
    this._register(toDisposable(() => panel.dispose()));
    this._register(toDisposable(() => this.closed.fire()));
    panel.webview.html = reportsPanelHtml(panel.webview, deps.extensionUri);
  }

  /** The snapshot the webview was last sent. */
  snapshot(): PanelSnapshot | undefined {
    return this.keeper.current();
  }

  get state(): PanelViewState {
    return this.keeper.state;
  }

  reveal(): void {
    this.panel.reveal();
  }

  /**
   * Checks and handles one message: the webview's, or one the tests post through the same path.
   * Resolves when it is handled; never rejects.
   */
  async handle(raw: unknown, from: MessageSource): Promise<void> {
    const parsed = parseWebviewMessage(raw, localToday());
    if (!parsed.ok) {
      this.deps.log.warn(
        `Report panel: refused a message from the ${from === 'webview' ? 'webview' : 'test hook'}: ${parsed.reason}`,
      );
      this.refused.fire({ reason: parsed.reason, from });
      return;
    }
    const message = parsed.message;
    this.received.fire({ message, from });
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

  /** Logs once how long the panel took to show its first report, and how much of it was the webview starting. */
  private noteFirstReport(message: HostToWebview): void {
    if (
      this.timing.reported ||
      message.type !== 'snapshot' ||
      message.snapshot.summary === undefined ||
      this.timing.ready === undefined
    ) {
      return;
    }
    this.timing.reported = true;
    const since = (at: number) => (at - this.timing.opened).toFixed(0);
    this.deps.log.info(
      `Report panel: first report sent ${since(performance.now())} ms after the panel opened (the webview was ready after ${since(this.timing.ready)} ms).`,
    );
  }

  private async dispatch(message: WebviewToHost): Promise<void> {
    switch (message.type) {
      case 'ready': {
        this.timing.ready ??= performance.now();
        const state = message.state ?? this.keeper.state;
        const shown = this.keeper.current();
        // Both states come from the validator or the session, keys in the same order: JSON compares them.
        if (shown !== undefined && JSON.stringify(shown.state) === JSON.stringify(state)) {
          this.keeper.resend();
        } else {
          this.keeper.show(state);
        }
        return;
      }
      case 'setView':
        this.keeper.show(message.state);
        return;
      case 'request':
        this.answerRows(message.id, message.params);
        return;
      case 'refresh':
        this.keeper.refresh();
        return;
      case 'cancel':
        this.keeper.cancel();
        return;
      case 'exportCsv':
      case 'copyTable':
        await this.exportTable(message.type, message.viewId);
        return;
      case 'action':
        await this.runAction(message.action);
        return;
      case 'rowAction':
        if (!this.keeper.offers(message.viewId, message.key, message.action)) {
          this.deps.log.warn(
            `Report panel: refused a ${message.action} for a row the table of view ${message.viewId} does not offer it on.`,
          );
          this.post({ type: 'notice', message: vscode.l10n.t('That row is not in the table any more.') });
          return;
        }
        await this.rowActions.run(message.action, message.key);
        return;
      case 'problem':
        this.deps.log.warn(`Report panel (webview): ${message.message}`);
        return;
    }
  }

  private answerRows(id: number, params: { viewId: number; offset: number; count: number }): void {
    try {
      this.post({ type: 'reply', id, method: 'rows', ok: true, result: this.keeper.rows(params) });
    } catch (error) {
      // A RangeError is expected (the view changed while the request was on its way): the webview asks again.
      if (!(error instanceof RangeError)) {
        this.deps.log.error(
          `Report panel: reading rows ${params.offset}–${params.offset + params.count} failed: ${messageOf(error)}`,
        );
      }
      this.post({ type: 'reply', id, ok: false, error: messageOf(error) });
    }
  }

  private async exportTable(kind: 'exportCsv' | 'copyTable', viewId: number): Promise<void> {
    let exported: ReturnType<PanelSessionKeeper['exportTable']>;
    try {
      exported = this.keeper.exportTable(viewId);
    } catch (error) {
      if (!(error instanceof RangeError)) {
        throw error;
      }
      this.post({ type: 'notice', message: vscode.l10n.t('The table changed meanwhile: try again.') });
      return;
    }
    const { table } = exported;
    if (kind === 'copyTable') {
      this.post({ type: 'notice', message: await this.exporter.copyTable(exported.toTsv(table), table.rows.length) });
      return;
    }
    const snapshot = this.keeper.current();
    await this.exporter.exportCsv(exported.toCsv(table), table.rows.length, snapshot ?? { state: this.keeper.state });
  }

  private async runAction(action: (typeof PANEL_ACTIONS)[number]): Promise<void> {
    switch (action) {
      case 'setApiKey':
        await vscode.commands.executeCommand(COMMANDS.setApiKey);
        return;
      case 'addAccountKey':
        await vscode.commands.executeCommand(COMMANDS.setApiKey, undefined, 'account');
        return;
      case 'keyHelp':
        await openKeyHelp();
        return;
      case 'retry':
        this.keeper.refresh();
        return;
      case 'showLog':
        await vscode.commands.executeCommand(COMMANDS.showLog);
        return;
    }
  }

  private post(message: HostToWebview): void {
    this.noteFirstReport(message);
    this.posted.fire(message);
    // A hidden webview drops messages (false): it says `ready` when shown again and gets a fresh snapshot.
    void this.panel.webview
      .postMessage(message)
      .then(undefined, (error: unknown) =>
        this.deps.log.debug(`Report panel: a message to the webview was not delivered: ${messageOf(error)}`),
      );
  }
}
