/**
 * Control endpoints, under a prefix the service never uses; no authentication, loopback only:
 *   GET  /__sandbox/stats                       request counts (see SandboxStats)
 *   POST /__sandbox/faults                      body = fault SPEC (faults.ts); an empty body clears
 *   POST /__sandbox/latency?ms=N                delay of every response to a spec path
 *   POST /__sandbox/merchants/touch?index=N     sets that stored merchant's updatedAt to now
 * A bad value is a 400 in the format of spec 7 naming the parameter (`spec`, `ms`, `index`).
 */
import { badRequest, jsonResponse, notFound, type SandboxResponse } from './responses';
import type { SandboxStats } from './requestStats';

export const CONTROL_PREFIX = '/__sandbox/';

export interface ControlTarget {
  stats(): SandboxStats;
  setFaults(spec: string): void;
  setLatency(ms: number): void;
  touchMerchant(index: number): string;
}

export interface ControlRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  body: string;
}

class ControlProblem extends Error {
  constructor(readonly property: string, message: string) {
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

function act(property: string, action: () => unknown): SandboxResponse {
  try {
    return jsonResponse(200, action());
  } catch (error) {
    const problem = error instanceof ControlProblem ? error : new ControlProblem(property, (error as Error).message);
    return badRequest({ property: problem.property, message: problem.message });
  }
}

export function answerControl(target: ControlTarget, request: ControlRequest): SandboxResponse {
  const route = `${request.method} ${request.pathname}`;
  switch (route) {
    case `GET ${CONTROL_PREFIX}stats`:
      return jsonResponse(200, target.stats());
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
    case `POST ${CONTROL_PREFIX}merchants/touch`:
      return act('index', () => {
        const index = wholeNumber(request.query, 'index');
        return { index, updatedAt: target.touchMerchant(index) };
      });
    default:
      return notFound(request.method, request.pathname);
  }
}
