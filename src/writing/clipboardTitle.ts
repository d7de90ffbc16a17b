/**
 * The title a browser puts on the clipboard beside an address: the text of the `<a>` in `text/html` whose
 * `href` is that address (a copied link, or a page dragged by its tab or address bar).
 */
import { decodeAttribute } from '../links/urlDecoding';
import { httpUrlOf } from '../links/trackingLink';

/** Clipboard HTML is small; a larger one is no copied link and is not read. */
const HTML_LIMIT = 64 * 1024;
const ANCHOR = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi;
const TAG = /<[^>]*>/g;
const TITLE_LIMIT = 200;

/** The same address, as the URL parser writes both (`HTTPS://Shop.com` and `https://shop.com/` are one). */
function sameAddress(a: string, b: string): boolean {
  const left = httpUrlOf(a);
  const right = httpUrlOf(b);
  return left !== undefined && right !== undefined && left.href === right.href;
}

/**
 * The text of the first `<a>` of `html` that links to `url`, its tags removed, its character references
 * decoded and its white space folded; undefined when there is none, it is empty, or it is the address itself.
 */
export function clipboardTitle(html: string | undefined, url: string): string | undefined {
  if (html === undefined || html.length > HTML_LIMIT) {
    return undefined;
  }
  for (const anchor of html.matchAll(ANCHOR)) {
    const href = decodeAttribute(anchor[1] ?? anchor[2] ?? anchor[3] ?? '');
    if (!sameAddress(href, url)) {
      continue;
    }
    const title = decodeAttribute(anchor[4]!.replace(TAG, ' ')).replace(/\s+/g, ' ').trim();
    if (title === '' || sameAddress(title, url) || title === url.trim()) {
      return undefined;
    }
    return title.length > TITLE_LIMIT ? `${title.slice(0, TITLE_LIMIT - 1)}…` : title;
  }
  return undefined;
}
