/**
 * Whether a candidate found in text is an http(s) URL, and where a URL's text ends (its link's `)`,
 * trailing punctuation): the rules the URL finder reads constructs with.
 */

/** Punctuation that ends a sentence or closes emphasis rather than belonging to a bare URL. */
const TRAILING = `.,:;!?'"*_~`;

/**
 * A URL the parser certainly reads, so most URLs need not be parsed: ASCII host labels that
 * start with a letter (no IPv4 number) and are not punycode, a port below 10000, then any
 * printable ASCII. Anything else is parsed (`parses`).
 */
const PLAIN_URL = /^https?:\/\/(?!xn--)[a-z][a-z0-9-]*(?:\.(?!xn--)[a-z][a-z0-9-]*)*(?::\d{1,4})?(?:[/?#][!-~]*)?$/i;

/**
 * An http(s) URL with a host: something other than punctuation between `//` and the path, and
 * text the URL parser reads. (`https://`, `https:///x`, `https://./`, `https://a:99999` and a
 * host with a control character are not URLs; IDN and emoji hosts are.)
 */
export function isHttpUrl(candidate: string): boolean {
  return (
    /^https?:\/\/[^/?#\s\p{L}\p{N}\p{So}]*[\p{L}\p{N}\p{So}]/iu.test(candidate) &&
    (PLAIN_URL.test(candidate) || parses(candidate))
  );
}

/**
 * Whether the URL parser reads `candidate`. Not `URL.canParse`: on Node 20.20 its fast path
 * answers false for valid Latin-1 URLs (`https://ü.de`) once any code in the process, another
 * extension's included, has called it hot. `new URL` has no such path.
 */
function parses(candidate: string): boolean {
  try {
    new URL(candidate);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a Markdown destination in text[from, to) ends: at its first `)` that closes no `(` inside
 * it (the link's own `)`), or at `to`. Backslash-escaped parentheses do not count.
 */
export function unbalancedClose(text: string, from: number, to: number): number {
  // Most destinations hold no `(` and no `\\` before their end: the first `)` (or `to`) is the end.
  const close = text.indexOf(')', from);
  const end = close < 0 || close > to ? to : close;
  const open = text.indexOf('(', from);
  const escape = text.indexOf('\\', from);
  if ((open < 0 || open >= end) && (escape < 0 || escape >= end)) {
    return end;
  }
  let depth = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i); // codes, not one-character strings: this runs over every destination
    if (code === 0x5c /* \\ */) {
      i++;
    } else if (code === 0x28 /* ( */) {
      depth++;
    } else if (code === 0x29 /* ) */ && --depth < 0) {
      return i;
    }
  }
  return to;
}

/**
 * The end of a bare URL in text[start, end) once trailing punctuation is dropped: sentence marks
 * and emphasis, and any `)` or `]` that closes no `(` or `[` inside the URL, repeatedly
 * (`(see https://a.com/x).` gives `https://a.com/x`; `https://a.com/x_(y)` keeps its `)`).
 */
export function trimTrailing(text: string, start: number, end: number): number {
  let unclosed: Record<string, number> | undefined; // closers minus openers, counted once if needed
  while (end > start) {
    const char = text[end - 1];
    if (TRAILING.includes(char)) {
      end--;
      continue;
    }
    if (char !== ')' && char !== ']') {
      break;
    }
    unclosed ??= countUnclosed(text.slice(start, end));
    if (unclosed[char] <= 0) {
      break;
    }
    unclosed[char]--;
    end--;
  }
  return end;
}

/** How many more `)` than `(`, and `]` than `[`, the URL holds. */
function countUnclosed(url: string): Record<string, number> {
  const unclosed: Record<string, number> = { ')': 0, ']': 0 };
  for (const char of url) {
    if (char === ')' || char === ']') {
      unclosed[char]++;
    } else if (char === '(' || char === '[') {
      unclosed[char === '(' ? ')' : ']']--;
    }
  }
  return unclosed;
}
