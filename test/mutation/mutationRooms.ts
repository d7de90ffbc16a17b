/**
 * The rooms `npm run mutate` mutates, and for each the unit test files that can reach its code:
 * those whose imports lead, directly or through other modules, to one of its files. The others
 * cannot cover a mutant of the room, so Stryker does not load them (its dry run would run them
 * all once for nothing; per-test coverage then picks, for each mutant, the tests that ran it).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface MutationRoom {
  name: string;
  /** What the room holds, in a few words (for the summary). */
  holds: string;
  /** Files mutated, relative to the repository (Stryker's `mutate` globs). */
  mutate: string[];
  /**
   * Only the test files under these paths (prefixes), when the room's code runs under far more
   * tests than are about it: every request of the client takes a slot of the request budget.
   * `npm run mutate -- --every-test` leaves this out.
   */
  tests?: string[];
}

/** The report model's money: what the clicks and actions tallies add up, per currency, EPC and the change from the previous period. */
const REPORT_MONEY = [
  'actionReport',
  'actionTally',
  'clickReport',
  'currencyAmounts',
  'earningsPerClick',
  'groupTable',
  'periodComparison',
];

export const MUTATION_ROOMS: readonly MutationRoom[] = [
  { name: 'keys', holds: 'keys and platforms', mutate: ['src/keys/**/*.ts'] },
  {
    name: 'reports',
    holds: "the report model's tallies, EPC and period change",
    mutate: REPORT_MONEY.map((file) => `src/reports/model/${file}.ts`),
  },
  { name: 'links', holds: 'the link rules and the URL finder', mutate: ['src/links/**/*.ts'] },
  // The time-sliced loop of the site's scan left src/health/ for src/common/ (issue 34): still mutated with it.
  { name: 'health', holds: 'link health', mutate: ['src/health/**/*.ts', 'src/common/timeSlices.ts'] },
  {
    name: 'budget',
    holds: 'the request budget',
    mutate: ['src/api/budget/**/*.ts'],
    // Every test of the client, the stores and the panel runs the budget (each request takes a
    // slot): with them, Stryker estimated 12 to 15 hours on this machine kind. These are the
    // budget's tests on a virtual clock, its ledger's files and its property; the tests over
    // HTTP (budgetOverHttp, the client's retries, the stores under the limit) wait on real time,
    // seconds each, for every mutant that survives. `--every-test` runs them too (not measured:
    // whether they kill any survivor the tests here leave is an open question).
    tests: [
      'test/unit/budget/requestBudget.test.ts',
      'test/unit/budget/fileLedger.test.ts',
      'test/unit/properties/requestBudget.property.test.ts',
      'test/unit/mutation/budget',
    ],
  },
];

/** `import … from`, `export … from`, `import '…'` and `import('…')`; `import type` and `export type` load nothing. */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)(?!\s+type\b)\b[^'";]*?from\s*'([^']+)'|(?:^|\n)\s*import\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g;

/** The repository's TypeScript files a file loads, by relative specifier (packages are not followed). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3]!;
    if (!specifier.startsWith('.')) {
      continue;
    }
    const base = path.resolve(path.dirname(file), specifier);
    const target = [`${base}.ts`, path.join(base, 'index.ts'), base].find(
      (candidate) => candidate.endsWith('.ts') && fs.existsSync(candidate),
    );
    if (target !== undefined) {
      found.push(target);
    }
  }
  return found;
}

function testFilesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(folder, name))
    .sort();
}

/** Whether `file` is under one of the room's folders or is one of its files. */
function inRoom(root: string, room: MutationRoom, file: string): boolean {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return room.mutate.some((glob) =>
    glob.endsWith('/**/*.ts') ? relative.startsWith(glob.slice(0, -'**/*.ts'.length)) : relative === glob,
  );
}

/** The unit test files (relative to `root`) whose imports reach a file of the room (with `everyTest`, whatever its `tests` say). */
export function testFilesFor(root: string, room: MutationRoom, everyTest = false): string[] {
  const tests = testFilesUnder(path.join(root, 'test/unit'));
  // Every module the tests reach, and who imports it.
  const importers = new Map<string, string[]>();
  const seen = new Set<string>(tests);
  const queue = [...tests];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const imported of importsOf(file)) {
      const list = importers.get(imported) ?? [];
      list.push(file);
      importers.set(imported, list);
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  // Back from the room's files to everything that leads to them, each with its number of import steps.
  const steps = new Map([...seen].filter((file) => inRoom(root, room, file)).map((file) => [file, 0]));
  const back = [...steps.keys()];
  for (let at = 0; at < back.length; at++) {
    const file = back[at]!;
    for (const importer of importers.get(file) ?? []) {
      if (!steps.has(importer)) {
        steps.set(importer, steps.get(file)! + 1);
        back.push(importer);
      }
    }
  }
  // The tests closest to the room first: mocha runs them first, and a mutant they kill stops the run there.
  const chosen = (file: string): boolean =>
    everyTest || room.tests === undefined || room.tests.some((prefix) => path.relative(root, file).startsWith(prefix));
  return tests
    .filter((file) => steps.has(file) && chosen(file))
    .sort((a, b) => steps.get(a)! - steps.get(b)! || a.localeCompare(b))
    .map((file) => path.relative(root, file));
}
