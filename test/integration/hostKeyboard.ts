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

/** A paste into the focused editor, as Ctrl+V makes it. */
export async function pasteWithKeyboard(): Promise<void> {
  if (KEYBOARD === undefined) {
    await vscode.commands.executeCommand('editor.action.clipboardPasteAction');
    return;
  }
  await ask(`/press?keys=${encodeURIComponent('Control+V')}`);
}

/** Text typed into the focused editor key by key (triggers completion as a person's typing does). */
export async function typeWithKeyboard(text: string): Promise<void> {
  if (KEYBOARD === undefined) {
    await vscode.commands.executeCommand('type', { text });
    return;
  }
  await ask(`/type?text=${encodeURIComponent(text)}`);
}
