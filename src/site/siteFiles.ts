/**
 * Which files are the site's: the articles' globs and the setting's, less `files.exclude`, `search.exclude`
 * and what the workspace folder's `.gitignore` files leave out, read as git reads them (`!` negations included).
 */
import * as vscode from 'vscode';
import { gitignoreExcluder, gitignoreRules, type GitignoreRule } from '../health/gitignoreGlobs';
import { ignoredLinksMatcher } from '../health/ignoredLinks';

export const ARTICLE_GLOB = '**/*.{md,markdown,mdx,html,htm}';
/** The ignore files read: at the root, and in the folders below (never in dependencies). */
export const GITIGNORE_GLOB = '**/.gitignore';
const GITIGNORES_AT_MOST = 200;

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

/**
 * The globs a search can leave out at once: each plain rule that no `!` rule after it could bring back
 * (the rest are judged file by file in `contains`).
 */
function searchExcludes(rules: readonly GitignoreRule[]): string[] {
  const afterNegations = rules.slice(rules.map((rule) => rule.negated).lastIndexOf(true) + 1);
  return afterNegations.map((rule) => rule.glob);
}

/** A folder's `.gitignore` after its parents': git reads the deeper one's lines last, and they win. */
const depthOf = (base: string) => (base === '' ? 0 : base.split('/').length);

/** The site's files of one workspace folder: what to search, and what to leave out. */
export class SiteFolderFiles {
  readonly excludes: string[];
  private readonly excluded: ((path: string) => boolean) | undefined;
  private readonly gitignored: ((path: string) => boolean) | undefined;
  private readonly included: ((path: string) => boolean) | undefined;

  constructor(
    readonly folder: vscode.WorkspaceFolder,
    readonly includes: readonly string[],
    /** Each `.gitignore`'s text by the folder it is in, relative to the workspace folder (`''` at its root). */
    gitignores: ReadonlyMap<string, string>,
  ) {
    const files = vscode.workspace.getConfiguration('files', folder.uri).get('exclude');
    const search = vscode.workspace.getConfiguration('search', folder.uri).get('exclude');
    const rules = [...gitignores]
      .sort(([a], [b]) => depthOf(a) - depthOf(b) || (a < b ? -1 : a > b ? 1 : 0))
      .flatMap(([base, text]) => gitignoreRules(text, base));
    const settings = [...trueKeys(files), ...trueKeys(search)];
    this.excludes = [...new Set([...settings, ...searchExcludes(rules)])];
    this.excluded = matcher(settings);
    this.gitignored = gitignoreExcluder(rules);
    this.included = matcher(includes);
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
    if (relative === undefined) {
      return false;
    }
    if (this.included !== undefined && !this.included(relative)) {
      return false;
    }
    return !this.isExcluded(relative);
  }

  private isExcluded(relative: string): boolean {
    if (this.gitignored?.(relative)) {
      return true;
    }
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
