/**
 * A new address in a link's place, escaped for where the link stands (HTML or JSX attribute, Markdown
 * destination, autolink, bare URL, MDX) and checked by reading the line again with it.
 */
import { replacementFor } from '../links/urlReplacement';
import type { DocumentLink, DocumentLinks } from './documentLinks';
import { scanLine } from './lineScan';

export interface TextEdit {
  /** UTF-16 offsets into the document's text; end exclusive. */
  start: number;
  end: number;
  newText: string;
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    depth += char === '(' ? 1 : char === ')' ? -1 : 0;
    if (depth < 0) {
      return false;
    }
  }
  return depth === 0;
}

/** The text for `address` in the link's place (not yet checked). */
const isHtml = (link: DocumentLink) => link.context === 'href' || link.kind === 'attribute' || link.kind === 'text';

export function writtenFor(doc: DocumentLinks, link: DocumentLink, address: string): string {
  if (isHtml(link)) {
    // An attribute (HTML, or JSX in MDX) or HTML text: character references.
    return replacementFor({ ...link, context: 'href' }, address);
  }
  // Markdown: what would end the URL or be read as Markdown or MDX syntax is percent-encoded.
  let written = address.replace(/[\u0000-\u0020\u007f\\`<>"]/g, (c) => encodeURIComponent(c));
  if (doc.language === 'mdx') {
    written = written.replace(/[{}]/g, (c) => encodeURIComponent(c));
  }
  if (link.context === 'markdown-link' && !balanced(written)) {
    written = written.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));
  }
  return written;
}

/**
 * The edit that puts `address` in the link's place, or undefined when the line, read again,
 * would not hold it as the same kind of link at the same place.
 */
export function replaceLink(doc: DocumentLinks, link: DocumentLink, address: string): TextEdit | undefined {
  const newText = writtenFor(doc, link, address);
  const lineStart = doc.lineStarts[link.line];
  const lineEnd = link.line + 1 < doc.lineStarts.length ? doc.lineStarts[link.line + 1] - 1 : doc.text.length;
  const line = doc.text.slice(lineStart, lineEnd);
  const start = link.start - lineStart;
  const changed = line.slice(0, start) + newText + line.slice(link.end - lineStart);
  const again = scanLine(changed, doc.language, doc.lineStates[link.line]);
  const found = again.links.find((l) => l.start === start);
  const same =
    found !== undefined &&
    found.end === start + newText.length &&
    found.kind === link.kind &&
    found.url === newText &&
    (!isHtml(link) || found.target === address) &&
    again.stateOut === scanLine(line, doc.language, doc.lineStates[link.line]).stateOut;
  return same ? { start: link.start, end: link.end, newText } : undefined;
}
