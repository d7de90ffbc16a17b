/**
 * Which files of a folder are the site's, in plain Node: the articles' globs and the setting's, less `files.exclude`,
 * `search.exclude` and what the folder's `.gitignore` files leave out, read as git reads them (`!` negations
 * included). The extension (src/site/siteFiles.ts, its files found by VS Code's search) and the command line
 * (src/cli/siteListing.ts, its files found by walking the disk) judge every path with this one selection.
 */
import { gitignoreExcluder, gitignoreRules, type GitignoreRule } from '../health/gitignoreGlobs';
import { globsPattern } from '../health/ignoredLinks';

export const ARTICLE_GLOB = '**/*.{md,markdown,mdx,html,htm}';
/** The ignore files read: at the root, and in the folders below (never in dependencies). */
export const GITIGNORE_GLOB = '**/.gitignore';

/** The settings that leave files out, as VS Code gives them for the folder (defaults merged in). */
export interface ExcludeSettings {
  /** `files.exclude`: globs to `true` (a glob set to anything else leaves nothing out). */
  files: unknown;
  /** `search.exclude`, the same. */
  search: unknown;
}

/**
 * A test of a relative path against globs; `**\/x` also matches `x` at the top. A path has no scheme, so the globs'
 * expression is tested as it is (`ignoredLinksMatcher` would test it again without one).
 */
function matcher(globs: readonly string[]): ((path: string) => boolean) | undefined {
  const pattern = globsPattern(globs);
  return pattern && ((path) => pattern.test(path) || pattern.test(`/${path}`));
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

/** The site's files of one folder: globs a search may leave out at once, and the verdict on each path. */
export class SiteFileSelection {
  /** Globs of what to leave out, for a search that takes them (VS Code's `findFiles`). */
  readonly excludes: string[];
  private readonly excluded: ((path: string) => boolean) | undefined;
  private readonly gitignored: ((path: string) => boolean) | undefined;
  private readonly included: ((path: string) => boolean) | undefined;

  constructor(
    /** The globs of the site's files: ARTICLE_GLOB and the setting's. */
    readonly includes: readonly string[],
    settings: ExcludeSettings,
    /** Each `.gitignore`'s text by the folder it is in, relative to the folder (`''` at its root). */
    gitignores: ReadonlyMap<string, string>,
  ) {
    const rules = [...gitignores]
      .sort(([a], [b]) => depthOf(a) - depthOf(b) || (a < b ? -1 : a > b ? 1 : 0))
      .flatMap(([base, text]) => gitignoreRules(text, base));
    const globs = [...trueKeys(settings.files), ...trueKeys(settings.search)];
    this.excludes = [...new Set([...globs, ...searchExcludes(rules)])];
    this.excluded = matcher(globs);
    this.gitignored = gitignoreExcluder(rules);
    this.included = matcher(includes);
  }

  /** Whether a file, by its path relative to the folder (`/` between folders), is one of the site's files. */
  contains(relative: string): boolean {
    if (this.included !== undefined && !this.included(relative)) {
      return false;
    }
    return !this.isExcluded(relative);
  }

  /**
   * `contains`, for a file in a folder a walk entered (no folder on its way `isExcluded`): the globs then need
   * judge only the file's own path.
   */
  containsInWalkedFolder(relative: string): boolean {
    if (this.included !== undefined && !this.included(relative)) {
      return false;
    }
    return !this.isExcludedInWalkedFolder(relative);
  }

  /** `isExcluded`, for a path in a folder a walk entered: the globs judge only the path itself. */
  isExcludedInWalkedFolder(relative: string): boolean {
    return this.gitignored?.(relative) === true || this.excluded?.(relative) === true;
  }

  /** Whether a path (a file's or a folder's) is left out, with everything in it. */
  isExcluded(relative: string): boolean {
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
}
