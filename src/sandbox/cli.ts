/**
 * `npm run sandbox -- [options]`: runs the sandbox until SIGINT or SIGTERM. Prints one line
 * with its URL once it listens; bad arguments exit with code 2. The key is never printed.
 */
import { CliArgumentError, parseCliArgs, USAGE } from './cliArgs';
import { SANDBOX_DEFAULTS, SandboxOptionError, startSandbox } from './server';

async function main(): Promise<void> {
  let command;
  try {
    command = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof CliArgumentError) {
      process.stderr.write(`sandbox: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  if (command.help) {
    process.stdout.write(
      `${USAGE}\nSee src/sandbox/faults.ts for the fault SPEC grammar; the rate limit SPEC is N/S windows such as 3/1,100/300 (default off).\n`,
    );
    return;
  }

  let sandbox;
  try {
    sandbox = await startSandbox(command.options);
  } catch (error) {
    const bad = error instanceof SandboxOptionError;
    process.stderr.write(`sandbox: ${(error as Error).message}\n`);
    process.exit(bad ? 2 : 1);
  }

  const { merchants, clicks, actions, seed } = { ...SANDBOX_DEFAULTS, ...command.options };
  const { spec } = sandbox.stats().rateLimit;
  process.stdout.write(
    `Sandbox listening on ${sandbox.url} (${merchants} merchants, ${clicks} clicks, ${actions} actions, seed ${seed}, rate limit ${spec})\n`,
  );

  const stop = (): void => {
    sandbox.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
