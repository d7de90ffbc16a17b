/**
 * Runs the sandbox in a process of its own, so the client's work is measured apart from the
 * server's, and the server hears requests arrive on its own clock, as the real service does,
 * whatever blocks the client's event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { SandboxStats } from '../../src/sandbox/requestStats';

export interface SandboxProcess {
  url: string;
  setLatency(ms: number): Promise<void>;
  stats(): Promise<SandboxStats>;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '../..');

export async function startSandboxProcess(args: string[]): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('the sandbox did not start within 60 s')), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with code ${code} before listening`));
    });
  });
  return {
    url,
    async setLatency(ms) {
      const response = await fetch(`${url}/__sandbox/latency?ms=${ms}`, { method: 'POST' });
      if (!response.ok) {
        throw new Error(`setting the latency failed: ${response.status}`);
      }
    },
    async stats() {
      const response = await fetch(`${url}/__sandbox/stats`);
      if (!response.ok) {
        throw new Error(`reading the stats failed: ${response.status}`);
      }
      return (await response.json()) as SandboxStats;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
