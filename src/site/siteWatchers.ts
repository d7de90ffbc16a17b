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
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const disposables: vscode.Disposable[] = [{ dispose: () => timers.forEach((timer) => clearTimeout(timer)) }];
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
    const paths = watcher(folder, '**', true, false, true);
    disposables.push(
      paths.onDidDelete(events.deleted),
      paths.onDidCreate((uri) => {
        // The file watcher can miss the files written into a folder just made (a page bundle's
        // `index.md`, a `.gitignore`): a new folder is looked into once they are likely written.
        if (!/\/(?:node_modules|\.git)(?:\/|$)/.test(uri.path)) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            void lookIntoNewFolder(folder, uri, events);
          }, NEW_FOLDER_DELAY_MS);
          timers.add(timer);
        }
      }),
    );
  }
  return disposables;
}

/** How long after a folder appears its files are looked for. */
const NEW_FOLDER_DELAY_MS = 1_000;

/** If `uri` is a folder: a relist when it holds a `.gitignore`, else each of its site files as changed. */
async function lookIntoNewFolder(folder: SiteFolderFiles, uri: vscode.Uri, events: SiteEvents): Promise<void> {
  const stat = await vscode.workspace.fs.stat(uri).then(
    (found) => found,
    () => undefined,
  );
  if (stat === undefined || (stat.type & vscode.FileType.Directory) === 0) {
    return;
  }
  const inside = (glob: string) => vscode.workspace.findFiles(new vscode.RelativePattern(uri, glob));
  if ((await inside(GITIGNORE_GLOB)).length > 0) {
    events.relist();
    return;
  }
  for (const glob of folder.includes) {
    (await inside(glob)).forEach((file) => events.changed(file));
  }
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

  /** True when it made new watchers (the first time, or the folders or their globs changed). */
  watch(folders: readonly SiteFolderFiles[]): boolean {
    const key = JSON.stringify(folders.map((folder) => [folder.folder.uri.toString(), folder.includes]));
    if (key === this.watched) {
      return false;
    }
    this.dispose();
    this.watchers = watchSite(folders, this.events);
    this.watched = key;
    return true;
  }

  dispose(): void {
    this.watchers.forEach((watcher) => watcher.dispose());
    this.watchers = [];
    this.watched = '';
  }
}
