/**
 * What the 2x target of link health's first scan leaves for the work on the texts (docs/performance.md,
 * "the first scan's budget"), on the bench's own generated site and minified pipeline:
 * - reading: the scan's loop (batches of 64, 10 ms slices) reading every file while a fixed amount of work per
 *   file spins, against the same spin without reads. If reading overlapped the work, the two would be close;
 * - the parts of a verdict that no design can skip, each alone over the site's distinct tracking addresses.
 * `NODE_PATH=test/standIn node --expose-gc --import tsx test/bench/firstScanBudgetProbe.ts`. Prints a table.
 */
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { median, round2, settle, timed } from './figures';
import {
  barePass,
  hostClock,
  READ_KEY,
  readerOf,
  rulesOf,
  scanInto,
  type Shipped,
  writeBenchSite,
} from './linkHealthSite';
import { loadShipped } from './shippedBundle';

const ROUNDS = 3;
const SPIN_US = [0, 50, 100];

/** Holds the thread for `us` microseconds: the stand-in for a file's scanning. */
function spin(us: number): void {
  const end = performance.now() + us / 1000;
  while (performance.now() < end) {
    // nothing: the time is the work
  }
}

/** The scan's loop (runInSlices, as src/site/siteReads.ts drives it) reading every file, `us` of work per file. */
async function readWithWork(h: Shipped, files: readonly string[], us: number): Promise<number> {
  const started = performance.now();
  await h.runInSlices<string, string>(files, {
    clock: hostClock(),
    read: async (file) => new TextDecoder().decode(await readFile(file)),
    apply: () => spin(us),
  });
  return performance.now() - started;
}

/** Milliseconds of `body` over every item, the median of ROUNDS; `fresh` makes what each round starts from. */
function timeParts<T>(items: readonly string[], fresh: () => T, body: (state: T, item: string) => void): number {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const state = fresh();
    settle();
    const started = performance.now();
    for (const item of items) {
      body(state, item);
    }
    rounds.push(performance.now() - started);
  }
  return round2(median(rounds));
}

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '../..');
  const h = await loadShipped<Shipped>(root, path.join(__dirname, 'shippedLinkHealth.ts'), 'linkHealthProbe');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-scan-budget-'));
  try {
    const { merchants, summary, files } = writeBenchSite(dir, 20_000);
    await barePass(files); // the page cache warmed
    const rows: string[][] = [];
    const bares: number[] = [];
    const readings: number[] = [];
    for (const us of SPIN_US) {
      const bare: number[] = [];
      const both: number[] = [];
      const alone: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        settle();
        bare.push((await timed(() => barePass(files))).ms);
        settle();
        both.push(await readWithWork(h, files, us));
        settle();
        const started = performance.now();
        files.forEach(() => spin(us));
        alone.push(performance.now() - started);
      }
      const [b, r, w] = [bare, both, alone].map((values) => round2(median(values)));
      bares.push(...bare);
      readings.push(r - w);
      rows.push([
        `reading + ${us} µs a file`,
        `${r} ms`,
        `work alone ${w} ms, bare pass ${b} ms`,
        `${round2(r - w)} ms`,
      ]);
    }

    const texts = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]));
    const linksMs = timeParts(
      files,
      () => new h.LineReader(),
      (lines, file) => h.documentLinks(texts.get(file)!, h.languageOfPath(file), lines),
    );
    texts.clear();
    const rules = await rulesOf(h, merchants, summary.disclosurePatterns);
    const index = new h.SiteIndex(READ_KEY);
    await scanInto(h, index, files, readerOf(h, rules, summary.subIdTemplate), hostClock());
    const distinct = [
      ...new Set(index.entries().flatMap((entry) => h.documentOfIndexed(entry).links.map((l) => l.target))),
    ];
    const domains = rules.catalog.index;
    const tracking = distinct.filter((target) => domains.match(target).kind === 'tracking');
    const owners = new Map(tracking.map((target) => [target, domains.match(target)]));
    const deeplink = h.DEFAULT_HEALTH_OPTIONS.deeplink;
    const targets = new Map(tracking.map((t) => [t, h.queryParametersOf(t)?.get(deeplink.urlParameter) ?? undefined]));
    const verdicts = () => new h.LinkVerdicts(domains, deeplink, undefined);
    const parts: Array<[string, number]> = [
      [
        'the tracking link and its owners (`match`)',
        timeParts(
          tracking,
          () => undefined,
          (_, t) => domains.match(t),
        ),
      ],
      [
        'its query parameters',
        timeParts(
          tracking,
          () => undefined,
          (_, t) => h.queryParametersOf(t)?.getAll('s'),
        ),
      ],
      [
        "the target on the owner's domains",
        timeParts(tracking, verdicts, (v, t) => {
          const match = owners.get(t)!;
          const target = targets.get(t);
          if (match.kind === 'tracking' && match.merchants[0] !== undefined && target !== undefined) {
            v.onMerchantDomains(match.merchants[0], target);
          }
        }),
      ],
      ['the whole verdict, cold', timeParts(tracking, verdicts, (v, t) => v.of(t))],
    ];
    const bareMs = round2(median(bares));
    const readingMs = round2(median(readings));
    const budget = round2(2 * bareMs - readingMs);
    console.log(
      `${files.length} files, ${distinct.length} distinct addresses, ${tracking.length} on a tracking host\n`,
    );
    console.log('| Reading with work | Time | Against | Reading adds |\n|---|---|---|---|');
    rows.forEach((row) => console.log(`| ${row.join(' | ')} |`));
    console.log("\n| A verdict's part, alone | Time |\n|---|---|");
    parts.forEach(([name, ms]) => console.log(`| ${name} | ${ms} ms |`));
    console.log(`\nFinding the links of every file (documentLinks, texts in memory): ${linksMs} ms.`);
    console.log(
      `At 2x the bare pass (${bareMs} ms), reading in the scan's loop (${readingMs} ms) leaves ${budget} ms for all the work on the texts.`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
