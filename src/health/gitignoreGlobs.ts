/** The folders and files a root `.gitignore` leaves out, as globs in the style of `files.exclude` (negations are not read). */

/** The globs of a `.gitignore`, in the style of `files.exclude`: `node_modules/` → `**\/node_modules`, `/dist` → `dist`. */
export function gitignoreGlobs(text: string): string[] {
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
    globs.push(anchored ? line : `**/${line}`);
  }
  return globs;
}
