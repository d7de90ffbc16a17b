/**
 * The entry of `dist/cli.js`, the `affiliate-links` command of this package: the process's arguments, streams,
 * environment and folder handed to `runCli`, its answer the exit code. A failure nobody foresaw exits 2 with its
 * stack, never a half-written report.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { runCli } from './runCli';
import { isWorkerStart, runCheckWorker } from './checkWorker';
import { say, type CliIo } from './cliIo';
import { EXIT_PROBLEM } from './exitCodes';

if (isMainThread) {
  runCommand();
} else if (isWorkerStart(workerData) && parentPort !== null) {
  runCheckWorker(workerData, parentPort); // a worker thread of `check --concurrency`
}

function runCommand(): void {
  // A reader that stops early (`| head`) closes the pipe: what is left to write goes nowhere, and that is no failure.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') {
      throw error;
    }
  });

  const io: CliIo = {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    now: () => new Date(),
    workerScript: __filename,
  };

  runCli(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      say(io, `failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exitCode = EXIT_PROBLEM;
    },
  );
}
