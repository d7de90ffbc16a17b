/**
 * A line's URLs as links of the document: what each is (an inline link, a reference definition, an
 * anchor's `href`, ...), where its construct starts, and the address it stands for.
 */
import { findUrls, type TextSpan, type UrlContext, type UrlScanner } from '../links/urlFinder';
import { decodeAttribute } from '../links/urlDecoding';
import { targetOf } from '../links/urlReplacement';
import { isEscaped, linkTextOpen } from '../links/urlShape';
import type { HealthLanguage } from './healthCodes';
import type { LineTag } from './inlineRegions';

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

/** What a line without a URL holds (shared: never written to). */
export const NO_LINKS: readonly LineLink[] = Object.freeze([]);

const DEFINITION_PREFIX = /^[ \t>]*\[(?!\^)(?:[^[\]\\\n\r]|\\.)+\]:[ \t]*<?$/;
/** What may stand before a definition's destination on the line after its label. */
const DESTINATION_PREFIX = /^[ \t>]*<?$/;

/** Whether the line goes on with `[` after its blockquote marks and blanks: a reference definition may. */
function opensWithBracket(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x09 && code !== 0x3e) {
      return code === 0x5b;
    }
  }
  return false;
}

/** The URLs of a line of front matter: its entry is the link's construct. */
export function frontMatterLinks(text: string, urls: UrlScanner): LineLink[] {
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

/**
 * The URLs of a line outside its `excluded` ranges, as links. In Markdown, `paragraph` says a paragraph
 * goes on (a definition cannot interrupt it) and `destinationFirst` that the line before was a
 * definition's label alone (its destination may open this line).
 */
export function lineLinks(
  text: string,
  language: HealthLanguage,
  excluded: TextSpan[],
  tags: LineTag[],
  urls: UrlScanner,
  paragraph = false,
  destinationFirst = false,
): readonly LineLink[] {
  if (!text.includes('://')) {
    return NO_LINKS;
  }
  const links: LineLink[] = [];
  const markdown = language !== 'html';
  for (const found of findUrls(text, textSpans(text.length, excluded), urls, markdown && destinationFirst)) {
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
    } else if (destinationFirst && links.length === 0 && DESTINATION_PREFIX.test(text.slice(0, found.start))) {
      kind = 'definition';
      constructStart = -1; // the definition opened on the line before
    } else if (opensWithBracket(text) && DEFINITION_PREFIX.test(text.slice(0, found.start))) {
      // A definition cannot interrupt a paragraph: there it is words, and its URL a bare one.
      kind = paragraph ? 'bare' : 'definition';
      constructStart = paragraph ? found.start : 0;
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
