/** How the bench reports: one JSON line per figure, medians, distributions, timings. */
import fs from 'node:fs';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  ratio?: number;
  target?: string;
  note?: string;
  /** The figure's rounds, where it is measured several times (`--rounds`). */
  distribution?: Distribution;
  baselineDistribution?: Distribution;
  /** The machine's 1-minute load average when the figure's rounds started and ended. */
  load?: [number, number];
}

/** Every round's value, and their minimum, quartiles, median and maximum. */
export interface Distribution {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  values: number[];
}

export function emit(figure: Figure): void {
  process.stdout.write(`${JSON.stringify(figure)}\n`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The `q` quantile (0 to 1) of sorted values, interpolated between the two nearest ranks. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/** The distribution of the rounds' values, in the order they were measured. */
export function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: values.length,
    min: round2(sorted[0]!),
    q1: round2(quantile(sorted, 0.25)),
    median: round2(median(sorted)),
    q3: round2(quantile(sorted, 0.75)),
    max: round2(sorted[sorted.length - 1]!),
    values: values.map(round2),
  };
}

/** "median 19.4 (quartiles 15.1 to 22.0, min 13.8, max 25.7, n 10)". */
export function spreadText(values: readonly number[]): string {
  const d = distribution(values);
  return `median ${d.median} (quartiles ${d.q1} to ${d.q3}, min ${d.min}, max ${d.max}, n ${d.n})`;
}

/** The machine's 1-minute load average (0 where /proc is not there): how busy the machine was. */
export function loadAverage(): number {
  try {
    return Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return 0;
  }
}

/** `--rounds N` on the command line, else `fallback`: how many times the figures with a distribution are measured. */
export function roundsArgument(fallback: number): number {
  const index = process.argv.indexOf('--rounds');
  const rounds = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(rounds) || rounds < 1) {
    throw new Error(`--rounds takes a whole number of at least 1; got "${process.argv[index + 1]}"`);
  }
  return rounds;
}

export async function timed<T>(body: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await body();
  return { ms: performance.now() - started, value };
}

export const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Full garbage collections (the bench runs with --expose-gc), so one measurement does not pay for another's garbage. */
export function settle(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    throw new Error('run the bench with --expose-gc');
  }
  gc();
  gc();
}

/**
 * `settle`, then a rest: a forced full collection leaves the sweeping of the whole heap to other threads, and on 2
 * busy cores that sweep ran into the next timed piece (revenue at risk's report: 113 ms right after `settle`, 56 ms
 * after it and 300 ms of rest, 65 ms with no collection before it; docs/performance.md, 2026-11-28).
 */
export async function settleAndRest(ms = 250): Promise<void> {
  settle();
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** The time `body` takes, synchronously. */
export function timeOf(body: () => unknown): number {
  const started = performance.now();
  body();
  return performance.now() - started;
}

export interface Contest {
  value: number;
  baseline: number;
  first: number;
}

/**
 * The median of `body` against the median of `floor` over `rounds`: a cold run of each first
 * (the first call compiles), then both alternately, with full garbage collections before each run.
 */
export function contest(body: () => void, floor: () => void, rounds: number): Contest {
  const first = timeOf(body);
  floor();
  const values: number[] = [];
  const baselines: number[] = [];
  for (let round = 0; round < rounds; round++) {
    settle();
    baselines.push(timeOf(floor));
    settle();
    values.push(timeOf(body));
  }
  return { value: median(values), baseline: median(baselines), first };
}
