/**
 * The arguments of `affiliate-links check`, read with Node's `parseArgs`: what was asked, `--help`, or a usage
 * problem worded with what to do (the command then exits 2).
 */
import { parseArgs } from 'node:util';
import type { Concurrency } from './checkWorkers';
import { FAIL_ON, type FailOn } from './exitCodes';
import { TOOL_NAME } from './cliIo';

export const FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;
export type ReportFormat = (typeof FORMATS)[number];

export interface CheckArgs {
  /** Files and folders to check (relative to the folder the command runs in); none: the whole site. */
  paths: string[];
  /** The site's folder: its `.vscode/settings.json` and its `.gitignore` files; paths are reported from it. */
  root: string | undefined;
  catalog: string | undefined;
  maxCatalogAgeDays: number | undefined;
  config: string | undefined;
  format: ReportFormat;
  output: string | undefined;
  failOn: FailOn;
  changedSince: string | undefined;
  fix: boolean;
  /** Colours in the text format: forced on or off, else when the output is a terminal. */
  color: boolean | undefined;
  /** `--cache`: keep each file's links per merchant for the next run (`--cache-location` turns it on too). */
  cache: boolean;
  /** Where the cache is kept; its default place (linkCountCache.ts) when undefined. */
  cacheLocation: string | undefined;
  /** Threads for a whole site's check (checkWorkers.ts). */
  concurrency: Concurrency;
}

export type CheckArgsRead = { ok: true; args: CheckArgs } | { ok: false; help: true } | { ok: false; problem: string };

export const CHECK_USAGE = `Usage: ${TOOL_NAME} check [PATH...] [options]

Checks the affiliate links of a site's Markdown, MDX and HTML files with the rules of the
Affiliate Links extension, against a catalog snapshot, offline.

Options:
  --catalog FILE            the catalog snapshot to check against (Export Catalog Snapshot in
                            VS Code, or ${TOOL_NAME} catalog pull --out FILE)
  --max-catalog-age DAYS    fail (exit 2) when the snapshot is older than DAYS days
  --root DIR                the site's folder (default: the current folder): its
                            .vscode/settings.json and .gitignore files are read
  --config FILE             read the affiliateLinks.* settings from FILE instead of
                            ROOT/.vscode/settings.json
  --format FORMAT           text, json, sarif, junit or github (default: text)
  --output FILE             write the report to FILE (atomically) instead of the standard output
  --fail-on LEVEL           exit 1 on findings at or above error, warning or info; never:
                            exit 0 whatever is found (default: warning)
  --changed-since REF       check only the files git lists as changed since REF (added,
                            copied, modified and renamed ones, and untracked files)
  --cache                   keep each file's links per merchant for the next run, so that
                            --changed-since reads only the files it checks (default place:
                            node_modules/.cache/affiliate-links/, else .affiliate-links-cache)
  --cache-location FILE     keep the cache in FILE (turns --cache on)
  --concurrency N|auto|off  check a whole site's files in N threads, this one and N - 1 workers
                            (auto: two on a machine of two cores or more, for 1,000 files or
                            more; only when every file is checked: not with --changed-since
                            or --fix). Default: off, one thread (on a busy machine more
                            threads cost more than they save)
  --fix                     apply the safe fixes (those of fix-all on save), then report what is left
  --color, --no-color       colour the text format (default: when writing to a terminal)
  -h, --help                show this help

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it,
2 a usage, configuration or catalog problem.
`;

/** A usage problem: what was wrong, and where to read how it is used. */
function usage(problem: string): { ok: false; problem: string } {
  return { ok: false, problem: `${problem}. Run ${TOOL_NAME} check --help for the options.` };
}

/** Reads the arguments that follow `check`. */
export function readCheckArgs(argv: readonly string[]): CheckArgsRead {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        catalog: { type: 'string' },
        'max-catalog-age': { type: 'string' },
        root: { type: 'string' },
        config: { type: 'string' },
        format: { type: 'string' },
        output: { type: 'string' },
        'fail-on': { type: 'string' },
        'changed-since': { type: 'string' },
        fix: { type: 'boolean' },
        cache: { type: 'boolean' },
        'cache-location': { type: 'string' },
        concurrency: { type: 'string' },
        color: { type: 'boolean' },
        'no-color': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // Node's first sentence says what is wrong (its advice on `--` is for positionals that start with `-`).
    return usage(error instanceof Error ? error.message.split(/\.(?:\s|$)/)[0]! : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    return { ok: false, help: true };
  }
  const format = values.format ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) {
    return usage(`--format ${JSON.stringify(format)} is not a format: use ${FORMATS.join(', ')}`);
  }
  const failOn = values['fail-on'] ?? 'warning';
  if (!(FAIL_ON as readonly string[]).includes(failOn)) {
    return usage(`--fail-on ${JSON.stringify(failOn)} is not a level: use ${FAIL_ON.join(', ')}`);
  }
  let maxCatalogAgeDays: number | undefined;
  const age = values['max-catalog-age'];
  if (age !== undefined) {
    maxCatalogAgeDays = /^\s*\d+(\.\d+)?\s*$/.test(age) ? Number(age) : NaN;
    if (Number.isNaN(maxCatalogAgeDays)) {
      return usage(`--max-catalog-age ${JSON.stringify(age)} is not a number of days (such as 7)`);
    }
  }
  const concurrency = values.concurrency ?? 'off';
  if (!/^(auto|off|[1-9]\d?)$/.test(concurrency)) {
    return usage(`--concurrency ${JSON.stringify(concurrency)} is not a number of threads (1 to 99), auto or off`);
  }
  if (values.color && values['no-color']) {
    return usage('--color and --no-color contradict each other: give one');
  }
  const empty = (['catalog', 'root', 'config', 'output', 'changed-since', 'cache-location'] as const).find(
    (name) => values[name] !== undefined && values[name]!.trim() === '',
  );
  if (empty !== undefined) {
    return usage(`--${empty} needs a value`);
  }
  return {
    ok: true,
    args: {
      paths: positionals,
      root: values.root,
      catalog: values.catalog,
      maxCatalogAgeDays,
      config: values.config,
      format: format as ReportFormat,
      output: values.output,
      failOn: failOn as FailOn,
      changedSince: values['changed-since'],
      fix: values.fix ?? false,
      color: values.color ? true : values['no-color'] ? false : undefined,
      cache: values.cache === true || values['cache-location'] !== undefined,
      cacheLocation: values['cache-location'],
      concurrency: concurrency === 'auto' || concurrency === 'off' ? concurrency : Number(concurrency),
    },
  };
}
