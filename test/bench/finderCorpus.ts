/**
 * The real documents the link finder is measured on (finderCorpusProbe.ts, finderCostProbe.ts): every `*.md` and
 * `*.markdown` file under `node_modules/` after `npm ci`, in path order. The set follows package-lock.json.
 * Another folder may be read instead (the probes' `--corpus`), for a second look.
 */
import fs from 'node:fs';
import path from 'node:path';

export function corpusFiles(root: string, folder = path.join(root, 'node_modules')): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (entry.isFile() && /\.(?:md|markdown)$/i.test(entry.name)) {
        files.push(full);
      }
    }
  };
  walk(folder);
  return files.sort();
}
