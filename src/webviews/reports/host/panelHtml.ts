/**
 * The report panel's page and its content security policy, in one place; no `vscode`, so the unit tests build the page
 * as shipped.
 */
import { randomBytes } from 'node:crypto';
import type { TranslationsElementId } from '../../../reports/panel/protocol';

/** The element the app reads its translations from (app/translations.ts reads the same id). */
export const TRANSLATIONS_ELEMENT_ID: TranslationsElementId = 'l10n-bundle';

/** What one render of the page is made of. */
export interface PanelPage {
  /** `webview.cspSource`. */
  cspSource: string;
  /** The address, in the webview, of a file of dist/webview/. */
  asset(name: string): string;
  /** VS Code's display language (`vscode.env.language`), the page's `lang`. */
  language: string;
  /** The page's title, in that language. */
  title: string;
  /** `vscode.l10n.bundle`: the translations of the extension's words; undefined in English. */
  translations: Readonly<Record<string, string>> | undefined;
}

/** A fresh nonce: a nonce used twice could let an injected script reuse it. */
export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

/**
 * The content security policy of one render: only the extension's own files and the one script carrying this
 * render's nonce; no connect-src, so the page cannot reach the network (the host reads the service). The page carries
 * no key and no data of the service, only the translations as a JSON data block, which is never run.
 */
export function reportPanelCsp(cspSource: string, nonce: string): string {
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

/**
 * JSON to write inside a `<script>` element: `<`, `>` and `&` (which JSON has only inside
 * strings) become `\u` escapes, so no text of it can close the element (`</script>`), open a
 * comment (`<!--`) or read as markup; JSON.parse gives back the same value.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The data block with the translations, or nothing (English). */
function translationsElement(translations: PanelPage['translations']): string {
  return translations === undefined
    ? ''
    : `<script type="application/json" id="${TRANSLATIONS_ELEMENT_ID}">${scriptSafeJson(translations)}</script>\n`;
}

/** The page of one render; `nonce` is fresh for each (`newNonce`). */
export function reportPanelPage(page: PanelPage, nonce: string): string {
  const asset = (name: string): string => escapeAttribute(page.asset(name));
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(page.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(reportPanelCsp(page.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('codicon.css')}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="${asset('uPlot.min.css')}">
<link rel="stylesheet" href="${asset('reports.css')}">
<title>${escapeAttribute(page.title)}</title>
</head>
<body>
<div id="app"></div>
${translationsElement(page.translations)}<script nonce="${nonce}" src="${asset('reports.js')}"></script>
</body>
</html>`;
}
