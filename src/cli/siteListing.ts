/**
 * The site's files under a root, as the extension chooses them (src/siteDisk/siteFileSelection.ts): the articles'
 * globs and `affiliateLinks.linkHealth.include`, less `files.exclude`, `search.exclude` and every `.gitignore` (the
 * root's and those below, as git reads them, `!` lines included); never `node_modules` or `.git`. Found by walking
 * the disk, a folder left out not walked; a folder linked to is followed once. PATH arguments narrow the run.
 */
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { ARTICLE_GLOB, SiteFileSelection } from '../siteDisk/siteFileSelection';
import { gitFiles, judgedGitFiles } from './gitListing';
import type { CheckSettings } from './settingsFile';

/** Folders never walked, whatever the settings say: dependencies and git's own. */
const NEVER_WALKED: ReadonlySet<string> = new Set(['node_modules', '.git']);

export interface SiteListing {
  /** The site's files, relative to the root with `/` between folders, sorted. */
  files: string[];
  selection: SiteFileSelection;
}

/** The listing of a site, with the blob ids of the files git's index holds as they are on the disk. */
export interface SiteFiles {
  files: string[];
  ids: ReadonlyMap<string, string>;
}

/**
 * The site's files under `root`: from git's index when it is the top of a git work tree (no walk of the disk, the
 * same files: gitListing.ts), else walked.
 */
export async function listSiteFiles(root: string, settings: CheckSettings): Promise<SiteFiles> {
  const fromGit = await gitFiles(root);
  if (fromGit === undefined) {
    return { files: listSite(root, settings).files, ids: new Map() };
  }
  const files = judgedGitFiles(root, fromGit.files, (gitignores) => selectionOf(settings, gitignores)).sort(byPath);
  return { files, ids: fromGit.ids };
}

/** The selection of the root's files with these settings and `.gitignore` files. */
export function selectionOf(settings: CheckSettings, gitignores: ReadonlyMap<string, string>): SiteFileSelection {
  const includes = [ARTICLE_GLOB, ...settings.include.filter((glob) => glob.trim() !== '')];
  return new SiteFileSelection(includes, settings.exclude, gitignores);
}

/** Lists the site's files under `root`. */
export function listSite(root: string, settings: CheckSettings): SiteListing {
  const gitignores = new Map<string, string>();
  let selection = selectionOf(settings, gitignores);
  const candidates: string[] = [];
  const visited = new Set<string>();
  const walk = (folder: string, relative: string): void => {
    const real = realPath(folder);
    if (real === undefined || visited.has(real)) {
      return;
    }
    visited.add(real);
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return; // unreadable: nothing listed from it
    }
    if (entries.some((entry) => entry.name === '.gitignore' && !entry.isDirectory())) {
      gitignores.set(relative, readText(path.join(folder, '.gitignore')));
      selection = selectionOf(settings, gitignores);
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      const full = path.join(folder, entry.name);
      const isFolder = entry.isDirectory() || (entry.isSymbolicLink() && isFolderLink(full));
      if (isFolder) {
        if (!NEVER_WALKED.has(entry.name) && !selection.isExcluded(child)) {
          walk(full, child);
        }
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        candidates.push(child); // a link that leads nowhere is listed: reading it says what is wrong
      }
    }
  };
  walk(root, '');
  // Every file judged with every `.gitignore`, as the extension judges them.
  const files = candidates.filter((file) => selection.contains(file)).sort(byPath);
  return { files, selection };
}

/** Paths in code-unit order, as the reports list files. */
export const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function realPath(folder: string): string | undefined {
  try {
    return realpathSync.native(folder);
  } catch {
    return undefined;
  }
}

function isFolderLink(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false; // leads nowhere
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // unreadable: nothing to leave out, as the extension reads it
  }
}

export type Narrowed = { ok: true; files: string[]; notes: string[] } | { ok: false; problem: string };

/**
 * The site's files under the PATH arguments (files or folders, relative to `cwd`); all of them without any. A PATH
 * outside the root or missing is a usage problem; a file that is not one of the site's is noted and not checked.
 */
export function narrowToPaths(files: readonly string[], root: string, paths: readonly string[], cwd: string): Narrowed {
  if (paths.length === 0) {
    return { ok: true, files: [...files], notes: [] };
  }
  const kept = new Set<string>();
  const notes: string[] = [];
  for (const given of paths) {
    const full = path.resolve(cwd, given);
    const relative = path.relative(root, full).split(path.sep).join('/');
    if (relative.startsWith('../') || relative === '..' || path.isAbsolute(relative)) {
      return { ok: false, problem: `${given} is outside the site's folder ${root}: give paths inside it, or --root` };
    }
    let folder: boolean;
    try {
      folder = lstatSync(full).isDirectory();
    } catch {
      return { ok: false, problem: `${given} does not exist` };
    }
    const inside = folder
      ? files.filter((file) => relative === '' || file.startsWith(`${relative}/`))
      : files.filter((file) => file === relative);
    if (!folder && inside.length === 0) {
      notes.push(
        `${given} is not one of the site's files (not an article, or left out by the settings or a .gitignore): not checked`,
      );
    }
    inside.forEach((file) => kept.add(file));
  }
  return { ok: true, files: [...kept].sort(byPath), notes };
}
