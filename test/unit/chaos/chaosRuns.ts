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
import { reliabilityTally } from '../reliability/reliabilityTally';
import { describePlan, faultsMet, type FaultPlan } from './faultPlan';

export type RunOutcome = { kind: 'identical' } | { kind: 'refused'; message: string; cause: string } | { kind: 'failed'; reason: string };

interface RunRecord {
  plan: FaultPlan;
  outcome: RunOutcome;
  requests: number;
  faults: number;
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
  const words: Partial<Record<string, string>> = { 'truncated-response': 'cut off', 'invalid-response': 'not JSON', network: 'unreachable' };
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

/** A run's outcome and how many requests it made; a run that throws is a failed one. */
export interface RunResult {
  outcome: RunOutcome;
  requests: number;
}

/** Runs `run`, turning anything it throws into a failed outcome. */
export async function settle(run: () => Promise<RunResult>): Promise<RunResult> {
  try {
    return await run();
  } catch (error) {
    return { outcome: { kind: 'failed', reason: `the run broke: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` }, requests: 0 };
  }
}

/**
 * Runs `count` runs, each with its plan, prints the line and what the refusals came from, and
 * throws naming every run that failed (its seed, its faults, what went wrong).
 */
export async function runChaos(title: string, count: number, planOf: (run: number) => FaultPlan, run: (plan: FaultPlan, number: number) => Promise<RunResult>): Promise<void> {
  const runs = new ChaosRuns(title);
  for (let number = 0; number < count; number++) {
    const plan = planOf(number);
    const result = await settle(() => run(plan, number));
    runs.add(plan, result.outcome, result.requests);
  }
  console.log(`      ${runs.line()}`);
  console.log(`        refused: ${runs.refusals()}`);
  const failures = runs.failures();
  if (failures.length > 0) {
    throw new Error(`${failures.length} of ${count} runs ended neither identical nor refused cleanly:\n${failures.join('\n')}`);
  }
}

/** The runs of one chaos test: their outcomes, the line printed, the tally. */
export class ChaosRuns {
  private readonly records: RunRecord[] = [];
  private readonly started = Date.now();

  constructor(private readonly title: string) {}

  /** Records a run; `requests` is how many requests to the service it made. */
  add(plan: FaultPlan, outcome: RunOutcome, requests: number): void {
    const faults = faultsMet(plan, requests).total;
    this.records.push({ plan, outcome, requests, faults });
    const tally = reliabilityTally();
    tally.count('fault runs', {
      run: 1,
      survived: outcome.kind === 'failed' ? 0 : 1,
      identical: outcome.kind === 'identical' ? 1 : 0,
      'refused cleanly': outcome.kind === 'refused' ? 1 : 0,
      'faults met': faults,
      requests,
    });
    tally.simulated('fault runs', 'the service and its faults (the sandbox, over real HTTP on loopback)');
  }

  /** "catalog sync under faults: 20/20 identical or refused cleanly (17 identical, 3 refused); 61 faults met in 260 requests, 9.1 s" */
  line(): string {
    const count = (kind: RunOutcome['kind']): number => this.records.filter((record) => record.outcome.kind === kind).length;
    const survived = count('identical') + count('refused');
    const faults = this.records.reduce((sum, record) => sum + record.faults, 0);
    const requests = this.records.reduce((sum, record) => sum + record.requests, 0);
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    return `${this.title}: ${survived}/${this.records.length} identical or refused cleanly (${count('identical')} identical, ${count('refused')} refused); ${faults} faults met in ${requests} requests, ${seconds} s`;
  }

  /** What the refusals came from, most first: "cut off ×3, 429 ×2". */
  refusals(): string {
    const causes = new Map<string, number>();
    for (const { outcome } of this.records) {
      if (outcome.kind === 'refused') {
        causes.set(outcome.cause, (causes.get(outcome.cause) ?? 0) + 1);
      }
    }
    return [...causes].sort((a, b) => b[1] - a[1]).map(([cause, count]) => `${cause} ×${count}`).join(', ') || 'none';
  }

  /** Each failed run: its seed, its faults and what went wrong; empty when every run survived. */
  failures(): string[] {
    return this.records.flatMap((record) =>
      record.outcome.kind === 'failed' ? [`${describePlan(record.plan)}, ${faultsMet(record.plan, record.requests).words} met: ${record.outcome.reason}`] : [],
    );
  }
}
