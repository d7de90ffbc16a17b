/**
 * `npm run bench:activation -- [--rounds N]`: the activation bench (activationBench.ts) alone, every
 * opening (10 rounds by default), on the production bundles the .vsix ships (issue 24, section 5).
 * `npm run bench -- --only targets` runs its two figures with targets, with the lenses'.
 */
import { DEFAULT_SANDBOX_KEY } from '../../src/sandbox/sandboxOptions';
import { ACTIVATION_SANDBOX, benchActivation } from './activationBench';
import { startSandboxProcess } from '../common/sandboxProcess';
import { roundsArgument } from './figures';

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess(ACTIVATION_SANDBOX);
  try {
    await benchActivation({
      sandboxUrl: sandbox.url,
      apiKey: DEFAULT_SANDBOX_KEY,
      rounds: roundsArgument(10),
    });
  } finally {
    await sandbox.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`activation bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
