import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from './hostPaths';

export const VSIX = path.join(PROJECT_ROOT, 'dist/affiliate-links.vsix');

export interface PackagedExtension {
  vsix: string;
  bytes: number;
  /** What `npm run package` printed, stdout then stderr: vsce's messages and the production build's. */
  output: string;
}

/**
 * The environment `npm run package` runs in: this one without the settings of the npm that may
 * have started us (`npm_config_*`) and without the user's ~/.npmrc. npm only runs the scripts
 * here, and a machine's own npm settings (an unknown `nodedir`, say) would otherwise add npm's
 * warnings to vsce's output, where test/unit/packaging.test.ts allows none.
 */
function packagingEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_config_/i.test(name)) {
      env[name] = value;
    }
  }
  env.npm_config_userconfig = os.devNull;
  return env;
}

/** Builds the .vsix with `npm run package` (the production bundles through vscode:prepublish, then vsce). */
export function packageExtensionWithOutput(): PackagedExtension {
  fs.rmSync(VSIX, { force: true });
  const result = spawnSync('npm', ['run', 'package'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: packagingEnvironment(),
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0 || !fs.existsSync(VSIX)) {
    throw new Error(`npm run package failed (exit ${result.status ?? result.signal}):\n${output}`);
  }
  return { vsix: VSIX, bytes: fs.statSync(VSIX).size, output };
}

/** The .vsix this process built: every e2e suite asks for it, and the sources do not change during a run. */
const builtInThisProcess: { vsix?: string } = {};

/** Builds the .vsix with `npm run package` (production bundles), once per process, and returns its path. */
export function packageExtension(): string {
  if (builtInThisProcess.vsix === undefined || !fs.existsSync(builtInThisProcess.vsix)) {
    builtInThisProcess.vsix = packageExtensionWithOutput().vsix;
  }
  return builtInThisProcess.vsix;
}
