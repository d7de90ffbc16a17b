/**
 * A line's block state (see lineScan.ts): what it holds, how it is written into the string a line's
 * scan keeps (`<mode><arg>|<flags>`, and `|<how it ends>` in an HTML block), and the inline mode it
 * stands for. Every state is made by `blockState`, so that all have one shape.
 */
import type { InlineMode } from './inlineRegions';
import type { HtmlBlockEnd } from './markdownBlocks';

export interface BlockState {
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

export function sameState(a: Readonly<BlockState>, b: Readonly<BlockState>): boolean {
  return (
    a === b ||
    (a.mode === b.mode &&
      a.arg === b.arg &&
      a.blank === b.blank &&
      a.indentedCode === b.indentedCode &&
      a.inList === b.inList &&
      a.paragraph === b.paragraph &&
      a.destinationNext === b.destinationNext &&
      a.html === b.html)
  );
}

/** `<mode><arg>|<flags>` and, in an HTML block, `|<how it ends>`. */
export function decode(state: string): BlockState {
  const bar = state.indexOf('|');
  const htmlBar = state.indexOf('|', bar + 1);
  const flags = state.slice(bar + 1, htmlBar < 0 ? undefined : htmlBar);
  return blockState(
    state[0],
    state.slice(1, bar),
    flags.includes('b'),
    flags.includes('i'),
    flags.includes('l'),
    flags.includes('p'),
    flags.includes('d'),
    (htmlBar < 0 ? '' : state.slice(htmlBar + 1)) as HtmlBlockEnd,
  );
}

/** Every state is made here, so that all have one shape (spreading states of several shapes is slow). */
export function blockState(
  mode: string,
  arg: string,
  blank: boolean,
  indentedCode: boolean,
  inList: boolean,
  paragraph: boolean,
  destinationNext: boolean,
  html: HtmlBlockEnd,
): BlockState {
  return { mode, arg, blank, indentedCode, inList, paragraph, destinationNext, html };
}

/** `s` in another inline mode. */
export function inMode(s: Readonly<BlockState>, mode: string, arg: string): BlockState {
  return blockState(mode, arg, s.blank, s.indentedCode, s.inList, s.paragraph, s.destinationNext, s.html);
}

/** `s` on a line after which no paragraph goes on (blank, code, fence, front matter), in `mode`. */
export function closed(
  s: Readonly<BlockState>,
  mode: string,
  arg: string,
  blank: boolean,
  indentedCode: boolean,
): BlockState {
  return blockState(mode, arg, blank, indentedCode, s.inList, false, false, s.html);
}

export function encode(s: BlockState): string {
  const flags = `${s.blank ? 'b' : ''}${s.indentedCode ? 'i' : ''}${s.inList ? 'l' : ''}${s.paragraph ? 'p' : ''}${s.destinationNext ? 'd' : ''}`;
  return `${s.mode}${s.arg}|${flags}${s.html === '' ? '' : `|${s.html}`}`;
}

export function inlineModeOf(s: Readonly<BlockState>): InlineMode {
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

export function withInlineMode(s: Readonly<BlockState>, mode: InlineMode): Readonly<BlockState> {
  switch (mode.kind) {
    case 'text':
      return s.mode === 'T' && s.arg === '' ? s : inMode(s, 'T', '');
    case 'comment':
      return inMode(s, 'C', mode.close);
    case 'raw':
      return inMode(s, 'R', mode.name);
    case 'tag':
      return inMode(s, 'G', mode.name);
    case 'code':
      return inMode(s, 'K', mode.name);
  }
}
