/**
 * The lenses' figures (lensBench.ts) in a process of their own: `npm run bench` starts it for
 * them, whatever ran before, so that they never measure another part's heap. `--rounds N` (10).
 */
import { spawn } from 'node:child_process';
import { benchLenses } from './lensBench';
import { roundsArgument } from './figures';

/** Runs the lenses' figures in a child process (its JSON lines go to this one's stdout). */
export function benchLensesApart(rounds: number): Promise<void> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', __filename, '--rounds', String(rounds)], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the lenses' bench exited with ${code ?? signal}`)),
    );
  });
}

if (require.main === module) {
  benchLenses(roundsArgument(10)).catch((error: unknown) => {
    process.stderr.write(`lenses bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
