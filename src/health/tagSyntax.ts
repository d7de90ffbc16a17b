/**
 * How a tag reads on its line: where it ends, its `rel` attribute, and whether Markdown reads it as a tag
 * at all (CommonMark's raw HTML is stricter than a browser: `<T (` in prose is text).
 */

export interface RelAttribute {
  /** The value's range in the line (without quotes). */
  start: number;
  end: number;
  value: string;
  /** How the value is written: quoted, unquoted or an MDX expression (`{...}`). */
  quote: '"' | "'" | '' | '{';
}

/** Just after the `>` that ends a tag whose attributes start at `from`; quotes and `{...}` are skipped; -1 at the line's end. */
export function tagEnd(line: string, from: number): number {
  for (let at = from; at < line.length; at++) {
    const code = line.charCodeAt(at);
    if (code === 0x3e /* > */) {
      return at + 1;
    }
    if (code === 0x22 /* " */ || code === 0x27 /* ' */ || code === 0x7b /* { */) {
      const close = line.indexOf(code === 0x7b ? '}' : line[at], at + 1);
      if (close < 0) {
        return -1;
      }
      at = close;
    }
  }
  return -1;
}

const ATTRIBUTE_NAME = String.raw`[A-Za-z_:][A-Za-z0-9_.:-]*`;
/** An attribute as CommonMark reads one in raw HTML: a blank, a name, maybe a value. */
const ATTRIBUTE = String.raw`[ \t]+${ATTRIBUTE_NAME}(?:[ \t]*=[ \t]*(?:[^ \t"'=<>\x60]+|'[^']*'|"[^"]*"))?`;
/** After a Markdown open tag's name, its attributes and end as CommonMark reads them (6.6), on the line. */
export const MARKDOWN_TAG_REST = String.raw`(?:${ATTRIBUTE})*[ \t]*\/?>`;
/** The same cut off by the line's end, a value's quote maybe open: the tag goes on to the next line. */
export const MARKDOWN_TAG_OPEN = String.raw`(?:${ATTRIBUTE})*(?:[ \t]+${ATTRIBUTE_NAME}(?:[ \t]*=[ \t]*(?:"[^"]*|'[^']*)?)?)?[ \t]*\r?$`;

/**
 * Whether an open tag whose name ends at `nameEnd` is one for CommonMark: attributes of its syntax, then
 * `>` or `/>`, or the line's end (the tag may go on). `rest` and `open` are a reader's sticky regexes of
 * MARKDOWN_TAG_REST and MARKDOWN_TAG_OPEN. HTML and MDX read tags as leniently as browsers and JSX do.
 */
export function markdownTag(line: string, nameEnd: number, rest: RegExp, open: RegExp): boolean {
  rest.lastIndex = nameEnd;
  if (rest.test(line)) {
    return true;
  }
  open.lastIndex = nameEnd;
  return open.test(line);
}

export const REL = String.raw`(?<![\w:-])rel[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}|([^\s"'=<>\x60{}/]+))`;

/** The `rel` attribute inside line[from, to), if any; `rel` is a reader's regex of `REL`. */
export function relOf(line: string, from: number, to: number, rel: RegExp): RelAttribute | undefined {
  rel.lastIndex = from;
  const match = rel.exec(line.slice(0, to));
  if (!match) {
    return undefined;
  }
  const group = match[1] !== undefined ? 1 : match[2] !== undefined ? 2 : match[3] !== undefined ? 3 : 4;
  const value = match[group];
  const quote = group === 1 ? '"' : group === 2 ? "'" : group === 3 ? '{' : '';
  const end = match.index + match[0].length - (quote === '' ? 0 : 1);
  return { start: end - value.length, end, value, quote };
}
