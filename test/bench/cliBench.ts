/**
 * The command line's figures (issue 36 §3): `npm run bench -- --only cli` (and in `npm run bench`, whose run.ts builds
 * the production bundles, dist/cli.js among them, before any part runs). Over the benches' 10,000-article site
 * (cliSite.ts: its settings, a snapshot of the same 20,000 merchants, the site committed in a git repository with 10
 * files changed), each run a process spawned with this Node, timed from the spawn to its exit:
 * - `node dist/cli.js check --catalog SNAPSHOT .` in the site's folder (the text format, as a person or CI runs it);
 * - markdownlint-cli2 with its default rules over the site's Markdown files, alternated with the check in each round,
 *   and with the check of those same files alone (the site's settings with `files.exclude` leaving out its MDX and
 *   HTML; its problems must be those the generator printed for the Markdown articles): the ratio with the target
 *   compares the two tools over the same files, the whole site's check against the lint is reported beside it;
 * - the check again in the json format: the findings per rule (which must be the generator's printed counts) and the
 *   check's own duration, against the process's wall time (what starting Node and loading dist/cli.js cost);
 * - `--changed-since HEAD` with the 10 files changed (their findings must be the generator's for those articles), with
 *   `--cache-location` naming the cache an untimed full run with it left before the rounds (as a CI job restores it
 *   with actions/cache), and without a cache; the links per merchant of both must be the whole check's; the figure
 *   with the target is the cached run in the github format, as the action runs it in a pull request (its annotations
 *   one per finding of the json run);
 * - and the requests it sends (cliRequests.ts), once, after the rounds.
 * markdownlint-cli2 takes about 9 s a run, so the rounds are 3 unless `--rounds N` says otherwise.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FINDING_CODES } from '../../src/sandbox/siteLinks';
import {
  countsOf,
  jsonReport,
  markdownlintBin,
  markdownlintCounts,
  MARKDOWNLINT_GLOBS,
  runCheck,
  runMarkdownlint,
  textProblems,
  type ProcessRun,
} from './cliProcess';
import { requestsOfCheck } from './cliRequests';
import { sameArticles, sameCounts } from './cliFindings';
import { CHANGED, writeCliSite, type CliSite } from './cliSite';
import { emit, loadAverage, median, round2, settle, spreadText } from './figures';

/** Rounds of the alternated runs: markdownlint-cli2 takes about 9 s each. */
export const CLI_ROUNDS = 3;

const n = (value: number) => value.toLocaleString('en-US');
const kb = (bytes: number) => `${n(Math.round(bytes / 1024))} KB`;

/** Runs `body` after full collections in this process (its garbage collected before the child starts). */
async function timedRun(body: () => Promise<ProcessRun>): Promise<ProcessRun> {
  settle();
  return body();
}

export async function benchCli(root: string, catalogSize: number, rounds = CLI_ROUNDS): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-bench-'));
  try {
    const site = writeCliSite(dir, catalogSize);
    await benchRuns(root, site, rounds);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchRuns(root: string, site: CliSite, rounds: number): Promise<void> {
  const { summary } = site;
  const check = ['check', '--catalog', site.snapshot, '.'];
  const json = [...check, '--format', 'json'];
  const changed = [...json, '--changed-since', 'HEAD'];
  // Outside the site, so that it is no untracked file of the repository.
  const cacheFile = path.join(path.dirname(site.snapshot), 'check-cache');
  const cached = [...changed, '--cache-location', cacheFile];
  // As the action runs it in a pull request: the github format, the cache restored.
  const cachedGithub = [...check, '--format', 'github', '--changed-since', 'HEAD', '--cache-location', cacheFile];
  const threaded = [...check, '--concurrency', '2'];
  // The files markdownlint-cli2 lints: the site's Markdown files alone, by files.exclude in the settings.
  const markdownCheck = ['check', '--catalog', site.snapshot, '--config', site.markdownOnly.settings, '.'];
  const markdownFiles = site.files.filter((file) => /\.(md|markdown)$/.test(file)).length;
  const { bin, version } = markdownlintBin(root);

  // Untimed, once: the page cache warmed for every file, the findings checked.
  const warm = await runCheck(root, check, site.site);
  const { problems } = textProblems(warm);
  if (warm.code !== 1 || problems !== summary.total) {
    throw new Error(`the check exited ${warm.code} with ${problems} problems; the generator printed ${summary.total}`);
  }

  // Untimed, once: the cache a full run leaves, which the cached --changed-since runs read.
  const filled = await runCheck(root, [...json, '--cache-location', cacheFile], site.site);
  if (filled.code !== 1 || !fs.existsSync(cacheFile) || filled.stderr !== '') {
    throw new Error(`the full run with --cache-location exited ${filled.code}: ${filled.stderr.slice(0, 2_000)}`);
  }
  const siteLinks = JSON.stringify(jsonReport(filled).merchantLinks);

  const loadBefore = loadAverage();
  const texts: ProcessRun[] = [];
  const lints: ProcessRun[] = [];
  const markdownChecks: ProcessRun[] = [];
  const jsons: ProcessRun[] = [];
  const changes: ProcessRun[] = [];
  const cachedChanges: ProcessRun[] = [];
  const githubChanges: ProcessRun[] = [];
  const threads: ProcessRun[] = [];
  const versions: ProcessRun[] = [];
  let lint = { files: 0, errors: 0 };
  for (let round = 0; round < rounds; round++) {
    const text = await timedRun(() => runCheck(root, check, site.site));
    if (text.code !== 1 || textProblems(text).problems !== summary.total) {
      throw new Error(`round ${round}: the check exited ${text.code}: ${text.stderr.slice(0, 2_000)}`);
    }
    texts.push(text);

    const linted = await timedRun(() => runMarkdownlint(bin, site.site));
    lint = markdownlintCounts(linted);
    if (lint.files !== markdownFiles) {
      throw new Error(`markdownlint-cli2 linted ${lint.files} files; the site has ${markdownFiles} Markdown files`);
    }
    lints.push(linted);

    const markdown = await timedRun(() => runCheck(root, markdownCheck, site.site));
    if (markdown.code !== 1 || textProblems(markdown).problems !== site.markdownOnly.findings) {
      throw new Error(
        `round ${round}: the check of the Markdown files exited ${markdown.code} with ${textProblems(markdown).problems} problems; the generator printed ${site.markdownOnly.findings} for them: ${markdown.stderr.slice(0, 2_000)}`,
      );
    }
    markdownChecks.push(markdown);

    const full = await timedRun(() => runCheck(root, json, site.site));
    const report = jsonReport(full);
    sameCounts('the check (json)', countsOf(report, FINDING_CODES), summary.findings);
    sameArticles(report, site);
    if (report.filesChecked !== site.files.length || report.skipped.length > 0) {
      throw new Error(`the check read ${report.filesChecked} files (${report.skipped.length} skipped)`);
    }
    jsons.push(full);

    const since = await timedRun(() => runCheck(root, changed, site.site));
    const narrowed = jsonReport(since);
    sameCounts(`--changed-since HEAD (${CHANGED} files)`, countsOf(narrowed, FINDING_CODES), site.changed.findings);
    const outside = narrowed.findings.filter((finding) => !site.changed.files.includes(finding.file));
    if (narrowed.filesChecked !== CHANGED || outside.length > 0) {
      throw new Error(
        `--changed-since reported ${narrowed.filesChecked} files, ${outside.length} findings outside them`,
      );
    }
    if (JSON.stringify(narrowed.merchantLinks) !== siteLinks) {
      throw new Error('--changed-since counted other links per merchant than the whole check');
    }
    changes.push(since);

    const fromCache = await timedRun(() => runCheck(root, cached, site.site));
    const narrowedCached = jsonReport(fromCache);
    if (
      JSON.stringify(narrowedCached.findings) !== JSON.stringify(narrowed.findings) ||
      JSON.stringify(narrowedCached.merchantLinks) !== siteLinks ||
      fromCache.stderr !== ''
    ) {
      throw new Error(`--changed-since with the cache reported otherwise than without: ${fromCache.stderr}`);
    }
    cachedChanges.push(fromCache);

    const annotated = await timedRun(() => runCheck(root, cachedGithub, site.site));
    const commands = annotated.stdout.split('\n').filter((line) => /^::(error|warning|notice) /.test(line));
    const annotatedFiles = new Set(commands.map((line) => /file=([^,]*)/.exec(line)![1]!));
    if (
      annotated.code !== 1 ||
      annotated.stderr !== '' ||
      commands.length !== narrowed.findings.length ||
      annotatedFiles.size !== new Set(narrowed.findings.map((finding) => finding.file)).size
    ) {
      throw new Error(
        `--changed-since in the github format wrote ${commands.length} annotations on ${annotatedFiles.size} files, the json ${narrowed.findings.length} (exit ${annotated.code}): ${annotated.stderr.slice(0, 2_000)}`,
      );
    }
    githubChanges.push(annotated);

    const two = await timedRun(() => runCheck(root, threaded, site.site));
    if (two.code !== 1 || two.stdout !== text.stdout) {
      throw new Error(
        `--concurrency 2 wrote otherwise than one thread (exit ${two.code}): ${two.stderr.slice(0, 2_000)}`,
      );
    }
    threads.push(two);

    // Starting Node and loading dist/cli.js, nothing else.
    versions.push(await timedRun(() => runCheck(root, ['--version'], site.site)));
  }
  const load: [number, number] = [loadBefore, loadAverage()];

  const ms = (list: ProcessRun[]) => list.map((run) => run.ms);
  const cpu = (list: ProcessRun[]) =>
    list[0]!.cpu === undefined
      ? 'not measured (no GNU time)'
      : `${spreadText(list.map((run) => run.cpu!.ms))} ms, peak memory ${median(list.map((run) => run.cpu!.maxRssMb))} MB`;
  const own = (list: ProcessRun[]) => list.map((run) => jsonReport(run).durationMs);
  const rest = (list: ProcessRun[]) => list.map((run) => run.ms - jsonReport(run).durationMs);
  const checkMs = median(ms(texts));
  const lintMs = median(ms(lints));
  const output = (run: ProcessRun) => `${kb(run.bytes.stdout)} on stdout, ${kb(run.bytes.stderr)} on stderr`;
  const snapshotBytes = fs.statSync(site.snapshot).size;
  const what = `${n(summary.articles)}-article generated site (${n(site.files.length)} files: ${n(summary.files.md)} Markdown, ${n(summary.files.mdx)} MDX, ${n(summary.files.html)} HTML)`;

  emit({
    name: `affiliate-links check of the ${what}, the whole process (node dist/cli.js check --catalog SNAPSHOT ., spawned in the site's folder, the text format, a snapshot of ${n(site.merchants)} merchants)`,
    value: round2(checkMs),
    unit: 'ms',
    target: '< 3 s',
    note: `${rounds} rounds: ${spreadText(ms(texts))}; ${n(problems)} problems found, each rule's count as the generator printed (${n(summary.total)}), and in the json runs each article's per rule as the generator wrote it (disclosure-missing turned on in the site's settings, off by default); exit 1; output ${output(texts[0]!)}; the snapshot ${(snapshotBytes / 1024 / 1024).toFixed(1)} MB. The json format (the same check): ${spreadText(ms(jsons))}, output ${output(jsons[0]!)}; the check's own duration (durationMs, from runCheck's start to the report made) ${spreadText(own(jsons))}, so the rest of the process (starting Node, loading dist/cli.js, formatting and writing the report, exiting) ${spreadText(rest(jsons))}, of which node dist/cli.js --version takes ${spreadText(ms(versions))}. CPU time (user + system, GNU time): the text format's ${cpu(texts)}; the json format's ${cpu(jsons)}`,
    load,
  });

  const markdownMs = median(ms(markdownChecks));
  emit({
    name: `affiliate-links check of the site's ${n(markdownFiles)} Markdown files (the site's settings with files.exclude leaving out its MDX and HTML) vs markdownlint-cli2 ${version} with its default rules over the same ${n(markdownFiles)} files (each a process spawned in the site's folder, alternated)`,
    value: round2(markdownMs),
    unit: 'ms',
    baseline: round2(lintMs),
    ratio: round2(markdownMs / lintMs),
    target: 'ratio <= 0.25',
    note: `${rounds} rounds: ${spreadText(ms(markdownChecks))}; ${n(site.markdownOnly.findings)} problems, those the generator printed for the ${n(site.markdownOnly.files)} Markdown articles; CPU time ${cpu(markdownChecks)}; markdownlint-cli2 ${spreadText(ms(lints))} (CPU ${cpu(lints)}). The whole site's check (10,000 files) against the same lint is the next figure`,
    load,
  });

  emit({
    name: `affiliate-links check of the ${what} vs markdownlint-cli2 ${version} with its default rules over the site's ${n(markdownFiles)} Markdown files (each a process spawned in the site's folder, alternated)`,
    value: round2(checkMs),
    unit: 'ms',
    baseline: round2(lintMs),
    ratio: round2(checkMs / lintMs),
    note: `${rounds} rounds; markdownlint-cli2 ${MARKDOWNLINT_GLOBS.map((glob) => JSON.stringify(glob)).join(' ')}, no configuration: ${spreadText(ms(lints))}; it linted ${n(lint.files)} files and reported ${n(lint.errors)} errors (exit 1, expected), output ${output(lints[0]!)}; CPU time ${cpu(lints)} (the check's ${cpu(texts)}). The issue's reference: 8.8 to 9.2 s for the 4,001 Markdown files of such a site. The check reads all ${n(site.files.length)} files, markdownlint-cli2 the ${n(markdownFiles)} Markdown ones`,
    load,
  });

  const changedFindings = n(Object.values(site.changed.findings).reduce((sum, count) => sum + count, 0));
  emit({
    name: `affiliate-links check --changed-since HEAD with ${CHANGED} files changed (the site committed in a temporary git repository, ${CHANGED} articles changed after), with the cache a previous full run left (--cache-location), the whole process, as the action runs it in a pull request (the github format), vs the whole check in the text format`,
    value: round2(median(ms(githubChanges))),
    unit: 'ms',
    baseline: round2(checkMs),
    ratio: round2(median(ms(githubChanges)) / checkMs),
    target: '< 500 ms',
    note: `${rounds} rounds: ${spreadText(ms(githubChanges))}; CPU time (git's processes included) ${cpu(githubChanges)}; one annotation per finding of the json run below, on the same files; output ${output(githubChanges[0]!)}. The json format (the whole site's links per merchant in it) is the next figure`,
    load,
  });

  emit({
    name: `affiliate-links check --changed-since HEAD with ${CHANGED} files changed, with the cache a previous full run left (--cache-location), the whole process, json format, vs the whole check in the json format`,
    value: round2(median(ms(cachedChanges))),
    unit: 'ms',
    baseline: round2(median(ms(jsons))),
    ratio: round2(median(ms(cachedChanges)) / median(ms(jsons))),
    note: `${rounds} rounds: ${spreadText(ms(cachedChanges))}; the cache (${kb(fs.statSync(cacheFile).size)}) written by an untimed full run with --cache-location before the rounds, as a CI job restores it with actions/cache, and written again by each run; the check's own duration ${spreadText(own(cachedChanges))}; CPU time (git's processes included) ${cpu(cachedChanges)}; ${CHANGED} files reported, their ${changedFindings} findings each rule's count as the generator printed for those articles, the same as without the cache, and the links per merchant the whole check's; output ${output(cachedChanges[0]!)}`,
    load,
  });

  emit({
    name: `affiliate-links check --changed-since HEAD with ${CHANGED} files changed, without a cache (every file read for the links per merchant), the whole process, json format, vs the whole check in the json format`,
    value: round2(median(ms(changes))),
    unit: 'ms',
    baseline: round2(median(ms(jsons))),
    ratio: round2(median(ms(changes)) / median(ms(jsons))),
    note: `${rounds} rounds: ${spreadText(ms(changes))}; the check's own duration ${spreadText(own(changes))}; CPU time (git's processes included) ${cpu(changes)}; ${CHANGED} files reported, their ${changedFindings} findings each rule's count as the generator printed for those articles, the links per merchant the whole check's; output ${output(changes[0]!)}`,
    load,
  });

  emit({
    name: `affiliate-links check of the ${what} with --concurrency 2 (this thread and one worker thread), the whole process, text format, vs one thread`,
    value: round2(median(ms(threads))),
    unit: 'ms',
    baseline: round2(checkMs),
    ratio: round2(median(ms(threads)) / checkMs),
    note: `${rounds} rounds, alternated with the rest: ${spreadText(ms(threads))}; its output byte for byte the one thread's; CPU time ${cpu(threads)} (one thread's ${cpu(texts)})`,
    load,
  });

  const proof = await requestsOfCheck(root, site.site, check, problems);
  const sent = proof.seen.length + proof.server.connections + proof.server.requests;
  emit({
    name: `affiliate-links check of the ${what}: requests to the service, or any connection, name lookup or UDP socket`,
    value: sent,
    unit: 'requests',
    target: '0',
    note: `counted in the check's own process (netCount.ts preloaded: every socket connection, dns lookup and UDP socket) with AFFILIATE_LINKS_KEY set and every proxy variable at a loopback server that counts what reaches it: ${proof.seen.length} seen, ${proof.server.connections} connections and ${proof.server.requests} requests at the server; control, a fetch of that server under the same preload: ${proof.control.seen.length} seen (${proof.control.seen.join(', ')}), ${proof.control.requests} request. ${
      proof.offline === undefined
        ? 'Without a network: not run (unshare -rn refused here)'
        : `Without a network (unshare -rn, no interface up): exit ${proof.offline.code}, ${n(proof.offline.problems)} problems as with one, ${round2(proof.offline.ms)} ms; control, the same fetch there, exit ${proof.offline.controlCode} (failed)`
    }`,
  });
}
