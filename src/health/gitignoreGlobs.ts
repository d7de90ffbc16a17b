/** The folders and files a `.gitignore` leaves out, as globs in the style of `files.exclude` (negations are not read). */

/**
 * The globs of a `.gitignore` in the folder `base` (relative to the workspace folder, `''` at its root), in the
 * style of `files.exclude`: `node_modules/` → `**\/node_modules`, `/dist` → `dist`; in `docs`, `docs/**\/node_modules`
 * and `docs/dist`.
 */
export function gitignoreGlobs(text: string, base = ''): string[] {
  const folder = base.replace(/^\/+|\/+$/g, '');
  const globs: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('!')) {
      continue;
    }
    line = line.replace(/\/+$/, '');
    if (line === '' || line === '*' || line === '**') {
      continue;
    }
    const anchored = line.startsWith('/') || line.slice(0, -1).includes('/');
    line = line.replace(/^\/+/, '');
    const glob = anchored ? line : `**/${line}`;
    globs.push(folder === '' ? glob : `${folder}/${glob}`);
  }
  return globs;
}
