/** The service's base URL in one spelling, wherever it is compared or stored. */

/** The service's address when the setting (`affiliateLinks.baseUrl`, its default in package.json) or `--base-url` says none. */
export const DEFAULT_BASE_URL = 'https://api.takeads.com';

/**
 * The base URL as the client uses it: scheme and host lower-cased, default port dropped,
 * trailing slashes removed. A string that is not a URL is only trimmed.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim();
  try {
    const url = new URL(trimmed);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return trimmed;
  }
}
