/**
 * The reliability summary the docs take their numbers from (reliabilityTally.ts, summaryHook.ts):
 * sums and the least value per section, each test's own row, and the file's text. Uses a tally of
 * its own, so the run's figures stay the run's.
 */
import assert from 'node:assert/strict';
import { createTally } from './reliabilityTally';
import { summaryText } from './summaryHook';

describe('the reliability summary', () => {
  it('sums counters, keeps the least value given, adds the time of the tests that counted, and prints one line per section in the order first used', () => {
    const tally = createTally();
    tally.count('fault runs', { run: 1, survived: 1 });
    tally.testStarted('a.test.ts › first');
    tally.countForTest('properties', { run: 1, 'cases tried': 1_000 });
    tally.least('properties', 'fewest cases in a run', 1_000);
    tally.testStarted('a.test.ts › second');
    tally.countForTest('properties', { run: 1, 'cases tried': 500 });
    tally.least('properties', 'fewest cases in a run', 500);
    tally.countForTest('properties', { run: 1, 'cases tried': 2_000 });
    tally.least('properties', 'fewest cases in a run', 2_000);
    tally.testEnded(120.4);
    tally.testStarted('b.test.ts › counts nothing');
    tally.testEnded(5_000);
    tally.count('fault runs', { run: 1, survived: 0 });
    tally.simulated('fault runs', 'the service');
    assert.deepEqual(tally.lines(), [
      'fault runs: 2 run, 1 survived; simulated: the service',
      'properties: 3 run, 3,500 cases tried, 500 fewest cases in a run, 120 ms',
    ]);
    assert.deepEqual(tally.rows(), [
      {
        section: 'properties',
        tests: [
          {
            title: 'a.test.ts › first',
            amounts: [
              ['run', 1],
              ['cases tried', 1_000],
            ],
          },
          {
            title: 'a.test.ts › second',
            amounts: [
              ['run', 2],
              ['cases tried', 2_500],
              ['ms', 120],
            ],
          },
        ],
      },
    ]);
  });

  it('writes the lines and a table per test, saying when and after what it was written', () => {
    const tally = createTally();
    tally.testStarted('x.test.ts › a | b');
    tally.countForTest('properties', { run: 1, 'cases tried': 1_000, failed: 0 });
    const text = summaryText(tally, {
      at: new Date('2026-11-27T12:00:00Z'),
      specs: ['test/unit/**/*.test.ts'],
    });
    assert.equal(
      text,
      [
        '# Reliability summary of a unit run',
        '',
        "Written by test/unit/reliability/summaryHook.ts at 2026-11-27T12:00:00.000Z, after a run of test/unit/**/*.test.ts (FUZZ_RUNS not set). `npm run test:unit` writes it again; `npm run fuzz` writes the fuzz run's.",
        '',
        '```',
        'properties: 1 run, 1,000 cases tried, 0 failed',
        '```',
        '',
        '## properties, per test (1 test)',
        '',
        '| Test | run | cases tried | failed |',
        '|---|---:|---:|---:|',
        '| x.test.ts › a \\| b | 1 | 1,000 | 0 |',
        '',
      ].join('\n'),
    );
  });
});
