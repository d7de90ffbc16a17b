/**
 * Which files are the site's: the articles' globs and the setting's, less `files.exclude`, `search.exclude`
 * and the folders of each workspace folder's root `.gitignore` (its plain patterns; `!` negations are not read).
 */
import * as vscode from 'vscode';
import { gitignoreGlobs } from '../health/gitignoreGlobs';
import { ignoredLinksMatcher } from '../health/ignoredLinks';

export const ARTICLE_GLOB = '**/*.{md,markdown,mdx,html,htm}';

/** A test of a relative path against globs; `**\/x` also matches `x` at the top. */
function matcher(globs: readonly string[]): ((path: string) => boolean) | undefined {
  const matches = ignoredLinksMatcher(globs);
  return matches && ((path) => matches(path) || matches(`/${path}`));
}

function trueKeys(setting: unknown): string[] {
  return setting && typeof setting === 'object'
    ? Object.entries(setting as Record<string, unknown>)
        .filter(([, value]) => value === true)
        .map(([glob]) => glob)
    : [];
}

/** The site's files of one workspace folder: what to search, and what to leave out. */
export class SiteFolderFiles {
  readonly excludes: string[];
  private readonly excluded: ((path: string) => boolean) | undefined;
  private readonly included: ((path: string) => boolean) | undefined;

  constructor(
    readonly folder: vscode.WorkspaceFolder,
    readonly includes: readonly string[],
    gitignore: string,
  ) {
    const files = vscode.workspace.getConfiguration('files', folder.uri).get('exclude');
    const search = vscode.workspace.getConfiguration('search', folder.uri).get('exclude');
    this.excludes = [...new Set([...trueKeys(files), ...trueKeys(search), ...gitignoreGlobs(gitignore)])];
    this.excluded = matcher(this.excludes);
    this.included = matcher(includes);
  }

  static async read(folder: vscode.WorkspaceFolder, extraGlobs: readonly string[]): Promise<SiteFolderFiles> {
    let gitignore = '';
    try {
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, '.gitignore'));
      gitignore = new TextDecoder().decode(bytes);
    } catch {
      // No .gitignore: nothing more to leave out.
    }
    return new SiteFolderFiles(folder, [ARTICLE_GLOB, ...extraGlobs.filter((glob) => glob.trim() !== '')], gitignore);
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
    if (relative === undefined) {
      return false;
    }
    if (this.included !== undefined && !this.included(relative)) {
      return false;
    }
    return !this.isExcluded(relative);
  }

  private isExcluded(relative: string): boolean {
    if (this.excluded === undefined) {
      return false;
    }
    const parts = relative.split('/');
    // A glob that names a folder leaves out everything in it.
    for (let i = 1; i <= parts.length; i++) {
      if (this.excluded(parts.slice(0, i).join('/'))) {
        return true;
      }
    }
    return false;
  }

  private relativePath(uri: vscode.Uri): string | undefined {
    const base = this.folder.uri.path.replace(/\/$/, '');
    if (uri.scheme !== this.folder.uri.scheme || uri.authority !== this.folder.uri.authority) {
      return undefined;
    }
    return uri.path.startsWith(`${base}/`) ? uri.path.slice(base.length + 1) : undefined;
  }
}
