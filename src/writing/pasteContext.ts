/**
 * What a place in a document is to a link written there: code (left alone), the inside of a tag, a link's
 * destination (where only the address goes), front matter, or text. Read with link health's line scanner,
 * so a paste and a completion see code exactly as link health does.
 */
import { decode, inlineModeOf } from '../health/blockState';
import { healthLanguageOf, type HealthLanguage } from '../health/healthCodes';
import { inlineRegions, InlineReader } from '../health/inlineRegions';
import { DOCUMENT_START, LineReader, scanLine, type LineScan } from '../health/lineScan';
import { escapeHtml, markdownDestination } from '../links/linkMarkup';

/** How the address of a link's destination is written there. */
export type DestinationSyntax =
  /** After `](` or a definition's `]: `: a Markdown destination. */
  | 'markdown'
  /** After `](<`: inside angle brackets. */
  | 'angle'
  /** In an `href` attribute's value. */
  | 'href';

export type PlaceKind =
  | { kind: 'code' }
  | { kind: 'tag' }
  | { kind: 'destination'; syntax: DestinationSyntax }
  | { kind: 'front-matter' }
  | { kind: 'text' };

/** The languages whose markup a link is written in; any other (plain text) takes the bare address. */
export function markupOf(languageId: string): HealthLanguage | undefined {
  return languageId === 'markdown' || languageId === 'mdx' || languageId === 'html'
    ? healthLanguageOf(languageId)
    : undefined;
}

/** Text just before a Markdown destination: `](` (and blanks), `](<`, or a definition's `[label]: `. */
const MARKDOWN_DESTINATION = /(?:\]\([ \t]*(<?)|^[ \t>]*\[(?!\^)(?:[^[\]\\]|\\.)+\]:[ \t]*(<?))$/;
/** Text just before an `href` value: `href=`, `href="`, `href='`. */
const HREF_VALUE = /(?:^|[\s"'])href[ \t]*=[ \t]*["']?$/i;

/** A link as it is written in a destination of `syntax`. */
export function destinationText(syntax: DestinationSyntax, link: string): string {
  return syntax === 'href'
    ? escapeHtml(link)
    : syntax === 'angle'
      ? link.replace(/[<>\\]/g, (c) => `\\${c}`)
      : markdownDestination(link);
}

/** The destination the text before the cursor on its line opens, if any. */
export function destinationBefore(before: string, language: HealthLanguage): DestinationSyntax | undefined {
  if (HREF_VALUE.test(before)) {
    return 'href';
  }
  if (language === 'html') {
    return undefined;
  }
  const markdown = MARKDOWN_DESTINATION.exec(before);
  if (markdown === null) {
    return undefined;
  }
  return (markdown[1] ?? markdown[2]) === '<' ? 'angle' : 'markdown';
}

/**
 * What `column` of line `line` is, given the document's lines as the scanner read them (`scans`, every
 * line up to `line` at least) and the line's text. `column` is a UTF-16 offset into the line.
 */
export function placeAt(
  scans: readonly LineScan[],
  languageId: string,
  line: number,
  column: number,
  reader: InlineReader = new InlineReader(),
): PlaceKind {
  const language = markupOf(languageId);
  const scan = scans[line];
  if (language === undefined || scan === undefined) {
    return { kind: 'text' };
  }
  if (scan.kind === 'code') {
    return { kind: 'code' };
  }
  const regions = inlineRegions(scan.text, language, inlineModeOf(decode(scan.stateIn)), reader);
  if (regions.excluded.some((range) => range.start < column && column < range.end)) {
    return { kind: 'code' };
  }
  const before = scan.text.slice(0, column);
  const inTag = regions.tags.some(
    (tag) => (tag.start === -1 || tag.start < column) && (tag.end === -1 || column < tag.end),
  );
  const destination = destinationBefore(before, language);
  if (inTag) {
    return destination === 'href' ? { kind: 'destination', syntax: 'href' } : { kind: 'tag' };
  }
  if (scan.kind === 'front-matter') {
    return { kind: 'front-matter' };
  }
  // An href outside a tag is text that reads like one; Markdown's destinations are read as such.
  return destination === undefined || destination === 'href'
    ? { kind: 'text' }
    : { kind: 'destination', syntax: destination };
}

/** The document's lines read from its start up to line `last` (included), for `placeAt` without a kept scanner. */
export function scanLinesUpTo(text: string, languageId: string, last: number): LineScan[] {
  const language = healthLanguageOf(languageId);
  const reader = new LineReader();
  const scans: LineScan[] = [];
  let state = DOCUMENT_START;
  let start = 0;
  for (let line = 0; line <= last; line++) {
    const end = text.indexOf('\n', start);
    const lineText = end === -1 ? text.slice(start) : text.slice(start, end);
    const scan = scanLine(lineText, language, state, reader);
    scans.push(scan);
    state = scan.stateOut;
    if (end === -1) {
      break;
    }
    start = end + 1;
  }
  return scans;
}

/** Line and column (UTF-16) of an offset into a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 0;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart };
}

/** What an offset of a text is (reads the text from its start: for tests and single reads). */
export function placeInText(text: string, languageId: string, offset: number): PlaceKind {
  const { line, column } = lineAndColumn(text, offset);
  return placeAt(scanLinesUpTo(text, languageId, line), languageId, line, column);
}
