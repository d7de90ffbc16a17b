/**
 * Runs a fast-check property with the run's case count and adds it to the reliability tally
 * (see ../reliability/reliabilityTally.ts): one property run, its cases tried, and whether it
 * failed, in all and for the test that ran it, and the fewest cases of a run. `npm test` tries
 * each property `base` times (1,000 unless a property asks for another count); `npm run fuzz`
 * sets FUZZ_RUNS (20,000) and every property tries at least that many. `npm run mutate` sets
 * MUTATE_PROPERTY_RUNS (test/mutation/mutate.ts): there every property tries at most that many,
 * since a mutant that survives runs every test that covered it; nothing else sets it. The run's summary
 * (`summaryHook.ts`) prints the totals and writes each test's figures to
 * test-results/reliability-summary.md.
 *
 * A failure throws fast-check's own report: the counterexample, shrunk, with the seed and
 * path that replay it (`{ seed, path }` in the property's parameters). A case found that way
 * is kept as a regression example (`examples`) of the property, or as an example test.
 */
import fc from 'fast-check';
import { reliabilityTally } from '../reliability/reliabilityTally';

/** The cases a property tries in `npm test` unless it asks for another count (`base`). */
export const BASE_RUNS = 1_000;

/**
 * The least number of a property's cases that must be of some kind (`count` of `base` cases: a
 * deeplink built, a damaged file refused), scaled down when a mutation run tries fewer cases.
 */
export function floorOf(count: number, base: number = BASE_RUNS): number {
  return Math.ceil((count * Math.min(base, propertyRuns(base))) / base);
}

/**
 * Cases a property tries: `base`, or FUZZ_RUNS when that is set and larger; under a mutation run
 * (MUTATE_PROPERTY_RUNS set, by `npm run mutate` only), that when it is smaller.
 */
export function propertyRuns(base: number = BASE_RUNS): number {
  const mutation = Number(process.env.MUTATE_PROPERTY_RUNS);
  if (Number.isSafeInteger(mutation) && mutation > 0) {
    return Math.min(base, mutation);
  }
  const fuzz = Number(process.env.FUZZ_RUNS);
  return Number.isSafeInteger(fuzz) && fuzz > base ? fuzz : base;
}

/**
 * Checks `property` on `propertyRuns(base)` cases (examples first), counts it, and throws
 * fast-check's report when it fails. Works alike for sync and async properties.
 */
export async function checkProperty<Ts extends [unknown, ...unknown[]]>(
  property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>,
  parameters: Omit<fc.Parameters<Ts>, 'numRuns'> & { base?: number } = {},
): Promise<void> {
  const { base, ...rest } = parameters;
  const details = await fc.check(property as fc.IAsyncProperty<Ts>, {
    includeErrorInReport: true,
    ...rest,
    numRuns: propertyRuns(base),
  });
  const tally = reliabilityTally();
  tally.countForTest('properties', { run: 1, 'cases tried': details.numRuns, failed: details.failed ? 1 : 0 });
  tally.least('properties', 'fewest cases in a run', details.numRuns);
  if (details.failed) {
    throw new Error(fc.defaultReportMessage(details), { cause: details.errorInstance });
  }
}
