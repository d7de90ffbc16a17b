/** A local stand-in for the service (spec service-interface.md), for tests, benchmarks and the demo. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ApiHandler } from './apiHandler';
import { answerControl, CONTROL_PREFIX, type ControlTarget } from './control';
import { generateDataset, type SandboxDataset } from './dataset';
import { deliver, send } from './delivery';
import { endpointOf } from './endpoints';
import { FaultSelector } from './faults';
import { RateLimiter } from './rateLimiter';
import { ReportToucher, type TouchedCounts } from './reportTouch';
import { RequestStats, type SandboxStats } from './requestStats';
import { notFound, statusError } from './responses';
import {
  checkNumericOption,
  checkRateLimitOption,
  resolveSandboxOptions,
  SandboxOptionError,
  type SandboxOptions,
} from './sandboxOptions';
import { sandboxKeys, type SandboxKeys } from './sandboxKeys';
import { openSite, type SandboxSite } from './siteSandbox';
import { SandboxTimers } from './timers';

export { DEFAULT_SANDBOX_KEY, SANDBOX_DEFAULTS, SandboxOptionError, type SandboxOptions } from './sandboxOptions';
export type { SandboxDataset } from './dataset';
export type { SandboxSite, SandboxSiteOptions } from './siteSandbox';
export type { RevenueAtRisk, RevenueAtRiskArticle, RevenueAtRiskMerchant } from './siteRevenue';
export type { SandboxStats } from './requestStats';
export type { RateLimitStats } from './rateLimiter';
export type { TouchedCounts } from './reportTouch';
export {
  accountKey,
  platformKey,
  platformTrackingLink,
  type KeyWorld,
  type PlatformKey,
  type SandboxKeys,
} from './sandboxKeys';

export interface Sandbox extends ControlTarget {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  port: number;
  /** The `key` option: platform 1's key, the one key of the single world. */
  key: string;
  /** The world of keys and every key (sandboxKeys.ts); also at GET /__sandbox/keys. */
  keys: SandboxKeys;
  dataset: SandboxDataset;
  /** With the `site` option: the site written, its articles and links, and its revenue at risk. */
  site?: SandboxSite;
  /** Replaces the fault rules and restarts their request count; throws FaultSpecError on a bad spec. */
  setFaults(spec: string): void;
  /** Sets the delay of every response to a spec path; throws SandboxOptionError unless 0..600000. */
  setLatency(ms: number): void;
  /**
   * Installs a rate limit SPEC (`3/1,100/300` or `off`) and forgets the windows' history and
   * peaks; `retryAfter` says whether a 429 carries Retry-After (unchanged when undefined).
   * Throws SandboxOptionError on a bad spec, changing nothing.
   */
  setRateLimit(spec: string, retryAfter?: boolean): { rateLimit: string; retryAfter: boolean };
  stats(): SandboxStats;
  /** Sets the updatedAt of the merchant at storage `index` to now; returns it. Throws RangeError. */
  touchMerchant(index: number): string;
  /**
   * Changes `count` click items and `count` actions (fewer when there are fewer) and sets their
   * updatedAt to now (see reportTouch.ts); returns how many of each. Throws RangeError unless
   * `count` is a whole number from 1 to 100000.
   */
  touchReports(count: number): TouchedCounts;
  /** Closes the server and every open connection; pending delays are dropped. */
  close(): Promise<void>;
}

/** Salt of the fault selection's random stream, apart from the data's streams. */
const FAULT_STREAM = 0x4641554c;
const MAX_CONTROL_BODY = 64 * 1024;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function splitUrl(raw: string): { pathname: string; query: URLSearchParams } {
  const mark = raw.indexOf('?');
  return mark < 0
    ? { pathname: raw, query: new URLSearchParams() }
    : { pathname: raw.slice(0, mark), query: new URLSearchParams(raw.slice(mark + 1)) };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_CONTROL_BODY) {
        reject(new Error('control request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** What a program starting the sandbox may hear (the benches' timelines): never settings, so not in SandboxOptions. */
export interface SandboxHooks {
  /** Each request to a spec path as it arrives: its path and query (the key is in a header, never here), and whether the limit refused it. */
  onRequest?(request: { at: number; pathname: string; query: string; refused: boolean }): void;
}

export async function startSandbox(options: SandboxOptions = {}, hooks: SandboxHooks = {}): Promise<Sandbox> {
  const resolved = resolveSandboxOptions(options);
  const { key, now } = resolved;
  let latencyMs = resolved.latencyMs;
  const dataset = generateDataset({ ...resolved, now: now() });
  const site =
    resolved.site === undefined
      ? undefined
      : openSite(dataset, resolved.site, { seed: resolved.seed, historyDays: resolved.historyDays, now });
  // Rebuilt after a report touch: its report stores cache filtered lists of the items, which a
  // touch changes and reorders. It holds only what it derives from the dataset (those caches,
  // the platform ids, parsed merchant times), so rebuilding it is cheap and drops nothing else.
  const keys = sandboxKeys(key, dataset.platforms, resolved.keys);
  const requests = new RequestStats();
  let api = new ApiHandler(dataset, keys, now, requests);
  const toucher = new ReportToucher(dataset, resolved.seed);
  const faults = new FaultSelector(resolved.seed ^ FAULT_STREAM, resolved.faults);
  const limiter = new RateLimiter(checkRateLimitOption(resolved.rateLimit));
  let rateLimitRetryAfter = resolved.rateLimitRetryAfter;
  const timers = new SandboxTimers();
  const sockets = new Set<Socket>();

  const control: ControlTarget = {
    stats: () => requests.snapshot(limiter.snapshot()),
    keys,
    setFaults: (spec) => faults.replace(spec),
    setLatency: (ms) => {
      latencyMs = checkNumericOption('latencyMs', ms);
    },
    setRateLimit: (spec, retryAfter) => {
      const windows = checkRateLimitOption(spec);
      if (retryAfter !== undefined && typeof retryAfter !== 'boolean') {
        throw new SandboxOptionError(
          'rateLimitRetryAfter',
          `retryAfter must be true or false; got ${String(retryAfter)}.`,
        );
      }
      limiter.replace(windows);
      rateLimitRetryAfter = retryAfter ?? rateLimitRetryAfter;
      return { rateLimit: limiter.snapshot().spec, retryAfter: rateLimitRetryAfter };
    },
    touchMerchant: (index) => {
      const merchant = dataset.merchants[index];
      if (!Number.isInteger(index) || merchant === undefined) {
        throw new RangeError(`index must be a storage index from 0 to ${dataset.merchants.length - 1}; got ${index}.`);
      }
      merchant.updatedAt = now().toISOString();
      return merchant.updatedAt;
    },
    touchReports: (count) => {
      const touched = toucher.touch(count, now().toISOString());
      api = new ApiHandler(dataset, keys, now, requests);
      return touched;
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const { pathname, query } = splitUrl(req.url ?? '/');
    if (pathname.startsWith(CONTROL_PREFIX)) {
      if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
        send(res, statusError(403));
        return;
      }
      const body = method === 'POST' ? await readBody(req) : '';
      send(res, answerControl(control, { method, pathname, query, body }));
      return;
    }
    const endpoint = endpointOf(pathname);
    if (endpoint === undefined) {
      send(res, notFound(method, pathname));
      return;
    }
    // The limit comes first: a refused request is no fault and no request of the fault rules.
    const decision = limiter.admit(req.socket.remoteAddress ?? '');
    hooks.onRequest?.({ at: Date.now(), pathname, query: query.toString(), refused: !decision.accepted });
    if (!decision.accepted) {
      requests.count(endpoint, undefined);
      await timers.delay(latencyMs);
      send(res, statusError(429, rateLimitRetryAfter ? { 'Retry-After': String(decision.retryAfterSeconds) } : {}));
      return;
    }
    const fault = faults.choose(endpoint);
    requests.count(endpoint, fault?.kind);
    await timers.delay(latencyMs);
    const response = api.answer({ endpoint, method, pathname, query, authorization: req.headers.authorization });
    deliver(res, response, fault, timers, now().getTime());
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        send(res, statusError(500));
      } else {
        res.destroy();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;

  return {
    ...control,
    url: `http://127.0.0.1:${port}`,
    port,
    key,
    dataset,
    ...(site === undefined ? {} : { site }),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        timers.cancelAll();
        server.close(() => resolve());
        for (const socket of sockets) {
          socket.destroy();
        }
      });
      return closing;
    },
  };
}
