/** The service's base URL in one spelling, wherever it is compared or stored. */

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
