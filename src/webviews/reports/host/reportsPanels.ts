/**
 * One report panel at a time: Show Reports opens it or brings it forward, and the serializer
 * hands over a panel VS Code restored after a reload. The panel's code is loaded on first use
 * (`ReportsPanelLoader`); this file, in the activation bundle, takes only its types. Also what
 * the integration tests reach the panel through (`AffiliateLinksApi.reportsPanel`).
 */
import * as vscode from 'vscode';
import { messageOf } from '../../../common/errorMessage';
import { Disposable, toDisposable } from '../../../common/lifecycle';
import { STATE_KEYS, WEBVIEWS } from '../../../ids';
import { localToday } from '../../../services/reportService';
import type { HostToWebview, PanelSnapshot, PanelViewState, WebviewToHost } from '../protocol';
import type { MessageSource, ReportsPanel, ReportsPanelDeps } from './index';
import type { ReportsPanelLoader, ReportsPanelModule } from './reportsPanelLoader';

/** The panel as the integration tests see it. */
export interface ReportsPanelTestApi {
  /** The open panel's webview panel, if one is open. */
  webviewPanel(): vscode.WebviewPanel | undefined;
  /** The snapshot the open panel's webview was last sent. */
  snapshot(): PanelSnapshot | undefined;
  /** Runs a message through the handler the webview's messages go through; resolves when handled. */
  postToHost(message: unknown): Promise<void>;
  /** What the open panel (and the next ones) post to the webview. */
  readonly onDidPost: vscode.Event<HostToWebview>;
  /** What the open panel (and the next ones) accept, and where it came from. */
  readonly onDidReceive: vscode.Event<{ message: WebviewToHost; from: MessageSource }>;
  /** The reasons of the messages the open panel (and the next ones) refused. */
  readonly onDidRefuse: vscode.Event<{ reason: string; from: MessageSource }>;
  /** The serializer registered for the panel's view type. */
  readonly serializer: vscode.WebviewPanelSerializer<unknown>;
  /** Opens the panel, or brings it forward; resolves when its host side is running. */
  show(): Promise<void>;
}

export class ReportsPanels extends Disposable {
  private open: ReportsPanel | undefined;
  private opening: Promise<void> | undefined;
  private readonly posted = this._register(new vscode.EventEmitter<HostToWebview>());
  private readonly received = this._register(
    new vscode.EventEmitter<{ message: WebviewToHost; from: MessageSource }>(),
  );
  private readonly refused = this._register(new vscode.EventEmitter<{ reason: string; from: MessageSource }>());

  constructor(
    private readonly deps: ReportsPanelDeps,
    private readonly loader: ReportsPanelLoader,
    /** The workspace's state: a new panel opens on the view the last one showed. */
    private readonly memory: vscode.Memento,
  ) {
    super();
    this._register(toDisposable(() => this.open?.dispose()));
  }

  get current(): ReportsPanel | undefined {
    return this.open;
  }

  /** Brings the panel forward, or opens it in the active editor group. */
  show(): Promise<void> {
    if (this.open) {
      this.open.reveal();
      return Promise.resolve();
    }
    // A second Show Reports while the first panel's code loads waits for that panel.
    // The view the last panel showed (checked again like any restored state).
    // It opens on the workspace's platform (All platforms is one choice away in its filter).
    const last = this.memory.get<unknown>(STATE_KEYS.reportsView);
    this.opening ??= this.restore(
      vscode.window.createWebviewPanel(WEBVIEWS.reports, vscode.l10n.t('Reports'), vscode.ViewColumn.Active),
      last,
      this.deps.reports.platformId,
    ).finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  /**
   * Shows `state` (the figures' lenses ask for a SubID's clicks over their period): a new panel
   * opens on it; an open one is replaced in its column by a panel showing it. The next panel
   * opened by Show Reports starts from it too.
   */
  async showWith(state: PanelViewState): Promise<void> {
    void this.memory.update(STATE_KEYS.reportsView, state);
    await this.opening;
    if (this.isDisposed) {
      return;
    }
    const column = this.open?.panel.viewColumn ?? vscode.ViewColumn.Active;
    await this.restore(vscode.window.createWebviewPanel(WEBVIEWS.reports, vscode.l10n.t('Reports'), column), state);
  }

  /**
   * Makes `panel` the one panel, showing `state` once checked (the default view when it is
   * missing or refused), filtered to `platformId` when given; a panel open before is closed.
   * Never rejects: a failure closes the panel and says so.
   */
  async restore(panel: vscode.WebviewPanel, state: unknown, platformId?: string): Promise<void> {
    let closed = false;
    const closing = panel.onDidDispose(() => (closed = true));
    let module: ReportsPanelModule;
    try {
      module = await this.loader.load();
    } catch (error) {
      this.deps.log.error(`Report panel: loading its code failed: ${messageOf(error)}`);
      panel.dispose();
      void vscode.window
        .showErrorMessage(
          vscode.l10n.t(
            'The report panel could not be opened: {0}. Try again; the log has the details.',
            messageOf(error),
          ),
          vscode.l10n.t('Show Log'),
        )
        .then((choice) => choice && this.deps.log.show(true));
      return;
    } finally {
      closing.dispose();
    }
    if (closed || this.isDisposed) {
      return;
    }
    this.adopt(module, panel, state, platformId);
  }

  private adopt(
    module: ReportsPanelModule,
    panel: vscode.WebviewPanel,
    state: unknown,
    platformId: string | undefined,
  ): void {
    const parsed = module.parseViewState(state, localToday());
    if (!parsed.ok && state !== undefined && state !== null) {
      this.deps.log.warn(
        `Report panel: the restored view state was refused (${parsed.reason}); showing the default view.`,
      );
    }
    this.open?.dispose();
    const shown = parsed.ok ? parsed.value : module.defaultViewState();
    const onPlatform =
      platformId === undefined ? shown : { ...shown, filters: { ...shown.filters, adspaceId: platformId } };
    const opened = new module.ReportsPanel(panel, this.deps, onPlatform);
    this.open = opened;
    const forwarding = [
      opened.onDidPost((message) => this.posted.fire(message)),
      opened.onDidReceive((event) => {
        if (event.message.type === 'setView' || (event.message.type === 'ready' && event.message.state !== null)) {
          void this.memory.update(STATE_KEYS.reportsView, event.message.state);
        }
        this.received.fire(event);
      }),
      opened.onDidRefuse((event) => this.refused.fire(event)),
    ];
    opened.onDidDispose(() => {
      forwarding.forEach((listener) => listener.dispose());
      if (this.open === opened) {
        this.open = undefined;
      }
    });
  }

  testApi(serializer: vscode.WebviewPanelSerializer<unknown>): ReportsPanelTestApi {
    return {
      webviewPanel: () => this.open?.panel,
      snapshot: () => this.open?.snapshot(),
      postToHost: async (message) => {
        if (!this.open) {
          throw new Error('No report panel is open.');
        }
        await this.open.handle(message, 'test');
      },
      onDidPost: this.posted.event,
      onDidReceive: this.received.event,
      onDidRefuse: this.refused.event,
      serializer,
      show: () => this.show(),
    };
  }
}
