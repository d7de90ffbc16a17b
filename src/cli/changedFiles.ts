/**
 * `--changed-since REF`: the files git lists as changed between REF and the working tree (added, copied, modified
 * and renamed ones, under their new name), and the files git does not track yet (those no `.gitignore` leaves out),
 * relative to the site's root. Without git, or with a REF git does not know, a problem worded with what to do.
 */
import { execFile } from 'node:child_process';

export type ChangedFiles = { ok: true; files: Set<string> } | { ok: false; problem: string };

interface GitOutcome {
  ok: boolean;
  stdout: string;
  stderr: string;
  missing: boolean;
}

function git(command: string, root: string, args: readonly string[]): Promise<GitOutcome> {
  return new Promise((resolve) => {
    execFile(command, ['-C', root, ...args], { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const missing = (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
      resolve({ ok: error === null, stdout: String(stdout), stderr: String(stderr), missing });
    });
  });
}

/** The NUL-separated paths git printed (`-z`: names as they are, never quoted). */
const paths = (output: string) => output.split('\0').filter((name) => name !== '');

/** The first line git wrote to stderr, for a message. */
const firstLine = (stderr: string) => stderr.trim().split('\n')[0] ?? '';

/** The files changed since `ref` under `root`; `command` is git's (another only in tests). */
export async function changedFiles(root: string, ref: string, command = 'git'): Promise<ChangedFiles> {
  if (ref.startsWith('-')) {
    return { ok: false, problem: `--changed-since ${ref} is not a git revision: name a branch, tag or commit` };
  }
  // The three at once; the listings are dropped when git knows no such commit.
  const [verified, changed, untracked] = await Promise.all([
    git(command, root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]),
    git(command, root, ['diff', '--name-only', '--relative', '-z', '-M', '--diff-filter=ACMR', ref, '--']),
    git(command, root, ['ls-files', '--others', '--exclude-standard', '-z', '--', '.']),
  ]);
  if (verified.missing) {
    return { ok: false, problem: '--changed-since needs git, and git is not installed or not on the PATH' };
  }
  if (!verified.ok) {
    const inside = await git(command, root, ['rev-parse', '--is-inside-work-tree']);
    return {
      ok: false,
      problem: inside.ok
        ? `--changed-since ${ref}: git knows no commit ${ref} (in a shallow clone, fetch it first: git fetch origin ${ref})`
        : `--changed-since needs a git repository, and ${root} is not in one (${firstLine(inside.stderr)})`,
    };
  }
  const failed = [changed, untracked].find((outcome) => !outcome.ok);
  if (failed !== undefined) {
    return { ok: false, problem: `--changed-since ${ref}: git failed (${firstLine(failed.stderr)})` };
  }
  return { ok: true, files: new Set([...paths(changed.stdout), ...paths(untracked.stdout)]) };
}
