/**
 * `npm run mutate`: StrykerJS over the pure rooms that decide what a user sees or pays
 * (mutationRooms.ts), one Stryker run per room, each loading only the unit test files that can
 * reach the room and running, for each mutant, the tests that covered it (per-test coverage).
 *
 *   npm run mutate                          every room, one after the other
 *   npm run mutate -- --room keys           one room (or --room keys,reports; MUTATE_ROOMS=keys works too)
 *   npm run mutate -- --room links --file src/links/subId.ts     one file of a room
 *   npm run mutate -- --incremental         test again only the mutants whose code or tests changed
 *   npm run mutate -- --static              also the static mutants (code run once at load: every test of the room covers them)
 *   npm run mutate -- --every-test          every test file that reaches the room, whatever its `tests` list says
 *   npm run mutate -- --list                the rooms and the test files each loads
 *
 * Properties try at most MUTATE_PROPERTY_RUNS cases (100 unless set; see
 * test/unit/properties/propertyRun.ts): a mutant that survives runs every test that covered it.
 *
 * Writes reports/mutation/<room>.html and .json (Stryker's reports), <room>-survivors.txt (each
 * mutant that survived or had no test, with its code) and summary.md (the table for
 * docs/reliability.md, with the time of each room).
 */
import './mochaCliFiles';
import fs from 'node:fs';
import path from 'node:path';
import type { MutantResult, PartialStrykerOptions } from '@stryker-mutator/api/core';
import { MUTATION_ROOMS, testFilesFor, type MutationRoom } from './mutationRooms';

const ROOT = path.resolve(__dirname, '../..');
const OUT = path.join(ROOT, 'reports/mutation');

interface Arguments {
  rooms: MutationRoom[];
  files: string[];
  incremental: boolean;
  staticMutants: boolean;
  everyTest: boolean;
  list: boolean;
}

function parseArguments(argv: readonly string[]): Arguments {
  const names: string[] = (process.env['MUTATE_ROOMS'] ?? '').split(',').filter((name) => name !== '');
  const files: string[] = [];
  let incremental = false;
  let staticMutants = false;
  let everyTest = false;
  let list = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    const value = (): string => {
      const next = argv[++index];
      if (next === undefined) {
        throw new Error(`${argument} needs a value`);
      }
      return next;
    };
    if (argument === '--room') {
      names.push(...value().split(','));
    } else if (argument === '--file') {
      files.push(value());
    } else if (argument === '--incremental') {
      incremental = true;
    } else if (argument === '--static') {
      staticMutants = true;
    } else if (argument === '--every-test') {
      everyTest = true;
    } else if (argument === '--list') {
      list = true;
    } else {
      throw new Error(`unknown argument ${argument}; see test/mutation/mutate.ts`);
    }
  }
  const rooms = names.length === 0 ? [...MUTATION_ROOMS] : names.map(roomNamed);
  return { rooms, files, incremental, staticMutants, everyTest, list };
}

function roomNamed(name: string): MutationRoom {
  const room = MUTATION_ROOMS.find((candidate) => candidate.name === name);
  if (room === undefined) {
    throw new Error(`no room ${name}; the rooms: ${MUTATION_ROOMS.map((known) => known.name).join(', ')}`);
  }
  return room;
}

/**
 * The mocha runner runs mocha inside its process: .mocharc.json's node-option (tsx) does not
 * reach it, so tsx is loaded here, then the resolution of Mocha 12's internals (also in the
 * checker's process, which loads every plugin).
 */
const NODE_ARGS = ['--import', 'tsx', '--import', path.join(__dirname, 'mochaCliFiles.ts')];

function strykerOptions(room: MutationRoom, args: Arguments, testFiles: string[]): PartialStrykerOptions {
  return {
    testRunner: 'mocha',
    plugins: ['@stryker-mutator/mocha-runner'],
    coverageAnalysis: 'perTest',
    mutate: args.files.length > 0 ? args.files : room.mutate,
    testRunnerNodeArgs: NODE_ARGS,
    checkerNodeArgs: NODE_ARGS,
    mochaOptions: { config: '.mocharc.json', spec: testFiles },
    ignoreStatic: !args.staticMutants,
    concurrency: 2,
    timeoutMS: 10_000,
    // The first run of every test of the room, with coverage: the budget's 37 files take minutes on a busy machine.
    dryRunTimeoutMinutes: 30,
    tempDirName: '.stryker-tmp',
    ignorePatterns: ['/dist', '/out', '/.cache', '/.vscode-test', '/bench-results', '/reports', '*.vsix'],
    incremental: args.incremental,
    incrementalFile: path.join(OUT, `${room.name}-incremental.json`),
    reporters: ['progress', 'html', 'json'],
    htmlReporter: { fileName: path.join(OUT, `${room.name}.html`) },
    jsonReporter: { fileName: path.join(OUT, `${room.name}.json`) },
    thresholds: { high: 90, low: 80, break: null },
    logLevel: (process.env['MUTATE_LOG_LEVEL'] ?? 'warn') as PartialStrykerOptions['logLevel'],
  };
}

interface RoomScore {
  room: string;
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  errors: number;
  ignored: number;
  seconds: number;
}

/** Stryker's mutation score: mutants detected (killed or timed out) over those that ran or had no test. */
export function scoreOf(score: RoomScore): number {
  const valid = score.killed + score.timeout + score.survived + score.noCoverage;
  return valid === 0 ? 100 : ((score.killed + score.timeout) / valid) * 100;
}

function tally(room: string, results: readonly MutantResult[], seconds: number): RoomScore {
  const count = (...statuses: string[]): number => results.filter((result) => statuses.includes(result.status)).length;
  return {
    room,
    mutants: results.length,
    killed: count('Killed'),
    timeout: count('Timeout'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    errors: count('CompileError', 'RuntimeError'),
    ignored: count('Ignored'),
    seconds,
  };
}

/** The mutants left alive, each with the code it replaced, for the survivors' list in docs/reliability.md. */
function survivorLines(results: readonly MutantResult[]): string[] {
  const sources = new Map<string, string[]>();
  const lines: string[] = [];
  const alive = results
    .filter((result) => result.status === 'Survived' || result.status === 'NoCoverage')
    .sort(
      (a, b) =>
        a.fileName.localeCompare(b.fileName) ||
        a.location.start.line - b.location.start.line ||
        a.location.start.column - b.location.start.column,
    );
  for (const result of alive) {
    const file = path.relative(ROOT, path.resolve(ROOT, result.fileName));
    let source = sources.get(file);
    if (source === undefined) {
      source = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
      sources.set(file, source);
    }
    const { start, end } = result.location;
    const original =
      start.line === end.line
        ? source[start.line - 1]!.slice(start.column - 1, end.column - 1)
        : `${source[start.line - 1]!.slice(start.column - 1)} …`;
    const oneLine = (text: string): string => text.replace(/\s+/g, ' ').slice(0, 160);
    // Also run while mocha loaded the test files (a describe body, a module constant): a test that
    // reads what was built then never sees the mutant, so such a survivor may be a false one.
    const atLoad = result.static === true ? ' (also run at load)' : '';
    lines.push(
      `${file}:${start.line}:${start.column} ${result.status}${atLoad} ${result.mutatorName}: ${oneLine(original)} -> ${oneLine(result.replacement ?? '')}`,
    );
  }
  return lines;
}

function summaryTable(scores: readonly RoomScore[]): string {
  const rows = scores.map(
    (score) =>
      `| ${score.room} | ${score.mutants} | ${score.killed} | ${score.timeout} | ${score.survived} | ${score.noCoverage} | ${score.errors} | ${score.ignored} | **${scoreOf(score).toFixed(1)}%** | ${Math.round(score.seconds)} s |`,
  );
  return [
    '| Room | Mutants | Killed | Timeout | Survived | No coverage | Errors | Static (not run) | Score | Time |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

/**
 * The cases each property tries under a mutation run (propertyRun.ts reads it in each test
 * runner, which inherits this process's environment): a mutant that survives runs every test
 * that covered it, and a property of a thousand cases takes seconds.
 */
const PROPERTY_RUNS = '100';

async function main(): Promise<void> {
  const args = parseArguments(process.argv.slice(2));
  process.env['MUTATE_PROPERTY_RUNS'] ??= PROPERTY_RUNS;
  if (args.list) {
    for (const room of args.rooms) {
      const testFiles = testFilesFor(ROOT, room, args.everyTest);
      console.log(`${room.name} (${room.holds}): ${room.mutate.join(' ')}\n  ${testFiles.join('\n  ')}`);
    }
    return;
  }
  fs.mkdirSync(OUT, { recursive: true });
  const scores: RoomScore[] = [];
  const started = performance.now();
  for (const room of args.rooms) {
    const testFiles = testFilesFor(ROOT, room, args.everyTest);
    console.log(`\nRoom ${room.name} (${room.holds}): ${testFiles.length} unit test files`);
    const roomStarted = performance.now();
    const { Stryker } = await import('@stryker-mutator/core');
    const results = await new Stryker(strykerOptions(room, args, testFiles)).runMutationTest();
    const score = tally(room.name, results, (performance.now() - roomStarted) / 1000);
    scores.push(score);
    fs.writeFileSync(path.join(OUT, `${room.name}-survivors.txt`), `${survivorLines(results).join('\n')}\n`);
    console.log(`\n${summaryTable([score])}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const summary = `${summaryTable(scores)}\n\nWhole run: ${Math.round(seconds)} s; properties at ${process.env['MUTATE_PROPERTY_RUNS']} cases at most.\n`;
  fs.writeFileSync(path.join(OUT, 'summary.md'), summary);
  console.log(`\nMutation score per room (reports/mutation/)\n\n${summary}`);
  const below = scores.filter((score) => scoreOf(score) < 80);
  if (below.length > 0) {
    console.log(`Below 80%: ${below.map((score) => score.room).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`mutate failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
