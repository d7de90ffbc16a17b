/**
 * `npm run bench:activation -- [--rounds N]`: the activation bench (activationBench.ts) alone, on
 * the production bundles the .vsix ships (issue 24, section 5).
 */
import { DEFAULT_SANDBOX_KEY } from '../../src/sandbox/sandboxOptions';
import { ACTIVATION_SANDBOX, benchActivation } from './activationBench';
import { startSandboxProcess } from '../common/sandboxProcess';

const argument = (name: string, fallback: string): string => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1]! : fallback;
};

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess(ACTIVATION_SANDBOX);
  try {
    await benchActivation({
      sandboxUrl: sandbox.url,
      apiKey: DEFAULT_SANDBOX_KEY,
      rounds: Number(argument('--rounds', '5')),
    });
  } finally {
    await sandbox.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`activation bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
