/** The watchers of the site's files: created or changed files, deleted files and folders, and the `.gitignore` files. */
import * as vscode from 'vscode';
import { GITIGNORE_GLOB, type SiteFolderFiles } from './siteFiles';

export interface SiteEvents {
  changed(uri: vscode.Uri): void;
  /** A file or a folder (one event for everything under it). */
  deleted(uri: vscode.Uri): void;
  /** The `.gitignore` changed: which files are the site's may have. */
  relist(): void;
}

export function watchSite(folders: readonly SiteFolderFiles[], events: SiteEvents): vscode.Disposable[] {
  const disposables: vscode.Disposable[] = [];
  const watcher = (folder: SiteFolderFiles, glob: string, create: boolean, change: boolean, remove: boolean) => {
    const made = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(folder.folder, glob),
      !create,
      !change,
      !remove,
    );
    disposables.push(made);
    return made;
  };
  for (const folder of folders) {
    for (const glob of folder.includes) {
      const files = watcher(folder, glob, true, true, false);
      disposables.push(files.onDidCreate(events.changed), files.onDidChange(events.changed));
    }
    const gitignore = watcher(folder, GITIGNORE_GLOB, true, true, true);
    disposables.push(
      gitignore.onDidCreate(() => events.relist()),
      gitignore.onDidChange(() => events.relist()),
      gitignore.onDidDelete(() => events.relist()),
    );
    const deletes = watcher(folder, '**', false, false, true);
    disposables.push(deletes.onDidDelete(events.deleted));
  }
  return disposables;
}

/**
 * The site's watchers, made again only when the folders or their globs change. A `.gitignore` changes
 * which files are the site's, not what is watched: watchers made again on each of them would miss
 * what happens before the new ones start (a `.gitignore` written just after another was lost so).
 */
export class SiteWatchers implements vscode.Disposable {
  private watchers: vscode.Disposable[] = [];
  private watched = '';

  constructor(private readonly events: SiteEvents) {}

  watch(folders: readonly SiteFolderFiles[]): void {
    const key = JSON.stringify(folders.map((folder) => [folder.folder.uri.toString(), folder.includes]));
    if (key === this.watched) {
      return;
    }
    this.dispose();
    this.watchers = watchSite(folders, this.events);
    this.watched = key;
  }

  dispose(): void {
    this.watchers.forEach((watcher) => watcher.dispose());
    this.watchers = [];
    this.watched = '';
  }
}
