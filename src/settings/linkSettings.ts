/**
 * The link settings (`affiliateLinks.deeplink.*`, `affiliateLinks.subId`,
 * `affiliateLinks.html.rel`, `affiliateLinks.hover.enabled`), read for one document so folder
 * settings apply, and the SubID expanded for that document.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DeeplinkOptions } from '../links/deeplink';
import { articleSubIdVariables, usesFrontMatter } from '../links/articleSubId';
import { expandSubId, type SubIdResult } from '../links/subId';

/** The lines of a document read for its front matter (`${frontMatter:KEY}`): front matter is short. */
const FRONT_MATTER_LINES = 400;

export interface LinkSettings {
  urlParameter: string;
  subIdParameter: string;
  subIdTemplate: string;
  rel: string;
  hoverEnabled: boolean;
}

export function readLinkSettings(scope?: vscode.ConfigurationScope): LinkSettings {
  const config = vscode.workspace.getConfiguration('affiliateLinks', scope);
  return {
    urlParameter: config.get<string>('deeplink.urlParameter', 'url').trim(),
    subIdParameter: config.get<string>('deeplink.subIdParameter', 's').trim(),
    subIdTemplate: config.get<string>('subId', '').trim(),
    rel: config.get<string>('html.rel', 'sponsored').trim(),
    hoverEnabled: config.get<boolean>('hover.enabled', true),
  };
}

/** The SubID for links written into this document (none when the setting is empty). */
export function subIdFor(
  document: vscode.TextDocument | undefined,
  template: string,
  now: Date = new Date(),
): SubIdResult {
  const uri = document?.uri;
  const named = uri !== undefined && !document!.isUntitled;
  const folder = uri ? vscode.workspace.getWorkspaceFolder(uri) : vscode.workspace.workspaceFolders?.[0];
  const text =
    document !== undefined && usesFrontMatter(template)
      ? document.getText(new vscode.Range(0, 0, Math.min(document.lineCount, FRONT_MATTER_LINES), 0))
      : undefined;
  const variables = articleSubIdVariables(
    template,
    named ? { path: uri.path, text } : text === undefined ? undefined : { path: '', text },
    {
      workspaceFolderBasename: folder ? path.posix.basename(folder.uri.path) : undefined,
      date: now,
    },
  );
  return expandSubId(template, variables);
}

/** The SubID of a closed file (a saved one) from the front matter values read before, as `subIdFor` gives it. */
export function subIdOfFile(
  uri: vscode.Uri,
  template: string,
  frontMatter: Readonly<Record<string, string>> | undefined,
  now: Date = new Date(),
): SubIdResult {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const variables = articleSubIdVariables(
    template,
    { path: uri.path, frontMatter },
    { workspaceFolderBasename: folder ? path.posix.basename(folder.uri.path) : undefined, date: now },
  );
  return expandSubId(template, variables);
}

/** The deeplink options for a document, or the SubID problem that stops links being built. */
export function deeplinkOptionsFor(
  document: vscode.TextDocument | undefined,
): { ok: true; options: DeeplinkOptions; rel: string } | { ok: false; message: string } {
  const settings = readLinkSettings(document?.uri);
  const subId = subIdFor(document, settings.subIdTemplate);
  if (!subId.ok) {
    return subId;
  }
  return {
    ok: true,
    options: { urlParameter: settings.urlParameter, subIdParameter: settings.subIdParameter, subId: subId.subId },
    rel: settings.rel,
  };
}

/** The settings of paste, drop and completion (`affiliateLinks.paste.*`, `affiliateLinks.completion.*`), read for a document and its language. */
export interface EditingSettings {
  /** Our paste and drop edits come first instead of yielding to the plain paste. */
  pasteDefault: boolean;
  completionEnabled: boolean;
  /** Completion writes the CPC link of a merchant that takes CPC traffic. */
  completionCpc: boolean;
}

export function readEditingSettings(document: vscode.TextDocument): EditingSettings {
  const config = vscode.workspace.getConfiguration('affiliateLinks', document);
  return {
    pasteDefault: config.get<boolean>('paste.default', false),
    completionEnabled: config.get<boolean>('completion.enabled', true),
    completionCpc: config.get<boolean>('completion.cpc', false),
  };
}
