/** Fault injection for resilience tests and benchmarks, on the spec's three paths only (never `/__sandbox/`). */
import { Random } from './random';
import { ENDPOINT_NAMES, type EndpointName } from './endpoints';

export const FAULT_KINDS = [
  '500',
  '502',
  '503',
  '504',
  '429',
  'reset',
  'malformed',
  'truncated',
  'slow-body',
  'slow-headers',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const DEFAULT_SLOW_MS = 10_000;

export interface FaultRule {
  kind: FaultKind;
  rate?: number;
  /** Inclusive ranges of request numbers. */
  on?: Array<[number, number]>;
  retryAfter?: number;
  retryAfterDate?: number;
  ms: number;
  path?: EndpointName;
}

export class FaultSpecError extends Error {
  constructor(part: string, reason: string) {
    super(`Bad fault spec part "${part}": ${reason}.`);
    this.name = 'FaultSpecError';
  }
}

const SLOW_KINDS: readonly FaultKind[] = ['slow-body', 'slow-headers'];
const RATE = /^(?:0|1|0?\.\d+|[01]\.\d*)$/;
const WHOLE = /^\d{1,9}$/;

function wholeNumber(part: string, text: string): number {
  if (!WHOLE.test(text)) {
    throw new FaultSpecError(part, `expected a whole number of 0 or more, got "${text}"`);
  }
  return Number(text);
}

function requestNumbers(part: string, text: string): Array<[number, number]> {
  return text.split(',').map((item) => {
    const match = /^\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?$/.exec(item);
    const first = match ? Number(match[1]) : NaN;
    const last = match && match[2] !== undefined ? Number(match[2]) : first;
    if (!match || first < 1 || last < first) {
      throw new FaultSpecError(part, `"${item}" is not a request number (1 or more) or a range like 3-5`);
    }
    return [first, last] as [number, number];
  });
}

function applyOption(rule: FaultRule, option: string, seen: Set<string>): void {
  const equals = option.indexOf('=');
  const name = equals < 0 ? option : option.slice(0, equals).trim();
  const value = equals < 0 ? '' : option.slice(equals + 1).trim();
  if (equals < 0 || value === '') {
    throw new FaultSpecError(option, 'an option is written name=value');
  }
  if (seen.has(name)) {
    throw new FaultSpecError(option, `${name} is given twice`);
  }
  seen.add(name);
  switch (name) {
    case 'rate':
      if (!RATE.test(value) || Number(value) > 1) {
        throw new FaultSpecError(option, 'rate is a probability from 0 to 1, such as 0.25');
      }
      rule.rate = Number(value);
      return;
    case 'on':
      rule.on = requestNumbers(option, value);
      return;
    case 'retryAfter':
    case 'retryAfterDate':
      if (rule.retryAfter !== undefined || rule.retryAfterDate !== undefined) {
        throw new FaultSpecError(option, 'give one of retryAfter and retryAfterDate');
      }
      rule[name] = wholeNumber(option, value);
      return;
    case 'ms':
      if (!SLOW_KINDS.includes(rule.kind)) {
        throw new FaultSpecError(option, `ms applies only to ${SLOW_KINDS.join(' and ')}`);
      }
      rule.ms = wholeNumber(option, value);
      return;
    case 'path':
      if (!ENDPOINT_NAMES.includes(value as EndpointName)) {
        throw new FaultSpecError(option, `path is one of ${ENDPOINT_NAMES.join(', ')}`);
      }
      rule.path = value as EndpointName;
      return;
    default:
      throw new FaultSpecError(option, 'unknown option (expected rate, on, retryAfter, retryAfterDate, ms or path)');
  }
}

function parseRule(text: string): FaultRule {
  const [kindText, ...options] = text.split(':').map((piece) => piece.trim());
  if (!(FAULT_KINDS as readonly string[]).includes(kindText)) {
    throw new FaultSpecError(kindText, `unknown fault kind (expected one of ${FAULT_KINDS.join(', ')})`);
  }
  const rule: FaultRule = { kind: kindText as FaultKind, ms: DEFAULT_SLOW_MS };
  const seen = new Set<string>();
  for (const option of options) {
    applyOption(rule, option, seen);
  }
  return rule;
}

/**
 * Parses a fault SPEC (`--faults SPEC`, `setFaults(SPEC)`, `POST /__sandbox/faults`); throws
 * FaultSpecError naming the first bad part. Grammar:
 *
 *   spec   = rule *( ";" rule )        an empty spec means no faults; blank rules are ignored
 *   rule   = kind *( ":" option )      spaces around rules, kinds and options are ignored
 *   kind   = "500" | "502" | "503" | "504" | "429"
 *                                      a JSON error body in the format of spec 7
 *          | "reset"                   the socket is destroyed without any response
 *          | "malformed"               200 with a body that is not valid JSON
 *          | "truncated"               200-style response whose Content-Length is that of the full
 *                                      body, but only part of the body is sent before the socket
 *                                      is destroyed
 *          | "slow-body"               status and headers at once, the body only after `ms`
 *          | "slow-headers"            nothing for `ms`, then the normal response
 *   option = "rate=" R                 probability per request, 0 <= R <= 1, drawn from a PRNG
 *                                      seeded with the sandbox seed (re-seeded by every setFaults)
 *          | "on=" N-list              1-based numbers of requests to the spec's paths, counted
 *                                      from start or from the last setFaults: "1,3-5"
 *          | "retryAfter=" N           adds `Retry-After: N` (seconds)
 *          | "retryAfterDate=" N       adds `Retry-After` as an HTTP date N seconds ahead
 *          | "ms=" N                   delay of the slow kinds, milliseconds (default 10000)
 *          | "path=" ("merchant" | "click" | "action")
 *                                      only requests to that endpoint
 *
 * A rule with neither `rate` nor `on` applies to every matching request; with both, it applies
 * to the listed requests, each with probability R. The first matching rule wins. Every request
 * to a spec path counts, whatever its method. Examples:
 *   "503:rate=0.2:retryAfter=1"        "reset:on=2;500:on=4-5:path=click"
 *   "slow-body:ms=300:path=merchant"   "429:on=1:retryAfterDate=5"
 */
export function parseFaultSpec(spec: string): FaultRule[] {
  return spec
    .split(';')
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .map(parseRule);
}

/** The faults in force and the request counter they are chosen by. */
export class FaultSelector {
  private rules: FaultRule[] = [];
  private count = 0;
  private random: Random;

  constructor(
    private readonly seed: number,
    spec = '',
  ) {
    this.random = new Random(seed);
    this.replace(spec);
  }

  /** Installs a new SPEC, restarting the request count and the random draws. Throws on a bad spec. */
  replace(spec: string): void {
    this.rules = parseFaultSpec(spec);
    this.count = 0;
    this.random = new Random(this.seed);
  }

  /** Counts one request to a spec path and returns the fault to inject, if any. */
  choose(endpoint: EndpointName): FaultRule | undefined {
    this.count += 1;
    const number = this.count;
    return this.rules.find((rule) => {
      if (rule.path !== undefined && rule.path !== endpoint) {
        return false;
      }
      if (rule.on !== undefined && !rule.on.some(([first, last]) => number >= first && number <= last)) {
        return false;
      }
      return rule.rate === undefined || this.random.next() < rule.rate;
    });
  }
}
