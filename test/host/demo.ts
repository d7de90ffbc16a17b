/**
 * `npm start`: the extension against the sandbox, in a real VS Code you open in a browser.
 * Starts the sandbox (2,000 merchants), then code-server with the packaged extension, its
 * base URL set to the sandbox and the sandbox's key in AFFILIATE_LINKS_API_KEY, writes the demo
 * articles (Markdown, MDX, HTML) into its workspace, and prints the one address to open: the
 * workspace with the first article open; the Merchants view shows as the catalog first loads.
 * Runs until Ctrl+C.
 *
 * `npm start -- [--port N] [--sandbox-port N] [--merchants N]`
 */
import path from 'node:path';
import { vscodeVersion } from './codeServer';
import { startDemo } from './demoServer';

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) {
    return fallback;
  }
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`demo: --${name} takes a whole number; got "${process.argv[index + 1]}"`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const demo = await startDemo({
    port: numberArgument('port', 8080),
    sandboxPort: numberArgument('sandbox-port', 8787),
    merchants: numberArgument('merchants', 2_000),
  });
  const names = demo.articles.map((article) => path.basename(article.file)).join(', ');
  console.log(`Affiliate Links demo: ${vscodeVersion()} with the extension, against the sandbox at ${demo.sandbox.url}.`);
  console.log(`The articles in articles/ (${names}) show their clicks at their top; hover a URL, or try Insert Deeplink and Monetize Links in Document on them. Click "N clicks today" in the status bar (or run "Affiliate Links: Show Reports") for the report panel, and "Affiliate Links: Show Getting Started" for the walkthrough. Ctrl+C stops.`);
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
