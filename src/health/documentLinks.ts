/**
 * A document's links, read line by line with the lines' results reused: a line whose text and
 * starting state (code fence, comment, front matter, ...) did not change since the last scan is
 * not read again, so an edit costs the lines it changed plus a walk over the others' states.
 */
import { healthLanguageOf, type HealthLanguage } from './healthCodes';
import type { RelAttribute } from './inlineRegions';
import { DOCUMENT_START, LineReader, scanLine, type LineKind, type LineLink, type LineScan } from './lineScan';

/** A tag in the document: offsets into the text; `start`/`end` -1 when the tag is cut off by the end of the text. */
export interface DocumentTag {
  name: string;
  start: number;
  end: number;
  /** Just after the tag name: where an attribute can be inserted. */
  nameEnd: number;
  rel: RelAttribute | undefined;
}

/** A line's link placed in the document: `start`, `end` and `constructStart` are offsets into the whole text. */
export interface DocumentLink extends Omit<LineLink, 'tag'> {
  /** 0-based line. */
  line: number;
  tag: DocumentTag | undefined;
  /** A comment before it ignores it. */
  ignoredByComment: boolean;
}

export interface DocumentLinks {
  text: string;
  language: HealthLanguage;
  links: DocumentLink[];
  /** Per line: its kind and where it starts in the text. */
  lineKinds: LineKind[];
  lineStarts: number[];
  /** Per line: the state it starts in (see lineScan.ts), which a fix re-reads its line with. */
  lineStates: string[];
  /** Where the text after the front matter starts (0 without front matter). */
  bodyStart: number;
}

/** Reads documents of one language, keeping each line's result for the next scan. */
export class DocumentLinkScanner {
  readonly language: HealthLanguage;
  /** Line text → its results, one per starting state it was read in (almost always one). */
  private cache = new Map<string, LineScan[]>();
  /** The lines of the last scan, in order. */
  private previous: LineScan[] = [];
  private readonly reader = new LineReader();

  constructor(languageId: string) {
    this.language = healthLanguageOf(languageId);
  }

  scan(text: string): DocumentLinks {
    return assemble(text, this.language, this.scanLines(text));
  }

  /**
   * The lines' results alone, without the document's offsets: a line that did not change (and
   * starts in the same state) keeps its very object, so a reader may keep what it made of it.
   */
  scanLines(text: string): readonly LineScan[] {
    const lines = text.split('\n');
    const previous = this.previous;
    const scans: LineScan[] = new Array(lines.length);
    // Lines before and after the edit are compared with the last scan's, in place: cheaper
    // than looking each line up (hashing every line of a long document costs milliseconds).
    let same = 0;
    while (same < lines.length && same < previous.length && lines[same] === previous[same].text) {
      same++;
    }
    let sameAtEnd = 0;
    while (
      sameAtEnd < lines.length - same &&
      sameAtEnd < previous.length - same &&
      lines[lines.length - 1 - sameAtEnd] === previous[previous.length - 1 - sameAtEnd].text
    ) {
      sameAtEnd++;
    }
    const shift = previous.length - lines.length;
    let state = DOCUMENT_START;
    for (let i = 0; i < lines.length; i++) {
      const known = i < same ? previous[i] : i >= lines.length - sameAtEnd ? previous[i + shift] : undefined;
      const scan = known !== undefined && known.stateIn === state ? known : this.lineScan(lines[i], state);
      scans[i] = scan;
      state = scan.stateOut;
    }
    this.previous = scans;
    if (this.cache.size > 2 * lines.length + 256) {
      this.cache = new Map();
      for (const scan of scans) {
        this.remember(scan);
      }
    }
    return scans;
  }

  private lineScan(line: string, state: string): LineScan {
    const known = this.cache.get(line);
    if (known !== undefined) {
      for (const scan of known) {
        if (scan.stateIn === state) {
          return scan;
        }
      }
    }
    const scan = scanLine(line, this.language, state, this.reader);
    this.remember(scan);
    return scan;
  }

  private remember(scan: LineScan): void {
    const known = this.cache.get(scan.text);
    if (known === undefined) {
      this.cache.set(scan.text, [scan]);
    } else if (!known.includes(scan)) {
      // Keep the last few states a line was read in.
      known.unshift(scan);
      known.length = Math.min(known.length, 3);
    }
  }
}

/**
 * The document's links at once, without reuse: what the scanner must always equal. A reader of many
 * documents (one after another) passes one `reader` for them all.
 */
export function documentLinks(text: string, languageId: string, reader: LineReader = new LineReader()): DocumentLinks {
  // Read once (a closed file of the site): no line is kept for a next scan, so none is looked up or remembered.
  const language = healthLanguageOf(languageId);
  const lines = text.split('\n');
  const scans: LineScan[] = new Array(lines.length);
  let state = DOCUMENT_START;
  for (let i = 0; i < lines.length; i++) {
    const scan = scanLine(lines[i], language, state, reader);
    scans[i] = scan;
    state = scan.stateOut;
  }
  return assemble(text, language, scans);
}

function assemble(text: string, language: HealthLanguage, scans: readonly LineScan[]): DocumentLinks {
  const links: DocumentLink[] = [];
  const lineKinds: LineKind[] = new Array(scans.length);
  const lineStarts: number[] = new Array(scans.length);
  const lineStates: string[] = new Array(scans.length);
  let bodyStart = 0;
  let lineStart = 0;
  let pendingIgnore = false;
  let ignoredConstruct = -1;
  for (let i = 0; i < scans.length; i++) {
    const scan = scans[i];
    lineKinds[i] = scan.kind;
    lineStarts[i] = lineStart;
    lineStates[i] = scan.stateIn;
    if (scan.kind === 'front-matter') {
      bodyStart = lineStart + scan.text.length + 1;
    }
    let mark = 0;
    for (const link of scan.links) {
      while (mark < scan.ignoreMarks.length && scan.ignoreMarks[mark] <= link.start) {
        pendingIgnore = true;
        mark++;
      }
      const found = documentLink(scans, i, lineStart, link, pendingIgnore);
      // The comment ignores the next link's construct: all the URLs of one tag.
      if (pendingIgnore) {
        ignoredConstruct = found.constructStart;
      } else if (found.constructStart >= 0 && found.constructStart === ignoredConstruct) {
        found.ignoredByComment = true;
      }
      links.push(found);
      pendingIgnore = false;
    }
    pendingIgnore ||= mark < scan.ignoreMarks.length;
    lineStart += scan.text.length + 1;
  }
  return { text, language, links, lineKinds, lineStarts, lineStates, bodyStart: Math.min(bodyStart, text.length) };
}

function documentLink(scans: readonly LineScan[], line: number, lineStart: number, link: LineLink, ignored: boolean) {
  const { url, target, context, kind } = link;
  let constructStart = link.constructStart < 0 ? -1 : lineStart + link.constructStart;
  let tag: DocumentTag | undefined;
  if (link.tag !== undefined) {
    tag = tagOf(scans, line, lineStart, link.tag);
    constructStart = tag.start;
  }
  const start = lineStart + link.start;
  return {
    url,
    start,
    end: lineStart + link.end,
    target,
    context,
    kind,
    line,
    constructStart,
    tag,
    ignoredByComment: ignored,
  };
}

/** A tag with absolute offsets, its parts on other lines joined (a tag over several lines). */
function tagOf(
  scans: readonly LineScan[],
  line: number,
  lineStart: number,
  part: LineLink['tag'] & object,
): DocumentTag {
  const shift = (offset: number, base: number) => (offset < 0 ? -1 : base + offset);
  const shiftRel = (rel: RelAttribute | undefined, base: number) =>
    rel && { ...rel, start: base + rel.start, end: base + rel.end };
  const tag: DocumentTag = {
    name: part.name,
    start: shift(part.start, lineStart),
    end: shift(part.end, lineStart),
    nameEnd: shift(part.nameEnd, lineStart),
    rel: shiftRel(part.rel, lineStart),
  };
  // Backwards to the line where the tag opened.
  for (let i = line - 1, base = lineStart, open = part.start < 0; open && i >= 0; i--) {
    base -= scans[i].text.length + 1;
    const previous = scans[i].tagParts.at(-1);
    if (previous === undefined || previous.end >= 0) {
      break;
    }
    tag.rel ??= shiftRel(previous.rel, base);
    tag.start = shift(previous.start, base);
    tag.nameEnd = shift(previous.nameEnd, base);
    open = previous.start < 0;
  }
  // Forwards to the line where it closes.
  for (
    let i = line + 1, base = lineStart + scans[line].text.length + 1, open = part.end < 0;
    open && i < scans.length;
    i++
  ) {
    const next = scans[i].tagParts[0];
    if (next === undefined || next.start >= 0) {
      break;
    }
    tag.rel ??= shiftRel(next.rel, base);
    tag.end = shift(next.end, base);
    open = next.end < 0;
    base += scans[i].text.length + 1;
  }
  return tag;
}
