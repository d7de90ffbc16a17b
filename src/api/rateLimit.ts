/**
 * The service's rate limit as windows, and its one spelling (`3/1,100/300` or `off`) for the setting and the sandbox.
 */
import * as l10n from '@vscode/l10n';

/** At most `requests` requests in any `seconds` seconds. */
export interface RateWindow {
  requests: number;
  seconds: number;
}

/** The service's documented limit, 3 a second and 100 in 5 minutes per IP address (our spec says "not shown"). */
export const SERVICE_RATE_LIMIT: readonly RateWindow[] = Object.freeze([
  Object.freeze({ requests: 3, seconds: 1 }),
  Object.freeze({ requests: 100, seconds: 300 }),
]);

export const RATE_LIMIT_BOUNDS = { maxRequests: 100_000, maxSeconds: 86_400, maxWindows: 8 } as const;

export type RateLimitParse = { ok: true; windows: RateWindow[] | 'off' } | { ok: false; message: string };

/**
 * Reads `3/1,100/300` (windows, in any order, each N/S with whole N from 1 and S from 1 second
 * to a day) or `off`. Spaces around the parts are allowed. The windows come back shortest
 * first. A bad text gives a message that says what is wrong and what is expected.
 */
export function parseRateLimit(text: string): RateLimitParse {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'off') {
    return { ok: true, windows: 'off' };
  }
  const parts = trimmed === '' ? [] : trimmed.split(',');
  const expected = l10n.t({
    message:
      'Write the limit as requests/seconds windows separated by commas, such as 3/1,100/300 (3 a second and 100 in 5 minutes), or off.',
    comment: ['Keep 3/1,100/300 and off as they are: they are typed as shown.'],
  });
  if (parts.length === 0 || parts.length > RATE_LIMIT_BOUNDS.maxWindows) {
    return {
      ok: false,
      message: `${l10n.t('The rate limit "{0}" has {1} windows; it takes 1 to {2}.', text, parts.length, RATE_LIMIT_BOUNDS.maxWindows)} ${expected}`,
    };
  }
  const windows: RateWindow[] = [];
  for (const part of parts) {
    const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,5})\s*$/.exec(part);
    const requests = match ? Number(match[1]) : NaN;
    const seconds = match ? Number(match[2]) : NaN;
    if (
      !match ||
      requests < 1 ||
      requests > RATE_LIMIT_BOUNDS.maxRequests ||
      seconds < 1 ||
      seconds > RATE_LIMIT_BOUNDS.maxSeconds
    ) {
      return {
        ok: false,
        message: `${l10n.t({ message: 'The rate limit window "{0}" is not N/S with N from 1 to {1} requests and S from 1 to {2} seconds.', args: [part.trim(), RATE_LIMIT_BOUNDS.maxRequests, RATE_LIMIT_BOUNDS.maxSeconds], comment: ['Keep N/S: it names the two numbers of a window.'] })} ${expected}`,
      };
    }
    windows.push({ requests, seconds });
  }
  return { ok: true, windows: windows.sort((a, b) => a.seconds - b.seconds || a.requests - b.requests) };
}

/** The one spelling of windows: `3/1,100/300`, or `off` for none. */
export function formatRateLimit(windows: readonly RateWindow[] | 'off'): string {
  return windows === 'off' || windows.length === 0
    ? 'off'
    : windows.map((window) => `${window.requests}/${window.seconds}`).join(',');
}
