/**
 * The reliability figures of a unit run: how many properties ran and how many cases they
 * tried, and (from later work) fault runs survived and disk faults tried. Each kind of check
 * adds to its own section; `summaryHook.ts` prints the sections once the run ends:
 *
 *     reliability: properties: 14 run, 23,000 cases tried, 0 failed, 1,000 fewest cases in a run
 *     reliability: fault runs: 40 run, 40 survived, 22 identical, 18 refused cleanly, 1,476 faults met, 3,566 requests; simulated: …
 *     reliability: disk faults: 11 tried, 0 real, 11 simulated, …; simulated: a full disk (injected ENOSPC), …
 *
 * A section names what it did for real (`real`) and what it simulated (`simulated`) after its
 * counters, so a run on a machine that could not make a fault for real says so. A section may
 * also count per test (`countForTest`, the properties do): the summary file then lists each test
 * with its own figures.
 *
 * The tally lives on `globalThis` under a registered symbol, not in this module, so that every
 * copy of this module the loaders may make (a spec file imported as ESM, the hook loaded by
 * mocha's `--require`) adds to and prints the same figures. Only tests use it.
 */

/** One counter: a sum of what was added, or the least value given. */
interface Counter {
  kind: 'sum' | 'least';
  value: number;
}

/** One section: its counters in the order first used, and what it did for real and simulated, named. */
interface Section {
  counters: Map<string, Counter>;
  real: Set<string>;
  simulated: Set<string>;
  /** Per test (its full title), the amounts `countForTest` added while it ran, in the order first used. */
  tests: Map<string, Map<string, number>>;
}

export interface ReliabilityTally {
  /**
   * Adds each amount to the section's counter of that label (made on first use, printed in the
   * order first used): `count('properties', { run: 1, 'cases tried': 1000, failed: 0 })`.
   */
  count(section: string, amounts: Readonly<Record<string, number>>): void;
  /** Keeps the least `value` given for the section's counter `label` (printed with the others). */
  least(section: string, label: string, value: number): void;
  /** Names the test that runs now (the root hook tells), whose row `countForTest` adds to. */
  testStarted(title: string): void;
  /** `count`, and the same amounts added to the running test's row of the section (in `rows`). */
  countForTest(section: string, amounts: Readonly<Record<string, number>>): void;
  /** The running test took `ms`: added as `ms` to each section it counted for, and to its row there. */
  testEnded(ms: number): void;
  /** Names something a section does for real where it could also be simulated; printed once each. */
  real(section: string, what: string): void;
  /** Names something a section simulates rather than does for real; printed once each. */
  simulated(section: string, what: string): void;
  /** One line per section, in the order the sections were first used; none when nothing counted. */
  lines(): string[];
  /** The rows of each section that counted per test: the section, then each test with its amounts, in run order. */
  rows(): Array<{ section: string; tests: Array<{ title: string; amounts: Array<[string, number]> }> }>;
}

const KEY = Symbol.for('affiliate-links.reliability-tally');
export const NUMBER = new Intl.NumberFormat('en-US');

/** A tally of its own (tests of the tally; the run uses `reliabilityTally()`). */
export function createTally(): ReliabilityTally {
  const sections = new Map<string, Section>();
  let runningTest = '(outside a test)';
  /** The sections the running test counted for. */
  let countedFor = new Set<string>();
  const section = (name: string): Section => {
    let found = sections.get(name);
    if (found === undefined) {
      found = { counters: new Map(), real: new Set(), simulated: new Set(), tests: new Map() };
      sections.set(name, found);
    }
    return found;
  };
  const tally: ReliabilityTally = {
    count(name, amounts) {
      const { counters } = section(name);
      for (const [label, amount] of Object.entries(amounts)) {
        const counter = counters.get(label) ?? { kind: 'sum', value: 0 };
        counter.value += amount;
        counters.set(label, counter);
      }
    },
    least(name, label, value) {
      const { counters } = section(name);
      const counter = counters.get(label);
      counters.set(label, { kind: 'least', value: counter === undefined ? value : Math.min(counter.value, value) });
    },
    testStarted(title) {
      runningTest = title;
      countedFor = new Set();
    },
    countForTest(name, amounts) {
      tally.count(name, amounts);
      countedFor.add(name);
      const { tests } = section(name);
      const row = tests.get(runningTest) ?? new Map<string, number>();
      for (const [label, amount] of Object.entries(amounts)) {
        row.set(label, (row.get(label) ?? 0) + amount);
      }
      tests.set(runningTest, row);
    },
    testEnded(ms) {
      for (const name of countedFor) {
        tally.count(name, { ms: Math.round(ms) });
        const row = section(name).tests.get(runningTest);
        row?.set('ms', (row.get('ms') ?? 0) + Math.round(ms));
      }
      countedFor = new Set();
    },
    real(name, what) {
      section(name).real.add(what);
    },
    simulated(name, what) {
      section(name).simulated.add(what);
    },
    lines() {
      return [...sections].map(([name, { counters, real, simulated }]) => {
        const figures = [...counters].map(([label, { value }]) => `${NUMBER.format(value)} ${label}`);
        const named = (label: string, items: Set<string>): string =>
          items.size === 0 ? '' : `${label}: ${[...items].join(', ')}`;
        const parts = [figures.join(', '), named('real', real), named('simulated', simulated)];
        return `${name}: ${parts.filter((part) => part !== '').join('; ')}`;
      });
    },
    rows() {
      return [...sections]
        .filter(([, { tests }]) => tests.size > 0)
        .map(([name, { tests }]) => ({
          section: name,
          tests: [...tests].map(([title, amounts]) => ({ title, amounts: [...amounts] })),
        }));
    },
  };
  return tally;
}

/** The tally of this test process, made on first use. */
export function reliabilityTally(): ReliabilityTally {
  const holder = globalThis as { [KEY]?: ReliabilityTally };
  holder[KEY] ??= createTally();
  return holder[KEY];
}
