/**
 * The setting's globs of links to leave alone, as `markdown.validate.ignoredLinks` writes them: `*`,
 * `?` within a path segment, `**` across, `{a,b}`, `[...]`; matched with and without the scheme.
 */

/** One regular expression for all the globs, or undefined when there are none. */
export function ignoredLinksMatcher(globs: readonly string[]): ((target: string) => boolean) | undefined {
  const pattern = globsPattern(globs);
  return pattern && ((target) => pattern.test(target) || pattern.test(target.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')));
}

/**
 * The globs' one expression, matched against the whole text as it is: for paths, which have no scheme to leave out
 * (the second test of `ignoredLinksMatcher` is then the first again, and a site's run made 16,000 paths pay it).
 */
export function globsPattern(globs: readonly string[]): RegExp | undefined {
  const sources = globs
    .filter((glob) => typeof glob === 'string' && glob.trim() !== '')
    .map((g) => globSource(g.trim()))
    .filter(compiles);
  return sources.length === 0 ? undefined : new RegExp(`^(?:${sources.join('|')})$`, 'u');
}

function globSource(glob: string): string {
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*' && glob[i + 1] === '*') {
      const wholeTail = glob[i - 1] === '/' && i + 2 === glob.length;
      const middle = (i === 0 || glob[i - 1] === '/') && glob[i + 2] === '/';
      // `x/**` also matches `x` itself, and `x/**/y` (or `**/y`) matches `x/y` (`y`): `**` stands for no folder too.
      out = wholeTail ? `${out.slice(0, -1)}(?:/.*)?` : middle ? `${out}(?:.*/)?` : `${out}.*`;
      i += middle ? 2 : 1;
    } else if (char === '*') {
      out += '[^/]*';
    } else if (char === '?') {
      out += '[^/]';
    } else if (char === '{') {
      braces++;
      out += '(?:';
    } else if (char === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (char === ',' && braces > 0) {
      out += '|';
    } else if (char === '[' && glob.indexOf(']', i + 2) > 0) {
      const close = glob.indexOf(']', i + 2);
      const body = glob
        .slice(i + 1, close)
        .replace(/^!/, '^')
        .replace(/[\\\]]/g, '\\$&');
      out += `[${body}]`;
      i = close;
    } else {
      out += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return out + ')'.repeat(braces);
}

/** Whether a glob's expression is valid (a class such as `[z-a]` is not): an invalid glob is left out. */
function compiles(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}
