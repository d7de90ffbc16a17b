/** Host names in the form the domain index compares, and the hosts of http(s) URLs, without the URL API where it can be spared. */

/**
 * A host already in canonical form, as the URL API would leave it: non-empty labels of
 * lower-case ASCII letters, digits, `-` and `_`, none starting with `xn--` (punycode, which the
 * URL API validates), the last not starting with a digit (it could be an IPv4 number); one
 * trailing dot allowed. Such hosts skip the URL API: this regular expression is much cheaper
 * than the URL API and, before the JIT warms up, than a loop over the characters.
 */
const PLAIN_LABELS = String.raw`(?:(?!xn--)[a-z0-9_-]+\.)*(?!xn--)[a-z_-][a-z0-9_-]*\.?`;
const PLAIN_HOST = new RegExp(`^${PLAIN_LABELS}$`);
/** An http(s) URL with a plain host (see PLAIN_HOST) followed by the path, query, fragment or nothing. */
const PLAIN_HTTP_URL = new RegExp(`^https?://(${PLAIN_LABELS})(?:[/?#]|$)`);
/** What no bare host name contains: paths, ports, user info, queries, escapes, blanks. */
const NOT_A_HOST = /[\s/\\?#@:%[\]]/;

/**
 * A host or domain in the form the index compares: lower case, ASCII (punycode) form, no
 * trailing dot; undefined when it is not a valid host name (empty, a path, a port, blanks,
 * empty labels, or refused by the WHATWG URL API). IPv4 addresses come out in dotted form.
 */
export function canonicalHost(host: string): string | undefined {
  if (typeof host !== 'string') {
    return undefined;
  }
  if (PLAIN_HOST.test(host)) {
    return withoutTrailingDot(host);
  }
  const lower = host.toLowerCase();
  if (lower !== host && PLAIN_HOST.test(lower)) {
    return withoutTrailingDot(lower);
  }
  if (host.length === 0 || NOT_A_HOST.test(host)) {
    return undefined;
  }
  let out: string;
  try {
    out = withoutTrailingDot(new URL(`http://${host}`).hostname);
  } catch {
    return undefined;
  }
  return out.length === 0 || out.startsWith('.') || out.includes('..') || out.endsWith('.') ? undefined : out;
}

export function withoutTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** The host of an http(s) URL whose host is plain (see PLAIN_HOST): such a URL always parses. Undefined for any other. */
export function plainHttpHostOf(url: string): string | undefined {
  const plain = PLAIN_HTTP_URL.exec(url);
  return plain ? withoutTrailingDot(plain[1]) : undefined;
}

/** The canonical host of an absolute http(s) URL; undefined for anything else. */
export function httpHostOf(url: string): string | undefined {
  const plain = PLAIN_HTTP_URL.exec(url);
  if (plain) {
    return withoutTrailingDot(plain[1]);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return httpHostOfUrl(parsed);
}

export function httpHostOfUrl(url: URL): string | undefined {
  const { protocol, hostname } = url;
  return protocol === 'http:' || protocol === 'https:' ? canonicalHost(hostname) : undefined;
}

/**
 * A path the URL API leaves as written: segments of letters, digits, `_`, `~`, `-` and `.` that do not
 * start with a dot (no `.` or `..` segment to resolve, nothing to escape), then any trailing slashes.
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/*$/;

/** A tracking link's host and path (what tells one merchant's link from another's on a shared tracking host). */
export function trackingPathOf(url: string | URL): string | undefined {
  if (typeof url === 'string') {
    // Most tracking links need no URL parse (one per link of a site's first check): a plain host, a plain path.
    const plain = PLAIN_HTTP_URL.exec(url);
    if (plain) {
      const hostEnd = url.indexOf('//') + 2 + plain[1].length;
      const end = url.slice(hostEnd).search(/[?#]/);
      const raw = end < 0 ? url.slice(hostEnd) : url.slice(hostEnd, hostEnd + end);
      if (PLAIN_PATH.test(raw)) {
        return `${withoutTrailingDot(plain[1])}${plainPathname(raw === '' ? '/' : raw)}`;
      }
    }
  }
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return undefined;
  }
  const host = httpHostOfUrl(parsed);
  return host === undefined ? undefined : `${host}${plainPathname(parsed.pathname)}`;
}

/** A pathname without its trailing slashes (`/` stays). */
function plainPathname(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
