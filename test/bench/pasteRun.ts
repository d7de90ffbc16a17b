/**
 * The paste and completion figures (pasteBench.ts) in a process of their own: `npm run bench` starts it for
 * them, whatever ran before, so that they never measure another part's heap. `--rounds N` (10): how many
 * fresh processes the first paste is measured in.
 */
import { spawn } from 'node:child_process';
import { benchPaste } from './pasteBench';
import { roundsArgument } from './figures';

/** Runs the paste figures in a child process (its JSON lines go to this one's stdout). */
export function benchPasteApart(rounds: number): Promise<void> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', __filename, '--rounds', String(rounds)], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the paste bench exited with ${code ?? signal}`)),
    );
  });
}

if (require.main === module) {
  benchPaste(roundsArgument(10)).catch((error: unknown) => {
    process.stderr.write(`paste bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
