/**
 * Whether a candidate found in text is an http(s) URL, where a URL's text ends (its link's `)`,
 * trailing punctuation) and where a link's text opens: the rules the URL finder reads constructs with.
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

/** Whether the character at `at` is escaped by a backslash (an odd run of them before it). */
export function isEscaped(text: string, at: number): boolean {
  let slashes = 0;
  for (let i = at - 1; i >= 0 && text.charCodeAt(i) === 0x5c; i--) {
    slashes++;
  }
  return slashes % 2 === 1;
}

/** How far back a link text's `[` is looked for: bounds the work on a line of `](` (a label has 999 characters at most). */
const LINK_TEXT_REACH = 1_000;

/**
 * The `[` that opens the link text closed by the `]` at `close`, or -1 when none does on the line within
 * reach (the text may have opened on an earlier line). Escaped brackets do not count.
 */
export function linkTextOpen(text: string, close: number): number {
  let depth = 0;
  const stop = Math.max(0, close - LINK_TEXT_REACH);
  for (let i = close - 1; i >= stop; i--) {
    const code = text.charCodeAt(i); // codes, not one-character strings: this runs back over every link text
    if (code === 0x0a) {
      return -1;
    }
    if ((code !== 0x5b && code !== 0x5d) || isEscaped(text, i)) {
      continue;
    }
    if (code === 0x5d) {
      depth++;
    } else if (depth === 0) {
      return i;
    } else {
      depth--;
    }
  }
  return -1;
}

/** A letter or number (any script), the character a word goes on with. */
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/**
 * Whether the character before `at` goes on a word (a letter or number; `_` and `-` too when `joiners`),
 * or on a scheme (`+`: `git+https://` is no http URL).
 */
export function wordBefore(text: string, at: number, joiners: boolean): boolean {
  if (at === 0) {
    return false;
  }
  const code = text.charCodeAt(at - 1);
  if (code < 0x80) {
    const lower = code | 0x20;
    return (
      (lower >= 0x61 && lower <= 0x7a) ||
      (code >= 0x30 && code <= 0x39) ||
      code === 0x2b ||
      (joiners && (code === 0x5f || code === 0x2d))
    );
  }
  // A low surrogate after a high one ends an astral character: read the whole code point.
  const high = at >= 2 ? text.charCodeAt(at - 2) : 0;
  const pair = code >= 0xdc00 && code <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return WORD_CHARACTER.test(pair ? text.slice(at - 2, at) : text[at - 1]);
}

/**
 * After a Markdown destination that ends at `from`: just after the link's `)` (`inline`) or where the line
 * ends (a definition), a title between them read over; -1 when anything else follows. A title, or the
 * link's `)`, may go on to the next line: then the line's end.
 */
export function titleEnd(text: string, from: number, inline: boolean): number {
  let at = blankEnd(text, from);
  const quote = text[at];
  if ((quote === '"' || quote === "'" || quote === '(') && at > from) {
    const closer = quote === '(' ? ')' : quote;
    for (at++; at < text.length && text[at] !== closer; at++) {
      const code = text.charCodeAt(at);
      if (code === 0x0a || code === 0x0d) {
        return at;
      }
      if (code === 0x5c /* \ */) {
        at++;
      } else if (quote === '(' && code === 0x28) {
        return -1;
      }
    }
    if (at >= text.length) {
      return at;
    }
    at = blankEnd(text, at + 1);
  }
  const next = text[at];
  if (next === undefined || next === '\n' || next === '\r') {
    return at;
  }
  return inline && next === ')' ? at + 1 : -1;
}

function blankEnd(text: string, from: number): number {
  let at = from;
  while (text[at] === ' ' || text[at] === '\t') {
    at++;
  }
  return at;
}

/** The longest reference label CommonMark reads (999 characters) with its brackets. */
const LABEL_REACH = 1_001;

/** The `]` that closes a reference label whose `[` is at `open` (no bracket inside unless escaped), or -1. */
export function labelEnd(text: string, open: number): number {
  for (let at = open + 1; at < text.length && at - open <= LABEL_REACH; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x5d /* ] */) {
      return at;
    }
    if (code === 0x5b /* [ */ || code === 0x0a) {
      return -1;
    }
    if (code === 0x5c) {
      at++;
    }
  }
  return -1;
}
