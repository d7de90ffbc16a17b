/**
 * One line read on its own from the state it starts in (front matter, fence, indented code, HTML block,
 * comment, raw element, open tag, paragraph): its links and their kind, ignore comments, and the next
 * line's state.
 */
import { UrlScanner } from '../links/urlFinder';
import { FRONT_MATTER_IGNORE_NEXT, type HealthLanguage } from './healthCodes';
import {
  EMPTY_QUOTE,
  ENDS_PARAGRAPH,
  FENCE,
  htmlBlockEnds,
  htmlBlockStart,
  indentOf,
  LABEL,
  LABEL_ALONE,
  LIST_ITEM,
  startsText,
} from './markdownBlocks';
import {
  blockState,
  closed,
  decode,
  encode,
  inMode,
  inlineModeOf,
  sameState,
  withInlineMode,
  type BlockState,
} from './blockState';
import { InlineReader, inlineRegions, type LineTag } from './inlineRegions';
import { frontMatterLinks, lineLinks, NO_LINKS, type LineLink } from './lineLinks';

export type { LineLink, LinkKind } from './lineLinks';

/** What kind of line it is, for the fixes that insert lines. */
export type LineKind = 'blank' | 'text' | 'code' | 'front-matter' | 'definition';

export interface LineScan {
  text: string;
  stateIn: string;
  stateOut: string;
  kind: LineKind;
  readonly links: readonly LineLink[];
  /** Offsets just after each comment that ignores the next link. */
  readonly ignoreMarks: readonly number[];
  /** The parts of tags that run over a line break (start or end -1), in order. */
  readonly tagParts: readonly LineTag[];
}

/** The state of a document's first line. */
export const DOCUMENT_START = 'S|b';

/**
 * What reads a document's lines: the regular expressions of the URL finder and of the inline
 * constructs (made once per reader, not per line) and the states read so far. Not reentrant: one
 * reader per document being read at a time.
 */
export class LineReader {
  readonly urls = new UrlScanner();
  readonly inline: InlineReader;
  /** A state as written → as read (a document has few distinct states). */
  private readonly states = new Map<string, Readonly<BlockState>>();
  /**
   * The last state written or read, and the one before: most lines end in the state they start in, and
   * a paragraph's lines and the blank lines between them take turns.
   */
  private lastEncoded = DOCUMENT_START;
  private lastState: Readonly<BlockState> = decode(DOCUMENT_START);
  private otherEncoded = DOCUMENT_START;
  private otherState: Readonly<BlockState> = this.lastState;

  /**
   * `shortcuts` false reads every line by the full rules, the states decoded and written afresh: what
   * the shortcuts (a paragraph's line, a line with nothing but text, the states kept) must equal.
   */
  constructor(readonly shortcuts = true) {
    this.inline = new InlineReader(shortcuts);
  }

  state(encoded: string): Readonly<BlockState> {
    if (!this.shortcuts) {
      return decode(encoded);
    }
    if (encoded === this.lastEncoded) {
      return this.lastState;
    }
    let state = this.states.get(encoded);
    if (state === undefined) {
      if (this.states.size >= 256) {
        this.states.clear();
      }
      state = decode(encoded);
      if (encode(state) !== encoded) {
        return state; // not as this module writes states: neither kept nor written back
      }
      this.states.set(encoded, state);
    }
    this.remember(encoded, state);
    return state;
  }

  /** `state` as written: the very string it was read from when it is one of the last two. */
  encode(state: Readonly<BlockState>): string {
    if (!this.shortcuts) {
      return encode(state);
    }
    if (sameState(state, this.lastState)) {
      return this.lastEncoded;
    }
    const encoded = sameState(state, this.otherState) ? this.otherEncoded : encode(state);
    this.remember(encoded, state);
    return encoded;
  }

  private remember(encoded: string, state: Readonly<BlockState>): void {
    this.otherEncoded = this.lastEncoded;
    this.otherState = this.lastState;
    this.lastEncoded = encoded;
    this.lastState = state;
  }
}

const NOTHING: readonly never[] = Object.freeze([]);
/** The characters a line that ends a paragraph may start with (see ENDS_PARAGRAPH). */
const ENDS_PARAGRAPH_FIRST = ' #*_-=';

/** Where the line's text starts after spaces and tabs. */
function firstNonBlank(text: string): number {
  let at = 0;
  while (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0x09) {
    at++;
  }
  return at;
}

/** A line without inline reading (see `closed`): its state out as written. */
function result(
  text: string,
  stateIn: string,
  out: BlockState,
  kind: LineKind,
  reader: LineReader,
  links: readonly LineLink[] = NO_LINKS,
): LineScan {
  return { text, stateIn, stateOut: reader.encode(out), kind, links, ignoreMarks: NOTHING, tagParts: NOTHING };
}

/**
 * Reads one line (without its `\n`; a trailing `\r` is allowed) that starts in `stateIn`. A reader of a
 * document's lines passes one `reader` for them all.
 */
export function scanLine(
  text: string,
  language: HealthLanguage,
  stateIn: string,
  reader: LineReader = new LineReader(),
): LineScan {
  let s = reader.state(stateIn);
  // A paragraph's line in Markdown (most lines): no block construct can start or end on it.
  if (reader.shortcuts && s.mode === 'T' && s.html === '' && language !== 'html' && startsText(text.charCodeAt(0))) {
    const paragraph = blockState('T', s.arg, false, false, s.inList && !s.blank, s.paragraph, s.destinationNext, '');
    return inlinePart(text, language, stateIn, paragraph, false, reader);
  }
  const body = text.endsWith('\r') ? text.slice(0, -1) : text;
  const isBlank = body.trim() === '';
  if (s.mode === 'S') {
    if (body === '---' || body === '+++') {
      return result(text, stateIn, inMode(s, body === '---' ? 'Y' : 'O', ''), 'front-matter', reader);
    }
    s = inMode(s, 'T', '');
  }
  if (s.mode === 'Y' || s.mode === 'O') {
    const closes = s.mode === 'Y' ? /^(?:---|\.\.\.)[ \t]*$/.test(body) : /^\+\+\+[ \t]*$/.test(body);
    const links = closes ? NO_LINKS : frontMatterLinks(text, reader.urls);
    const out = closes ? closed(s, 'T', s.arg, true, s.indentedCode) : s;
    const scan = result(text, stateIn, out, 'front-matter', reader, links);
    return body.trim() === FRONT_MATTER_IGNORE_NEXT ? { ...scan, ignoreMarks: [text.length] } : scan;
  }
  if (s.mode === 'F') {
    const fence = FENCE.exec(body);
    const closes =
      fence !== null && fence[1][0] === s.arg[0] && fence[1].length >= Number(s.arg.slice(1)) && fence[2].trim() === '';
    return result(text, stateIn, closes ? closed(s, 'T', '', false, s.indentedCode) : s, 'code', reader);
  }
  if (s.html !== '') {
    // A line of Markdown's HTML block: a blank line ends a block of kind 6 or 7.
    if (s.html === 'b' && isBlank) {
      return result(text, stateIn, blockState('T', '', true, false, s.inList, false, false, ''), 'blank', reader);
    }
    return inlinePart(text, language, stateIn, s, isBlank, reader);
  }
  if (language !== 'html' && s.mode === 'T') {
    if (isBlank) {
      return result(text, stateIn, closed(s, s.mode, s.arg, true, false), 'blank', reader);
    }
    const indent = indentOf(body);
    if (indent >= 4 && (s.blank || s.indentedCode) && !s.inList) {
      return result(text, stateIn, closed(s, s.mode, s.arg, false, true), 'code', reader);
    }
    const fence = FENCE.exec(body);
    if (fence !== null && !(fence[1][0] === '`' && fence[2].includes('`'))) {
      const arg = `${fence[1][0]}${fence[1].length}`;
      return result(text, stateIn, closed(s, 'F', arg, false, false), 'code', reader);
    }
    const html = language === 'markdown' && indent < 4 ? htmlBlockStart(body, s.paragraph) : '';
    if (html !== '') {
      const block = blockState(s.mode, s.arg, false, false, s.inList, s.paragraph, s.destinationNext, html);
      return inlinePart(text, language, stateIn, block, false, reader);
    }
    const inList = LIST_ITEM.test(body) || (s.inList && !(s.blank && indent < 2));
    s = blockState(s.mode, s.arg, false, false, inList, s.paragraph, s.destinationNext, s.html);
  } else if (language !== 'html' && isBlank && (s.mode === 'G' || (s.mode === 'C' && s.arg === '-->'))) {
    // Markdown ends an open tag or HTML comment at a blank line (it was text after all): raw HTML is a
    // paragraph's inline content, which a blank line ends.
    return result(text, stateIn, closed(s, 'T', '', true, false), 'blank', reader);
  } else if (language !== 'html') {
    s = blockState(s.mode, s.arg, isBlank && s.mode === 'T', false, s.inList, s.paragraph, s.destinationNext, s.html);
  }
  return inlinePart(text, language, stateIn, s, isBlank, reader);
}

/**
 * The comments, code spans, tags and links of a line whose block state is `s`. A line of Markdown's HTML
 * block is read as HTML: its URLs are text, and its anchors links.
 */
function inlinePart(
  text: string,
  language: HealthLanguage,
  stateIn: string,
  s: Readonly<BlockState>,
  isBlank: boolean,
  reader: LineReader,
): LineScan {
  const read = s.html === '' ? language : 'html';
  const regions = inlineRegions(text, read, inlineModeOf(s), reader.inline);
  const links = lineLinks(text, read, regions.excluded, regions.tags, reader.urls, s.paragraph, s.destinationNext);
  const kind: LineKind =
    isBlank && s.mode === 'T' ? 'blank' : links.some((link) => link.kind === 'definition') ? 'definition' : 'text';
  let out = withInlineMode(s, regions.modeOut);
  if (language !== 'html') {
    out = markdownNext(text, s, out, isBlank, kind);
  }
  const tagParts = regions.tags.length === 0 ? NOTHING : regions.tags.filter((tag) => tag.start < 0 || tag.end < 0);
  return { text, stateIn, stateOut: reader.encode(out), kind, links, ignoreMarks: regions.ignoreMarks, tagParts };
}

/** After a Markdown line read inline: whether its HTML block ended, a paragraph goes on, a definition's destination may follow. */
function markdownNext(
  text: string,
  s: Readonly<BlockState>,
  out: Readonly<BlockState>,
  isBlank: boolean,
  kind: LineKind,
): Readonly<BlockState> {
  if (s.html !== '') {
    if (s.html !== 'b' && htmlBlockEnds(text, s.html)) {
      return blockState('T', '', out.blank, out.indentedCode, out.inList, false, false, '');
    }
    return out.paragraph || out.destinationNext ? closed(out, out.mode, out.arg, out.blank, out.indentedCode) : out;
  }
  // A definition (of any address, not only http ones) cannot interrupt a paragraph, nor is it one. The
  // patterns are tried only after the character they need: most lines start with a letter.
  const first = text.charCodeAt(firstNonBlank(text));
  const empty = isBlank || (first === 0x3e /* > */ && EMPTY_QUOTE.test(text));
  const definition =
    !empty && !s.paragraph && (kind === 'definition' || ((first === 0x5b || first === 0x3e) && LABEL.test(text)));
  const destinationNext = definition && LABEL_ALONE.test(text);
  const paragraph = !empty && !definition && !(ENDS_PARAGRAPH_FIRST.includes(text[0]) && ENDS_PARAGRAPH.test(text));
  return out.paragraph === paragraph && out.destinationNext === destinationNext
    ? out
    : blockState(out.mode, out.arg, out.blank, out.indentedCode, out.inList, paragraph, destinationNext, out.html);
}
