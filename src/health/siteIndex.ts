/**
 * The site's link index: per file (by path) its size, mtime and what the rules read of its links, so a
 * file that is not open is checked again, after a catalog or settings change, without being read.
 */
import type { UrlContext } from '../links/urlFinder';
import type { DocumentLink, DocumentLinks } from './documentLinks';
import type { HealthLanguage } from './healthCodes';
import type { RelAttribute } from './inlineRegions';
import type { LinkKind } from './lineScan';

/** What the rules read of one link; offsets into the file's text as it was read. */
export interface IndexedLink {
  target: string;
  start: number;
  end: number;
  /** 0-based line and UTF-16 column of `start`. */
  line: number;
  column: number;
  kind: LinkKind;
  context: UrlContext;
  constructStart: number;
  ignoredByComment: boolean;
  /** Whether the link stands in a tag, and that tag's `rel` (value and quoting) when it has one. */
  inTag: boolean;
  rel: Pick<RelAttribute, 'value' | 'quote'> | undefined;
}

export interface IndexedFile {
  /** The file's path (or URI), the index's key. */
  path: string;
  size: number;
  mtime: number;
  language: HealthLanguage;
  links: IndexedLink[];
  /** Where the first disclosure phrase ends in the text, -1 without one (LinkHealthRules.disclosureEnd). */
  disclosureEnd: number;
  /** The front matter's values that the SubID template reads, when it reads any (a closed file's SubID). */
  frontMatter?: Readonly<Record<string, string>>;
}

/** What an entry keeps of a file's text besides its links. */
export interface SiteTextReader {
  /** Where the first disclosure phrase ends (the rules' `disclosureEnd`). */
  disclosureEnd(text: string): number;
  /** The front matter's values an entry keeps (the SubID template's keys), if any. */
  frontMatter?(text: string): Readonly<Record<string, string>> | undefined;
}

/** What the index keeps of a file whose text `text` was read as `doc`. */
export function indexedTextOf(
  path: string,
  stat: { size: number; mtime: number },
  doc: DocumentLinks,
  text: string,
  reader: SiteTextReader,
): IndexedFile {
  return indexedFileOf(path, stat, doc, reader.disclosureEnd(text), reader.frontMatter?.(text));
}

/** What the index keeps of a file read as `doc`. */
export function indexedFileOf(
  path: string,
  stat: { size: number; mtime: number },
  doc: DocumentLinks,
  disclosureEnd: number,
  frontMatter?: Readonly<Record<string, string>>,
): IndexedFile {
  const file: IndexedFile = {
    path,
    size: stat.size,
    mtime: stat.mtime,
    language: doc.language,
    links: doc.links.map((link) => indexedLinkOf(doc, link)),
    disclosureEnd,
  };
  if (frontMatter !== undefined) {
    file.frontMatter = frontMatter;
  }
  return file;
}

function indexedLinkOf(doc: DocumentLinks, link: DocumentLink): IndexedLink {
  const rel = link.tag?.rel;
  return {
    target: link.target,
    start: link.start,
    end: link.end,
    line: link.line,
    column: link.start - doc.lineStarts[link.line],
    kind: link.kind,
    context: link.context,
    constructStart: link.constructStart,
    ignoredByComment: link.ignoredByComment,
    inTag: link.tag !== undefined,
    rel: rel === undefined ? undefined : { value: rel.value, quote: rel.quote },
  };
}

/**
 * The file as the rules read it (`LinkHealthRules.check` with the file's `disclosureEnd`): its links at
 * their offsets, without its text. Fixes need the text, so they are made for open documents only.
 */
export function documentOfIndexed(file: IndexedFile): DocumentLinks {
  const links = file.links.map(
    (link): DocumentLink => ({
      url: link.target,
      start: link.start,
      end: link.end,
      target: link.target,
      context: link.context,
      kind: link.kind,
      line: link.line,
      constructStart: link.constructStart,
      ignoredByComment: link.ignoredByComment,
      tag: link.inTag
        ? {
            name: 'a',
            start: -1,
            end: -1,
            nameEnd: -1,
            rel: link.rel && { value: link.rel.value, quote: link.rel.quote, start: -1, end: -1 },
          }
        : undefined,
    }),
  );
  return { text: '', language: file.language, links, lineKinds: [], lineStarts: [], lineStates: [], bodyStart: 0 };
}

/** Line and column of an offset of a file of the index: offsets are those of its links. */
export function positionOfIndexed(
  file: IndexedFile,
  linkIndex: number,
  offset: number,
): { line: number; column: number } {
  const link = file.links[linkIndex];
  return { line: link.line, column: link.column + (offset - link.start) };
}

/**
 * The files of a site by path. `readKey` names what an entry depends on besides the file (the
 * disclosure phrases, the format): entries read under another key are not kept.
 */
export class SiteIndex {
  private readonly files = new Map<string, IndexedFile>();

  constructor(readonly readKey: string) {}

  get size(): number {
    return this.files.size;
  }

  get(path: string): IndexedFile | undefined {
    return this.files.get(path);
  }

  set(file: IndexedFile): void {
    this.files.set(file.path, file);
  }

  delete(path: string): boolean {
    return this.files.delete(path);
  }

  /** Whether the entry of `path` was read from a file of this size and mtime. */
  isCurrent(path: string, size: number, mtime: number): boolean {
    const known = this.files.get(path);
    return known !== undefined && known.size === size && known.mtime === mtime;
  }

  /** Removes the entries whose path is not in `present` (deleted while nobody watched); returns them. */
  keepOnly(present: ReadonlySet<string>): string[] {
    const gone = [...this.files.keys()].filter((path) => !present.has(path));
    gone.forEach((path) => this.files.delete(path));
    return gone;
  }

  /** Every entry, sorted by path (a stable order for the file and the tests). */
  entries(): IndexedFile[] {
    return [...this.files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

/** The language a site file is read in, by its extension: HTML, MDX, else Markdown. */
export function languageOfPath(path: string): HealthLanguage {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension === 'html' || extension === 'htm' ? 'html' : extension === 'mdx' ? 'mdx' : 'markdown';
}
