/**
 * `affiliate-links check [PATH…]`: the arguments, the settings, the catalog snapshot, the site's files (narrowed by
 * the PATHs and `--changed-since`), the check (with `--fix` first), then the report in the format asked for, on the
 * standard output or written atomically to `--output`. Its exit code: 0 clean, 1 findings at or above `--fail-on`,
 * 2 a usage, configuration or catalog problem.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { version } from '../../package.json';
import { SETTINGS } from '../ids';
import { writeFileAtomically } from './atomicFile';
import { keptCatalog, readSnapshotFile, snapshotDigestOf, wholeCatalog } from './catalogInput';
import { changedFiles, type ChangedFiles } from './changedFiles';
import type { CheckReport } from './checkReport';
import { CHECK_USAGE, readCheckArgs, type CheckArgs } from './cliArgs';
import { say, TOOL_NAME, type CliIo } from './cliIo';
import { checkSite, type SiteRunOutcome } from './checkSite';
import { CheckWorkers, workerCount } from './checkWorkers';
import { siteCheckOf } from './fileCheck';
import { EXIT_CLEAN, EXIT_PROBLEM, exitCodeOf } from './exitCodes';
import { formatReport } from './format/index';
import { cacheKeyOf, defaultCacheFile, LinkCounts, readLinkCountCache, writeLinkCountCache } from './linkCountCache';
import { listSiteFiles, narrowToPaths, type SiteFiles } from './siteListing';
import { readSettingsFile, type CheckSettings } from './settingsFile';

export const TOOL_VERSION: string = version;

/** Whether the text format is coloured: as asked, else on a terminal unless NO_COLOR is set (or FORCE_COLOR is). */
function colorOf(args: CheckArgs, io: CliIo): boolean {
  if (args.color !== undefined) {
    return args.color;
  }
  const force = io.env.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== '0') {
    return true;
  }
  return args.output === undefined && io.stdout.isTTY === true && io.env.NO_COLOR === undefined;
}

/** The files whose findings are reported: those under the PATHs, of them those git lists as changed. */
async function reportedFiles(
  args: CheckArgs,
  root: string,
  files: readonly string[],
  io: CliIo,
  changedSince: Promise<ChangedFiles> | undefined,
): Promise<{ ok: true; files: ReadonlySet<string> | undefined } | { ok: false; problem: string }> {
  const narrowed = narrowToPaths(files, root, args.paths, io.cwd);
  if (!narrowed.ok) {
    return narrowed;
  }
  narrowed.notes.forEach((note) => say(io, note));
  if (changedSince === undefined) {
    return { ok: true, files: args.paths.length === 0 ? undefined : new Set(narrowed.files) };
  }
  const changed = await changedSince;
  if (!changed.ok) {
    return changed;
  }
  return { ok: true, files: new Set(narrowed.files.filter((file) => changed.files.has(file))) };
}

/** The listing without the cache's own file, which an include glob could take for one of the site's. */
function withoutFile(listing: SiteFiles, root: string, file: string | undefined): SiteFiles {
  const relative = file === undefined ? undefined : path.relative(root, file).split(path.sep).join('/');
  return relative === undefined || !listing.files.includes(relative)
    ? listing
    : { files: listing.files.filter((listed) => listed !== relative), ids: listing.ids };
}

/** A check run to its report, or the exit code of a run that stopped before it (help, a problem). */
export type CheckRun = { ok: true; args: CheckArgs; report: CheckReport } | { ok: false; code: number };

/** Everything of `check` but writing the report down: its arguments read, the site checked (and fixed). */
export async function checkReportOf(argv: readonly string[], io: CliIo): Promise<CheckRun> {
  const started = performance.now();
  const read = readCheckArgs(argv);
  if (!read.ok) {
    if ('help' in read) {
      io.stdout.write(CHECK_USAGE);
      return { ok: false, code: EXIT_CLEAN };
    }
    say(io, read.problem);
    return { ok: false, code: EXIT_PROBLEM };
  }
  const { args } = read;
  const problem = (line: string) => {
    say(io, line);
    return { ok: false as const, code: EXIT_PROBLEM };
  };
  const root = path.resolve(io.cwd, args.root ?? '.');
  if (
    !(await stat(root).then(
      (stats) => stats.isDirectory(),
      () => false,
    ))
  ) {
    return problem(`the site's folder ${root} is not a folder: give one with --root, or run in it`);
  }
  const settingsRead = await readSettingsFile(root, args.config, io.cwd);
  if (!settingsRead.ok) {
    return problem(settingsRead.problem);
  }
  const { settings } = settingsRead;
  settingsRead.notes.forEach((note) => say(io, note));
  if (!settings.enabled) {
    say(io, `${SETTINGS.linkHealthEnabled} is false: the editor shows no link health, the check runs anyway`);
  }
  const workers = startWorkers(args, io, root, settings);
  try {
    return await checkOver(args, io, { root, settings, started, workers });
  } finally {
    workers?.stop();
  }
}

/** The workers of a whole site's check, started before the snapshot is read (checkWorkers.ts); none for others. */
function startWorkers(args: CheckArgs, io: CliIo, root: string, settings: CheckSettings): CheckWorkers | undefined {
  const wholeSite = args.changedSince === undefined && !args.fix; // and the PATHs leave every file: see checkOver
  const count = workerCount(args.concurrency, wholeSite);
  if (io.workerScript === undefined || args.catalog === undefined || count === 0) {
    return undefined;
  }
  const catalog = path.resolve(io.cwd, args.catalog);
  const start = { catalog, settings, root, now: io.now().toISOString() };
  return new CheckWorkers(io.workerScript, count, start, args.concurrency === 'auto');
}

/** The check once its settings are read: the snapshot, the files, the check itself, the cache. */
async function checkOver(
  args: CheckArgs,
  io: CliIo,
  run: { root: string; settings: CheckSettings; started: number; workers: CheckWorkers | undefined },
): Promise<CheckRun> {
  const { root, settings, workers } = run;
  const problem = (line: string) => {
    say(io, line);
    return { ok: false as const, code: EXIT_PROBLEM };
  };
  // git lists the files (and those changed) in processes of its own while the snapshot is read here.
  const listed = listSiteFiles(root, settings);
  const changedSince = args.changedSince === undefined ? undefined : changedFiles(root, args.changedSince);
  const file = await readSnapshotFile(args.catalog, io);
  if (!file.ok) {
    return problem(file.problem);
  }
  const name = args.catalog!;
  const cacheFile = args.cache ? path.resolve(io.cwd, args.cacheLocation ?? (await defaultCacheFile(root))) : undefined;
  const cacheKey = cacheFile === undefined ? '' : cacheKeyOf(TOOL_VERSION, snapshotDigestOf(file.bytes), settings);
  const earlier = cacheFile === undefined ? undefined : await readLinkCountCache(cacheFile, cacheKey);
  // Read whole now, unless the cache kept it: then only once the files tell whether a few are reported.
  const whole =
    earlier?.catalog === undefined ? wholeCatalog(name, file.bytes, args.maxCatalogAgeDays, io.now()) : undefined;
  if (whole !== undefined && !whole.ok) {
    return problem(whole.problem);
  }
  const listing = withoutFile(await listed, root, cacheFile);
  const reported = await reportedFiles(args, root, listing.files, io, changedSince);
  if (!reported.ok) {
    return problem(reported.problem);
  }
  const fewFiles = reported.files !== undefined && reported.files.size < listing.files.length;
  const catalog =
    whole ??
    (fewFiles
      ? keptCatalog(name, file.bytes, earlier!.catalog!, args.maxCatalogAgeDays, io.now())
      : wholeCatalog(name, file.bytes, args.maxCatalogAgeDays, io.now()));
  if (!catalog.ok) {
    return problem(catalog.problem);
  }
  let cache: LinkCounts | undefined;
  if (earlier !== undefined) {
    if (earlier.problem !== undefined) {
      say(io, `${earlier.problem}: every file is read, and the cache written anew`);
    }
    cache = new LinkCounts(root, listing.ids, earlier.entries, earlier.totals);
  }
  const siteRun = {
    files: listing.files,
    reported: reported.files,
    fix: args.fix,
    merchantName: catalog.nameOf,
    say: (line: string) => say(io, line),
    cache,
  };
  let outcome: SiteRunOutcome;
  const everyFile = reported.files === undefined || reported.files.size === listing.files.length;
  if (workers !== undefined && everyFile && workers.fitFor(listing.files)) {
    const checked = await workers.check(siteCheckOf(catalog.index, settings, root, io.now()), {
      ...siteRun,
      ids: listing.ids,
    });
    if (!checked.ok) {
      return problem(`the catalog snapshot ${args.catalog} could not be read again: ${checked.problem}`);
    }
    outcome = checked.outcome;
  } else {
    workers?.stop();
    outcome = await checkSite(siteCheckOf(catalog.index, settings, root, io.now()), siteRun);
  }
  const unread = catalog.problem?.();
  if (unread !== undefined) {
    return problem(
      `the catalog snapshot ${name} is not the one the cache ${cacheFile} kept (${unread}): delete the cache`,
    );
  }
  if (cacheFile !== undefined) {
    const unwritten = await writeLinkCountCache(cacheFile, cacheKey, cache!, catalog.kept());
    if (unwritten !== undefined) {
      say(io, unwritten);
    }
  }
  if (args.fix) {
    say(io, `--fix wrote ${outcome.filesFixed} file${outcome.filesFixed === 1 ? '' : 's'}`);
  }
  const report: CheckReport = {
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    root,
    filesChecked: outcome.filesChecked,
    findings: outcome.findings,
    skipped: outcome.skipped,
    catalog: { takenAt: catalog.takenAt, merchants: catalog.merchants },
    durationMs: Math.round(performance.now() - run.started),
    merchantLinks: outcome.merchantLinks,
  };
  return { ok: true, args, report };
}

export async function runCheck(argv: readonly string[], io: CliIo): Promise<number> {
  const run = await checkReportOf(argv, io);
  if (!run.ok) {
    return run.code;
  }
  const { args, report } = run;
  const text = formatReport(report, args.format, { color: colorOf(args, io) });
  if (args.output === undefined) {
    io.stdout.write(text);
  } else {
    try {
      await writeFileAtomically(path.resolve(io.cwd, args.output), text);
    } catch (error) {
      say(io, `cannot write the report to ${args.output}: ${(error as Error).message}`);
      return EXIT_PROBLEM;
    }
  }
  return exitCodeOf(report.findings, args.failOn);
}
