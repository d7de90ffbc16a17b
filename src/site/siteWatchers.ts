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
