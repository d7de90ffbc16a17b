/**
 * The fixes that add markup rather than change a link: `rel="sponsored"` merged into an `<a>`
 * tag, the disclosure snippet at the top of the article, and the comment that ignores a link.
 * Each is one edit (the fixes' property in test/unit/health/healthProperties.test.ts writes down what each may insert).
 */
import { FRONT_MATTER_IGNORE_NEXT, ignoreComment } from './healthCodes';
import type { DocumentLink, DocumentLinks } from './documentLinks';
import type { TextEdit } from './linkEscaping';
import type { RelAttribute } from './tagSyntax';

/** `rel="sponsored"` after the tag's name, or ` sponsored` added to its `rel` value. */
export function addRelSponsored(link: DocumentLink): TextEdit | undefined {
  const tag = link.tag;
  if (link.kind !== 'anchor' || tag === undefined) {
    return undefined;
  }
  const rel = tag.rel;
  if (rel === undefined) {
    return tag.nameEnd < 0 ? undefined : { start: tag.nameEnd, end: tag.nameEnd, newText: ' rel="sponsored"' };
  }
  if (rel.quote === '{') {
    return undefined;
  }
  if (rel.value.trim() === '') {
    return { start: rel.start, end: rel.end, newText: rel.quote === '' ? '"sponsored"' : 'sponsored' };
  }
  return rel.quote === ''
    ? { start: rel.start, end: rel.end, newText: `"${rel.value} sponsored"` }
    : { start: rel.end, end: rel.end, newText: ' sponsored' };
}

/**
 * The `sponsored` word taken out of an `<a>`'s `rel` (a link that no longer earns is no paid link), the other words
 * kept, and the attribute with its leading space when no word is left; undefined when the tag has no `sponsored`, or
 * its `rel` is an MDX expression.
 */
export function removeRelSponsored(text: string, link: DocumentLink): TextEdit | undefined {
  const rel = link.kind === 'anchor' ? link.tag?.rel : undefined;
  if (rel === undefined || rel.quote === '{') {
    return undefined;
  }
  const words = rel.value.split(/\s+/).filter((word) => word !== '');
  const kept = words.filter((word) => word.toLowerCase() !== 'sponsored');
  if (kept.length === words.length) {
    return undefined;
  }
  const value = kept.join(' ');
  const whole = kept.length === 0 ? relAttributeRange(text, rel) : undefined;
  if (whole !== undefined) {
    return { ...whole, newText: '' };
  }
  return { start: rel.start, end: rel.end, newText: rel.quote === '' && kept.length !== 1 ? `"${value}"` : value };
}

/** Where ` rel="…"` stands in `text`, from the white space before its name to its closing quote. */
function relAttributeRange(text: string, rel: RelAttribute): { start: number; end: number } | undefined {
  const quoted = rel.quote === '"' || rel.quote === "'";
  let at = rel.start - (quoted ? 1 : 0);
  while (at > 0 && /\s/.test(text[at - 1]!)) at--;
  if (text[at - 1] !== '=') {
    return undefined;
  }
  at--;
  while (at > 0 && /\s/.test(text[at - 1]!)) at--;
  if (text.slice(at - 3, at).toLowerCase() !== 'rel') {
    return undefined;
  }
  at -= 3;
  if (!/\s/.test(text[at - 1] ?? '')) {
    return undefined;
  }
  while (at > 0 && /\s/.test(text[at - 1]!)) at--;
  return { start: at, end: rel.end + (quoted ? 1 : 0) };
}

/**
 * The snippet at the top: after the front matter, or in HTML after the `<body>` tag when there
 * is one before the first link; followed by a blank line in Markdown and MDX.
 */
export function disclosureInsertion(doc: DocumentLinks, snippet: string): TextEdit {
  if (doc.language === 'html') {
    const body = /<body(?:\s[^>]*)?>/i.exec(doc.text.slice(doc.bodyStart));
    const first = doc.links[0]?.start ?? doc.text.length;
    if (body !== null && doc.bodyStart + body.index < first) {
      const at = doc.bodyStart + body.index + body[0].length;
      return { start: at, end: at, newText: `\n${snippet}` };
    }
    return { start: doc.bodyStart, end: doc.bodyStart, newText: `${snippet}\n` };
  }
  return { start: doc.bodyStart, end: doc.bodyStart, newText: `${snippet}\n\n` };
}

const SETEXT_OR_BREAK = /^ {0,3}(?:=+|-+|(?:[-*_][ \t]*){3,})[ \t]*$/;
const CONTAINER_PREFIX = /^[ \t>]*/;

/**
 * The comment that ignores the link, where it is read as a comment and the link stays a link:
 * in HTML and MDX just before the link's construct; in Markdown the same unless the construct
 * starts its line (a line starting with `<!--` is an HTML block, the link would be lost): then
 * at the end of the line before when that is text of the same block, else on a line of its own.
 * A reference definition always gets a line of its own (nothing may precede it on its line).
 */
export function ignoreLinkInsertion(doc: DocumentLinks, link: DocumentLink): TextEdit | undefined {
  const at = link.constructStart;
  if (at < 0) {
    return undefined;
  }
  const lineStart = doc.lineStarts[link.line];
  const before = doc.text.slice(lineStart, at);
  if (link.kind === 'front-matter') {
    const indent = /^[ \t]*/.exec(doc.text.slice(lineStart, link.start))![0];
    return { start: lineStart, end: lineStart, newText: `${indent}${FRONT_MATTER_IGNORE_NEXT}\n` };
  }
  const comment = ignoreComment(doc.language);
  const startsLine = before.replace(/^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)?/, '').trim() === '';
  if (link.kind !== 'definition' && (doc.language !== 'markdown' || !startsLine)) {
    return { start: at, end: at, newText: comment };
  }
  if (link.kind !== 'definition' && link.line > 0) {
    const previous = link.line - 1;
    const previousStart = doc.lineStarts[previous];
    const previousText = doc.text.slice(previousStart, lineStart - 1).replace(/\r$/, '');
    const previousEndsInText = doc.lineStates[link.line].startsWith('T');
    if (
      doc.lineKinds[previous] === 'text' &&
      previousEndsInText &&
      !SETEXT_OR_BREAK.test(previousText) &&
      !/\\$/.test(previousText.trimEnd())
    ) {
      const end = previousStart + previousText.trimEnd().length;
      return { start: end, end, newText: ` ${comment}` };
    }
  }
  // A line of its own, inside the same block quote and indentation.
  const prefix = CONTAINER_PREFIX.exec(before)![0];
  return { start: lineStart, end: lineStart, newText: `${prefix}${comment}\n` };
}
