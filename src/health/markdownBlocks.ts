/**
 * What starts and ends Markdown's blocks, line by line (CommonMark 0.31): fences, list items, the lines
 * that end a paragraph, definitions' labels, and HTML blocks (4.6), whose text is raw HTML, never
 * Markdown: no renderer links a URL written in it, while its `<a href>` is a link.
 */

export const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
export const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
/** A line after which no paragraph goes on: an ATX heading, a thematic break or a setext underline. */
export const ENDS_PARAGRAPH =
  /^ {0,3}(?:#{1,6}(?:[ \t]|$)|(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}|(?:-[ \t]*){3,}|=+[ \t]*|-+[ \t]*)\r?$)/;
/** A block quote's line with nothing in it: it ends a paragraph as a blank line does. */
export const EMPTY_QUOTE = /^[ \t]*>[ \t>]*\r?$/;
/** A definition's label (its destination after it, any, or on the next line when it is alone). */
export const LABEL = /^[ \t>]*\[(?!\^)(?:[^[\]\\]|\\.)+\]:/;
export const LABEL_ALONE = /^[ \t>]*\[(?!\^)(?:[^[\]\\]|\\.)+\]:[ \t]*\r?$/;

export function indentOf(line: string): number {
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

/**
 * Whether a Markdown line starting with this character is a paragraph's text whatever came before:
 * printable ASCII that is no blank, indent, fence, list marker, front matter fence or HTML block's `<`.
 */
export function startsText(code: number): boolean {
  return (
    code > 0x20 &&
    code < 0x7f &&
    code !== 0x2d && // -
    code !== 0x2b && // +
    code !== 0x2a && // *
    code !== 0x60 && // `
    code !== 0x7e && // ~
    code !== 0x3c && // <
    !(code >= 0x30 && code <= 0x39)
  );
}

/**
 * How an open HTML block ends: `b` at a blank line (kinds 6 and 7), `1` to `5` at the line that holds
 * the end of its kind (`</pre>` and the other raw closings, `-->`, `?>`, `>`, `]]>`); '' for no block.
 */
export type HtmlBlockEnd = '' | 'b' | '1' | '2' | '3' | '4' | '5';

const KIND_1 = /^<(?:script|pre|style|textarea)(?=[ \t>]|$)/i;
const BLOCK_NAMES =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|' +
  'dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|' +
  'menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|' +
  'title|tr|track|ul';
const KIND_6 = new RegExp(String.raw`^</?(?:${BLOCK_NAMES})(?=[ \t>]|/>|$)`, 'i');
const ATTRIBUTE = String.raw`[ \t]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \t]*=[ \t]*(?:[^ \t"'=<>\x60]+|'[^']*'|"[^"]*"))?`;
/** A complete open or closing tag alone on its line (`<pre>` and the others of kind 1 are taken before). */
const KIND_7 = new RegExp(
  String.raw`^(?:<[A-Za-z][A-Za-z0-9-]*(?:${ATTRIBUTE})*[ \t]*/?>|</[A-Za-z][A-Za-z0-9-]*[ \t]*>)[ \t]*$`,
);
const ENDS: Readonly<Record<string, RegExp>> = {
  '1': /<\/(?:script|pre|style|textarea)>/i,
  '2': /-->/,
  '3': /\?>/,
  '4': />/,
  '5': /\]\]>/,
};

/**
 * The HTML block a line starts, if any: `line` is without its `\r`, indented at most 3 columns (by
 * spaces: a tab is 4). Kind 7 cannot interrupt a paragraph.
 */
export function htmlBlockStart(line: string, paragraph: boolean): HtmlBlockEnd {
  let at = 0;
  while (line.charCodeAt(at) === 0x20) {
    at++;
  }
  if (line.charCodeAt(at) !== 0x3c /* < */) {
    return '';
  }
  const text = at === 0 ? line : line.slice(at);
  if (KIND_1.test(text)) {
    return '1';
  }
  if (text.startsWith('<!--')) {
    return '2';
  }
  if (text.startsWith('<?')) {
    return '3';
  }
  if (text.startsWith('<![CDATA[')) {
    return '5';
  }
  if (/^<![A-Za-z]/.test(text)) {
    return '4';
  }
  if (KIND_6.test(text)) {
    return 'b';
  }
  return !paragraph && KIND_7.test(text) ? 'b' : '';
}

/** Whether the block of kind `end` (1 to 5) ends on this line (which may be its first). */
export function htmlBlockEnds(line: string, end: HtmlBlockEnd): boolean {
  const pattern = ENDS[end];
  return pattern !== undefined && pattern.test(line);
}
