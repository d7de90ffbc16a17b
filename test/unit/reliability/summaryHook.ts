/**
 * A mocha root hook plugin (loaded by `require` in .mocharc.json): once every unit test has run,
 * prints the reliability figures the run gathered (see `reliabilityTally.ts`), one line per
 * section, just before the reporter's own summary. Prints nothing when nothing was counted.
 */
import { reliabilityTally } from './reliabilityTally';

export const mochaHooks = {
  afterAll(): void {
    const lines = reliabilityTally().lines();
    if (lines.length > 0) {
      console.log(`\n  Reliability summary\n${lines.map((line) => `    ${line}`).join('\n')}`);
    }
  },
};
