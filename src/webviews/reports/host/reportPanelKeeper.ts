/**
 * The one report panel: Show Reports opens it or brings it forward, a lens opens it on a view,
 * and the serializer hands over a panel VS Code restored. In the activation bundle: the panel's
 * code is loaded on first use (`ReportPanelLoader`), and only its types are imported here.
 */
import * as vscode from 'vscode';
import { messageOf } from '../../../common/errorMessage';
import { Disposable, toDisposable } from '../../../common/lifecycle';
import { localToday } from '../../../controllers/reportService';
import { STATE_KEYS, WEBVIEWS } from '../../../ids';
import type { PanelViewState } from '../protocol';
import type { ReportPanel, ReportPanelDeps } from './index';
import type { ReportPanelLoader, ReportPanelModule } from './reportPanelLoader';

/** Sees each webview panel before a report panel takes it over (the test adapter wraps its webview). */
export type PanelWatcher = (panel: vscode.WebviewPanel, module: ReportPanelModule) => void;

export class ReportPanelKeeper extends Disposable {
  private open: ReportPanel | undefined;
  private opening: Promise<void> | undefined;

  constructor(
    private readonly deps: ReportPanelDeps,
    private readonly loader: ReportPanelLoader,
    /** The workspace's state: a new panel opens on the view the last one showed. */
    private readonly memory: vscode.Memento,
    private readonly watch?: PanelWatcher,
  ) {
    super();
    this._register(toDisposable(() => this.open?.dispose()));
  }

  get current(): ReportPanel | undefined {
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
    let module: ReportPanelModule;
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
    module: ReportPanelModule,
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
    this.watch?.(panel, module);
    const opened = new module.ReportPanel(panel, this.deps, onPlatform);
    this.open = opened;
    const remembering = opened.onDidAskState((asked) => void this.memory.update(STATE_KEYS.reportsView, asked));
    opened.onDidDispose(() => {
      remembering.dispose();
      if (this.open === opened) {
        this.open = undefined;
      }
    });
  }
}
