/**
 * `npm start`: the extension against the sandbox, in a real VS Code you open in a browser.
 * Starts the sandbox (2,000 merchants), then code-server with the packaged extension, its
 * base URL set to the sandbox and the sandbox's key in AFFILIATE_LINKS_API_KEY, and prints
 * the address to open. Runs until Ctrl+C.
 *
 * `npm start -- [--port N] [--sandbox-port N] [--merchants N]`
 */
import { startSandbox } from '../../src/sandbox/server';
import { ensureCodeServer, startCodeServer, vscodeVersion } from './codeServer';
import { writeDemoArticles } from './demoArticles';
import { packageExtension } from './packageExtension';

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
  ensureCodeServer();
  const vsix = packageExtension();
  const sandbox = await startSandbox({ port: numberArgument('sandbox-port', 8787), merchants: numberArgument('merchants', 2_000) });
  const server = await startCodeServer({
    port: numberArgument('port', 8080),
    install: [vsix],
    settings: { 'affiliateLinks.baseUrl': sandbox.url, 'affiliateLinks.subId': '${fileBasenameNoExtension}', 'workbench.colorTheme': 'Default Dark Modern' },
    env: { AFFILIATE_LINKS_API_KEY: sandbox.key },
  }).catch(async (error: unknown) => {
    await sandbox.close();
    throw error;
  });
  const articles = writeDemoArticles(server.workspace, sandbox.dataset);
  console.log(`Affiliate Links demo: ${vscodeVersion()} with the extension, against the sandbox at ${sandbox.url}.`);
  console.log(`Open ${server.url}/?folder=${encodeURIComponent(server.workspace)} and choose "Affiliate Links" in the activity bar; click "N clicks today" in the status bar (or run "Affiliate Links: Show Reports") for the report panel. The articles in articles/ (${articles.map((article) => article.subId).join(', ')}) show their clicks and earnings at the top. Ctrl+C stops.`);
  const stop = (): void => {
    void Promise.all([server.stop(), sandbox.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await server.exited.catch(async (error: unknown) => {
    await sandbox.close();
    throw error;
  });
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
