/** What the commands that write links into the active editor share, down to the one edit they make. */
import * as vscode from 'vscode';
import type { DeeplinkOptions } from '../links/deeplink';
import type { MerchantDomainIndex } from '../links/domainIndex';
import type { TextSpan } from '../links/urlFinder';
import type { CatalogController } from '../controllers/catalogController';
import { reportSettingsProblem } from '../prompts/settingsProblem';
import { deeplinkOptionsFor } from '../settings/linkSettings';
import type { MerchantLinkIndex } from '../controllers/merchantLinkIndex';
import { explainNoCatalog } from './noCatalogMessage';

export interface LinkEditContext {
  editor: vscode.TextEditor;
  document: vscode.TextDocument;
  /** The document's version when the command started; the edit is refused if it moved. */
  version: number;
  index: MerchantDomainIndex;
  options: DeeplinkOptions;
  rel: string;
}

/** Everything a link-writing command needs, or undefined after telling the user what is missing. `command` is its localised name. */
export async function linkEditContext(
  command: string,
  controller: CatalogController,
  links: MerchantLinkIndex,
): Promise<LinkEditContext | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t({
        message: 'Open the document to work on in an editor, then run {0} again.',
        args: [command],
        comment: '{0} is the name of a command, e.g. "Insert Deeplink".',
      }),
    );
    return undefined;
  }
  const index = await links.current();
  if (!index) {
    explainNoCatalog(controller);
    return undefined;
  }
  const document = editor.document;
  const settings = deeplinkOptionsFor(document);
  if (!settings.ok) {
    reportSettingsProblem(settings.message);
    return undefined;
  }
  return { editor, document, version: document.version, index, options: settings.options, rel: settings.rel };
}

/**
 * Applies the replacements (text offsets of the version the command started from) as one
 * edit, so one undo restores the document. Returns a message instead when the document
 * changed meanwhile or VS Code refused the edit; the document is then untouched.
 */
export async function applyLinkEdits(
  context: LinkEditContext,
  command: string,
  edits: ReadonlyArray<{ start: number; end: number; text: string }>,
): Promise<string | undefined> {
  const { editor, document } = context;
  if (document.version !== context.version) {
    return vscode.l10n.t({
      message: 'The document changed while {0} was waiting for you; nothing was changed. Run {0} again.',
      args: [command],
      comment: '{0} is the name of a command, e.g. "Insert Deeplink".',
    });
  }
  const applied = await editor.edit((edit) => {
    for (const { start, end, text } of edits) {
      edit.replace(new vscode.Range(document.positionAt(start), document.positionAt(end)), text);
    }
  });
  return applied
    ? undefined
    : vscode.l10n.t({
        message: 'VS Code did not apply the edit; the document is unchanged. Run {0} again.',
        args: [command],
        comment: '{0} is the name of a command, e.g. "Insert Deeplink".',
      });
}

/** The non-empty selections as text offsets, or undefined when nothing is selected. */
export function editorSpans(editor: vscode.TextEditor): TextSpan[] | undefined {
  const document = editor.document;
  const spans = editor.selections
    .filter((selection) => !selection.isEmpty)
    .map((selection) => ({ start: document.offsetAt(selection.start), end: document.offsetAt(selection.end) }));
  return spans.length > 0 ? spans : undefined;
}
