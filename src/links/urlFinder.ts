/**
 * Finds the http(s) URLs in a document's text, each with its exact range and syntax, so link commands rewrite in place.
 */

import { decodeAttribute } from './urlReplacement';

/** The syntax a URL was written in; tells a caller what may be rewritten around it. */
export type UrlContext = 'markdown-link' | 'autolink' | 'href' | 'bare';

export interface FoundUrl {
  /** The URL exactly as written in the text (text.slice(start, end)). */
  url: string;
  /** UTF-16 offsets into the text; end is exclusive. */
  start: number;
  end: number;
  context: UrlContext;
}

/** A range of the text, as UTF-16 offsets; end is exclusive. */
export interface TextSpan {
  start: number;
  end: number;
}

/** Where a URL may start. Capture groups 1-5: definition, inline link, autolink, href, bare. */
const TRIGGERS = [
  // `[label]: ` at the start of a line (also inside a blockquote); `[^1]:` footnotes are not links.
  String.raw`(^[ \t>]*\[(?!\^)(?:[^\[\]\\\n\r]|\\.)+\]:[ \t]*)`,
  String.raw`(\]\([ \t]*)`,
  String.raw`(<(?=https?:\/\/))`,
  String.raw`((?<![\p{L}\p{N}_-])href[ \t]*=[ \t]*)`,
  String.raw`((?<![\p{L}\p{N}])https?:\/\/)`,
].join('|');

/**
 * The characters a bare URL or a Markdown destination runs over: anything but whitespace, `<`,
 * `>`, `"` and backtick, and never the `](` that ends a Markdown link text.
 */
const URL_RUN = String.raw`(?:[^\s<>"\x60\]]|\](?!\())*`;

/** Punctuation that ends a sentence or closes emphasis rather than belonging to a bare URL. */
const TRAILING = `.,:;!?'"*_~`;

/**
 * Every http(s) URL in the text, in document order, without overlaps: a URL that is a Markdown
 * destination, autolink or href value is reported with that context, not again as 'bare'.
 * With `spans` (say, the parts of the document that are not code), only the URLs lying wholly
 * inside one of the spans are returned; the whole text is still read, so contexts stay right.
 */
export function findUrls(text: string, spans?: readonly TextSpan[]): FoundUrl[] {
  const found = scan(text);
  if (!spans) {
    return found;
  }
  // URLs come in order; `reach` is the furthest end of the spans starting at or before the URL.
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let next = 0;
  let reach = -1;
  return found.filter((url) => {
    while (next < sorted.length && sorted[next].start <= url.start) {
      reach = Math.max(reach, sorted[next++].end);
    }
    return url.end <= reach;
  });
}

/**
 * The URL the offset stands in or at the edge of (start <= offset <= end, so a cursor just after
 * the last character counts), or undefined. Where one URL ends exactly where another starts, the
 * one starting there wins. Scans only the offset's line, with the same result as `findUrls`.
 */
export function urlAt(text: string, offset: number): FoundUrl | undefined {
  if (!(offset >= 0 && offset <= text.length)) {
    return undefined;
  }
  const lineStart = offset === 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
  const newline = text.indexOf('\n', offset);
  const lineEnd = newline < 0 ? text.length : newline;
  const inLine = scan(text.slice(lineStart, lineEnd));
  const at = offset - lineStart;
  const hit =
    inLine.find((url) => url.start <= at && at < url.end) ?? inLine.find((url) => url.start <= at && at <= url.end);
  return hit && { ...hit, start: hit.start + lineStart, end: hit.end + lineStart };
}

/**
 * The single pass behind both exports. All regexes are created per call: they carry lastIndex.
 *
 * A single trigger regex finds the next place a URL could start (a Markdown `](` or reference
 * definition, a `<https://` autolink, an `href=`, a bare `http(s)://`), the construct is read
 * with sticky regexes, and scanning resumes after it, so a URL is found once and the work stays
 * linear even on hostile input. Nothing recognised crosses a line break (between `](` or `]:` and
 * a destination only spaces and tabs; CommonMark also allows one line break, and such a URL is
 * found as 'bare'), which lets `urlAt` scan just the cursor's line. URLs inside code are found
 * too; callers that want to skip them pass `spans`.
 */
function scan(text: string): FoundUrl[] {
  const triggers = new RegExp(TRIGGERS, 'gimu');
  const runs = {
    url: new RegExp(URL_RUN, 'uy'),
    blank: /[ \t]*/y,
    angle: /[^<>\n\r]*/y,
    autolink: /[^\s<>]*/uy,
    doubleQuoted: /[^"\s<>]*/uy,
    singleQuoted: /[^'\s<>]*/uy,
    unquoted: /[^\s"'=<>\x60]*/uy,
  };
  const endOf = (run: RegExp, from: number): number => {
    run.lastIndex = from;
    run.test(text); // every run pattern is `*`: it matches, possibly empty
    return run.lastIndex;
  };
  const found: FoundUrl[] = [];
  const add = (start: number, end: number, context: UrlContext): void => {
    found.push({ url: text.slice(start, end), start, end, context });
  };

  /** A Markdown destination starting at `from`; returns where scanning resumes, or undefined. */
  const destination = (from: number, inline: boolean): number | undefined => {
    let start = from;
    let end: number;
    let resume: number;
    if (text[from] === '<') {
      start = from + 1;
      end = endOf(runs.angle, start);
      if (text[end] !== '>') {
        return undefined;
      }
      resume = end + 1;
    } else {
      end = resume = unbalancedClose(text, from, endOf(runs.url, from));
    }
    // Only a title, the link's `)` or the end of the line may follow; otherwise it is no link.
    const follow = text[endOf(runs.blank, resume)];
    const allowed = inline ? '\n\r"\'()' : '\n\r"\'(';
    if ((follow !== undefined && !allowed.includes(follow)) || !isHttpUrl(text.slice(start, end))) {
      return undefined;
    }
    add(start, end, 'markdown-link');
    return resume;
  };

  const href = (from: number): number | undefined => {
    const quote = text[from] === '"' || text[from] === "'" ? text[from] : '';
    const start = quote ? from + 1 : from;
    const run = quote === '"' ? runs.doubleQuoted : quote === "'" ? runs.singleQuoted : runs.unquoted;
    const end = endOf(run, start);
    // The value is tested as the address it stands for: with its character references decoded.
    if ((quote && text[end] !== quote) || !isHttpUrl(decodeAttribute(text.slice(start, end)))) {
      return undefined;
    }
    add(start, end, 'href');
    return quote ? end + 1 : end;
  };

  const autolink = (from: number): number | undefined => {
    const end = endOf(runs.autolink, from);
    if (text[end] !== '>' || !isHttpUrl(text.slice(from, end))) {
      return undefined;
    }
    add(from, end, 'autolink');
    return end + 1;
  };

  const bare = (from: number): number => {
    const runEnd = endOf(runs.url, from);
    const end = trimTrailing(text, from, runEnd);
    if (isHttpUrl(text.slice(from, end))) {
      add(from, end, 'bare');
    }
    // The trimmed tail holds only punctuation, so nothing in it can start a URL.
    return runEnd;
  };

  for (let match = triggers.exec(text); match; match = triggers.exec(text)) {
    const after = match.index + match[0].length;
    const resume =
      match[5] !== undefined
        ? bare(match.index)
        : match[3] !== undefined
          ? autolink(after)
          : match[4] !== undefined
            ? href(after)
            : destination(after, match[2] !== undefined);
    // A construct that is not a link after all is rescanned one character on, as plain text.
    triggers.lastIndex = resume ?? match.index + 1;
  }
  return found;
}

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
function isHttpUrl(candidate: string): boolean {
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
function unbalancedClose(text: string, from: number, to: number): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const char = text[i];
    if (char === '\\') {
      i++;
    } else if (char === '(') {
      depth++;
    } else if (char === ')' && --depth < 0) {
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
function trimTrailing(text: string, start: number, end: number): number {
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
