/**
 * A code-server (VS Code's own workbench and server) started for one test run: its own
 * port, user-data and extensions folders, settings, and environment. `stop()` ends it and
 * everything it spawned (it runs in a process group of its own).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort';
import { CODE_SERVER_ENTRY, INSTALL_SCRIPT, VSCODE_PRODUCT_JSON } from './hostPaths';

export interface CodeServerOptions {
  /** The folder the workbench opens. Default: an empty temporary folder. */
  workspace?: string;
  /** User settings, on top of the ones every test run needs. */
  settings?: Record<string, unknown>;
  /** Extra environment of the server and so of its extension host. */
  env?: Record<string, string>;
  /** .vsix files installed into the extensions folder before start. */
  install?: string[];
  /** Default: a free port. */
  port?: number;
  /** The display language (`--locale`), e.g. `qps-ploc` for the pseudo-localised run. Default: English. */
  locale?: string;
  /** Runs after the .vsix files are installed and before the server starts. */
  prepare?: (folders: { userDataDir: string; extensionsDir: string }) => void;
}

export interface CodeServer {
  url: string;
  port: number;
  workspace: string;
  userDataDir: string;
  /** Everything the server printed, for a failure's message. */
  output(): string;
  /** Rejects if the server exits before `stop()`. */
  exited: Promise<never>;
  stop(): Promise<void>;
}

const BASE_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'chat.commandCenter.enabled': false,
};

/** Installs code-server and its packages when missing (idempotent, seconds when done). */
export function ensureCodeServer(): void {
  const result = spawnSync('bash', [INSTALL_SCRIPT], { stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`installing the test host failed (${INSTALL_SCRIPT} exited with ${result.status})`);
  }
}

export function vscodeVersion(): string {
  const product = JSON.parse(fs.readFileSync(VSCODE_PRODUCT_JSON, 'utf8')) as {
    version?: string;
    codeServerVersion?: string;
  };
  return `VS Code ${product.version ?? '?'} (code-server ${product.codeServerVersion ?? '?'})`;
}

async function waitUntilHealthy(url: string, exited: Promise<never>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let settled = false;
  const failure = exited.catch((error: unknown) => {
    settled = true;
    throw error;
  });
  while (!settled) {
    if (Date.now() > deadline) {
      throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs / 1000} s`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 200)), failure]);
  }
  await failure;
}

export async function startCodeServer(options: CodeServerOptions = {}): Promise<CodeServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-host-'));
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const workspace = options.workspace ?? path.join(root, 'workspace');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(workspace, { recursive: true });
  for (const folder of ['xdg-config', 'xdg-data', 'xdg-runtime', 'tmp']) {
    fs.mkdirSync(path.join(root, folder), { recursive: true, mode: 0o700 });
  }
  fs.writeFileSync(
    path.join(userDataDir, 'User/settings.json'),
    JSON.stringify({ ...BASE_SETTINGS, ...options.settings }, null, 2),
  );

  // code-server and its extension host write config, logs and sockets under XDG folders and
  // TMPDIR: keep them in this run's folder, which stop() removes.
  const hostEnv = {
    ...process.env,
    XDG_CONFIG_HOME: path.join(root, 'xdg-config'),
    XDG_DATA_HOME: path.join(root, 'xdg-data'),
    XDG_RUNTIME_DIR: path.join(root, 'xdg-runtime'),
    TMPDIR: path.join(root, 'tmp'),
    ...options.env,
  };

  for (const vsix of options.install ?? []) {
    const result = spawnSync(
      process.execPath,
      [
        CODE_SERVER_ENTRY,
        '--extensions-dir',
        extensionsDir,
        '--user-data-dir',
        userDataDir,
        '--install-extension',
        vsix,
      ],
      {
        encoding: 'utf8',
        env: hostEnv,
      },
    );
    if (result.status !== 0) {
      throw new Error(`installing ${vsix} into code-server failed:\n${result.stdout}${result.stderr}`);
    }
  }

  options.prepare?.({ userDataDir, extensionsDir });

  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const args = [
    CODE_SERVER_ENTRY,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    ...(options.locale === undefined ? [] : ['--locale', options.locale]),
    workspace,
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: hostEnv,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  let stopping = false;
  const exited = new Promise<never>((_resolve, reject) => {
    child.once('exit', (code, signal) => {
      if (!stopping) {
        reject(
          new Error(
            `code-server exited unexpectedly (code ${code}, signal ${signal}). Its output:\n${output.slice(-4000)}`,
          ),
        );
      }
    });
  });
  exited.catch(() => undefined);

  const killGroup = (signal: NodeJS.Signals): void => {
    try {
      if (child.pid !== undefined) {
        process.kill(-child.pid, signal);
      }
    } catch {
      // already gone
    }
  };
  const onExit = (): void => killGroup('SIGKILL');
  process.once('exit', onExit);

  const stop = async (): Promise<void> => {
    if (stopping) {
      return;
    }
    stopping = true;
    process.off('exit', onExit);
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    }
    // Whatever the group left behind (extension host, watchers).
    killGroup('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
  };

  try {
    await waitUntilHealthy(url, exited, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, workspace, userDataDir, output: () => output, exited, stop };
}
