/**
 * The processes the command line's figures time (cliBench.ts): `node dist/cli.js check …` and `markdownlint-cli2`,
 * each spawned with this Node, its wall time from the spawn to its exit, and what it wrote.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** GNU time, where there is one: the CPU time and peak memory of a timed process (not needed for the wall time). */
const GNU_TIME = '/usr/bin/time';
const hasTime = fs.existsSync(GNU_TIME);

export interface ProcessRun {
  /** From the spawn to the exit, in ms. */
  ms: number;
  code: number | null;
  stdout: string;
  stderr: string;
  /** Bytes written to stdout and stderr. */
  bytes: { stdout: number; stderr: number };
  /** Its CPU time (user and system, ms) and peak resident memory (MB), from GNU time where there is one. */
  cpu?: { ms: number; maxRssMb: number };
}

/**
 * The environment of a timed process: the bench's own, without what `npm run bench` sets for itself (NODE_PATH
 * points at the test stand-ins; NODE_OPTIONS would load tsx or more into the child).
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_PATH;
  delete env.NODE_OPTIONS;
  return env;
}

let runs = 0;

/** What GNU time wrote ("user system maxrss"), the file removed. */
function cpuOf(file: string): ProcessRun['cpu'] {
  const [user, system, rss] = fs.readFileSync(file, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  fs.rmSync(file, { force: true });
  return { ms: Math.round((user! + system!) * 1000), maxRssMb: Math.round(rss! / 1024) };
}

/**
 * Runs `command args` in `cwd` (under GNU time where there is one, which writes to a file of its own); its output is
 * read as it comes, so a full pipe never holds it up.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = childEnv(),
): Promise<ProcessRun> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const timeFile = path.join(os.tmpdir(), `cli-bench-time-${process.pid}-${runs++}.txt`);
  const [file, argv] = hasTime
    ? [GNU_TIME, ['-f', '%U %S %M', '-o', timeFile, command, ...args]]
    : [command, [...args]];
  const started = performance.now();
  const child = spawn(file, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let exited = 0;
  child.once('exit', () => (exited = performance.now()));
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const stdout = Buffer.concat(out);
      const stderr = Buffer.concat(err);
      resolve({
        ms: exited - started,
        code,
        stdout: stdout.toString('utf8'),
        stderr: stderr.toString('utf8'),
        bytes: { stdout: stdout.length, stderr: stderr.length },
        ...(hasTime ? { cpu: cpuOf(timeFile) } : {}),
      });
    });
  });
}

/** `node dist/cli.js ARGS` in `cwd`. */
export function runCheck(root: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv) {
  return runProcess(process.execPath, [path.join(root, 'dist/cli.js'), ...args], cwd, env);
}

/** The script `node_modules/.bin/markdownlint-cli2` runs (a link to it), and its version. */
export function markdownlintBin(root: string): { bin: string; version: string } {
  const bin = fs.realpathSync(path.join(root, 'node_modules/.bin/markdownlint-cli2'));
  const manifest = path.join(root, 'node_modules/markdownlint-cli2/package.json');
  return { bin, version: (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version };
}

/**
 * The globs markdownlint-cli2 is given in the site's folder: the Markdown files (`.md`, `.markdown`: the command
 * line's `.mdx`, `.htm` and `.html` are not Markdown to it), without node_modules (as its README's own command line
 * leaves it out, and as the command line never walks it) and without .git (its globs take dot folders, and the
 * command line never walks .git). No configuration: its default rules.
 */
export const MARKDOWNLINT_GLOBS = ['**/*.{md,markdown}', '#node_modules', '#.git'];

/** markdownlint-cli2 over the site's Markdown files, in the site's folder (it exits 1 when it finds problems). */
export function runMarkdownlint(bin: string, site: string): Promise<ProcessRun> {
  return runProcess(process.execPath, [bin, ...MARKDOWNLINT_GLOBS], site);
}

/** What markdownlint-cli2 says it linted and found: "Linting: 4000 file(s)", "Summary: 42623 error(s)". */
export function markdownlintCounts(run: ProcessRun): { files: number; errors: number } {
  const files = /Linting: (\d+) file\(s\)/.exec(run.stdout);
  const errors = /Summary: (\d+) error\(s\)/.exec(run.stdout);
  if (files === null || errors === null || (run.code !== 0 && run.code !== 1)) {
    throw new Error(`markdownlint-cli2 exited with ${run.code}: ${run.stdout}${run.stderr.slice(0, 2_000)}`);
  }
  return { files: Number(files[1]), errors: Number(errors[1]) };
}

/** The problem count of the text format's summary line ("✖ 24134 problems (…) in 10000 of 10000 files"). */
export function textProblems(run: ProcessRun): { problems: number; files: number } {
  const summary = /(\d+) problems? \(.*\) in \d+ of (\d+) files?/.exec(run.stdout);
  if (summary === null) {
    throw new Error(`no summary line in the check's text output (exit ${run.code}): ${run.stderr.slice(0, 2_000)}`);
  }
  return { problems: Number(summary[1]), files: Number(summary[2]) };
}

/** What the json format reports: the findings per rule, the files checked, and the run's own duration. */
export interface JsonReport {
  filesChecked: number;
  durationMs: number;
  findings: Array<{ file: string; code: string }>;
  skipped: unknown[];
  /** The site's links per merchant. */
  merchantLinks: unknown[];
}

export function jsonReport(run: ProcessRun): JsonReport {
  try {
    return JSON.parse(run.stdout) as JsonReport;
  } catch {
    throw new Error(`the check's json output is not JSON (exit ${run.code}): ${run.stderr.slice(0, 2_000)}`);
  }
}

/** Findings per rule, in the order of `codes`. */
export function countsOf(report: JsonReport, codes: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(codes.map((code) => [code, 0]));
  for (const finding of report.findings) {
    counts[finding.code] = (counts[finding.code] ?? 0) + 1;
  }
  return counts;
}
