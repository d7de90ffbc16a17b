/**
 * What a command of the command line is handed of its process: where it writes, its environment and folder, and
 * the time. `main.ts` hands the process's own; tests hand their own and read what was written.
 */
export interface CliStream {
  write(text: string): unknown;
  /** Whether it is a terminal (colours in the text format). */
  isTTY?: boolean;
}

export interface CliIo {
  /** The report, when no `--output` names a file. */
  stdout: CliStream;
  /** Everything else: problems, skipped files, what `--fix` changed, notes. */
  stderr: CliStream;
  env: Readonly<Record<string, string | undefined>>;
  /** The folder the command runs in: relative paths are read from it. */
  cwd: string;
  /** The time (the SubID's `${date}`, the catalog's age). */
  now(): Date;
  /** The script a worker thread of `check` runs (`dist/cli.js` itself); without it, no worker is started. */
  workerScript?: string;
}

/** The tool's name: the `bin` of the package, and the reports' tool. */
export const TOOL_NAME = 'affiliate-links';

/** A line to stderr, the tool's name in front. */
export function say(io: CliIo, line: string): void {
  io.stderr.write(`${TOOL_NAME}: ${line}\n`);
}
