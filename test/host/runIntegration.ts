/**
 * `npm run test:integration [-- --host server|electron] [--grep TEXT]`: runs test/integration
 * inside a real VS Code extension host and exits non-zero on a failure, a timeout, or when no
 * test ran.
 *
 * - host "electron": @vscode/test-electron's runTests, with VSCODE_EXECUTABLE or a download.
 * - host "server": code-server in headless Chromium with the extension-test payload.
 * The host comes from --host, else AFFILIATE_LINKS_TEST_HOST, else "electron" when
 * VSCODE_EXECUTABLE names a VS Code and "server" otherwise (these machines cannot download one).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './chromium';
import { ensureCodeServer, startCodeServer, vscodeVersion } from './codeServer';
import { startHostKeyboard } from './hostKeyboard';
import { PROJECT_ROOT } from './hostPaths';

const TESTS_INDEX = path.join(PROJECT_ROOT, 'out/test/integration/index.js');
const SUMMARY_PREFIX = 'MOCHA-SUMMARY ';
const RUN_TIMEOUT_MS = 5 * 60_000;

type Host = 'server' | 'electron';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function chooseHost(): Host {
  const chosen = argument('host') ?? process.env.AFFILIATE_LINKS_TEST_HOST;
  if (chosen === 'server' || chosen === 'electron') {
    return chosen;
  }
  if (chosen !== undefined) {
    throw new Error(`unknown host "${chosen}": use server or electron`);
  }
  return process.env.VSCODE_EXECUTABLE ? 'electron' : 'server';
}

function build(): void {
  const result = spawnSync(process.execPath, ['esbuild.mjs', '--tests'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error('building the extension and the integration suite failed');
  }
}

interface Outcome {
  report: string;
  passes: number;
  failures: number;
}

function readOutcome(resultsFile: string): Outcome | undefined {
  const report = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '';
  const line = report.split('\n').find((text) => text.startsWith(SUMMARY_PREFIX));
  if (line === undefined) {
    return undefined;
  }
  const summary = JSON.parse(line.slice(SUMMARY_PREFIX.length)) as { passes: number; failures: number };
  return { report: report.replace(line, '').trimEnd(), passes: summary.passes, failures: summary.failures };
}

async function waitForOutcome(resultsFile: string, failure: Promise<never>): Promise<Outcome> {
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  let failed: unknown;
  failure.catch((error: unknown) => (failed = error));
  for (;;) {
    const outcome = readOutcome(resultsFile);
    if (outcome) {
      return outcome;
    }
    if (failed !== undefined) {
      throw failed;
    }
    if (Date.now() > deadline) {
      const partial = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '(no output)';
      throw new Error(
        `the integration suite did not finish within ${RUN_TIMEOUT_MS / 60_000} min. So far:\n${partial}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function runInServer(resultsFile: string, grep: string | undefined): Promise<Outcome> {
  ensureCodeServer();
  console.log(`host: server, ${vscodeVersion()}`);
  const keyboard = await startHostKeyboard();
  const server = await startCodeServer({
    env: {
      AFFILIATE_LINKS_TEST_RESULTS: resultsFile,
      AFFILIATE_LINKS_TEST_KEYBOARD: keyboard.url,
      ...(grep ? { AFFILIATE_LINKS_TEST_GREP: grep } : {}),
    },
  });
  const browser = await launchChromium().catch(async (error: unknown) => {
    await Promise.all([server.stop(), keyboard.close()]);
    throw error;
  });
  try {
    const remote = (file: string): string => `vscode-remote://127.0.0.1:${server.port}${file}`;
    const payload = [
      ['extensionDevelopmentPath', remote(PROJECT_ROOT)],
      ['extensionTestsPath', remote(TESTS_INDEX)],
    ];
    // The clipboard is the browser's: a real paste (Ctrl+V, through `keyboard`) reads what the suite wrote to it.
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    keyboard.usePage(page);
    const browserGone = new Promise<never>((_resolve, reject) =>
      browser.once('disconnected', () => reject(new Error('Chromium disconnected during the run'))),
    );
    browserGone.catch(() => undefined);
    await page.goto(
      `${server.url}/?folder=${encodeURIComponent(server.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
    );
    return await waitForOutcome(resultsFile, Promise.race([server.exited, browserGone]));
  } finally {
    await browser.close().catch(() => undefined);
    await Promise.all([server.stop(), keyboard.close()]);
  }
}

async function runInElectron(resultsFile: string, grep: string | undefined): Promise<Outcome> {
  const { runTests } = await import('@vscode/test-electron');
  const vscodeExecutablePath = process.env.VSCODE_EXECUTABLE;
  console.log(`host: electron, ${vscodeExecutablePath ?? 'VS Code downloaded by @vscode/test-electron'}`);
  await runTests({
    extensionDevelopmentPath: PROJECT_ROOT,
    extensionTestsPath: TESTS_INDEX,
    ...(vscodeExecutablePath ? { vscodeExecutablePath } : { version: '1.100.3' }),
    launchArgs: [
      '--disable-extensions',
      '--disable-workspace-trust',
      fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-ws-')),
    ],
    extensionTestsEnv: {
      AFFILIATE_LINKS_TEST_RESULTS: resultsFile,
      ...(grep ? { AFFILIATE_LINKS_TEST_GREP: grep } : {}),
    },
  }).catch(() => undefined); // a failing suite rejects; the results file tells what happened
  const outcome = readOutcome(resultsFile);
  if (!outcome) {
    throw new Error('VS Code ended without the suite reporting any result');
  }
  return outcome;
}

async function main(): Promise<void> {
  const started = Date.now();
  const host = chooseHost();
  build();
  const resultsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-results-')), 'integration.txt');
  const grep = argument('grep');
  const outcome = host === 'server' ? await runInServer(resultsFile, grep) : await runInElectron(resultsFile, grep);
  console.log(outcome.report);
  console.log(`integration suite (${host}) took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (outcome.failures > 0) {
    process.exitCode = 1;
  } else if (outcome.passes === 0) {
    console.error('no integration test ran');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(`integration run failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
