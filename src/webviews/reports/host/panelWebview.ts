/**
 * The report panel's webview as VS Code sees it: the folders it may load files from, its
 * options, and its page (panelHtml.ts) with the webview's addresses, VS Code's display
 * language and the extension's translations (`vscode.l10n.bundle`) filled in; and how long it took to show its first report.
 */
import * as vscode from 'vscode';
import type { HostToWebview } from '../../../reports/panel/protocol';
import { newNonce, reportPanelPage } from './panelHtml';

/** The one folder the webview may load files from: its app, styles and fonts (the tab's icon is not loaded by the page). */
export function reportPanelResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')];
}

/** The options of the panel's webview; the serializer sets them again on a restored panel. */
export function reportPanelOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: reportPanelResourceRoots(extensionUri) };
}

/** The page, with a fresh nonce. */
export function reportPanelHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  return reportPanelPage(
    {
      cspSource: webview.cspSource,
      asset: (name) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', name)).toString(),
      language: vscode.env.language,
      // As the panel's tab says (reportPanelKeeper.ts).
      title: vscode.l10n.t('Reports'),
      translations: vscode.l10n.bundle,
    },
    newNonce(),
  );
}

/** When the panel opened and its webview said ready (`performance.now()`), and whether its first report was logged. */
export interface PanelTiming {
  opened: number;
  ready?: number;
  reported: boolean;
}

/** The log's line on the first report the panel sends (`message` carries a summary), once; undefined for any other message. */
export function firstReportLine(timing: PanelTiming, message: HostToWebview, now: number): string | undefined {
  const snapshot =
    message.type === 'snapshot'
      ? message.snapshot
      : message.type === 'reply' && message.ok && message.method === 'select'
        ? message.result
        : null;
  if (timing.reported || snapshot?.summary === undefined || timing.ready === undefined) {
    return undefined;
  }
  timing.reported = true;
  const since = (at: number) => (at - timing.opened).toFixed(0);
  return `Report panel: first report sent ${since(now)} ms after the panel opened (the webview was ready after ${since(timing.ready)} ms).`;
}
