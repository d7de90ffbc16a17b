/**
 * Brings the report panel back after VS Code reloads: VS Code keeps the panel's tab and the
 * state its webview saved, activates the extension and hands both over here; the keeper checks
 * the state like any message (a bad one gives the default state).
 */
import type * as vscode from 'vscode';
import type { ReportPanelKeeper } from './reportPanelKeeper';

export class ReportPanelSerializer implements vscode.WebviewPanelSerializer<unknown> {
  constructor(private readonly keeper: ReportPanelKeeper) {}

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    this.keeper.restore(panel, state);
  }
}
