/**
 * `npm run bench:activation -- [--rounds N] [--variants shipped|all]`: the activation bench
 * (activationBench.ts) alone. `--variants all` also measures builds with dist/reports.js and
 * dist/reportsPanel.js inlined into dist/extension.js, each and both, alternating with the
 * shipped one (issue 24, section 5).
 */
import { DEFAULT_SANDBOX_KEY } from '../../src/sandbox/sandboxOptions';
import { PROJECT_ROOT } from '../host/hostPaths';
import { ACTIVATION_SANDBOX, benchActivation } from './activationBench';
import { buildVariants, VARIANT_SETS } from './bundleVariants';
import { startSandboxProcess } from './sandboxProcess';

const argument = (name: string, fallback: string): string => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1]! : fallback;
};

async function main(): Promise<void> {
  const inlined = VARIANT_SETS[argument('--variants', 'shipped')];
  if (inlined === undefined) {
    throw new Error(`unknown --variants: use ${Object.keys(VARIANT_SETS).join(', ')}`);
  }
  const variants = await buildVariants(PROJECT_ROOT, inlined);
  const sandbox = await startSandboxProcess(ACTIVATION_SANDBOX);
  try {
    await benchActivation({
      sandboxUrl: sandbox.url,
      apiKey: DEFAULT_SANDBOX_KEY,
      rounds: Number(argument('--rounds', '5')),
      variants,
    });
  } finally {
    await sandbox.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`activation bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
