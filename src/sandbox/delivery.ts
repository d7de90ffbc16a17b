/** Sends a computed response, as it is or spoiled by the fault chosen for the request (see faults.ts). */
import type { ServerResponse } from 'node:http';
import type { FaultRule } from './faults';
import { statusError, type SandboxResponse } from './responses';
import type { SandboxTimers } from './timers';

/** Appended to half a body: JSON never holds `<` outside a string, and a string cut open never closes. */
const MALFORMED_TAIL = '<!-- upstream proxy error -->';

function headersOf(response: SandboxResponse): Record<string, string | number> {
  return { ...response.headers, 'Content-Length': Buffer.byteLength(response.body), 'Cache-Control': 'no-store' };
}

export function send(res: ServerResponse, response: SandboxResponse): void {
  if (res.destroyed) {
    return;
  }
  res.writeHead(response.status, headersOf(response));
  res.end(response.body);
}

function retryHeaders(rule: FaultRule, nowMs: number): Record<string, string> {
  if (rule.retryAfter !== undefined) {
    return { 'Retry-After': String(rule.retryAfter) };
  }
  if (rule.retryAfterDate !== undefined) {
    return { 'Retry-After': new Date(nowMs + rule.retryAfterDate * 1000).toUTCString() };
  }
  return {};
}

function sendTruncated(res: ServerResponse, response: SandboxResponse): void {
  const body = Buffer.from(response.body);
  res.writeHead(response.status, headersOf(response));
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
}

function sendSlowBody(res: ServerResponse, response: SandboxResponse, ms: number, timers: SandboxTimers): void {
  res.writeHead(response.status, headersOf(response));
  res.flushHeaders();
  timers.after(ms, () => {
    if (!res.destroyed) {
      res.end(response.body);
    }
  });
}

/**
 * Sends `response`, or what `fault` turns it into. `nowMs` dates a `Retry-After` given as a date.
 * Faults that keep the body (truncated, slow-body, slow-headers) keep the normal status.
 */
export function deliver(
  res: ServerResponse,
  response: SandboxResponse,
  fault: FaultRule | undefined,
  timers: SandboxTimers,
  nowMs: number,
): void {
  if (!fault) {
    send(res, response);
    return;
  }
  const retry = retryHeaders(fault, nowMs);
  const normal = { ...response, headers: { ...response.headers, ...retry } };
  switch (fault.kind) {
    case 'reset':
      res.destroy();
      return;
    case 'malformed':
      send(res, {
        ...normal,
        status: 200,
        body: response.body.slice(0, Math.floor(response.body.length / 2)) + MALFORMED_TAIL,
      });
      return;
    case 'truncated':
      sendTruncated(res, normal);
      return;
    case 'slow-body':
      sendSlowBody(res, normal, fault.ms, timers);
      return;
    case 'slow-headers':
      timers.after(fault.ms, () => send(res, normal));
      return;
    default:
      send(res, statusError(Number(fault.kind), retry));
  }
}
