/**
 * The report panel's page and its content security policy, in one place. The page is an empty
 * shell: the app (`dist/webview/reports.js`, built from `src/webviews/reports/app/`) draws
 * everything from the messages it receives, so nothing of the key or the service's data is ever
 * written into the HTML.
 *
 * The policy allows only the extension's own files and the one script carrying this render's
 * nonce; no connect-src, so the page cannot reach the network (the host reads the service).
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/** The folders the webview may load files from. */
export function reportsPanelResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

/** The options of the panel's webview; the serializer sets them again on a restored panel. */
export function reportsPanelOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: reportsPanelResourceRoots(extensionUri) };
}

/** The content security policy of one render. */
export function reportsPanelCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
  ].join('; ');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The page, with a fresh nonce: a nonce used twice could let an injected script reuse it. */
export function reportsPanelHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const nonce = randomBytes(18).toString('base64');
  const asset = (name: string): string => escapeAttribute(webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', name)).toString());
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(reportsPanelCsp(webview.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('codicon.css')}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="${asset('uPlot.min.css')}">
<link rel="stylesheet" href="${asset('reports.css')}">
<title>Reports</title>
</head>
<body>
<div id="app"></div>
<script nonce="${nonce}" src="${asset('reports.js')}"></script>
</body>
</html>`;
}
