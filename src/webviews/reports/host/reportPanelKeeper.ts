/**
 * The one report panel: Show Reports opens it or brings it forward, a lens opens it on a panel state,
 * and the serializer hands over a panel VS Code restored.
 */
import * as vscode from 'vscode';
import { Disposable, MutableDisposable } from '../../../common/lifecycle';
import { localToday } from '../../../controllers/reportController';
import { STATE_KEYS, WEBVIEWS } from '../../../ids';
import { defaultPanelState } from '../../../reports/model/reportVocabulary';
import type { PanelState } from '../../../reports/panel/protocol';
import { parsePanelState } from './messageValidation';
import { ReportPanel, type ReportPanelDeps } from './reportPanel';

/** Sees each webview panel before a report panel takes it over (the test adapter wraps its webview). */
export type PanelWatcher = (panel: vscode.WebviewPanel) => void;

export class ReportPanelKeeper extends Disposable {
  private readonly opened = this._register(new MutableDisposable<ReportPanel>());

  constructor(
    private readonly deps: ReportPanelDeps,
    /** The workspace's state: a new panel opens on the panel state the last one showed. */
    private readonly memory: vscode.Memento,
    private readonly watch?: PanelWatcher,
  ) {
    super();
  }

  get current(): ReportPanel | undefined {
    return this.opened.value;
  }

  /** Brings the panel forward, or opens it in the active editor group. */
  show(): void {
    if (this.opened.value) {
      this.opened.value.reveal();
      return;
    }
    // The panel state the last panel showed (checked again like any restored state).
    // It opens on the workspace's platform (All platforms is one choice away in its filter).
    const last = this.memory.get<unknown>(STATE_KEYS.reportsPanelState);
    this.restore(
      vscode.window.createWebviewPanel(WEBVIEWS.reports, vscode.l10n.t('Reports'), vscode.ViewColumn.Active),
      last,
      this.deps.reports.platformId,
    );
  }

  /**
   * Shows `state` (the figures' lenses ask for a SubID's clicks over their period): a new panel
   * opens on it; an open one is replaced in its column by a panel showing it. The next panel
   * opened by Show Reports starts from it too.
   */
  showWith(state: PanelState): void {
    void this.memory.update(STATE_KEYS.reportsPanelState, state);
    if (this.isDisposed) {
      return;
    }
    const column = this.opened.value?.panel.viewColumn ?? vscode.ViewColumn.Active;
    this.restore(vscode.window.createWebviewPanel(WEBVIEWS.reports, vscode.l10n.t('Reports'), column), state);
  }

  /**
   * Makes `panel` the one panel, showing `state` once checked (the default state when it is
   * missing or refused), filtered to `platformId` when given; a panel open before is closed.
   */
  restore(panel: vscode.WebviewPanel, state: unknown, platformId?: string): void {
    if (this.isDisposed) {
      return;
    }
    const parsed = parsePanelState(state, localToday());
    if (!parsed.ok && state !== undefined && state !== null) {
      this.deps.log.warn(
        `Report panel: the restored panel state was refused (${parsed.reason}); showing the default state.`,
      );
    }
    this.opened.clear();
    const shown = parsed.ok ? parsed.value : defaultPanelState();
    const onPlatform =
      platformId === undefined ? shown : { ...shown, filters: { ...shown.filters, adspaceId: platformId } };
    this.watch?.(panel);
    const opened = new ReportPanel(panel, this.deps, onPlatform);
    this.opened.value = opened;
    const remembering = opened.onDidAskState((asked) => void this.memory.update(STATE_KEYS.reportsPanelState, asked));
    opened.onDidDispose(() => {
      remembering.dispose();
      this.opened.forget(opened);
    });
  }
}
