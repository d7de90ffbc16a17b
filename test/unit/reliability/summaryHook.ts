/**
 * A mocha root hook plugin (loaded by `require` in .mocharc.json): tells the reliability tally
 * (see `reliabilityTally.ts`) which test runs, and once every unit test has run, prints the
 * figures the run gathered, one line per section, just before the reporter's own summary. It also
 * writes them to `test-results/reliability-summary.md` (git-ignored), with each test's own figures
 * where a section counts per test (each property: its runs, cases and milliseconds), for the docs
 * to take their numbers from. Prints and writes nothing when nothing was counted.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NUMBER, reliabilityTally, type ReliabilityTally } from './reliabilityTally';

/** Where the summary of the last run that counted anything is written. */
export const SUMMARY_FILE = path.join(__dirname, '..', '..', '..', 'test-results', 'reliability-summary.md');

/** The summary file's text: the printed lines, then a table per section that counted per test. */
export function summaryText(
  tally: ReliabilityTally,
  run: { at: Date; specs: readonly string[]; fuzzRuns?: string },
): string {
  const out = [
    '# Reliability summary of a unit run',
    '',
    `Written by test/unit/reliability/summaryHook.ts at ${run.at.toISOString()}, after a run of ${run.specs.join(' ')}` +
      ` (FUZZ_RUNS ${run.fuzzRuns ?? 'not set'}). \`npm run test:unit\` writes it again; \`npm run fuzz\` writes the fuzz run's.`,
    '',
    '```',
    ...tally.lines(),
    '```',
  ];
  for (const { section, tests } of tally.rows()) {
    const labels = [...new Set(tests.flatMap((test) => test.amounts.map(([label]) => label)))];
    out.push(
      '',
      `## ${section}, per test (${NUMBER.format(tests.length)} ${tests.length === 1 ? 'test' : 'tests'})`,
      '',
    );
    out.push(`| Test | ${labels.join(' | ')} |`, `|---|${labels.map(() => '---:').join('|')}|`);
    for (const { title, amounts } of tests) {
      const byLabel = new Map(amounts);
      const cells = labels.map((label) => NUMBER.format(byLabel.get(label) ?? 0));
      out.push(`| ${title.replace(/\|/g, '\\|')} | ${cells.join(' | ')} |`);
    }
  }
  return `${out.join('\n')}\n`;
}

export const mochaHooks = {
  beforeEach(this: Mocha.Context): void {
    const test = this.currentTest;
    const file = test?.file === undefined ? [] : [path.relative(process.cwd(), test.file)];
    reliabilityTally().testStarted(test === undefined ? '(no test)' : [...file, ...test.titlePath()].join(' › '));
  },
  afterEach(this: Mocha.Context): void {
    reliabilityTally().testEnded(this.currentTest?.duration ?? 0);
  },
  afterAll(): void {
    const tally = reliabilityTally();
    const lines = tally.lines();
    if (lines.length === 0) {
      return;
    }
    const relative = path.relative(process.cwd(), SUMMARY_FILE);
    let written = `written to ${relative}`;
    try {
      fs.mkdirSync(path.dirname(SUMMARY_FILE), { recursive: true });
      fs.writeFileSync(
        SUMMARY_FILE,
        summaryText(tally, {
          at: new Date(),
          // The spec files and globs mocha was given (its options start with a dash).
          specs: process.argv.slice(2).filter((arg) => !arg.startsWith('-')),
          fuzzRuns: process.env.FUZZ_RUNS,
        }),
      );
    } catch (error) {
      written = `not written to ${relative}: ${error instanceof Error ? error.message : String(error)}`;
    }
    console.log(
      `\n  Reliability summary (each test's figures ${written})\n${lines.map((line) => `    ${line}`).join('\n')}`,
    );
  },
};
