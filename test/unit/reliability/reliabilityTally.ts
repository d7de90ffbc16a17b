/**
 * The reliability figures of a unit run: how many properties ran and how many cases they
 * tried, and (from later work) fault runs survived and disk faults tried. Each kind of check
 * adds to its own section; `summaryHook.ts` prints the sections once the run ends:
 *
 *     reliability: properties: 14 run, 23,000 cases tried, 0 failed
 *     reliability: fault runs: 40 run, 40 survived, 22 identical, 18 refused cleanly, 1,476 faults met, 3,566 requests; simulated: …
 *     reliability: disk faults: 11 tried, 0 real, 11 simulated, …; simulated: a full disk (injected ENOSPC), …
 *
 * A section names what it did for real (`real`) and what it simulated (`simulated`) after its
 * counters, so a run on a machine that could not make a fault for real says so.
 *
 * The tally lives on `globalThis` under a registered symbol, not in this module, so that every
 * copy of this module the loaders may make (a spec file imported as ESM, the hook loaded by
 * mocha's `--require`) adds to and prints the same figures. Only tests use it.
 */

/** One section: its counters in the order first used, and what it did for real and simulated, named. */
interface Section {
  counters: Map<string, number>;
  real: Set<string>;
  simulated: Set<string>;
}

export interface ReliabilityTally {
  /**
   * Adds each amount to the section's counter of that label (made on first use, printed in the
   * order first used): `count('properties', { run: 1, 'cases tried': 1000, failed: 0 })`.
   */
  count(section: string, amounts: Readonly<Record<string, number>>): void;
  /** Names something a section does for real where it could also be simulated; printed once each. */
  real(section: string, what: string): void;
  /** Names something a section simulates rather than does for real; printed once each. */
  simulated(section: string, what: string): void;
  /** One line per section, in the order the sections were first used; none when nothing counted. */
  lines(): string[];
}

const KEY = Symbol.for('affiliate-links.reliability-tally');
const NUMBER = new Intl.NumberFormat('en-US');

function createTally(): ReliabilityTally {
  const sections = new Map<string, Section>();
  const section = (name: string): Section => {
    let found = sections.get(name);
    if (found === undefined) {
      found = { counters: new Map(), real: new Set(), simulated: new Set() };
      sections.set(name, found);
    }
    return found;
  };
  return {
    count(name, amounts) {
      const { counters } = section(name);
      for (const [label, amount] of Object.entries(amounts)) {
        counters.set(label, (counters.get(label) ?? 0) + amount);
      }
    },
    real(name, what) {
      section(name).real.add(what);
    },
    simulated(name, what) {
      section(name).simulated.add(what);
    },
    lines() {
      return [...sections].map(([name, { counters, real, simulated }]) => {
        const figures = [...counters].map(([label, amount]) => `${NUMBER.format(amount)} ${label}`);
        const named = (label: string, items: Set<string>): string =>
          items.size === 0 ? '' : `${label}: ${[...items].join(', ')}`;
        const parts = [figures.join(', '), named('real', real), named('simulated', simulated)];
        return `${name}: ${parts.filter((part) => part !== '').join('; ')}`;
      });
    },
  };
}

/** The tally of this test process, made on first use. */
export function reliabilityTally(): ReliabilityTally {
  const holder = globalThis as { [KEY]?: ReliabilityTally };
  holder[KEY] ??= createTally();
  return holder[KEY];
}
