/** The responses the sandbox computes before sending them: JSON bodies and the errors of spec 7. */
import type { WireErrorBody, WireErrorEntry } from '../api/wire';
import type { ParameterProblem } from '../api/period';

export interface SandboxResponse {
  status: number;
  /** The body exactly as sent. */
  body: string;
  headers: Record<string, string>;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(status: number, value: unknown, headers: Record<string, string> = {}): SandboxResponse {
  return { status, body: JSON.stringify(value), headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers } };
}

/** Title and code of each status the sandbox answers with a fixed error (spec 7, plus gateway and rate-limit errors). */
export const STATUS_ERRORS: Readonly<Record<number, { title: string; code: string }>> = {
  401: { title: 'Unauthorized', code: '0401' },
  403: { title: 'Forbidden', code: '0403' },
  429: { title: 'Too Many Requests', code: '0429' },
  500: { title: 'Internal Server Error', code: '0500' },
  502: { title: 'Bad Gateway', code: '0502' },
  503: { title: 'Service Unavailable', code: '0503' },
  504: { title: 'Gateway Timeout', code: '0504' },
};

function errorResponse(
  status: number,
  entry: Omit<WireErrorEntry, 'status'>,
  headers?: Record<string, string>,
): SandboxResponse {
  const body: WireErrorBody = { errors: [{ status: String(status), ...entry }] };
  return jsonResponse(status, body, headers);
}

/** The fixed error of `status` (one of STATUS_ERRORS). */
export function statusError(status: number, headers?: Record<string, string>): SandboxResponse {
  const known = STATUS_ERRORS[status];
  if (!known) {
    throw new RangeError(`no fixed error for status ${status}`);
  }
  return errorResponse(status, known, headers);
}

/** 400 with code 1000 naming the offending parameter. */
export function badRequest(problem: ParameterProblem): SandboxResponse {
  return errorResponse(400, { title: problem.message, code: '1000', meta: { property: problem.property } });
}

/** 404 for a path the service does not serve, or a method it does not serve on that path, as Express words it. */
export function notFound(method: string, pathname: string): SandboxResponse {
  return errorResponse(404, { title: `Cannot ${method} ${pathname}`, code: '0404' });
}
