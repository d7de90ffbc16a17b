/** The one place that talks HTTP: a proxy-aware undici dispatcher and a JSON GET through the request budget. */
// Only the undici modules used here are loaded, never `undici` itself, whose entry point
// installs a process-wide dispatcher that every extension's `fetch` would then go through.
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import request from 'undici/lib/api/api-request.js';
import connect from 'undici/lib/api/api-connect.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import type { Dispatcher } from 'undici';
import { ApiError, RequestAbortedError, redact, type ServiceError } from './errors';
import type { RequestBudget, SendSlot } from './budget/requestBudget';
import { SocketWrites } from './socketWrites';
import { readText } from './normalize/fields';
import {
  bodyFailure,
  cancelled,
  errorCode,
  notJsonError,
  parseJson,
  readErrorEntries,
  requestFailure,
} from './requestFailures';
import { REFUSAL_STATUSES, decideRetry, parseRetryAfter, type RetryPolicy } from './retryPolicy';
import { describeProxy, resolveProxy, type ProxySettings } from './proxySettings';
import type { Timeouts } from './timeouts';
import type { CallOptions, ClientLogger } from './types';

export interface TransportOptions {
  baseUrl: URL;
  apiKey: string;
  userAgent: string;
  timeouts: Timeouts;
  retry: RetryPolicy;
  proxy: ProxySettings;
  environment: Record<string, string | undefined>;
  logger: ClientLogger;
  random: () => number;
  budget: RequestBudget;
}

export interface JsonResponse {
  body: unknown;
  /** Path and query as sent (no key in it). */
  path: string;
  /** The body as it arrived, so a caller can keep it without serialising `body` again. */
  bytes: Uint8Array;
}

export class Transport {
  private readonly dispatcher: Dispatcher;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly writes = new SocketWrites();

  constructor(private readonly options: TransportOptions) {
    this.origin = options.baseUrl.origin;
    this.basePath = options.baseUrl.pathname.replace(/\/+$/, '');
    const proxy = resolveProxy(options.proxy, options.environment);
    const tls = { rejectUnauthorized: proxy.rejectUnauthorized, timeout: options.timeouts.connectMs };
    const agent = new EnvHttpProxyAgent({
      httpProxy: proxy.httpProxy,
      httpsProxy: proxy.httpsProxy,
      noProxy: proxy.noProxy,
      ...(proxy.token ? { token: proxy.token } : {}),
      connect: tls,
      requestTls: tls,
      proxyTls: tls,
      clientFactory: tunnelClientFactory,
      headersTimeout: options.timeouts.headersMs,
      bodyTimeout: options.timeouts.bodyMs,
    });
    this.dispatcher = agent;
    this.log(
      'info',
      `Service client for ${this.origin}${this.basePath}, proxy ${describeProxy(proxy.httpsProxy)}, request budget ${options.budget.description}.`,
    );
  }

  /** Writes to the logger with the key removed, whatever the message holds. */
  log(level: keyof ClientLogger, message: string): void {
    this.options.logger[level](redact(message, this.options.apiKey));
  }

  async getJson(endpoint: string, query: URLSearchParams, call: CallOptions = {}): Promise<JsonResponse> {
    const search = query.toString();
    const path = `${this.basePath}${endpoint}${search ? `?${search}` : ''}`;
    const started = Date.now();
    const received = await this.receive(path, call);
    const response = received.response;
    let bytes = received.bytes;
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      bytes = bytes.subarray(3); // a byte order mark, which JSON.parse would refuse
    }
    const text = bytes.toString('utf8');
    this.log('debug', `GET ${path} -> ${response.statusCode} (${bytes.length} bytes, ${Date.now() - started} ms)`);
    const body = parseJson(text);
    if (response.statusCode >= 400) {
      const retryAfter = parseRetryAfter(response.headers['retry-after'], Date.now());
      throw this.seal(
        new ApiError(
          response.statusCode,
          readErrorEntries(body.ok ? body.value : undefined, this.options.apiKey),
          path,
          retryAfter,
        ),
      );
    }
    if (!body.ok) {
      throw this.seal(notJsonError(path, readText(response.headers['content-type']), bytes.length));
    }
    return { body: body.value, path, bytes };
  }

  close(): Promise<void> {
    this.writes.dispose();
    return this.dispatcher.close();
  }

  /**
   * Sends the GET and reads its whole answer, each attempt through the budget. A refusal (429,
   * 503) holds the budget and is waited for, until the service has refused for longer than the
   * policy's `maxRetryAfterMs`; a connection that fails or an answer cut off midway is asked for
   * again as the retry policy allows (undici's own retry would resume a cut body with a Range
   * request, and send its retries outside the budget).
   */
  private async receive(
    path: string,
    call: CallOptions,
  ): Promise<{ response: Dispatcher.ResponseData; bytes: Buffer }> {
    const { signal } = call;
    const priority = call.priority ?? 'foreground';
    let firstRefusal: number | undefined;
    for (let attempt = 1; ; ) {
      const slot = await this.options.budget.acquire(priority, signal, call.onWait);
      if (slot === undefined) {
        throw this.seal(new RequestAbortedError(cancelled(path), path));
      }
      let response: Dispatcher.ResponseData;
      try {
        response = await this.send(path, signal, slot);
      } catch (error) {
        const failure = requestFailure(error, path, signal, this.origin, this.options.timeouts);
        const delay =
          failure.kind === 'aborted' ? undefined : this.retryDelay(attempt++, { code: errorCode(error) }, path);
        if (delay === undefined) {
          throw this.seal(failure);
        }
        await this.pauseOrCancel(delay, path, signal);
        continue;
      }
      if (REFUSAL_STATUSES.includes(response.statusCode)) {
        firstRefusal ??= Date.now();
        const refusal = await this.refusal(response, path, firstRefusal, slot.wroteAt ?? slot.grantedAt);
        if (refusal !== undefined) {
          throw this.seal(refusal);
        }
        continue;
      }
      const delay =
        response.statusCode >= 500 ? this.retryDelay(attempt, { status: response.statusCode }, path) : undefined;
      if (delay !== undefined) {
        attempt++;
        await response.body.dump().catch(() => undefined);
        await this.pauseOrCancel(delay, path, signal);
        continue;
      }
      try {
        const bytes = Buffer.from(await response.body.arrayBuffer());
        this.options.budget.succeeded();
        return { response, bytes };
      } catch (error) {
        const failure = bodyFailure(error, path, signal, this.options.timeouts);
        const delay =
          failure.kind === 'truncated-response'
            ? this.retryDelay(attempt++, { code: 'UND_ERR_SOCKET' }, path)
            : undefined;
        if (delay === undefined) {
          throw this.seal(failure);
        }
        await this.pauseOrCancel(delay, path, signal);
      }
    }
  }

  /**
   * Sends one GET, telling `slot` the moment undici writes it to its socket. When that moment
   * was not heard (the connection failed first), the request counts as sent when it ended.
   */
  private async send(path: string, signal: AbortSignal | undefined, slot: SendSlot): Promise<Dispatcher.ResponseData> {
    try {
      return await this.writes.during(
        (at) => slot.wrote(at),
        () =>
          request.call(this.dispatcher, {
            origin: this.origin,
            path,
            method: 'GET',
            signal,
            headers: {
              authorization: `Bearer ${this.options.apiKey}`,
              accept: 'application/json',
              'user-agent': this.options.userAgent,
            },
          }),
      );
    } finally {
      slot.wrote(Date.now());
    }
  }

  /**
   * A refusal (429, 503): holds the budget for as long as the service asks (or the windows say),
   * and returns undefined to send again once the hold ends; or the error to report, when the
   * service asks for longer than the policy waits, or has refused since `firstRefusal` for longer.
   */
  private async refusal(
    response: Dispatcher.ResponseData,
    path: string,
    firstRefusal: number,
    sentAt: number,
  ): Promise<ApiError | undefined> {
    const text = await response.body.text().catch(() => '');
    const status = response.statusCode;
    const retryAfter = parseRetryAfter(response.headers['retry-after'], Date.now());
    const entries = readErrorEntries(parseJson(text).ok ? JSON.parse(text) : undefined, this.options.apiKey);
    const cap = this.options.retry.maxRetryAfterMs;
    if (retryAfter !== undefined && retryAfter > cap) {
      this.log(
        'debug',
        `GET ${path}: status ${status}; the service asks to wait ${Math.ceil(retryAfter / 1000)} s, longer than the ${Math.round(cap / 1000)} s waited.`,
      );
      return new ApiError(status, entries, path, retryAfter);
    }
    const until = await this.options.budget.refused(retryAfter, sentAt);
    if (until - firstRefusal > cap) {
      return new ApiError(status, entries, path, retryAfter, Date.now() - firstRefusal);
    }
    this.log(
      'debug',
      `GET ${path}: status ${status}; every request waits ${Math.ceil((until - Date.now()) / 100) / 10} s${retryAfter === undefined ? '' : ' (Retry-After)'} before going again.`,
    );
    return undefined;
  }

  /** The backoff before trying a failed attempt again, by the retry policy; undefined when it is not tried again. */
  private retryDelay(attempt: number, what: { code?: string; status?: number }, path: string): number | undefined {
    const decision = decideRetry({ attempt, ...what }, this.options.retry, this.options.random);
    const named = what.status !== undefined ? `status ${what.status}` : (what.code ?? 'failure');
    if (!decision.retry) {
      this.log('debug', `GET ${path}: ${named}; not retrying (${decision.reason}).`);
      return undefined;
    }
    this.log(
      'debug',
      `GET ${path}: ${named}; attempt ${attempt + 1} of ${this.options.retry.maxAttempts} in ${decision.delayMs} ms.`,
    );
    return decision.delayMs;
  }

  /** Waits `ms` before an attempt; throws the cancellation when `signal` fires first. */
  private async pauseOrCancel(ms: number, path: string, signal: AbortSignal | undefined): Promise<void> {
    if (!(await pause(ms, signal))) {
      throw this.seal(new RequestAbortedError(cancelled(path), path));
    }
  }

  /** Removes the key from an error's message and stack before it leaves the client. */
  private seal<E extends ServiceError>(error: E): E {
    error.message = redact(error.message, this.options.apiKey);
    error.stack = redact(error.stack ?? '', this.options.apiKey);
    // A cancellation is the caller's choice, not a problem worth a warning.
    this.log(error.kind === 'aborted' ? 'debug' : 'warn', error.message);
    return error;
  }
}

/**
 * The connection to a proxy opens tunnels with `connect()`, a method undici's entry point
 * adds to every dispatcher's prototype. This client is loaded without that entry point, so
 * the proxy's own pool gets the method on the instance instead.
 */
function tunnelClientFactory(origin: URL, options: object): Dispatcher {
  return Object.assign(new Pool(origin, options), { connect });
}

/** Waits `ms`; false when `signal` fires first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve(false);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
