/** The sandbox's options, their defaults and their checks, shared by `startSandbox` and the CLI. */
import { parseRateLimit, type RateWindow } from '../api/rateLimit';
import { isValidKey } from './auth';
import { parseFaultSpec } from './faults';
import { KEY_WORLDS, type KeyWorld } from './sandboxKeys';
import type { SandboxSiteOptions } from './siteSandbox';

export const DEFAULT_SANDBOX_KEY = 'sandboxkey';

export interface SandboxOptions {
  /** 0 picks a free port. */
  port?: number;
  /** The key `Authorization: Bearer <key>` must carry; alphanumeric. Platform 1's key; the others derive from it (sandboxKeys.ts). */
  key?: string;
  /**
   * The world of keys (sandboxKeys.ts): `single` (the default), every platform key opens the
   * catalog and the reports; `split`, platform keys open their platform's catalog only, and an
   * account key the reports only.
   */
  keys?: KeyWorld;
  merchants?: number;
  clicks?: number;
  actions?: number;
  seed?: number;
  /** Days of report history, today included (default 125). */
  historyDays?: number;
  /** Delay before every response to a spec path. */
  latencyMs?: number;
  /** A fault SPEC (see faults.ts); empty for none. */
  faults?: string;
  /**
   * The rate limit per client address, in the spelling of src/api/rateLimit.ts: `3/1,100/300`
   * (N requests per S seconds, one or more windows) or `off` (the default). See rateLimiter.ts.
   */
  rateLimit?: string;
  /** Whether a 429 of the rate limit carries `Retry-After` (whole seconds); default false. */
  rateLimitRetryAfter?: boolean;
  /** The clock: data is generated relative to it, and `days` counts back from its UTC day. */
  now?: () => Date;
  /**
   * A publisher's site to write over the catalog (site.ts, with the same seed), whose reports then
   * agree with it (siteReports.ts): the sandbox's `site` says what it holds and what it risks.
   */
  site?: SandboxSiteOptions;
}

export type ResolvedSandboxOptions = Required<Omit<SandboxOptions, 'site'>> & Pick<SandboxOptions, 'site'>;

/** The most articles a site may have. */
export const MAX_SITE_ARTICLES = 1_000_000;
const MAX_MORE_DEEPLINKS = 100;

export const SANDBOX_DEFAULTS: Readonly<Omit<ResolvedSandboxOptions, 'now' | 'site'>> = {
  port: 0,
  key: DEFAULT_SANDBOX_KEY,
  keys: 'single',
  merchants: 2000,
  clicks: 5000,
  actions: 2000,
  seed: 1,
  historyDays: 125,
  latencyMs: 0,
  faults: '',
  rateLimit: 'off',
  rateLimitRetryAfter: false,
};

type NumericOption = 'port' | 'merchants' | 'clicks' | 'actions' | 'seed' | 'historyDays' | 'latencyMs';

/** Allowed range and command-line flag of each numeric option. */
export const NUMERIC_OPTIONS: Readonly<Record<NumericOption, { flag: string; min: number; max: number }>> = {
  port: { flag: '--port', min: 0, max: 65_535 },
  merchants: { flag: '--merchants', min: 0, max: 1_000_000 },
  clicks: { flag: '--clicks', min: 0, max: 2_000_000 },
  actions: { flag: '--actions', min: 0, max: 2_000_000 },
  seed: { flag: '--seed', min: 0, max: 4_294_967_295 },
  historyDays: { flag: '--history-days', min: 1, max: 3_660 },
  latencyMs: { flag: '--latency', min: 0, max: 600_000 },
};

/** An option that cannot be used; `option` is its name in SandboxOptions. */
export class SandboxOptionError extends Error {
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxOptionError';
  }
}

/** Throws SandboxOptionError unless `value` is a whole number in the option's range. */
export function checkNumericOption(option: NumericOption, value: number): number {
  const { flag, min, max } = NUMERIC_OPTIONS[option];
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new SandboxOptionError(
      option,
      `${option} (${flag}) must be a whole number from ${min} to ${max}; got ${value}.`,
    );
  }
  return value;
}

/** The windows of a rate limit SPEC (none for `off`); throws SandboxOptionError with the parser's message. */
export function checkRateLimitOption(spec: string): readonly RateWindow[] {
  const parsed =
    typeof spec === 'string'
      ? parseRateLimit(spec)
      : { ok: false as const, message: `It must be a string; got ${typeof spec}.` };
  if (!parsed.ok) {
    throw new SandboxOptionError('rateLimit', `rateLimit (--rate-limit): ${parsed.message}`);
  }
  return parsed.windows === 'off' ? [] : parsed.windows;
}

/** The world of keys `value` names; throws SandboxOptionError naming the allowed values otherwise. */
export function checkKeysOption(value: unknown): KeyWorld {
  const world = KEY_WORLDS.find((known) => known === value);
  if (world === undefined) {
    throw new SandboxOptionError(
      'keys',
      `keys (--keys) must be one of ${KEY_WORLDS.join(', ')}; got ${JSON.stringify(value) ?? String(value)}.`,
    );
  }
  return world;
}

/** Fills in defaults and checks every option; throws SandboxOptionError naming the first bad one. */
export function resolveSandboxOptions(options: SandboxOptions): ResolvedSandboxOptions {
  const merged = { ...SANDBOX_DEFAULTS, now: () => new Date(), ...stripUndefined(options) };
  for (const option of Object.keys(NUMERIC_OPTIONS) as NumericOption[]) {
    checkNumericOption(option, merged[option]);
  }
  if (!isValidKey(merged.key)) {
    throw new SandboxOptionError('key', 'key (--key) must be a non-empty string of letters A-Z, a-z and digits 0-9.');
  }
  checkKeysOption(merged.keys);
  try {
    parseFaultSpec(merged.faults);
  } catch (error) {
    throw new SandboxOptionError('faults', `faults (--faults): ${(error as Error).message}`);
  }
  checkRateLimitOption(merged.rateLimit);
  if (typeof merged.rateLimitRetryAfter !== 'boolean') {
    throw new SandboxOptionError(
      'rateLimitRetryAfter',
      `rateLimitRetryAfter (--rate-limit-retry-after) must be true or false; got ${String(merged.rateLimitRetryAfter)}.`,
    );
  }
  if (merged.site !== undefined) {
    checkSiteOption(merged.site);
  }
  return merged;
}

/** Throws SandboxOptionError unless `site` names a directory and a whole number of articles. */
export function checkSiteOption(site: SandboxSiteOptions): void {
  const whole = (value: unknown, min: number, max: number) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
  if (typeof site !== 'object' || site === null || typeof site.directory !== 'string' || site.directory === '') {
    throw new SandboxOptionError('site', 'site.directory (--site) must be a non-empty path.');
  }
  if (!whole(site.articles, 1, MAX_SITE_ARTICLES)) {
    throw new SandboxOptionError(
      'site',
      `site.articles (--articles) must be a whole number from 1 to ${MAX_SITE_ARTICLES}; got ${String(site.articles)}.`,
    );
  }
  if (site.moreDeeplinks !== undefined && !whole(site.moreDeeplinks, 0, MAX_MORE_DEEPLINKS)) {
    throw new SandboxOptionError(
      'site',
      `site.moreDeeplinks must be a whole number from 0 to ${MAX_MORE_DEEPLINKS}; got ${String(site.moreDeeplinks)}.`,
    );
  }
}

function stripUndefined(options: SandboxOptions): SandboxOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as SandboxOptions;
}
