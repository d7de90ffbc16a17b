/** What the commands that edit links in the active editor share. */
import type * as vscode from 'vscode';
import type { TextSpan } from '../links/urlFinder';

export function noEditorMessage(command: string): string {
  return `Open the document to work on in an editor, then run ${command} again.`;
}

/** The non-empty selections as text offsets, or undefined when nothing is selected. */
export function editorSpans(editor: vscode.TextEditor): TextSpan[] | undefined {
  const document = editor.document;
  const spans = editor.selections
    .filter((selection) => !selection.isEmpty)
    .map((selection) => ({ start: document.offsetAt(selection.start), end: document.offsetAt(selection.end) }));
  return spans.length > 0 ? spans : undefined;
}
