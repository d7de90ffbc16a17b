/**
 * Every failure of a service call, told apart by `kind` and worded for a publisher; outside `api`, recognised by shape.
 */
import * as l10n from '@vscode/l10n';

export type ServiceErrorKind =
  | 'http'
  | 'invalid-parameter'
  | 'invalid-response'
  | 'truncated-response'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'paging';

/**
 * `path` is the request's path and query, which never hold the key (it travels only in the
 * Authorization header). Each subclass names itself literally (`name`), so logs name it even in a
 * minified build, where the classes themselves are renamed.
 */
export abstract class ServiceError extends Error {
  abstract readonly kind: ServiceErrorKind;

  constructor(
    message: string,
    /** Path and query of the request, or '' when it was never sent. */
    readonly path: string,
  ) {
    super(message);
  }
}

const SERVICE_ERROR_KINDS: ReadonlySet<string> = new Set<ServiceErrorKind>([
  'http',
  'invalid-parameter',
  'invalid-response',
  'truncated-response',
  'network',
  'timeout',
  'aborted',
  'paging',
]);

/** Whether `error` is a ServiceError of any bundle's copy: an Error whose `kind` is one of `ServiceErrorKind`. */
export function isServiceError(error: unknown): error is ServiceError {
  return (
    error instanceof Error &&
    SERVICE_ERROR_KINDS.has((error as { kind?: unknown }).kind as string) &&
    typeof (error as { path?: unknown }).path === 'string'
  );
}

/** The `kind` of a ServiceError (of any bundle's copy), or undefined for anything else. */
export function serviceErrorKind(error: unknown): ServiceErrorKind | undefined {
  return isServiceError(error) ? error.kind : undefined;
}

/** The HTTP status of an `ApiError` (of any bundle's copy), or undefined for anything else. */
export function httpStatusOf(error: unknown): number | undefined {
  return serviceErrorKind(error) === 'http' ? (error as ApiError).status : undefined;
}

/** Whether the service could not be reached at all (network failure or timeout, after the retries). */
export function isOfflineError(error: unknown): boolean {
  const kind = serviceErrorKind(error);
  return kind === 'network' || kind === 'timeout';
}

/**
 * Whether what is cached stays worth showing after this failure: the service could not be
 * reached, or could not serve now (a 5xx after the retries), as opposed to refusing the key or
 * the request.
 */
export function keepsCachedData(error: unknown): boolean {
  return isOfflineError(error) || (httpStatusOf(error) ?? 0) >= 500;
}

/** Whether `error` is a cancellation: the client's `aborted`, or a platform `AbortError`. */
export function isAbortError(error: unknown): boolean {
  return serviceErrorKind(error) === 'aborted' || (error instanceof Error && error.name === 'AbortError');
}

/** One entry of the service's `errors` array (spec 7). */
export interface ApiErrorEntry {
  status: string;
  title: string;
  code: string;
  /** `meta.property` of a 400: the parameter the service rejected. */
  property: string | undefined;
}

/** The service answered with an HTTP error status. */
export class ApiError extends ServiceError {
  readonly kind = 'http';
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly errors: readonly ApiErrorEntry[],
    path: string,
    /** How long the service asked us to wait (Retry-After), when it did. */
    readonly retryAfterMs: number | undefined,
    /** For a refusal (429, 503) the client waited through before giving up: how long it kept refusing. */
    readonly refusedForMs?: number,
  ) {
    super(describeApiError(status, errors, path, retryAfterMs, refusedForMs), path);
  }

  /** The parameter the service named in its first 400 entry, if any. */
  get property(): string | undefined {
    return this.errors.find((entry) => entry.property !== undefined)?.property;
  }
}

function describeApiError(
  status: number,
  errors: readonly ApiErrorEntry[],
  path: string,
  retryAfterMs: number | undefined,
  refusedForMs: number | undefined,
): string {
  const details = errors.map((entry) =>
    entry.property
      ? l10n.t({
          message: '{0} (code {1}, parameter {2})',
          args: [entry.title, entry.code, entry.property],
          comment: ['A service error: its title, code and parameter.'],
        })
      : l10n.t({
          message: '{0} (code {1})',
          args: [entry.title, entry.code],
          comment: ['A service error: its title and code.'],
        }),
  );
  const answer =
    details.length > 0
      ? l10n.t({
          message: 'The service answered {0} to GET {1}: {2}.',
          args: [status, path, details.join('; ')],
          comment: ["{0}: an HTTP status; {2}: the service's errors."],
        })
      : l10n.t({
          message: 'The service answered {0} to GET {1} with no error details.',
          args: [status, path],
          comment: ['{0}: an HTTP status.'],
        });
  if (refusedForMs !== undefined) {
    return `${answer} ${l10n.t('It kept refusing for {0} min, longer than its rate limit lasts: it is busy, or another tool on this address uses its limit. Wait a few minutes, then retry; what was read is kept.', Math.max(1, Math.round(refusedForMs / 60_000)))}`;
  }
  if (retryAfterMs === undefined) {
    return answer;
  }
  return `${answer} ${l10n.t('It asked to wait {0} s before trying again.', Math.ceil(retryAfterMs / 1000))}`;
}

/** A query the client refused to send; `property` is the parameter's name as the service spells it. */
export class InvalidParameterError extends ServiceError {
  readonly kind = 'invalid-parameter';
  override readonly name = 'InvalidParameterError';

  constructor(
    readonly property: string,
    message: string,
    path = '',
  ) {
    super(message, path);
  }
}

/** The body was complete but not JSON, or not shaped like the spec's responses. */
export class InvalidResponseError extends ServiceError {
  readonly kind = 'invalid-response';
  override readonly name = 'InvalidResponseError';
}

/** The connection closed before the whole body arrived. */
export class TruncatedResponseError extends ServiceError {
  readonly kind = 'truncated-response';
  override readonly name = 'TruncatedResponseError';
}

/** The service could not be reached (refused, reset, DNS, proxy), after any retries. */
export class NetworkError extends ServiceError {
  readonly kind = 'network';
  override readonly name = 'NetworkError';

  constructor(
    message: string,
    path: string,
    /** The system or undici error code, e.g. ECONNREFUSED. */
    readonly code: string | undefined,
  ) {
    super(message, path);
  }
}

export type TimeoutPhase = 'connect' | 'headers' | 'body';

export class TimeoutError extends ServiceError {
  readonly kind = 'timeout';
  override readonly name = 'TimeoutError';

  constructor(
    message: string,
    path: string,
    readonly phase: TimeoutPhase,
  ) {
    super(message, path);
  }
}

/** The caller's AbortSignal fired. */
export class RequestAbortedError extends ServiceError {
  readonly kind = 'aborted';
  override readonly name = 'RequestAbortedError';
}

/** Paging could not finish consistently: a cursor that does not advance, or a report that kept changing. */
export class PagingError extends ServiceError {
  readonly kind = 'paging';
  override readonly name = 'PagingError';
}

/** Replaces every occurrence of `secret` in `text`. */
export function redact(text: string, secret: string): string {
  return secret.length === 0 ? text : text.split(secret).join('[redacted]');
}
