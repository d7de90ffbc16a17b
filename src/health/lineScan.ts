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
  type HtmlBlockEnd,
} from './markdownBlocks';
import { InlineReader, inlineRegions, type InlineMode, type LineTag } from './inlineRegions';
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

interface BlockState {
  /** S start, Y/O YAML/TOML front matter, F fence, T text, C comment, R raw element, G open tag, K code element. */
  mode: string;
  /** The fence (char and length), the comment's close, the element's name. */
  arg: string;
  blank: boolean;
  indentedCode: boolean;
  inList: boolean;
  /** A paragraph goes on (kind 7 HTML blocks and definitions cannot interrupt it). */
  paragraph: boolean;
  /** The line was a definition's label alone: its destination may start this line. */
  destinationNext: boolean;
  /** Markdown's HTML block the line is in, and how it ends (see markdownBlocks.ts). */
  html: HtmlBlockEnd;
}

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
  /** The last state written or read: most lines end in the state they start in. */
  private last: { encoded: string; state: Readonly<BlockState> } = {
    encoded: DOCUMENT_START,
    state: decode(DOCUMENT_START),
  };

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
    if (encoded === this.last.encoded) {
      return this.last.state;
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
    this.last = { encoded, state };
    return state;
  }

  /** `state` as written: the very string it was read from when it is the last one. */
  encode(state: Readonly<BlockState>): string {
    if (!this.shortcuts) {
      return encode(state);
    }
    const last = this.last.state;
    if (
      state === last ||
      (state.mode === last.mode &&
        state.arg === last.arg &&
        state.blank === last.blank &&
        state.indentedCode === last.indentedCode &&
        state.inList === last.inList &&
        state.paragraph === last.paragraph &&
        state.destinationNext === last.destinationNext &&
        state.html === last.html)
    ) {
      return this.last.encoded;
    }
    const encoded = encode(state);
    this.last = { encoded, state };
    return encoded;
  }
}

/** `<mode><arg>|<flags>` and, in an HTML block, `|<how it ends>`. */
function decode(state: string): BlockState {
  const bar = state.indexOf('|');
  const htmlBar = state.indexOf('|', bar + 1);
  const flags = state.slice(bar + 1, htmlBar < 0 ? undefined : htmlBar);
  return {
    mode: state[0],
    arg: state.slice(1, bar),
    blank: flags.includes('b'),
    indentedCode: flags.includes('i'),
    inList: flags.includes('l'),
    paragraph: flags.includes('p'),
    destinationNext: flags.includes('d'),
    html: (htmlBar < 0 ? '' : state.slice(htmlBar + 1)) as HtmlBlockEnd,
  };
}

function encode(s: BlockState): string {
  const flags = `${s.blank ? 'b' : ''}${s.indentedCode ? 'i' : ''}${s.inList ? 'l' : ''}${s.paragraph ? 'p' : ''}${s.destinationNext ? 'd' : ''}`;
  return `${s.mode}${s.arg}|${flags}${s.html === '' ? '' : `|${s.html}`}`;
}

const NOTHING: readonly never[] = Object.freeze([]);

function inlineModeOf(s: Readonly<BlockState>): InlineMode {
  switch (s.mode) {
    case 'C':
      return { kind: 'comment', close: s.arg === '*/}' ? '*/}' : '-->' };
    case 'R':
      return { kind: 'raw', name: s.arg };
    case 'G':
      return { kind: 'tag', name: s.arg };
    case 'K':
      return { kind: 'code', name: s.arg };
    default:
      return { kind: 'text' };
  }
}

function withInlineMode(s: Readonly<BlockState>, mode: InlineMode): Readonly<BlockState> {
  switch (mode.kind) {
    case 'text':
      return s.mode === 'T' && s.arg === '' ? s : { ...s, mode: 'T', arg: '' };
    case 'comment':
      return { ...s, mode: 'C', arg: mode.close };
    case 'raw':
      return { ...s, mode: 'R', arg: mode.name };
    case 'tag':
      return { ...s, mode: 'G', arg: mode.name };
    case 'code':
      return { ...s, mode: 'K', arg: mode.name };
  }
}

function result(
  text: string,
  stateIn: string,
  out: BlockState,
  kind: LineKind,
  links: readonly LineLink[] = NO_LINKS,
): LineScan {
  // No paragraph goes on after such a line (blank, code, fence, front matter), nor a definition.
  const next = out.paragraph || out.destinationNext ? { ...out, paragraph: false, destinationNext: false } : out;
  return { text, stateIn, stateOut: encode(next), kind, links, ignoreMarks: NOTHING, tagParts: NOTHING };
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
    const paragraph = { ...s, inList: s.inList && !s.blank, blank: false, indentedCode: false };
    return inlinePart(text, language, stateIn, paragraph, false, reader);
  }
  const body = text.endsWith('\r') ? text.slice(0, -1) : text;
  const isBlank = body.trim() === '';
  if (s.mode === 'S') {
    if (body === '---' || body === '+++') {
      return result(text, stateIn, { ...s, mode: body === '---' ? 'Y' : 'O', arg: '' }, 'front-matter');
    }
    s = { ...s, mode: 'T', arg: '' };
  }
  if (s.mode === 'Y' || s.mode === 'O') {
    const closes = s.mode === 'Y' ? /^(?:---|\.\.\.)[ \t]*$/.test(body) : /^\+\+\+[ \t]*$/.test(body);
    const links = closes ? NO_LINKS : frontMatterLinks(text, reader.urls);
    const scan = result(text, stateIn, closes ? { ...s, mode: 'T', blank: true } : s, 'front-matter', links);
    return body.trim() === FRONT_MATTER_IGNORE_NEXT ? { ...scan, ignoreMarks: [text.length] } : scan;
  }
  if (s.mode === 'F') {
    const fence = FENCE.exec(body);
    const closes =
      fence !== null && fence[1][0] === s.arg[0] && fence[1].length >= Number(s.arg.slice(1)) && fence[2].trim() === '';
    return result(text, stateIn, closes ? { ...s, mode: 'T', arg: '', blank: false } : s, 'code');
  }
  if (s.html !== '') {
    // A line of Markdown's HTML block: a blank line ends a block of kind 6 or 7.
    if (s.html === 'b' && isBlank) {
      return result(text, stateIn, { ...s, mode: 'T', arg: '', html: '', blank: true, indentedCode: false }, 'blank');
    }
    return inlinePart(text, language, stateIn, s, isBlank, reader);
  }
  if (language !== 'html' && s.mode === 'T') {
    if (isBlank) {
      return result(text, stateIn, { ...s, blank: true, indentedCode: false }, 'blank');
    }
    const indent = indentOf(body);
    if (indent >= 4 && (s.blank || s.indentedCode) && !s.inList) {
      return result(text, stateIn, { ...s, blank: false, indentedCode: true }, 'code');
    }
    const fence = FENCE.exec(body);
    if (fence !== null && !(fence[1][0] === '`' && fence[2].includes('`'))) {
      const arg = `${fence[1][0]}${fence[1].length}`;
      return result(text, stateIn, { ...s, mode: 'F', arg, blank: false, indentedCode: false }, 'code');
    }
    const html = language === 'markdown' && indent < 4 ? htmlBlockStart(body.trimStart(), s.paragraph) : '';
    if (html !== '') {
      return inlinePart(text, language, stateIn, { ...s, html, blank: false, indentedCode: false }, false, reader);
    }
    const listItem = LIST_ITEM.test(body);
    s = { ...s, inList: listItem || (s.inList && !(s.blank && indent < 2)), blank: false, indentedCode: false };
  } else if (language !== 'html' && isBlank && s.mode === 'G') {
    // Markdown ends an open tag at a blank line (it was text after all).
    return result(text, stateIn, { ...s, mode: 'T', arg: '', blank: true, indentedCode: false }, 'blank');
  } else if (language !== 'html') {
    s = { ...s, blank: isBlank && s.mode === 'T', indentedCode: false };
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
      return { ...out, mode: 'T', arg: '', html: '', paragraph: false, destinationNext: false };
    }
    return out.paragraph || out.destinationNext ? { ...out, paragraph: false, destinationNext: false } : out;
  }
  // A definition (of any address, not only http ones) cannot interrupt a paragraph, nor is it one.
  const empty = isBlank || EMPTY_QUOTE.test(text);
  const definition = !empty && !s.paragraph && (kind === 'definition' || LABEL.test(text));
  const destinationNext = definition && LABEL_ALONE.test(text);
  const paragraph = !empty && !definition && !ENDS_PARAGRAPH.test(text);
  return out.paragraph === paragraph && out.destinationNext === destinationNext
    ? out
    : { ...out, paragraph, destinationNext };
}
