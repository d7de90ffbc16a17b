import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './hostPaths';

/** Builds the .vsix with `npm run package` (production bundles) and returns its path. */
export function packageExtension(): string {
  const vsix = path.join(PROJECT_ROOT, 'dist/affiliate-links.vsix');
  const result = spawnSync('npm', ['run', '-s', 'package'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  if (result.status !== 0 || !fs.existsSync(vsix)) {
    throw new Error(`npm run package failed:\n${result.stdout}${result.stderr}`);
  }
  return vsix;
}
