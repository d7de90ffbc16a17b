/**
 * Keys pressed in the workbench for the suite: in the server host by the runner's browser (test/host/hostKeyboard.ts),
 * since there only a real Ctrl+V runs a paste's providers; in the Electron host, where commands reach the native
 * clipboard, a paste is `editor.action.clipboardPasteAction`.
 */
import http from 'node:http';
import * as vscode from 'vscode';

const KEYBOARD = process.env.AFFILIATE_LINKS_TEST_KEYBOARD;

function ask(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(`${KEYBOARD}${path}`, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 204 ? resolve() : reject(new Error(`the host keyboard answered ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/**
 * `text` (with `html` as `text/html` in the server host) on the clipboard a real paste reads: the browser's in the
 * server host, where the workbench under test keeps `env.clipboard` in memory; `env.clipboard` in the Electron host.
 */
export async function clipboardForPaste(text: string, html?: string): Promise<void> {
  if (KEYBOARD === undefined) {
    await vscode.env.clipboard.writeText(text);
    return;
  }
  await ask(
    `/clipboard?text=${encodeURIComponent(text)}${html === undefined ? '' : `&html=${encodeURIComponent(html)}`}`,
  );
}

/** A paste into the focused editor, as Ctrl+V makes it. */
export async function pasteWithKeyboard(): Promise<void> {
  // The browser moves its focus to an editor just shown a moment after the extension host was told so.
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (KEYBOARD === undefined) {
    await vscode.commands.executeCommand('editor.action.clipboardPasteAction');
    return;
  }
  await ask(`/press?keys=${encodeURIComponent('Control+V')}`);
}

/** Text typed into the focused editor key by key (triggers completion as a person's typing does). */
export async function typeWithKeyboard(text: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (KEYBOARD === undefined) {
    await vscode.commands.executeCommand('type', { text });
    return;
  }
  await ask(`/type?text=${encodeURIComponent(text)}`);
}
