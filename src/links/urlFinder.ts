/**
 * Finds the http(s) URLs in a document's text, each with its exact range and syntax, so link commands rewrite in place.
 */

import { decodeAttribute, decodeDestination } from './urlDecoding';
import {
  isEscaped,
  isHttpUrl,
  labelEnd,
  linkTextOpen,
  titleEnd,
  trimTrailing,
  unbalancedClose,
  wordBefore,
} from './urlShape';

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
 * Where a URL may start, or a link's text end. Capture groups 1-6: definition, inline link, autolink, href,
 * bare, and the `][` of a reference link. Letters are spelt in both cases and the letters before `href` and
 * `http` are checked in code (`wordBefore`): without the `i` and `u` flags and lookbehinds, the regex runs
 * several times faster on long lines.
 */
const TRIGGERS = [
  // `[label]: ` at the start of a line (also inside a blockquote); `[^1]:` footnotes are not links.
  String.raw`(^[ \t>]*\[(?!\^)(?:[^\[\]\\\n\r]|\\.)+\]:[ \t]*)`,
  String.raw`(\]\([ \t]*)`,
  String.raw`(<(?=[hH][tT][tT][pP][sS]?:\/\/))`,
  String.raw`([hH][rR][eE][fF][ \t]*=[ \t]*)`,
  String.raw`([hH][tT][tT][pP][sS]?:\/\/)`,
  String.raw`(\]\[)`,
].join('|');

/**
 * The characters a bare URL runs over: anything but whitespace, `<`, `>`, `"` and backtick, and never
 * the `](` or `][` that ends a Markdown link text.
 */
const URL_RUN = String.raw`[^\s<>"\x60\]]*(?:\](?![(\[])[^\s<>"\x60\]]*)*`;

/**
 * The characters a Markdown destination (not in `<...>`) runs over: anything but the space and ASCII
 * control characters (a no-break space, say, is part of it), and never the `](` of another link, which
 * keeps the work linear on a line of `](` (CommonMark allows it inside balanced parentheses: rare).
 */
const DESTINATION_RUN = String.raw`[^\x00-\x20\x7f\]]*(?:\](?!\()[^\x00-\x20\x7f\]]*)*`;

/**
 * Every http(s) URL in the text, in document order, without overlaps: a URL that is a Markdown
 * destination, autolink or href value is reported with that context, not again as 'bare'.
 * With `spans` (say, the parts of the document that are not code), only the URLs lying wholly
 * inside one of the spans are returned; the whole text is still read, so contexts stay right.
 * A reader of many lines passes one `scanner` for them all; `destinationFirst` says the text is the line
 * after a definition's label (see `UrlScanner.scan`).
 */
export function findUrls(
  text: string,
  spans?: readonly TextSpan[],
  scanner: UrlScanner = new UrlScanner(),
  destinationFirst = false,
): FoundUrl[] {
  const found = scanner.scan(text, destinationFirst);
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
 * definition, a `<https://` autolink, an `href=`, a bare `http(s)://`) or a reference link's text
 * end (`][`), the construct is read with sticky regexes, and scanning resumes after it, so a URL is
 * found once and the work stays linear even on hostile input. A Markdown link's title is read over
 * (a URL in it is no link), and so is its text: a bare URL in a link's text is the link's words, and
 * an image's text holds no link at all. Nothing recognised crosses a line break (between `](` or
 * `]:` and a destination only spaces and tabs; CommonMark also allows one line break, which the
 * caller says with `destinationFirst`), which lets `urlAt` scan just the cursor's line. URLs inside
 * code are found too; callers that want to skip them pass `spans`.
 */
export class UrlScanner {
  private readonly triggers = new RegExp(TRIGGERS, 'gm');
  private readonly url = new RegExp(URL_RUN, 'y');
  private readonly destinationRun = new RegExp(DESTINATION_RUN, 'y');
  private readonly angle = /(?:[^<>\n\r\\]|\\.)*/y;
  private readonly autolinkRun = /[^\s<>]*/y;
  private readonly doubleQuoted = /[^"\s<>]*/y;
  private readonly singleQuoted = /[^'\s<>]*/y;
  private readonly unquoted = /[^\s"'=<>\x60]*/y;
  private text = '';
  private found: FoundUrl[] = [];
  /** Per URL found: the `[` of its link's text (a Markdown destination), else -1. */
  private opens: number[] = [];

  /** `destinationFirst`: the text starts on the line after a definition's label, so a destination may open it. */
  scan(text: string, destinationFirst = false): FoundUrl[] {
    this.text = text;
    const found: FoundUrl[] = (this.found = []);
    this.opens = [];
    const triggers = this.triggers;
    triggers.lastIndex = 0;
    if (destinationFirst) {
      let at = 0;
      while (at < text.length && ' \t>'.includes(text[at])) {
        at++;
      }
      triggers.lastIndex = this.destination(at, false, -1) ?? 0;
    }
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
              : match[6] !== undefined
                ? this.referenceText(match.index)
                : this.destination(after, match[2] !== undefined, match.index);
      // A construct that is not a link after all is rescanned one character on, as plain text.
      triggers.lastIndex = resume ?? match.index + 1;
    }
    this.text = '';
    this.found = [];
    this.opens = [];
    return found;
  }

  private endOf(run: RegExp, from: number): number {
    run.lastIndex = from;
    run.test(this.text); // every run pattern is `*`: it matches, possibly empty
    return run.lastIndex;
  }

  private add(start: number, end: number, context: UrlContext, open = -1): void {
    this.found.push({ url: this.text.slice(start, end), start, end, context });
    this.opens.push(open);
  }

  /**
   * A Markdown destination starting at `from`, after `](` (`inline`, the `]` at `close`) or a definition's
   * `]:`; returns where scanning resumes (after the title and the link's `)`), or undefined.
   */
  private destination(from: number, inline: boolean, close: number): number | undefined {
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
      end = resume = unbalancedClose(text, from, this.endOf(this.destinationRun, from));
    }
    const after = titleEnd(text, resume, inline);
    if (after < 0 || !isHttpUrl(decodeDestination(text.slice(start, end)))) {
      return undefined;
    }
    const open = inline ? linkTextOpen(text, close) : -1;
    if (open >= 0 && !this.linkText(open)) {
      return undefined;
    }
    this.add(start, end, 'markdown-link', open);
    return after;
  }

  /**
   * Reads the URLs found inside a link's text, which opens at `open`: false when one is a link (an
   * autolink, or a link that is no image), since links do not hold links. Otherwise drops its bare URLs
   * (the link's words), and for an image (whose text is its description) every URL.
   */
  private linkText(open: number): boolean {
    const found = this.found;
    let first = found.length;
    while (first > 0 && found[first - 1].start > open) {
      first--;
    }
    if (first === found.length) {
      return true;
    }
    const image = open > 0 && this.text[open - 1] === '!' && !isEscaped(this.text, open - 1);
    let kept = first;
    for (let i = first; i < found.length; i++) {
      const context = found[i].context;
      const inner = this.opens[i];
      const innerImage = inner > 0 && this.text[inner - 1] === '!' && !isEscaped(this.text, inner - 1);
      if (!image && (context === 'autolink' || (context === 'markdown-link' && !innerImage))) {
        return false;
      }
      if (!image && context !== 'bare') {
        found[kept] = found[i];
        this.opens[kept++] = inner;
      }
    }
    found.length = kept;
    this.opens.length = kept;
    return true;
  }

  /**
   * The `][` at `at` of `[text][label]` or `[text][]`: the text is a reference link's (its label taken as
   * defined). The label is read on: a URL written as a label is a bare one when no definition has it.
   */
  private referenceText(at: number): number | undefined {
    if (labelEnd(this.text, at + 1) < 0) {
      return undefined;
    }
    const open = linkTextOpen(this.text, at);
    if (open >= 0) {
      this.linkText(open);
    }
    return at + 2;
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
