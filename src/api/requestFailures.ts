/** What a failed request becomes: the `ServiceError` the transport throws, and the service's error body read. */
import * as l10n from '@vscode/l10n';
import {
  InvalidResponseError,
  NetworkError,
  RequestAbortedError,
  TimeoutError,
  TruncatedResponseError,
  redact,
  type ApiErrorEntry,
  type ServiceError,
} from './errors';
import { isObject, readText } from './normalize/fields';
import type { Timeouts } from './timeouts';

/** What to do when the service cannot be reached: the sentence that follows what happened. */
function networkHint(): string {
  return l10n.t({
    message: 'Check your network connection, the service address ({0}) and any proxy settings.',
    args: ['affiliateLinks.baseUrl'],
    comment: ["{0}: a setting's name."],
  });
}

/** Seconds with one decimal at most, as the messages write a timeout: 10, 2.5. */
function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}

export function cancelled(path: string): string {
  return l10n.t('GET {0} was cancelled.', path);
}

export function errorCode(error: unknown): string | undefined {
  if (isObject(error) && typeof error.code === 'string') {
    return error.code;
  }
  if (error instanceof Error && isObject(error.cause) && typeof error.cause.code === 'string') {
    return error.cause.code;
  }
  return undefined;
}

/** A request that got no answer: cancelled, timed out connecting or waiting for headers, or the network failed. */
export function requestFailure(
  error: unknown,
  path: string,
  signal: AbortSignal | undefined,
  origin: string,
  timeouts: Timeouts,
): ServiceError {
  const code = errorCode(error);
  if (signal?.aborted || code === 'UND_ERR_BODY_TIMEOUT') {
    return bodyFailure(error, path, signal, timeouts);
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    const what = l10n.t('Could not connect to {0} within {1} s.', origin, seconds(timeouts.connectMs));
    return new TimeoutError(`${what} ${networkHint()}`, path, 'connect');
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return new TimeoutError(
      l10n.t('The service did not answer GET {0} within {1} s. Try again later.', path, seconds(timeouts.headersMs)),
      path,
      'headers',
    );
  }
  // undici reports a proxy that refuses the tunnel as an abort: it is a network failure here.
  const detail = error instanceof Error && error.message ? error.message : String(error);
  const cause = code === undefined ? detail : `${code}: ${detail}`;
  const what = l10n.t({
    message: 'Could not reach the service at {0} ({1}).',
    args: [origin, cause],
    comment: ["{1}: the system's error."],
  });
  return new NetworkError(`${what} ${networkHint()}`, path, code);
}

/** An answer whose body did not arrive whole: cancelled, stalled, or cut off. */
export function bodyFailure(
  error: unknown,
  path: string,
  signal: AbortSignal | undefined,
  timeouts: Timeouts,
): ServiceError {
  const code = errorCode(error);
  if (signal?.aborted) {
    return new RequestAbortedError(cancelled(path), path);
  }
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return new TimeoutError(
      l10n.t(
        'The service stopped sending its answer to GET {0} for more than {1} s. Try again later.',
        path,
        seconds(timeouts.bodyMs),
      ),
      path,
      'body',
    );
  }
  // UND_ERR_REQ_RETRY is undici giving up resuming the cut body: it says nothing of the cut itself.
  const message =
    code === undefined || code === 'UND_ERR_REQ_RETRY'
      ? l10n.t('The connection closed before the whole answer to GET {0} arrived (cut off). Try again.', path)
      : l10n.t({
          message: 'The connection closed before the whole answer to GET {0} arrived ({1}). Try again.',
          args: [path, code],
          comment: ['{1}: an error code, such as ECONNRESET.'],
        });
  return new TruncatedResponseError(message, path);
}

/** An answer that is not valid JSON; `contentType` null when the service sent none. */
export function notJsonError(path: string, contentType: string | null, bytes: number): InvalidResponseError {
  const what =
    contentType === null
      ? l10n.t("The service's answer to GET {0} is not valid JSON (no content type, {1} bytes).", path, bytes)
      : l10n.t({
          message: "The service's answer to GET {0} is not valid JSON ({1}, {2} bytes).",
          args: [path, contentType, bytes],
          comment: ['{1}: a media type, such as text/html.'],
        });
  const hint = l10n.t({
    message: 'Try again later; if it keeps happening, check the service address ({0}) and any proxy settings.',
    args: ['affiliateLinks.baseUrl'],
    comment: ["{0}: a setting's name."],
  });
  return new InvalidResponseError(`${what} ${hint}`, path);
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function redactOptional(text: string | null, apiKey: string): string | undefined {
  return text === null ? undefined : redact(text, apiKey);
}

/** The `errors` array of spec 7, read leniently (an unreadable body gives no entries), the key removed. */
export function readErrorEntries(body: unknown, apiKey: string): ApiErrorEntry[] {
  if (!isObject(body) || !Array.isArray(body.errors)) {
    return [];
  }
  return body.errors.filter(isObject).map((entry) => ({
    status: readText(entry.status) ?? '',
    title: redact(
      readText(entry.title) ??
        l10n.t({ message: 'no title', comment: ['In place of the title of a service error sent without one.'] }),
      apiKey,
    ),
    code:
      readText(entry.code) ??
      l10n.t({
        message: 'none',
        comment: ['In place of the code of a service error sent without one: "(code none)".'],
      }),
    property: isObject(entry.meta) ? redactOptional(readText(entry.meta.property), apiKey) : undefined,
  }));
}
