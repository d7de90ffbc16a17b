/**
 * The site's files from git's index instead of a walk of the disk, when the site's folder is the top of a git work
 * tree: the tracked files (each with its blob id while the file is as the index has it), less those deleted, plus
 * the untracked ones no `.gitignore` leaves out; then judged by the same selection as the walk (siteListing.ts).
 * Undefined, and the disk walked, whenever git could list otherwise than the walk: no git, not a repository, the
 * folder below the top of one (a `.gitignore` above it would count), or a link or submodule among the files.
 */
import { execFile } from 'node:child_process';
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteFileSelection } from '../siteDisk/siteFileSelection';

/** What the listing from git gives: the candidate files, the `.gitignore` files among them, the blob ids. */
export interface GitFiles {
  /** Tracked and untracked files, relative to the root with `/`, as git lists them (not yet judged). */
  files: string[];
  /** Blob ids of the tracked files the working tree holds as the index does. */
  ids: Map<string, string>;
}

function git(root: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['-C', root, ...args], { maxBuffer: 512 * 1024 * 1024 }, (error, stdout) =>
      resolve(error === null ? String(stdout) : undefined),
    );
  });
}

const entries = (output: string) => output.split('\0').filter((entry) => entry !== '');

/** Git's modes of a link and a submodule: the walk follows or enters them, git does not. */
const LINK_MODES: ReadonlySet<string> = new Set(['120000', '160000']);

/** The files git lists under `root`, or undefined when the walk must list them (see above). */
export async function gitFiles(root: string): Promise<GitFiles | undefined> {
  // All at once, as soon as the run starts (a process spawned later forks a larger one): the listings are dropped
  // when the folder is not the top of a work tree.
  const [prefix, staged, changes, untracked] = await Promise.all([
    git(root, ['rev-parse', '--show-prefix']),
    git(root, ['ls-files', '-z', '--stage']),
    // `R <path>` for a file deleted from the disk, `C <path>` for one changed (the deleted ones too).
    git(root, ['ls-files', '-z', '-t', '--deleted', '--modified']),
    // Only the `.gitignore` files, as the walk reads them (not .git/info/exclude nor core.excludesFile).
    git(root, ['ls-files', '-z', '--others', '--exclude-per-directory=.gitignore', '-x', 'node_modules']),
  ]);
  if (prefix === undefined || prefix.trim() !== '') {
    return undefined;
  }
  if (staged === undefined || changes === undefined || untracked === undefined) {
    return undefined;
  }
  const deleted = new Set<string>();
  const modified = new Set<string>();
  for (const entry of entries(changes)) {
    (entry.startsWith('R ') ? deleted : modified).add(entry.slice(2));
  }
  const ids = new Map<string, string>();
  const files: string[] = [];
  for (const entry of entries(staged)) {
    // `<mode> <blob id> <stage>\t<path>`
    const tab = entry.indexOf('\t');
    const [mode, id, stage] = entry.slice(0, tab).split(' ');
    const file = entry.slice(tab + 1);
    if (LINK_MODES.has(mode!)) {
      return undefined;
    }
    if (deleted.has(file) || files.at(-1) === file) {
      continue; // gone from the disk, or a conflict's next stage
    }
    files.push(file);
    if (stage === '0' && !modified.has(file)) {
      ids.set(file, id!);
    }
  }
  for (const file of entries(untracked)) {
    if (lstatSync(path.join(root, file), { throwIfNoEntry: false })?.isSymbolicLink() !== false) {
      return undefined;
    }
    files.push(file);
  }
  return { files, ids };
}

/** Folders the walk never enters, at any depth. */
const NEVER_WALKED = /(^|\/)(node_modules|\.git)\//;

/**
 * Of git's files, those the walk would list: in no folder it leaves out (the `.gitignore` of every folder on the way
 * read, listed by git or not), and chosen by `selectionOf` with all those `.gitignore` files.
 */
export function judgedGitFiles(
  root: string,
  listed: readonly string[],
  selectionOf: (gitignores: ReadonlyMap<string, string>) => SiteFileSelection,
): string[] {
  const candidates = listed.filter((file) => !NEVER_WALKED.test(file));
  const folders = new Set<string>(['']);
  for (const file of candidates) {
    for (let slash = file.indexOf('/'); slash >= 0; slash = file.indexOf('/', slash + 1)) {
      folders.add(file.slice(0, slash));
    }
  }
  const gitignores = new Map<string, string>();
  for (const folder of folders) {
    const file = path.join(root, ...folder.split('/'), '.gitignore');
    const stats = lstatSync(file, { throwIfNoEntry: false });
    if (stats !== undefined && !stats.isDirectory()) {
      gitignores.set(folder, readText(file));
    }
  }
  const selection = selectionOf(gitignores);
  const entered = new Map<string, boolean>([['', true]]);
  const walked = (folder: string): boolean => {
    let verdict = entered.get(folder);
    if (verdict === undefined) {
      const slash = folder.lastIndexOf('/');
      verdict = walked(slash < 0 ? '' : folder.slice(0, slash)) && !selection.isExcludedInWalkedFolder(folder);
      entered.set(folder, verdict);
    }
    return verdict;
  };
  return candidates.filter((file) => {
    const slash = file.lastIndexOf('/');
    return walked(slash < 0 ? '' : file.slice(0, slash)) && selection.containsInWalkedFolder(file);
  });
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // unreadable: nothing to leave out, as the walk reads it
  }
}
