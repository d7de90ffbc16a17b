/**
 * Which files are the site's in a workspace folder: the selection of src/siteDisk/siteFileSelection.ts (the
 * articles' globs and the setting's, less `files.exclude`, `search.exclude` and what the folder's `.gitignore`
 * files leave out) with the folder's settings and `.gitignore` files, its files found by VS Code's search.
 */
import * as vscode from 'vscode';
import { ARTICLE_GLOB, GITIGNORE_GLOB, SiteFileSelection } from '../siteDisk/siteFileSelection';

export { ARTICLE_GLOB, GITIGNORE_GLOB };
const GITIGNORES_AT_MOST = 200;

/** The site's files of one workspace folder: what to search, and what to leave out. */
export class SiteFolderFiles {
  private readonly selection: SiteFileSelection;

  constructor(
    readonly folder: vscode.WorkspaceFolder,
    readonly includes: readonly string[],
    /** Each `.gitignore`'s text by the folder it is in, relative to the workspace folder (`''` at its root). */
    gitignores: ReadonlyMap<string, string>,
  ) {
    const settings = {
      files: vscode.workspace.getConfiguration('files', folder.uri).get('exclude'),
      search: vscode.workspace.getConfiguration('search', folder.uri).get('exclude'),
    };
    this.selection = new SiteFileSelection(includes, settings, gitignores);
  }

  /** Globs of what to leave out. */
  get excludes(): string[] {
    return this.selection.excludes;
  }

  static async read(folder: vscode.WorkspaceFolder, extraGlobs: readonly string[]): Promise<SiteFolderFiles> {
    const found = await vscode.workspace.findFiles(
      new vscode.RelativePattern(folder, GITIGNORE_GLOB),
      '**/node_modules/**',
      GITIGNORES_AT_MOST,
    );
    const base = folder.uri.path.replace(/\/$/, '');
    const texts = await Promise.all(
      found.map((uri) =>
        vscode.workspace.fs.readFile(uri).then(
          (bytes) => new TextDecoder().decode(bytes),
          () => '', // gone or unreadable meanwhile: nothing to leave out
        ),
      ),
    );
    const gitignores = new Map(
      found.map((uri, i) => [uri.path.slice(base.length + 1, -'.gitignore'.length).replace(/\/$/, ''), texts[i]!]),
    );
    return new SiteFolderFiles(folder, [ARTICLE_GLOB, ...extraGlobs.filter((glob) => glob.trim() !== '')], gitignores);
  }

  /** Every file of the folder to index. */
  async find(token?: vscode.CancellationToken): Promise<vscode.Uri[]> {
    const exclude = this.excludes.length === 0 ? null : `{${this.excludes.join(',')}}`;
    const found = await Promise.all(
      this.includes.map((glob) =>
        vscode.workspace.findFiles(new vscode.RelativePattern(this.folder, glob), exclude, undefined, token),
      ),
    );
    const unique = new Map(found.flat().map((uri) => [uri.toString(), uri]));
    return [...unique.values()].filter((uri) => this.contains(uri));
  }

  /** Whether a file is one of the folder's site files (for the watchers' events). */
  contains(uri: vscode.Uri): boolean {
    const relative = this.relativePath(uri);
    return relative !== undefined && this.selection.contains(relative);
  }

  private relativePath(uri: vscode.Uri): string | undefined {
    const base = this.folder.uri.path.replace(/\/$/, '');
    if (uri.scheme !== this.folder.uri.scheme || uri.authority !== this.folder.uri.authority) {
      return undefined;
    }
    return uri.path.startsWith(`${base}/`) ? uri.path.slice(base.length + 1) : undefined;
  }
}
