/** The merchant's tracking link, and the URL rules the other link builders share. */
import * as l10n from '@vscode/l10n';
import type { Merchant } from '../api/types';
import { type LinkResult, quote, quoteName } from './linkResult';

/** `http://` or `https://` written out and followed by a host (not by yet another slash). */
const HTTP_START = /^https?:\/\/[^/\\]/i;
/** The URL parser silently drops tabs and line breaks inside a URL; such text is refused. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * `text` as a URL when it is an absolute http(s) URL with a host, written as such; otherwise
 * undefined. Surrounding white space is ignored. Refused although the URL parser would accept
 * them: `http:/x`, `https:///x`, `https:\\x` (the parser repairs them) and text with control
 * characters inside.
 */
export function httpUrlOf(text: string): URL | undefined {
  const trimmed = text.trim();
  if (!HTTP_START.test(trimmed) || CONTROL.test(trimmed)) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : undefined;
}

/**
 * The first name in one `&`-separated piece of a query, decoded the way servers and
 * URLSearchParams read it (`+` is a space, percent escapes are decoded); undefined for an
 * empty piece.
 */
function nameOf(piece: string): string | undefined {
  for (const [name] of new URLSearchParams(piece)) {
    return name;
  }
  return undefined;
}

/**
 * `url` with each `[name, value]` set in its query: the first parameter of that name (as
 * decoded) takes the new value where it stands and any further ones are removed; without one,
 * it is appended. Every other piece of the query keeps its exact bytes and order (the query is
 * not re-serialised, unlike `searchParams.set`), and the fragment is kept. Our values are
 * encoded as application/x-www-form-urlencoded, as `searchParams.set` would, but for the last
 * character of a value that ends the link (see `readWhole`).
 */
export function withQueryParameters(url: URL, parameters: readonly (readonly [string, string])[]): string {
  let pieces = url.search === '' ? [] : url.search.slice(1).split('&');
  for (const [name, value] of parameters) {
    const pair = new URLSearchParams([[name, value]]).toString();
    const at = pieces.findIndex((piece) => nameOf(piece) === name);
    if (at < 0) {
      pieces = [...(pieces.at(-1) === '' ? pieces.slice(0, -1) : pieces), pair];
    } else {
      pieces = pieces.flatMap((piece, index) => (index === at ? [pair] : nameOf(piece) === name ? [] : [piece]));
    }
  }
  const last = pieces.at(-1);
  if (url.hash === '' && last !== undefined && parameters.some(([name]) => nameOf(last) === name)) {
    pieces[pieces.length - 1] = readWhole(last);
  }
  const result = new URL(url.href);
  result.search = pieces.length === 0 ? '' : `?${pieces.join('&')}`;
  return result.href;
}

/**
 * A query piece of ours that ends the link, its last character percent-encoded when it is one a reader drops
 * from the end of a bare URL as punctuation (`.`, `*`, `_`: the only such characters form encoding leaves as
 * they are), so that a link written bare is read whole. The value decodes the same.
 */
function readWhole(piece: string): string {
  const lastChar = piece.at(-1);
  return lastChar === '.' || lastChar === '*' || lastChar === '_'
    ? `${piece.slice(0, -1)}%${lastChar.charCodeAt(0).toString(16).toUpperCase()}`
    : piece;
}

/** The merchant's tracking link when it is an absolute http(s) URL; otherwise a message naming the merchant. */
export function trackingLinkOf(merchant: Pick<Merchant, 'name' | 'trackingLink'>): LinkResult {
  const raw = merchant.trackingLink ?? '';
  const url = httpUrlOf(raw);
  if (url) {
    return { ok: true, link: url.href };
  }
  const name = quoteName(merchant.name);
  const message =
    raw.trim() === ''
      ? l10n.t(
          '{0} has no tracking link in the catalog. Refresh the merchants, or contact the network if it stays.',
          name,
        )
      : l10n.t(
          '{0} has no usable tracking link (the catalog has {1}). Refresh the merchants, or contact the network if it stays.',
          name,
          quote(raw),
        );
  return { ok: false, message };
}
