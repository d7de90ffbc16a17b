/**
 * The workspace files named after a SubID, for the table's "Open File": listed once per panel and followed with a
 * watcher.
 */
import * as vscode from 'vscode';
import { Disposable } from '../../../common/lifecycle';
import { messageOf } from '../../../common/errorMessage';
import { WORKBENCH_COMMANDS } from '../../../ids';

const EXCLUDE = '**/node_modules/**';
/** Workspaces larger than this are listed in part: SubID rows of files beyond it offer no "Open File". */
const MAX_LISTED = 50_000;
const MAX_MATCHES = 50;

/** The file name without its last extension, as a SubID would name it: `posts/spring-sale.md` → `spring-sale`. */
export function baseNameOf(uri: vscode.Uri): string {
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** A glob matching the SubID's files, with glob syntax in the SubID matched loosely (`?`); results are checked exactly. */
function globOf(subId: string): string {
  const literal = subId.replace(/[*?[\]{},/\\!]/g, '?');
  return `**/{${literal},${literal}.*}`;
}

export class SubIdFiles extends Disposable {
  /** Base name → how many listed files have it (two folders may hold `post.md` and `post.html`). */
  private readonly names = new Map<string, number>();
  /** Resolves when the first listing is done (or failed: then nothing is listed). */
  readonly ready: Promise<void>;

  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
    const watcher = this._register(vscode.workspace.createFileSystemWatcher('**/*', false, true, false));
    this._register(watcher.onDidCreate((uri) => this.count(uri, 1)));
    this._register(watcher.onDidDelete((uri) => this.count(uri, -1)));
    this.ready = this.list();
  }

  has(subId: string): boolean {
    return (this.names.get(subId) ?? 0) > 0;
  }

  /** Opens the SubID's file: the only one, or the one picked among several. Says so when there is none. */
  async open(subId: string): Promise<void> {
    const found = (await vscode.workspace.findFiles(globOf(subId), EXCLUDE, MAX_MATCHES)).filter(
      (uri) => baseNameOf(uri) === subId,
    );
    if (found.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'No file in the workspace is named after the SubID "{0}" (a file such as {0}.md). Open the folder that holds it, or check the SubID.',
          subId,
        ),
      );
      return;
    }
    let chosen = found[0];
    if (found.length > 1) {
      const items = found
        .map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri }))
        .sort((a, b) => a.label.localeCompare(b.label));
      const picked = await vscode.window.showQuickPick(items, {
        title: vscode.l10n.t('Files named after the SubID "{0}"', subId),
        placeHolder: vscode.l10n.t('Choose the file to open'),
      });
      if (!picked) {
        return;
      }
      chosen = picked.uri;
    }
    await vscode.commands.executeCommand(WORKBENCH_COMMANDS.open, chosen);
  }

  private async list(): Promise<void> {
    try {
      const files = await vscode.workspace.findFiles('**/*', EXCLUDE, MAX_LISTED);
      for (const uri of files) {
        this.count(uri, 1);
      }
      if (files.length >= MAX_LISTED) {
        this.log.info(
          `Report panel: the workspace has more than ${MAX_LISTED} files; SubID rows offer "Open File" only for the first ${MAX_LISTED}.`,
        );
      }
    } catch (error) {
      this.log.warn(
        `Report panel: listing the workspace's files failed (${messageOf(error)}); SubID rows will not offer "Open File".`,
      );
    }
  }

  private count(uri: vscode.Uri, change: 1 | -1): void {
    const name = baseNameOf(uri);
    const next = (this.names.get(name) ?? 0) + change;
    if (next > 0) {
      this.names.set(name, next);
    } else {
      this.names.delete(name);
    }
  }
}
