/**
 * What one line holds besides text, read left to right from the mode the line starts in: HTML
 * and MDX comments, code spans, the content of raw text elements (`<script>`, `<style>`, `<textarea>`,
 * `<title>`) and tags; and the mode the next line starts in. Links never cross a line; these may.
 */
import { IGNORE_NEXT, type HealthLanguage } from './healthCodes';
import { MARKDOWN_TAG_OPEN, MARKDOWN_TAG_REST, markdownTag, REL, relOf, tagEnd, type RelAttribute } from './tagSyntax';

export type { RelAttribute } from './tagSyntax';

/** How a line starts or ends inside a construct that runs over line breaks. */
export type InlineMode =
  | { kind: 'text' }
  | { kind: 'comment'; close: '-->' | '*/}' }
  | { kind: 'raw'; name: string }
  | { kind: 'tag'; name: string }
  | { kind: 'code'; name: string };

export interface LineTag {
  /** Lower-case tag name. */
  name: string;
  /** Offset of `<` in the line; -1 when the tag began on an earlier line. */
  start: number;
  /** Offset just after `>`; -1 when the tag goes on to the next line. */
  end: number;
  /** The `rel` attribute on this line, if any. */
  rel: RelAttribute | undefined;
  /** Offset just after the tag name (where an attribute can be inserted); -1 when on an earlier line. */
  nameEnd: number;
}

export interface InlineRegions {
  /** Ranges of the line that are not text: comments, code spans, raw elements' content. */
  excluded: { start: number; end: number }[];
  tags: LineTag[];
  /** Offsets just after each comment that ignores the next link. */
  ignoreMarks: number[];
  modeOut: InlineMode;
}

/**
 * The elements whose content HTML reads as text without tags (raw text and escapable raw text): an
 * `<a href>` in them is no link. `<pre>`, `<code>`, `<kbd>` and `<samp>` are not among them: their
 * anchors are links (and in Markdown, their text is Markdown's).
 */
const RAW_ELEMENTS = new Set(['script', 'style', 'textarea', 'title']);
/**
 * The elements whose content is code, when read as HTML: their text is no link (as Markdown's code is
 * not), while their tags are read, an `<a href>` among them a link. The mode does not outlast a tag or
 * comment inside that runs over a line break.
 */
const CODE_ELEMENTS = new Set(['pre', 'code', 'kbd', 'samp']);
const TEXT: InlineMode = Object.freeze({ kind: 'text' });
const NOTHING: readonly never[] = Object.freeze([]);
/** A line of text with nothing else in it (shared: never written to). */
const TEXT_ONLY: InlineRegions = Object.freeze({
  excluded: NOTHING as never[],
  tags: NOTHING as never[],
  ignoreMarks: NOTHING as never[],
  modeOut: TEXT,
});

/**
 * The regular expressions a reader of lines uses. They keep `lastIndex`, so a reader of a document's
 * lines passes one for them all (made once, not for every line) and no two reads share one at once.
 */
export class InlineReader {
  readonly htmlTrigger = /<!--|<(\/?)(?![a-z][a-z0-9+.-]*:\/\/)([A-Za-z][A-Za-z0-9:-]*)(?=[\s/>]|$)/gi;
  /** As `htmlTrigger`, with MDX comments, backtick runs and autolinks (read over, so a backtick in one opens no code span). */
  readonly markdownTrigger =
    /<!--|\{\/\*|(`+)|(<[a-z][a-z0-9+.-]{1,31}:[^\s<>]*>)|<(\/?)(?![a-z][a-z0-9+.-]*:\/\/)([A-Za-z][A-Za-z0-9.:-]*)(?=[\s/>]|$)/gi;
  readonly rel = new RegExp(REL, 'gi');
  readonly markdownTagRest = new RegExp(MARKDOWN_TAG_REST, 'y');
  readonly markdownTagOpen = new RegExp(MARKDOWN_TAG_OPEN, 'y');
  /** After a Markdown closing tag's name: blanks, then `>` or the line's end (CommonMark 6.6 allows no attributes). */
  readonly markdownClosingRest = /[ \t]*(?:>|\r?$)/y;
  private readonly rawClosings = new Map<string, RegExp>();

  /** `shortcuts` false reads a line with nothing but text by the full rules too (see LineReader). */
  constructor(readonly shortcuts = true) {}

  /** The closing tag of the raw element `name` (a lower-case tag name). */
  rawClosing(name: string): RegExp {
    let closing = this.rawClosings.get(name);
    if (closing === undefined) {
      if (this.rawClosings.size >= 64) {
        this.rawClosings.clear();
      }
      closing = new RegExp(`</${name}(?=[\\s>]|$)`, 'gi');
      this.rawClosings.set(name, closing);
    }
    return closing;
  }
}

/** Reads a line that starts in `modeIn`. */
export function inlineRegions(
  line: string,
  language: HealthLanguage,
  modeIn: InlineMode,
  reader: InlineReader = new InlineReader(),
): InlineRegions {
  // Every construct starts with `<` (or, outside HTML, a backtick or `{/*`): most lines hold none.
  if (
    reader.shortcuts &&
    modeIn.kind === 'text' &&
    !line.includes('<') &&
    (language === 'html' || (!line.includes('`') && !line.includes('{')))
  ) {
    return TEXT_ONLY;
  }
  const out: InlineRegions = { excluded: [], tags: [], ignoreMarks: [], modeOut: TEXT };
  let at = resume(line, modeIn, out, reader);
  if (at < 0) {
    return out;
  }
  /** The code element (see CODE_ELEMENTS) the text is in, read as HTML. */
  let code = modeIn.kind === 'code' ? modeIn.name : '';
  if (modeIn.kind === 'tag' && language === 'html' && CODE_ELEMENTS.has(modeIn.name) && line[at - 2] !== '/') {
    code = modeIn.name; // its open tag ended on this line
  }
  // Comments, MDX comments, backtick runs (not in HTML), tags.
  const trigger = language === 'html' ? reader.htmlTrigger : reader.markdownTrigger;
  while (at < line.length) {
    trigger.lastIndex = at;
    const match = trigger.exec(line);
    const start = match ? match.index : line.length;
    if (code !== '' && start > at) {
      out.excluded.push({ start: at, end: start });
    }
    if (!match) {
      break;
    }
    const token = match[0];
    if (token === '<!--' || token === '{/*') {
      const close = token === '<!--' ? '-->' : '*/}';
      at = comment(line, start, token.length, close, out);
      if (at < 0) {
        return out;
      }
      continue;
    }
    if (match[2] !== undefined && language !== 'html') {
      at = start + token.length; // an autolink: it binds before a code span that would start inside it
      continue;
    }
    if (token.startsWith('`')) {
      const closeAt = closingBackticks(line, start + token.length, token.length);
      if (closeAt >= 0) {
        out.excluded.push({ start, end: closeAt + token.length });
        at = closeAt + token.length;
      } else {
        at = start + token.length;
      }
      continue;
    }
    const closing = language === 'html' ? match[1] : match[3];
    const name = (language === 'html' ? match[2] : match[4]).toLowerCase();
    if (language === 'markdown' && !markdownTagAt(line, start + token.length, closing === '/', reader)) {
      at = start + 1; // no tag for CommonMark (`<T (` or `</b then` in prose): text
      continue;
    }
    at = tag(line, start, start + token.length, name, closing === '/', out, reader);
    if (at < 0) {
      return out;
    }
    if (language === 'html' && closing !== '/' && code === '' && CODE_ELEMENTS.has(name) && line[at - 2] !== '/') {
      code = name;
    } else if (closing === '/' && name === code) {
      code = '';
    }
  }
  if (code !== '') {
    out.modeOut = { kind: 'code', name: code };
  }
  return out;
}

/** Whether CommonMark reads a tag whose name ends at `nameEnd`: an open tag (see `markdownTag`) or a closing one. */
function markdownTagAt(line: string, nameEnd: number, closing: boolean, reader: InlineReader): boolean {
  if (!closing) {
    return markdownTag(line, nameEnd, reader.markdownTagRest, reader.markdownTagOpen);
  }
  reader.markdownClosingRest.lastIndex = nameEnd;
  return reader.markdownClosingRest.test(line);
}

/** Ends the construct the line starts in; returns where text resumes, or -1 when the line ends inside it. */
function resume(line: string, mode: InlineMode, out: InlineRegions, reader: InlineReader): number {
  switch (mode.kind) {
    case 'text':
    case 'code':
      return 0;
    case 'comment':
      return comment(line, 0, 0, mode.close, out);
    case 'raw':
      return rawContent(line, 0, mode.name, out, reader);
    case 'tag': {
      const end = tagEnd(line, 0);
      const rel = relOf(line, 0, end < 0 ? line.length : end, reader.rel);
      out.tags.push({ name: mode.name, start: -1, end, rel, nameEnd: -1 });
      if (end < 0) {
        out.modeOut = mode;
        return -1;
      }
      return afterOpenTag(line, end, mode.name, line[end - 2] === '/', out, reader);
    }
  }
}

function comment(line: string, start: number, openLength: number, close: '-->' | '*/}', out: InlineRegions): number {
  // `<!-->` and `<!--->` are whole comments (CommonMark 0.31, HTML): the close may take the open's dashes.
  const closeAt = line.indexOf(close, start + (openLength > 0 && close === '-->' ? 2 : openLength));
  if (closeAt < 0) {
    out.excluded.push({ start, end: line.length });
    out.modeOut = { kind: 'comment', close };
    return -1;
  }
  const end = closeAt + close.length;
  out.excluded.push({ start, end });
  if (openLength > 0 && line.slice(start + openLength, closeAt).trim() === IGNORE_NEXT) {
    out.ignoreMarks.push(end);
  }
  return end;
}

/** The next run of exactly `length` backticks at or after `from`, or -1. */
function closingBackticks(line: string, from: number, length: number): number {
  for (let at = line.indexOf('`', from); at >= 0; at = line.indexOf('`', at)) {
    let end = at;
    while (line[end] === '`') {
      end++;
    }
    if (end - at === length) {
      return at;
    }
    at = end;
  }
  return -1;
}

function tag(
  line: string,
  start: number,
  nameEnd: number,
  name: string,
  closing: boolean,
  out: InlineRegions,
  reader: InlineReader,
): number {
  const end = tagEnd(line, nameEnd);
  if (closing) {
    return end < 0 ? line.length : end;
  }
  out.tags.push({ name, start, end, rel: relOf(line, nameEnd, end < 0 ? line.length : end, reader.rel), nameEnd });
  if (end < 0) {
    out.modeOut = { kind: 'tag', name };
    return -1;
  }
  return afterOpenTag(line, end, name, line[end - 2] === '/', out, reader);
}

function afterOpenTag(
  line: string,
  end: number,
  name: string,
  selfClosing: boolean,
  out: InlineRegions,
  reader: InlineReader,
): number {
  return RAW_ELEMENTS.has(name) && !selfClosing ? rawContent(line, end, name, out, reader) : end;
}

/** Skips a raw element's content up to its closing tag; -1 when the line ends first. */
function rawContent(line: string, from: number, name: string, out: InlineRegions, reader: InlineReader): number {
  const closing = reader.rawClosing(name);
  closing.lastIndex = from;
  const match = closing.exec(line);
  if (!match) {
    out.excluded.push({ start: from, end: line.length });
    out.modeOut = { kind: 'raw', name };
    return -1;
  }
  out.excluded.push({ start: from, end: match.index });
  return match.index;
}
