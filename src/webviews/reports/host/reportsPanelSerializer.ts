/**
 * Brings the report panel back after VS Code reloads: VS Code keeps the panel's tab and the
 * state its webview saved (`setState`), activates the extension (`onWebviewPanel:` event) and
 * hands both over here. The panel checks the state like any message; a bad one gives the
 * default view.
 */
import type * as vscode from 'vscode';
import type { ReportsPanels } from './reportsPanels';

export class ReportsPanelSerializer implements vscode.WebviewPanelSerializer<unknown> {
  constructor(private readonly panels: ReportsPanels) {}

  deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    return this.panels.restore(panel, state);
  }
}
