/** `npm run sandbox -- [options]`: runs the sandbox until SIGINT or SIGTERM; bad arguments exit with code 2. */
import { CliArgumentError, parseCliArgs, USAGE, type CliCommand } from './cliArgs';
import { generateDataset } from './dataset';
import { SANDBOX_DEFAULTS, SandboxOptionError, startSandbox, type Sandbox, type SandboxKeys } from './server';
import { openSite, type SandboxSite } from './siteSandbox';

/**
 * The lines after the first (the URL and the world of keys): none in the single world, where the key
 * is the --key given (sandboxkey by default) and never printed; every derived key in the split world.
 */
function keyLines(keys: SandboxKeys): string {
  if (keys.world === 'single') {
    return '';
  }
  const platforms = keys.platforms.map(
    (platform, index) => `  platform ${index + 1} "${platform.name}" (adspace ${platform.id}): ${platform.key}\n`,
  );
  return [
    "Keys: a platform key opens its platform's merchant catalog (the account key there is a 403); the account key opens the reports (a platform key there is a 401).\n",
    ...platforms,
    `  account (reports): ${keys.account}\n`,
  ].join('');
}

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

  const { site } = command;
  if (site !== undefined && !site.serve) {
    writeSiteAndSay(site, command.options);
    return;
  }

  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox(
      site === undefined
        ? command.options
        : { ...command.options, site: { directory: site.directory, articles: site.articles } },
    );
  } catch (error) {
    const bad = error instanceof SandboxOptionError;
    process.stderr.write(`sandbox: ${(error as Error).message}\n`);
    process.exit(bad ? 2 : 1);
  }

  if (sandbox.site !== undefined) {
    process.stdout.write(siteLine(sandbox.site));
  }
  const { merchants, clicks, actions, seed } = { ...SANDBOX_DEFAULTS, ...command.options };
  const { spec } = sandbox.stats().rateLimit;
  process.stdout.write(
    `Sandbox listening on ${sandbox.url} (${merchants} merchants, ${clicks} clicks, ${actions} actions, seed ${seed}, keys ${sandbox.keys.world}, rate limit ${spec})\n` +
      keyLines(sandbox.keys),
  );

  const stop = (): void => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * Writes the site over the catalog the sandbox serves with the same options (single world of keys),
 * its reports as `--serve` would serve them, and prints one JSON line: the findings per rule, the SubID
 * template assumed, and the revenue at risk of the last 30 days (siteRevenue.ts).
 */
function writeSiteAndSay(site: NonNullable<CliCommand['site']>, options: CliCommand['options']): void {
  const { merchants, clicks, actions, seed, historyDays } = { ...SANDBOX_DEFAULTS, ...options };
  const now = new Date();
  const dataset = generateDataset({ seed, merchants, clicks, actions, historyDays, now });
  try {
    const written = openSite(dataset, site, { seed, historyDays, now: () => now });
    process.stdout.write(siteLine(written));
  } catch (error) {
    process.stderr.write(`sandbox: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

/** The site's summary with its revenue at risk, as one line of JSON. */
function siteLine(site: SandboxSite): string {
  return `${JSON.stringify({ ...site.summary, revenueAtRisk: site.revenueAtRisk })}\n`;
}

void main();
