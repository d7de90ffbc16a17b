/**
 * What `.gitignore` files leave out: their patterns as globs in the style of `files.exclude`, in order, `!`
 * negations included, and the verdict on a path as git gives it (the last pattern that matches wins; nothing
 * in a folder that is left out comes back).
 */
import { ignoredLinksMatcher } from './ignoredLinks';

/** One line of a `.gitignore`, as a glob relative to the workspace folder. */
export interface GitignoreRule {
  glob: string;
  /** A `!` line: what it matches is kept after all. */
  negated: boolean;
}

/**
 * The rules of a `.gitignore` in the folder `base` (relative to the workspace folder, `''` at its root), in
 * its order: `node_modules/` → `**\/node_modules`, `/dist` → `dist`, `!keep.md` → `**\/keep.md` negated; in
 * `docs`, `docs/**\/node_modules` and `docs/dist`. A bare `*` or `**` (everything) is not read.
 */
export function gitignoreRules(text: string, base = ''): GitignoreRule[] {
  const folder = base.replace(/^\/+|\/+$/g, '');
  const rules: GitignoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (line === '' || line.startsWith('#')) {
      continue;
    }
    const negated = line.startsWith('!');
    // `\!` and `\#` stand for the characters themselves.
    line = (negated ? line.slice(1) : line).replace(/^\\([!#])/, '$1').replace(/\/+$/, '');
    if (line === '' || line === '*' || line === '**') {
      continue;
    }
    const anchored = line.startsWith('/') || line.slice(0, -1).includes('/');
    line = line.replace(/^\/+/, '');
    const glob = anchored ? line : `**/${line}`;
    rules.push({ glob: folder === '' ? glob : `${folder}/${glob}`, negated });
  }
  return rules;
}

/** The globs of a `.gitignore`'s plain (not negated) lines: what a search may leave out when no line is negated. */
export function gitignoreGlobs(text: string, base = ''): string[] {
  return gitignoreRules(text, base)
    .filter((rule) => !rule.negated)
    .map((rule) => rule.glob);
}

/**
 * Whether a path relative to the workspace folder is left out, by rules in the order git reads them (a
 * folder's `.gitignore` after its parents'), or undefined without rules. Each of the path's folders is
 * judged first: a folder left out leaves out all it holds, whatever a later `!` says of a file in it.
 */
export function gitignoreExcluder(rules: readonly GitignoreRule[]): ((path: string) => boolean) | undefined {
  const tests = rules.flatMap((rule) => {
    const matches = ignoredLinksMatcher([rule.glob]);
    return matches === undefined ? [] : [{ matches, negated: rule.negated }];
  });
  if (tests.length === 0) {
    return undefined;
  }
  const leftOut = (path: string): boolean => {
    for (let i = tests.length - 1; i >= 0; i--) {
      if (tests[i]!.matches(path) || tests[i]!.matches(`/${path}`)) {
        return !tests[i]!.negated;
      }
    }
    return false;
  };
  return (path) => {
    const parts = path.split('/');
    for (let i = 1; i <= parts.length; i++) {
      if (leftOut(parts.slice(0, i).join('/'))) {
        return true;
      }
    }
    return false;
  };
}
