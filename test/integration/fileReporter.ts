/**
 * A mocha reporter for suites that run inside an extension host, whose console nobody sees:
 * it writes mocha's usual spec-style lines to a file (as they happen, so a run cut short
 * still shows how far it got), with the figures a test measured under its line (`TestFigures`),
 * and ends with one machine-readable summary line.
 */
import fs from 'node:fs';
import Mocha from 'mocha';

export const SUMMARY_PREFIX = 'MOCHA-SUMMARY ';

export interface RunSummary {
  passes: number;
  failures: number;
  pending: number;
}

/** What a test measured, set on its `this.test` and written under its line (the host's console is seen by nobody). */
export interface TestFigures {
  figures?: string;
}

export function createFileReporter(file: string): typeof Mocha.reporters.Base {
  const write = (line: string): void => fs.appendFileSync(file, `${line}\n`);
  const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_TEST_FAIL, EVENT_TEST_PASS, EVENT_TEST_PENDING } =
    Mocha.Runner.constants;

  return class FileReporter extends Mocha.reporters.Base {
    constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
      super(runner, options);
      const failures: Array<{ title: string; error: Error }> = [];
      let depth = 0;
      const indent = (): string => '  '.repeat(depth);
      runner.on(EVENT_SUITE_BEGIN, (suite) => {
        depth = suite.titlePath().length;
        if (suite.title) {
          write(`${indent()}${suite.title}`);
        }
      });
      runner.on(EVENT_TEST_PASS, (test) => {
        write(`${indent()}  ✔ ${test.title} (${test.duration ?? 0} ms)`);
        const figures = (test as Mocha.Test & TestFigures).figures;
        if (typeof figures === 'string') {
          write(`${indent()}    ${figures}`);
        }
      });
      runner.on(EVENT_TEST_PENDING, (test) => write(`${indent()}  - ${test.title}`));
      runner.on(EVENT_TEST_FAIL, (test, error: Error) => {
        failures.push({ title: test.fullTitle(), error });
        write(`${indent()}  ${failures.length}) ${test.title}`);
      });
      runner.once(EVENT_RUN_END, () => {
        const stats = runner.stats ?? { passes: 0, failures: failures.length, pending: 0 };
        write('');
        write(`  ${stats.passes} passing`);
        if (stats.failures > 0) {
          write(`  ${stats.failures} failing`);
        }
        failures.forEach(({ title, error }, index) => {
          write('');
          write(`  ${index + 1}) ${title}:`);
          write(`     ${error.stack ?? error.message}`);
        });
        const summary: RunSummary = { passes: stats.passes, failures: stats.failures, pending: stats.pending };
        write(`${SUMMARY_PREFIX}${JSON.stringify(summary)}`);
      });
    }
  };
}
