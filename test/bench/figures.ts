/** How the bench reports: one JSON line per figure, medians, timings. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  ratio?: number;
  target?: string;
  note?: string;
}

export function emit(figure: Figure): void {
  process.stdout.write(`${JSON.stringify(figure)}\n`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
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
