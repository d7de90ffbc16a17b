/**
 * The faults of one chaos run, drawn from the run's seed and handed to the sandbox in its own
 * fault grammar (src/sandbox/faults.ts). Each run mixes two kinds of fault, each at a rate from
 * 10% to 30%: a 503 with Retry-After, a 429, a reset connection, a malformed body, a truncated
 * body, a slow body. The first kind goes round the six with the run's number, so twenty runs try
 * each kind at least three times as the main one; the second is drawn.
 *
 * The sandbox's own `rate=` draws restart from the sandbox's seed at every `setFaults`, so
 * twenty runs against one sandbox would all meet the same pattern. Each run therefore draws,
 * from its own seed, which request numbers meet which fault and gives them to the sandbox as
 * `on=` lists: "503:on=2,9:retryAfter=0:path=merchant;reset:on=4-5,11:path=merchant". The same
 * seed gives the same spec; requests past `requests` meet no fault, so every run ends. (Where
 * requests run in parallel, which page a number falls on depends on the order they arrive in.)
 *
 * Retry-After is 0 s on every 503 and 429 (as seconds, or as an HTTP date of the sandbox's
 * clock, which is in the past): a refusal is a wait of the request budget, and without the
 * header that wait is a second or more, doubling. A slow body waits tens of milliseconds, below
 * the client's body timeout. The client's waits for real seconds, refusals without Retry-After
 * and its body timeout are tested in clientResilience.test.ts.
 */
import type { EndpointName } from '../../../src/sandbox/endpoints';
import { Random } from '../../../src/sandbox/random';

export const CHAOS_KINDS = ['503', '429', 'reset', 'malformed', 'truncated', 'slow-body'] as const;
export type ChaosKind = (typeof CHAOS_KINDS)[number];

export interface FaultPlanOptions {
  /** Requests (attempts included) that may meet a fault; later ones never do. */
  requests: number;
  path: EndpointName;
  /** How long a slow body waits before it is sent, drawn per run: [fewest, most] ms. */
  slowBodyMs: readonly [number, number];
}

export interface FaultPlan {
  seed: number;
  /** The rate each kind of the run was drawn at. */
  rates: Partial<Record<ChaosKind, number>>;
  /** The request numbers each kind falls on, ascending. */
  on: Partial<Record<ChaosKind, number[]>>;
  slowBodyMs: number;
  /** The sandbox's fault spec. */
  spec: string;
}

const MIN_RATE = 0.1;
const MAX_RATE = 0.3;

/** "1,3-5,9" from ascending numbers. */
function numberList(numbers: readonly number[]): string {
  const parts: string[] = [];
  for (let index = 0; index < numbers.length; ) {
    let end = index;
    while (end + 1 < numbers.length && numbers[end + 1] === numbers[end]! + 1) {
      end += 1;
    }
    parts.push(end === index ? String(numbers[index]) : `${numbers[index]}-${numbers[end]}`);
    index = end + 1;
  }
  return parts.join(',');
}

/** The faults of run number `run` (0-based) with `seed`. */
export function faultPlan(run: number, seed: number, options: FaultPlanOptions): FaultPlan {
  const random = new Random(seed);
  const first = CHAOS_KINDS[run % CHAOS_KINDS.length]!;
  const second = random.pick(CHAOS_KINDS.filter((kind) => kind !== first));
  const kinds: ChaosKind[] = [first, second];
  const rates: Partial<Record<ChaosKind, number>> = {};
  for (const kind of kinds) {
    rates[kind] = Math.round((MIN_RATE + random.next() * (MAX_RATE - MIN_RATE)) * 100) / 100;
  }
  const slowBodyMs = random.int(options.slowBodyMs[0], options.slowBodyMs[1]);
  const on: Partial<Record<ChaosKind, number[]>> = {};
  for (let request = 1; request <= options.requests; request++) {
    // One draw per request: the kinds share the line from 0 to 1, so a request meets at most one.
    const draw = random.next();
    let edge = 0;
    for (const kind of kinds) {
      edge += rates[kind]!;
      if (draw < edge) {
        (on[kind] ??= []).push(request);
        break;
      }
    }
  }
  const retryAfter = random.chance(0.5) ? 'retryAfter=0' : 'retryAfterDate=0';
  const rules = kinds
    .filter((kind) => (on[kind]?.length ?? 0) > 0)
    .map((kind) => {
      const parts = [kind, `on=${numberList(on[kind]!)}`, `path=${options.path}`];
      if (kind === '503' || kind === '429') {
        parts.push(retryAfter);
      }
      if (kind === 'slow-body') {
        parts.push(`ms=${slowBodyMs}`);
      }
      return parts.join(':');
    });
  return { seed, rates, on, slowBodyMs, spec: rules.join(';') };
}

/** A plan of one fault spec, for a regression case reduced from the run of `seed` that found it. */
export function fixedPlan(seed: number, kind: ChaosKind, on: readonly number[], spec: string): FaultPlan {
  return { seed, rates: { [kind]: 1 }, on: { [kind]: [...on] }, slowBodyMs: 0, spec };
}

/** The plan in words, for a failure's report: "seed 1007: 503 at 21%, reset at 14% (spec …)". */
export function describePlan(plan: FaultPlan): string {
  const rates = Object.entries(plan.rates).map(([kind, rate]) => `${kind} at ${Math.round(rate * 100)}%`);
  return `seed ${plan.seed}: ${rates.join(', ')} (sandbox faults "${plan.spec}")`;
}
