/**
 * Finds the http(s) URLs in a document's text, each with its exact range and syntax, so link commands rewrite in place.
 */

import { decodeAttribute } from './urlReplacement';
import { isHttpUrl, trimTrailing, unbalancedClose } from './urlShape';

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

/**
 * Where a URL may start. Capture groups 1-5: definition, inline link, autolink, href, bare. Letters
 * are spelt in both cases and the letters before `href` and `http` are checked in code (`wordBefore`):
 * without the `i` and `u` flags and lookbehinds, the regex runs several times faster on long lines.
 */
const TRIGGERS = [
  // `[label]: ` at the start of a line (also inside a blockquote); `[^1]:` footnotes are not links.
  String.raw`(^[ \t>]*\[(?!\^)(?:[^\[\]\\\n\r]|\\.)+\]:[ \t]*)`,
  String.raw`(\]\([ \t]*)`,
  String.raw`(<(?=[hH][tT][tT][pP][sS]?:\/\/))`,
  String.raw`([hH][rR][eE][fF][ \t]*=[ \t]*)`,
  String.raw`([hH][tT][tT][pP][sS]?:\/\/)`,
].join('|');

/** A letter or number (any script), the character a word goes on with. */
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/** Whether the character before `at` goes on a word (a letter or number; `_` and `-` too when `joiners`). */
function wordBefore(text: string, at: number, joiners: boolean): boolean {
  if (at === 0) {
    return false;
  }
  const code = text.charCodeAt(at - 1);
  if (code < 0x80) {
    const lower = code | 0x20;
    return (
      (lower >= 0x61 && lower <= 0x7a) ||
      (code >= 0x30 && code <= 0x39) ||
      (joiners && (code === 0x5f || code === 0x2d))
    );
  }
  // A low surrogate after a high one ends an astral character: read the whole code point.
  const high = at >= 2 ? text.charCodeAt(at - 2) : 0;
  const pair = code >= 0xdc00 && code <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return WORD_CHARACTER.test(pair ? text.slice(at - 2, at) : text[at - 1]);
}

/**
 * The characters a bare URL or a Markdown destination runs over: anything but whitespace, `<`,
 * `>`, `"` and backtick, and never the `](` that ends a Markdown link text.
 */
const URL_RUN = String.raw`[^\s<>"\x60\]]*(?:\](?!\()[^\s<>"\x60\]]*)*`;

/**
 * Every http(s) URL in the text, in document order, without overlaps: a URL that is a Markdown
 * destination, autolink or href value is reported with that context, not again as 'bare'.
 * With `spans` (say, the parts of the document that are not code), only the URLs lying wholly
 * inside one of the spans are returned; the whole text is still read, so contexts stay right.
 * A reader of many lines passes one `scanner` for them all.
 */
export function findUrls(
  text: string,
  spans?: readonly TextSpan[],
  scanner: UrlScanner = new UrlScanner(),
): FoundUrl[] {
  const found = scanner.scan(text);
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
  const inLine = new UrlScanner().scan(text.slice(lineStart, lineEnd));
  const at = offset - lineStart;
  const hit =
    inLine.find((url) => url.start <= at && at < url.end) ?? inLine.find((url) => url.start <= at && at <= url.end);
  return hit && { ...hit, start: hit.start + lineStart, end: hit.end + lineStart };
}

/**
 * The single pass behind both exports. Its regexes carry lastIndex, so each scanner has its own; one
 * scanner reads the lines of a whole document one after another (not reentrant).
 *
 * A single trigger regex finds the next place a URL could start (a Markdown `](` or reference
 * definition, a `<https://` autolink, an `href=`, a bare `http(s)://`), the construct is read
 * with sticky regexes, and scanning resumes after it, so a URL is found once and the work stays
 * linear even on hostile input. Nothing recognised crosses a line break (between `](` or `]:` and
 * a destination only spaces and tabs; CommonMark also allows one line break, and such a URL is
 * found as 'bare'), which lets `urlAt` scan just the cursor's line. URLs inside code are found
 * too; callers that want to skip them pass `spans`.
 */
export class UrlScanner {
  private readonly triggers = new RegExp(TRIGGERS, 'gm');
  private readonly url = new RegExp(URL_RUN, 'y');
  private readonly blank = /[ \t]*/y;
  private readonly angle = /[^<>\n\r]*/y;
  private readonly autolinkRun = /[^\s<>]*/y;
  private readonly doubleQuoted = /[^"\s<>]*/y;
  private readonly singleQuoted = /[^'\s<>]*/y;
  private readonly unquoted = /[^\s"'=<>\x60]*/y;
  private text = '';
  private found: FoundUrl[] = [];

  scan(text: string): FoundUrl[] {
    this.text = text;
    const found: FoundUrl[] = (this.found = []);
    const triggers = this.triggers;
    triggers.lastIndex = 0;
    for (let match = triggers.exec(text); match; match = triggers.exec(text)) {
      const after = match.index + match[0].length;
      const resume =
        match[5] !== undefined
          ? wordBefore(text, match.index, false)
            ? undefined
            : this.bare(match.index)
          : match[3] !== undefined
            ? this.autolink(after)
            : match[4] !== undefined
              ? wordBefore(text, match.index, true)
                ? undefined
                : this.href(after)
              : this.destination(after, match[2] !== undefined);
      // A construct that is not a link after all is rescanned one character on, as plain text.
      triggers.lastIndex = resume ?? match.index + 1;
    }
    this.text = '';
    this.found = [];
    return found;
  }

  private endOf(run: RegExp, from: number): number {
    run.lastIndex = from;
    run.test(this.text); // every run pattern is `*`: it matches, possibly empty
    return run.lastIndex;
  }

  private add(start: number, end: number, context: UrlContext): void {
    this.found.push({ url: this.text.slice(start, end), start, end, context });
  }

  /** A Markdown destination starting at `from`; returns where scanning resumes, or undefined. */
  private destination(from: number, inline: boolean): number | undefined {
    const text = this.text;
    let start = from;
    let end: number;
    let resume: number;
    if (text[from] === '<') {
      start = from + 1;
      end = this.endOf(this.angle, start);
      if (text[end] !== '>') {
        return undefined;
      }
      resume = end + 1;
    } else {
      end = resume = unbalancedClose(text, from, this.endOf(this.url, from));
    }
    // Only a title, the link's `)` or the end of the line may follow; otherwise it is no link.
    const follow = text[this.endOf(this.blank, resume)];
    const allowed = inline ? '\n\r"\'()' : '\n\r"\'(';
    if ((follow !== undefined && !allowed.includes(follow)) || !isHttpUrl(text.slice(start, end))) {
      return undefined;
    }
    this.add(start, end, 'markdown-link');
    return resume;
  }

  private href(from: number): number | undefined {
    const text = this.text;
    const quote = text[from] === '"' || text[from] === "'" ? text[from] : '';
    const start = quote ? from + 1 : from;
    const run = quote === '"' ? this.doubleQuoted : quote === "'" ? this.singleQuoted : this.unquoted;
    const end = this.endOf(run, start);
    // The value is tested as the address it stands for: with its character references decoded.
    if ((quote && text[end] !== quote) || !isHttpUrl(decodeAttribute(text.slice(start, end)))) {
      return undefined;
    }
    this.add(start, end, 'href');
    return quote ? end + 1 : end;
  }

  private autolink(from: number): number | undefined {
    const end = this.endOf(this.autolinkRun, from);
    if (this.text[end] !== '>' || !isHttpUrl(this.text.slice(from, end))) {
      return undefined;
    }
    this.add(from, end, 'autolink');
    return end + 1;
  }

  private bare(from: number): number {
    const runEnd = this.endOf(this.url, from);
    const end = trimTrailing(this.text, from, runEnd);
    if (isHttpUrl(this.text.slice(from, end))) {
      this.add(from, end, 'bare');
    }
    // The trimmed tail holds only punctuation, so nothing in it can start a URL.
    return runEnd;
  }
}
