/**
 * The demo of `npm start`, startable from a test too: the sandbox, code-server with the packaged
 * extension pointed at it (the sandbox's key in AFFILIATE_LINKS_API_KEY, each article's SubID its
 * file name), the demo articles in its workspace, and the one address that opens it all.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatRateLimit, SERVICE_RATE_LIMIT } from '../../src/api/rateLimit';
import { startSandbox, type KeyWorld, type Sandbox } from '../../src/sandbox/server';
import { ensureCodeServer, startCodeServer, type CodeServer } from './codeServer';
import { writeDemoArticles, type DemoArticle } from './demoArticles';
import { packageExtension } from './packageExtension';

export interface DemoOptions {
  /** code-server's port; default 8080. */
  port?: number;
  /** The sandbox's port; default 8787, 0 for a free one. */
  sandboxPort?: number;
  /** The sandbox's catalog size; default 2,000. */
  merchants?: number;
  /** The sandbox's rate limit SPEC (`3/1,100/300`, `off`); default the service's documented limit. */
  rateLimit?: string;
  /** The sandbox's world of keys (src/sandbox/sandboxKeys.ts); default single. The extension gets platform 1's key either way. */
  keys?: KeyWorld;
}

export interface Demo {
  /** The address to open: the workspace, with the first article open in the editor. */
  url: string;
  sandbox: Sandbox;
  server: CodeServer;
  articles: DemoArticle[];
  stop(): Promise<void>;
}

/**
 * The workbench's address for `folder`, with `file` open in the editor: VS Code for the Web
 * opens the `openFile` entry of its `payload` query (BrowserWorkbenchEnvironmentService's
 * `filesToOpenOrCreate`), a `vscode-remote://` URI on the server's own host and port.
 */
export function demoWorkbenchUrl(serverUrl: string, folder: string, file: string): string {
  const remote = `vscode-remote://${new URL(serverUrl).host}${pathToFileURL(path.resolve(file)).pathname}`;
  const payload = JSON.stringify([['openFile', remote]]);
  return `${serverUrl}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(payload)}`;
}

export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
  ensureCodeServer();
  const vsix = packageExtension();
  const sandbox = await startSandbox({
    port: options.sandboxPort ?? 8787,
    merchants: options.merchants ?? 2_000,
    rateLimit: options.rateLimit ?? formatRateLimit(SERVICE_RATE_LIMIT),
    keys: options.keys ?? 'single',
  });
  let server: CodeServer;
  try {
    server = await startCodeServer({
      port: options.port ?? 8080,
      install: [vsix],
      settings: {
        'affiliateLinks.baseUrl': sandbox.url,
        'affiliateLinks.subId': '${fileBasenameNoExtension}',
        'workbench.colorTheme': 'Default Dark Modern',
      },
      env: { AFFILIATE_LINKS_API_KEY: sandbox.key },
    });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  const stop = async (): Promise<void> => {
    await Promise.all([server.stop(), sandbox.close()]);
  };
  let articles: DemoArticle[];
  try {
    articles = writeDemoArticles(server.workspace, sandbox.dataset);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: demoWorkbenchUrl(server.url, server.workspace, articles[0]!.file),
    sandbox,
    server,
    articles,
    stop,
  };
}
