/**
 * One line read on its own from the state it starts in (front matter, fence, indented code, comment,
 * raw element, open tag): its links and their kind, ignore comments, and the next line's state.
 */
import { findUrls, UrlScanner, type TextSpan, type UrlContext } from '../links/urlFinder';
import { decodeAttribute, targetOf } from '../links/urlReplacement';
import { FRONT_MATTER_IGNORE_NEXT, type HealthLanguage } from './healthCodes';
import { inlineRegions, type InlineMode, type LineTag } from './inlineRegions';

/**
 * What a URL is in its document: a Markdown `inline` link, reference `definition`, `image`,
 * `autolink` or `bare` URL (GFM makes it a link); an `anchor` (`href` of `<a>` or `<area>`);
 * another tag's `attribute`; `text` that is no link (a URL in HTML text); or `front-matter`.
 */
export type LinkKind =
  | 'inline'
  | 'definition'
  | 'image'
  | 'autolink'
  | 'bare'
  | 'anchor'
  | 'attribute'
  | 'text'
  | 'front-matter';

export interface LineLink {
  /** The URL as written, and its UTF-16 range in the line. */
  url: string;
  start: number;
  end: number;
  /** The address it stands for (character references decoded in an attribute). */
  target: string;
  context: UrlContext;
  kind: LinkKind;
  /** Where the link's construct starts in the line (`[`, `!`, `<`, the URL); -1 when on an earlier line. */
  constructStart: number;
  /** The tag the URL stands in (anchor, attribute). */
  tag: LineTag | undefined;
}

/** What kind of line it is, for the fixes that insert lines. */
export type LineKind = 'blank' | 'text' | 'code' | 'front-matter' | 'definition';

export interface LineScan {
  text: string;
  stateIn: string;
  stateOut: string;
  kind: LineKind;
  links: LineLink[];
  /** Offsets just after each comment that ignores the next link. */
  ignoreMarks: number[];
  /** The parts of tags that run over a line break (start or end -1), in order. */
  tagParts: LineTag[];
}

/** The state of a document's first line. */
export const DOCUMENT_START = 'S|b';

interface BlockState {
  /** S start, Y/O YAML/TOML front matter, F fence, T text, C comment, R raw element, G open tag. */
  mode: string;
  /** The fence (char and length), the comment's close, the element's name. */
  arg: string;
  blank: boolean;
  indentedCode: boolean;
  inList: boolean;
}

function decode(state: string): BlockState {
  const bar = state.lastIndexOf('|');
  const flags = state.slice(bar + 1);
  return {
    mode: state[0],
    arg: state.slice(1, bar),
    blank: flags.includes('b'),
    indentedCode: flags.includes('i'),
    inList: flags.includes('l'),
  };
}

function encode(s: BlockState): string {
  return `${s.mode}${s.arg}|${s.blank ? 'b' : ''}${s.indentedCode ? 'i' : ''}${s.inList ? 'l' : ''}`;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const DEFINITION_PREFIX = /^[ \t>]*\[(?!\^)(?:[^[\]\\\n\r]|\\.)+\]:[ \t]*<?$/;

function indentOf(line: string): number {
  let columns = 0;
  for (const char of line) {
    if (char === ' ') {
      columns++;
    } else if (char === '\t') {
      columns += 4 - (columns % 4);
    } else {
      break;
    }
  }
  return columns;
}

function inlineModeOf(s: BlockState): InlineMode {
  switch (s.mode) {
    case 'C':
      return { kind: 'comment', close: s.arg === '*/}' ? '*/}' : '-->' };
    case 'R':
      return { kind: 'raw', name: s.arg };
    case 'G':
      return { kind: 'tag', name: s.arg };
    default:
      return { kind: 'text' };
  }
}

function withInlineMode(s: BlockState, mode: InlineMode): BlockState {
  switch (mode.kind) {
    case 'text':
      return { ...s, mode: 'T', arg: '' };
    case 'comment':
      return { ...s, mode: 'C', arg: mode.close };
    case 'raw':
      return { ...s, mode: 'R', arg: mode.name };
    case 'tag':
      return { ...s, mode: 'G', arg: mode.name };
  }
}

function result(text: string, stateIn: string, out: BlockState, kind: LineKind, links: LineLink[] = []): LineScan {
  return { text, stateIn, stateOut: encode(out), kind, links, ignoreMarks: [], tagParts: [] };
}

/**
 * Reads one line (without its `\n`; a trailing `\r` is allowed) that starts in `stateIn`. A reader of a
 * document's lines passes one `urls` scanner for them all.
 */
export function scanLine(
  text: string,
  language: HealthLanguage,
  stateIn: string,
  urls: UrlScanner = new UrlScanner(),
): LineScan {
  let s = decode(stateIn);
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
    const links = closes ? [] : frontMatterLinks(text, urls);
    const scan = result(text, stateIn, closes ? { ...s, mode: 'T', blank: true } : s, 'front-matter', links);
    if (body.trim() === FRONT_MATTER_IGNORE_NEXT) {
      scan.ignoreMarks.push(text.length);
    }
    return scan;
  }
  if (s.mode === 'F') {
    const fence = FENCE.exec(body);
    const closes =
      fence !== null && fence[1][0] === s.arg[0] && fence[1].length >= Number(s.arg.slice(1)) && fence[2].trim() === '';
    return result(text, stateIn, closes ? { ...s, mode: 'T', arg: '', blank: false } : s, 'code');
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
    const listItem = LIST_ITEM.test(body);
    s = { ...s, inList: listItem || (s.inList && !(s.blank && indent < 2)), blank: false, indentedCode: false };
  } else if (language !== 'html' && isBlank && s.mode === 'G') {
    // Markdown ends an open tag at a blank line (it was text after all).
    return result(text, stateIn, { ...s, mode: 'T', arg: '', blank: true, indentedCode: false }, 'blank');
  } else if (language !== 'html') {
    s = { ...s, blank: isBlank && s.mode === 'T', indentedCode: false };
  }
  const regions = inlineRegions(text, language, inlineModeOf(s));
  const links = classify(text, language, regions.excluded, regions.tags, urls);
  const out = withInlineMode(s, regions.modeOut);
  const kind: LineKind =
    isBlank && s.mode === 'T' ? 'blank' : links.some((link) => link.kind === 'definition') ? 'definition' : 'text';
  const tagParts = regions.tags.filter((tag) => tag.start < 0 || tag.end < 0);
  return { text, stateIn, stateOut: encode(out), kind, links, ignoreMarks: regions.ignoreMarks, tagParts };
}

function frontMatterLinks(text: string, urls: UrlScanner): LineLink[] {
  return findUrls(text, undefined, urls).map((found) => ({
    ...found,
    target: found.url,
    kind: 'front-matter' as const,
    // The construct is the line (a YAML or TOML entry): a comment above ignores all its URLs.
    constructStart: 0,
    tag: undefined,
  }));
}

/** The parts of the line outside the excluded ranges (which come in order and do not overlap). */
function textSpans(length: number, excluded: readonly TextSpan[]): TextSpan[] | undefined {
  if (excluded.length === 0) {
    return undefined;
  }
  const spans: TextSpan[] = [];
  let at = 0;
  for (const range of excluded) {
    if (range.start > at) {
      spans.push({ start: at, end: range.start });
    }
    at = Math.max(at, range.end);
  }
  if (at < length) {
    spans.push({ start: at, end: length });
  }
  return spans;
}

function classify(
  text: string,
  language: HealthLanguage,
  excluded: TextSpan[],
  tags: LineTag[],
  urls: UrlScanner,
): LineLink[] {
  if (!text.includes('://')) {
    return [];
  }
  const links: LineLink[] = [];
  for (const found of findUrls(text, textSpans(text.length, excluded), urls)) {
    const tag = tags.find((t) => t.start <= found.start && (t.end < 0 || found.end <= t.end));
    let kind: LinkKind;
    let constructStart = found.start;
    if (tag !== undefined) {
      kind = found.context === 'href' && (tag.name === 'a' || tag.name === 'area') ? 'anchor' : 'attribute';
      constructStart = tag.start;
    } else if (language === 'html' || found.context === 'href') {
      kind = 'text';
      constructStart = found.context === 'href' ? text.toLowerCase().lastIndexOf('href', found.start) : found.start;
    } else if (found.context === 'autolink') {
      kind = 'autolink';
      constructStart = found.start - 1;
    } else if (found.context === 'bare') {
      kind = 'bare';
    } else if (DEFINITION_PREFIX.test(text.slice(0, found.start))) {
      kind = 'definition';
      constructStart = 0;
    } else {
      const open = linkTextOpen(text, text.lastIndexOf('](', found.start));
      const image = open > 0 && text[open - 1] === '!' && !isEscaped(text, open - 1);
      kind = image ? 'image' : 'inline';
      constructStart = open < 0 ? found.start : image ? open - 1 : open;
    }
    // In HTML (an attribute, or text) character references stand for what they mean.
    const html = kind === 'anchor' || kind === 'attribute' || kind === 'text';
    // A literal of one shape (a spread of `found` costs a copy through the runtime for every link of a site).
    links.push({
      url: found.url,
      start: found.start,
      end: found.end,
      target: html ? decodeAttribute(found.url) : targetOf(found),
      context: found.context,
      kind,
      constructStart,
      tag,
    });
  }
  return links;
}

function isEscaped(text: string, at: number): boolean {
  let slashes = 0;
  for (let i = at - 1; i >= 0 && text[i] === '\\'; i--) {
    slashes++;
  }
  return slashes % 2 === 1;
}

/** The `[` that opens the link text closed by the `]` at `close`, or -1. */
function linkTextOpen(text: string, close: number): number {
  let depth = 0;
  for (let i = close - 1; i >= 0; i--) {
    const char = text[i];
    if ((char !== '[' && char !== ']') || isEscaped(text, i)) {
      continue;
    }
    if (char === ']') {
      depth++;
    } else if (depth === 0) {
      return i;
    } else {
      depth--;
    }
  }
  return -1;
}
