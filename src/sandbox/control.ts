/** The sandbox's control endpoints, under a prefix the service never uses; no authentication, loopback only. */
import { badRequest, jsonResponse, notFound, type SandboxResponse } from './responses';
import type { SandboxStats } from './requestStats';
import { MAX_TOUCH_COUNT, type TouchedCounts } from './reportTouch';
import type { SandboxKeys } from './sandboxKeys';

export const CONTROL_PREFIX = '/__sandbox/';

export interface ControlTarget {
  stats(): SandboxStats;
  /** The keys, fixed at start. */
  readonly keys: SandboxKeys;
  setFaults(spec: string): void;
  setLatency(ms: number): void;
  /**
   * Installs a rate limit SPEC and forgets the windows' history; `retryAfter` says whether a 429
   * carries Retry-After (unchanged when undefined). Returns the limit and the setting in force.
   */
  setRateLimit(spec: string, retryAfter?: boolean): { rateLimit: string; retryAfter: boolean };
  touchMerchant(index: number): string;
  touchReports(count: number): TouchedCounts;
}

export interface ControlRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  body: string;
}

class ControlProblem extends Error {
  constructor(
    readonly property: string,
    message: string,
  ) {
    super(message);
  }
}

function wholeNumber(query: URLSearchParams, name: string): number {
  const text = query.get(name) ?? '';
  if (!/^\d{1,15}$/.test(text)) {
    throw new ControlProblem(name, `${name} must be a whole number of 0 or more; got "${text}".`);
  }
  return Number(text);
}

/** A whole number from `min` to `max`, named in the message whichever way it is wrong. */
function wholeNumberIn(query: URLSearchParams, name: string, min: number, max: number): number {
  const text = query.get(name) ?? '';
  const value = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw new ControlProblem(name, `${name} must be a whole number from ${min} to ${max}; got "${text}".`);
  }
  return value;
}

function optionalBoolean(query: URLSearchParams, name: string): boolean | undefined {
  const text = query.get(name);
  if (text === null) {
    return undefined;
  }
  if (text !== 'true' && text !== 'false') {
    throw new ControlProblem(name, `${name} must be true or false; got "${text}".`);
  }
  return text === 'true';
}

function act(property: string, action: () => unknown): SandboxResponse {
  try {
    return jsonResponse(200, action());
  } catch (error) {
    const problem = error instanceof ControlProblem ? error : new ControlProblem(property, (error as Error).message);
    return badRequest({ property: problem.property, message: problem.message });
  }
}

/**
 * Answers a control endpoint:
 *   GET  /__sandbox/stats                       request counts (see SandboxStats)
 *   GET  /__sandbox/keys                        the keys to use (see SandboxKeys in sandboxKeys.ts):
 *                                               {"world","platforms":[{"id","name","key"}],"account"},
 *                                               `account` null in the single world
 *   POST /__sandbox/faults                      body = fault SPEC (faults.ts); an empty body clears
 *   POST /__sandbox/latency?ms=N                delay of every response to a spec path
 *   POST /__sandbox/rate-limit[?retryAfter=B]   body = rate limit SPEC (`3/1,100/300` or `off`);
 *                                               forgets the windows' history; B (true|false) sets
 *                                               whether a 429 carries Retry-After (kept if absent);
 *                                               answers {"rateLimit":spec,"retryAfter":b}
 *   POST /__sandbox/merchants/touch?index=N     sets that stored merchant's updatedAt to now
 *   POST /__sandbox/reports/touch?count=N       changes N click items and N actions (fewer when
 *                                               there are fewer), picked over the whole history:
 *                                               a click's count grows, a pending action is decided,
 *                                               another action's commission is corrected; their
 *                                               updatedAt becomes now, so reports list them first.
 *                                               N from 1 to 100000; answers {"clicks":n,"actions":m}
 * A bad value is a 400 in the format of spec 7 naming the parameter (`spec`, `ms`, `index`, `count`,
 * `retryAfter`).
 */
export function answerControl(target: ControlTarget, request: ControlRequest): SandboxResponse {
  const route = `${request.method} ${request.pathname}`;
  switch (route) {
    case `GET ${CONTROL_PREFIX}stats`:
      return jsonResponse(200, target.stats());
    case `GET ${CONTROL_PREFIX}keys`:
      return jsonResponse(200, { ...target.keys, account: target.keys.account ?? null });
    case `POST ${CONTROL_PREFIX}faults`:
      return act('spec', () => {
        target.setFaults(request.body);
        return { faults: request.body.trim() };
      });
    case `POST ${CONTROL_PREFIX}latency`:
      return act('ms', () => {
        const latencyMs = wholeNumber(request.query, 'ms');
        target.setLatency(latencyMs);
        return { latencyMs };
      });
    case `POST ${CONTROL_PREFIX}rate-limit`:
      return act('spec', () => target.setRateLimit(request.body, optionalBoolean(request.query, 'retryAfter')));
    case `POST ${CONTROL_PREFIX}merchants/touch`:
      return act('index', () => {
        const index = wholeNumber(request.query, 'index');
        return { index, updatedAt: target.touchMerchant(index) };
      });
    case `POST ${CONTROL_PREFIX}reports/touch`:
      return act('count', () => target.touchReports(wholeNumberIn(request.query, 'count', 1, MAX_TOUCH_COUNT)));
    default:
      return notFound(request.method, request.pathname);
  }
}
