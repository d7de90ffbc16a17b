/**
 * What an e2e scenario runs against: the sandbox service on a free port, code-server with the
 * packaged extension (.vsix) installed and its settings pointing at the sandbox, and headless
 * Chromium on the workbench. `stop()` ends all of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server';
import { launchChromium } from '../host/chromium';
import { ensureCodeServer, startCodeServer, vscodeVersion, type CodeServer } from '../host/codeServer';
import { packageExtension } from '../host/packageExtension';
import { Workbench } from './workbench';

export interface E2eEnvironment {
  sandbox: Sandbox;
  server: CodeServer;
  browser: Browser;
  workbench: Workbench;
  /** The remote extension host's log, where activation failures show. */
  extensionHostLog(): string;
  stop(): Promise<void>;
}

function findFiles(dir: string, name: RegExp): string[] {
  if (!fs.existsSync(dir)) {
    return [];
  }
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? findFiles(full, name) : name.test(entry.name) ? [full] : [];
  });
}

export interface E2eOptions {
  /** User settings on top of the sandbox's address. */
  settings?: Record<string, unknown>;
  /** The display language and what to put in place before the server starts (see test/e2e/pseudoLocale.ts). */
  locale?: string;
  prepare?: (folders: { userDataDir: string; extensionsDir: string }) => void;
  /** More .vsix files to install beside the extension's, made when the environment starts. */
  install?: () => string[];
  /** Sandbox options on top of the e2e defaults (its world of keys, say). */
  sandbox?: SandboxOptions;
}

export async function startE2eEnvironment(options: E2eOptions = {}): Promise<E2eEnvironment> {
  ensureCodeServer();
  const vsix = packageExtension();
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async (): Promise<void> => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch(() => undefined);
    }
  };
  try {
    const sandbox = await startSandbox({ merchants: 300, ...options.sandbox });
    cleanups.push(() => sandbox.close());
    const server = await startCodeServer({
      install: [vsix, ...(options.install?.() ?? [])],
      settings: { 'affiliateLinks.baseUrl': sandbox.url, ...options.settings },
      locale: options.locale,
      prepare: options.prepare,
    });
    cleanups.push(() => server.stop());
    const browser = await launchChromium();
    cleanups.push(() => browser.close());
    const workbench = await Workbench.open(browser, server.url, server.workspace);
    console.log(`      e2e host: ${vscodeVersion()} at ${server.url}, sandbox at ${sandbox.url}`);
    return {
      sandbox,
      server,
      browser,
      workbench,
      extensionHostLog: () =>
        findFiles(path.join(server.userDataDir, 'logs'), /exthost.*\.log$/)
          .map((file) => fs.readFileSync(file, 'utf8'))
          .join('\n'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Registers the hooks of an e2e suite: one environment for the suite, a `failed-<title>.png`
 * screenshot of every failed scenario, everything stopped at the end. Call inside `describe`;
 * the returned function gives the environment to the scenarios.
 */
export function useE2eEnvironment(options: E2eOptions = {}): () => E2eEnvironment {
  let env: E2eEnvironment | undefined;
  before(async () => {
    env = await startE2eEnvironment(options);
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await env?.workbench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-').toLowerCase()}`);
      if (env) {
        // The extension's own log says what it did; print its end with the failure.
        const logs = findFiles(path.join(env.server.userDataDir, 'logs'), /Affiliate Links\.log$/)
          .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs)
          .map((file) => fs.readFileSync(file, 'utf8'));
        console.log(
          `      the extension's log (end):\n${logs
            .join('\n')
            .split('\n')
            .slice(-80)
            .map((line) => `        ${line}`)
            .join('\n')}`,
        );
      }
    }
  });
  after(async () => {
    await env?.stop();
  });
  return () => {
    if (!env) {
      throw new Error('the e2e environment did not start');
    }
    return env;
  };
}
