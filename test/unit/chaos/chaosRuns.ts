/**
 * The bookkeeping of chaos runs: what a run may end in, whether a refusal is one a user can act
 * on, and the counts each chaos test prints and adds to the reliability summary (section "fault
 * runs" of ../reliability/reliabilityTally.ts).
 *
 * A run under faults may end in two ways only:
 * - identical: what the store holds, and its cache read back, equal a clean read;
 * - refused cleanly: the store failed with a service error whose words, as the user reads them,
 *   say what happened and what to do, and the previous catalog or report is still what the store
 *   holds, its cache file byte for byte.
 * Anything else (a different catalog or report, a crash, a changed cache, a run that never ends)
 * fails the test, naming the run's seed and faults.
 */
import { httpStatusOf, isServiceError } from '../../../src/api/errors';
import type { SandboxStats } from '../../../src/sandbox/requestStats';
import { reliabilityTally } from '../reliability/reliabilityTally';
import { describePlan, type FaultPlan } from './faultPlan';

export type RunOutcome =
  | { kind: 'identical' }
  | { kind: 'refused'; message: string; cause: string }
  | { kind: 'failed'; reason: string };

/** The faults the sandbox applied during a run, by its own count. */
export interface FaultsMet {
  total: number;
  byKind: SandboxStats['faultsByKind'];
}

interface RunRecord {
  plan: FaultPlan;
  outcome: RunOutcome;
  requests: number;
  faults: FaultsMet;
}

/** What a user is told to do: try again, retry, wait, check something. */
const WHAT_TO_DO = /\b(try again|retry|wait|check)\b/i;
/** Words that show a message was put together from something that was not there. */
const BROKEN = /\bundefined\b|\bNaN\b|\[object |\n\s+at /;

/**
 * Why `error`, shown to the user as `message`, is no clear refusal; undefined when it is one:
 * a service error of the client (not a crash, not a cancellation), whose message says what
 * happened and what to do, without the key.
 */
export function unclearRefusal(error: unknown, message: string, apiKey: string): string | undefined {
  if (!isServiceError(error)) {
    return `a crash, not a service error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  }
  if (error.kind === 'aborted' || error.kind === 'invalid-parameter') {
    return `a ${error.kind} error under network faults: ${error.message}`;
  }
  if (message.trim() === '' || BROKEN.test(message)) {
    return `the user's message is broken: ${JSON.stringify(message)}`;
  }
  if (!WHAT_TO_DO.test(message)) {
    return `the user's message does not say what to do: ${JSON.stringify(message)}`;
  }
  if (message.includes(apiKey) || error.message.includes(apiKey) || (error.stack ?? '').includes(apiKey)) {
    return 'the API key is in the error';
  }
  return undefined;
}

/** What a refusal came from, in a word or two: "503", "cut off", "not JSON", "unreachable". */
export function refusalCause(error: unknown): string {
  if (!isServiceError(error)) {
    return 'other';
  }
  const words: Partial<Record<string, string>> = {
    'truncated-response': 'cut off',
    'invalid-response': 'not JSON',
    network: 'unreachable',
  };
  return error.kind === 'http' ? String(httpStatusOf(error)) : (words[error.kind] ?? error.kind);
}

/** Rejects with a clear error when `promise` has not settled within `ms`: a run that never ends fails. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** A run's outcome, how many requests it made and the faults they met, as the sandbox counted them; a run that throws is a failed one. */
export interface RunResult {
  outcome: RunOutcome;
  requests: number;
  faults: FaultsMet;
}

/** What the sandbox counted between two readings of its stats: requests and the faults it applied. */
export function counted(before: SandboxStats, after: SandboxStats): Pick<RunResult, 'requests' | 'faults'> {
  const byKind: SandboxStats['faultsByKind'] = {};
  for (const [kind, count] of Object.entries(after.faultsByKind) as Array<
    [keyof SandboxStats['faultsByKind'], number]
  >) {
    const met = count - (before.faultsByKind[kind] ?? 0);
    if (met > 0) {
      byKind[kind] = met;
    }
  }
  return {
    requests: after.total - before.total,
    faults: { total: after.faultsInjected - before.faultsInjected, byKind },
  };
}

/** "503×3, reset×2", or "none". */
export function faultWords(faults: FaultsMet): string {
  return (
    Object.entries(faults.byKind)
      .map(([kind, count]) => `${kind}×${count}`)
      .join(', ') || 'none'
  );
}

/** Runs `run`, turning anything it throws into a failed outcome. */
export async function settle(run: () => Promise<RunResult>): Promise<RunResult> {
  try {
    return await run();
  } catch (error) {
    return {
      outcome: {
        kind: 'failed',
        reason: `the run broke: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      },
      requests: 0,
      faults: { total: 0, byKind: {} },
    };
  }
}

/**
 * Runs `count` runs, each with its plan, prints the line and what the refusals came from, and
 * throws naming every run that failed (its seed, its faults, what went wrong). A run in which
 * the sandbox applied no fault proves nothing, and fails; so do runs that all end one way, since
 * the plans are drawn to bring both outcomes (identical and refused).
 */
export async function runChaos(
  title: string,
  count: number,
  planOf: (run: number) => FaultPlan,
  run: (plan: FaultPlan, number: number) => Promise<RunResult>,
): Promise<void> {
  const runs = new ChaosRuns(title);
  for (let number = 0; number < count; number++) {
    const plan = planOf(number);
    const result = await settle(() => run(plan, number));
    runs.add(plan, result);
  }
  console.log(`      ${runs.line()}`);
  console.log(`        refused: ${runs.refusals()}`);
  const failures = runs.failures();
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} of ${count} runs ended neither identical nor refused cleanly, or met no fault:\n${failures.join('\n')}`,
    );
  }
  const outcomes = runs.outcomes();
  if (outcomes.identical === 0 || outcomes.refused === 0) {
    throw new Error(
      `the ${count} runs all ended one way (${outcomes.identical} identical, ${outcomes.refused} refused): the faults no longer bring both outcomes`,
    );
  }
}

/** The runs of one chaos test: their outcomes, the line printed, the tally. */
export class ChaosRuns {
  private readonly records: RunRecord[] = [];
  private readonly started = Date.now();

  constructor(private readonly title: string) {}

  /** Records a run: its outcome, requests and the faults the sandbox applied. */
  add(plan: FaultPlan, { outcome, requests, faults }: RunResult): void {
    this.records.push({ plan, outcome, requests, faults });
    const tally = reliabilityTally();
    tally.count('fault runs', {
      run: 1,
      survived: outcome.kind === 'failed' || faults.total === 0 ? 0 : 1,
      identical: outcome.kind === 'identical' ? 1 : 0,
      'refused cleanly': outcome.kind === 'refused' ? 1 : 0,
      'faults met': faults.total,
      requests,
    });
    tally.simulated(
      'fault runs',
      'the service and its faults (the sandbox, over real HTTP on loopback; faults as the sandbox counted them)',
    );
  }

  /** How many runs ended identical and how many refused cleanly. */
  outcomes(): { identical: number; refused: number } {
    const count = (kind: RunOutcome['kind']): number =>
      this.records.filter((record) => record.outcome.kind === kind).length;
    return { identical: count('identical'), refused: count('refused') };
  }

  /** "catalog sync under faults: 20/20 identical or refused cleanly (17 identical, 3 refused); 61 faults met in 260 requests, 9.1 s" */
  line(): string {
    const { identical, refused } = this.outcomes();
    const faults = this.records.reduce((sum, record) => sum + record.faults.total, 0);
    const requests = this.records.reduce((sum, record) => sum + record.requests, 0);
    const fewest = Math.min(...this.records.map((record) => record.faults.total));
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    return `${this.title}: ${identical + refused}/${this.records.length} identical or refused cleanly (${identical} identical, ${refused} refused); ${faults} faults met in ${requests} requests, at least ${fewest} in every run (the sandbox's count), ${seconds} s`;
  }

  /** What the refusals came from, most first: "cut off ×3, 429 ×2". */
  refusals(): string {
    const causes = new Map<string, number>();
    for (const { outcome } of this.records) {
      if (outcome.kind === 'refused') {
        causes.set(outcome.cause, (causes.get(outcome.cause) ?? 0) + 1);
      }
    }
    return (
      [...causes]
        .sort((a, b) => b[1] - a[1])
        .map(([cause, count]) => `${cause} ×${count}`)
        .join(', ') || 'none'
    );
  }

  /** Each failed run, and each run that met no fault: its seed, its faults and what went wrong; empty when every run counts. */
  failures(): string[] {
    return this.records.flatMap((record) => {
      const what = `${describePlan(record.plan)}, ${faultWords(record.faults)} met in ${record.requests} requests`;
      if (record.outcome.kind === 'failed') {
        return [`${what}: ${record.outcome.reason}`];
      }
      return record.faults.total === 0 ? [`${what}: the sandbox applied no fault, so the run proves nothing`] : [];
    });
  }
}
