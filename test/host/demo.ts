/**
 * `npm start`: the extension against the sandbox, in a real VS Code you open in a browser.
 * Starts the sandbox (2,000 merchants, the service's documented rate limit 3/1,100/300 unless
 * `--rate-limit` says otherwise), then code-server with the packaged extension, its
 * base URL set to the sandbox and the sandbox's key in AFFILIATE_LINKS_API_KEY, writes the demo
 * articles (Markdown, MDX, HTML) into its workspace, and prints the one address to open: the
 * workspace with the first article open; the Merchants view shows as the catalog first loads.
 * Runs until Ctrl+C.
 *
 * `--keys split` runs the sandbox in the real service's world of two kinds of key (see
 * src/sandbox/sandboxKeys.ts): the extension still gets platform 1's key, which opens the
 * catalog, and the demo prints the account key, which the reports need and the extension asks for.
 *
 * `npm start -- [--port N] [--sandbox-port N] [--merchants N] [--rate-limit SPEC|off] [--keys single|split]`
 */
import path from 'node:path';
import { formatRateLimit, parseRateLimit, SERVICE_RATE_LIMIT } from '../../src/api/rateLimit';
import type { KeyWorld } from '../../src/sandbox/server';
import { checkKeysOption } from '../../src/sandbox/sandboxOptions';
import { vscodeVersion } from './codeServer';
import { startDemo } from './demoServer';

const USAGE =
  'Usage: npm start -- [--port N] [--sandbox-port N] [--merchants N] [--rate-limit SPEC|off] [--keys single|split] ' +
  '(SPEC: N/S windows, default 3/1,100/300; keys default single)';

function refuse(message: string): never {
  console.error(`demo: ${message}\n${USAGE}`);
  process.exit(2);
}

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) {
    return fallback;
  }
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 0) {
    refuse(`--${name} takes a whole number; got "${process.argv[index + 1]}"`);
  }
  return value;
}

/** `--rate-limit SPEC`, checked and spelled the one way; the documented limit when absent. */
function rateLimitArgument(): string {
  const index = process.argv.indexOf('--rate-limit');
  if (index < 0) {
    return formatRateLimit(SERVICE_RATE_LIMIT);
  }
  const parsed = parseRateLimit(process.argv[index + 1] ?? '');
  if (!parsed.ok) {
    refuse(`--rate-limit: ${parsed.message}`);
  }
  return formatRateLimit(parsed.windows);
}

/** `--keys single|split`; single when absent. */
function keysArgument(): KeyWorld {
  const index = process.argv.indexOf('--keys');
  if (index < 0) {
    return 'single';
  }
  try {
    return checkKeysOption(process.argv[index + 1]);
  } catch (error) {
    refuse((error as Error).message);
  }
}

async function main(): Promise<void> {
  const demo = await startDemo({
    port: numberArgument('port', 8080),
    sandboxPort: numberArgument('sandbox-port', 8787),
    merchants: numberArgument('merchants', 2_000),
    rateLimit: rateLimitArgument(),
    keys: keysArgument(),
  });
  const names = demo.articles.map((article) => path.basename(article.file)).join(', ');
  console.log(
    `Affiliate Links demo: ${vscodeVersion()} with the extension, against the sandbox at ${demo.sandbox.url} (rate limit ${demo.sandbox.stats().rateLimit.spec}).`,
  );
  console.log(
    `The articles in articles/ (${names}) show their clicks at their top; hover a URL, or try Insert Deeplink and Monetize Links in Document on them. Click "N clicks today" in the status bar (or run "Affiliate Links: Show Reports") for the report panel, and "Affiliate Links: Show Getting Started" for the walkthrough. Ctrl+C stops.`,
  );
  const atRisk = demo.articles.find((article) => article.inactiveMerchant !== undefined);
  if (atRisk?.inactiveClicks) {
    console.log(
      `${path.basename(atRisk.file)} links to ${atRisk.inactiveMerchant}, an inactive merchant that took ${atRisk.inactiveClicks} clicks from it in the last four weeks: "Affiliate Links: Show Revenue at Risk" shows them.`,
    );
  }
  if (demo.sandbox.keys.world === 'split') {
    const [platform] = demo.sandbox.keys.platforms;
    console.log(
      `Keys: split, as the real service. The extension has the key of platform 1 "${platform!.name}" (${platform!.key}), which opens its merchant catalog; the reports refuse it (401).`,
    );
    console.log(
      `The reports need the account key ${demo.sandbox.keys.account}: when the extension asks for it, run "Affiliate Links: Set API Key" and paste it.`,
    );
  }
  console.log(`Open ${demo.url}`);
  const stop = (): void => {
    void demo.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await demo.server.exited.catch(async (error: unknown) => {
    await demo.sandbox.close();
    throw error;
  });
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
