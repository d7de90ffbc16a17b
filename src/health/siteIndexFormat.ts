/**
 * The site index on disk: a header line, then one line per file, each line JSON with its own CRC-32
 * (common/checkedLines.ts). A damaged, cut or foreign file is refused as a whole, so the site is read again.
 */
import { checkedLine, lineCheckHolds } from '../common/checkedLines';
import { HEALTH_CODES } from './healthCodes';
import { SiteIndex, type IndexedFile, type IndexedLink } from './siteIndex';

export const SITE_INDEX_FORMAT = 'affiliate-links-site-index';
export const SITE_INDEX_VERSION = 1;

/** A link as an array: [target, start, end, line, column, kind, context, constructStart, flags, relValue, relQuote]. */
type LinkRow = [string, number, number, number, number, string, string, number, number, string?, string?];

/** The lines of the file, header first; a generator, so a writer can pause between lines. */
export function* siteIndexLines(index: SiteIndex): Generator<string> {
  const entries = index.entries();
  yield checkedLine({
    format: SITE_INDEX_FORMAT,
    version: SITE_INDEX_VERSION,
    key: index.readKey,
    codes: HEALTH_CODES.length,
    files: entries.length,
  });
  for (const file of entries) {
    yield checkedLine({
      p: file.path,
      s: file.size,
      m: file.mtime,
      l: file.language,
      d: file.disclosureEnd,
      k: file.links.map(linkRow),
      ...(file.frontMatter === undefined ? {} : { f: file.frontMatter }),
    });
  }
}

function linkRow(link: IndexedLink): LinkRow {
  const flags = (link.ignoredByComment ? 1 : 0) | (link.inTag ? 2 : 0);
  const row: LinkRow = [
    link.target,
    link.start,
    link.end,
    link.line,
    link.column,
    link.kind,
    link.context,
    link.constructStart,
    flags,
  ];
  if (link.rel !== undefined) {
    row.push(link.rel.value, link.rel.quote);
  }
  return row;
}

export type SiteIndexRead = { ok: true; index: SiteIndex } | { ok: false; reason: string };

/**
 * The index a file's text holds, or why it is refused: another format or version, another read key
 * (the caller's `readKey`), a line whose check fails, a missing line, a field of the wrong type.
 */
export function readSiteIndex(text: string, readKey: string): SiteIndexRead {
  const lines = text.split('\n');
  if (lines.at(-1) === '') {
    lines.pop();
  }
  const header = checkedJson(lines[0] ?? '');
  if (header === undefined) {
    return { ok: false, reason: 'the header line is damaged' };
  }
  if (header.format !== SITE_INDEX_FORMAT || header.version !== SITE_INDEX_VERSION) {
    return { ok: false, reason: `another format (${String(header.format)} ${String(header.version)})` };
  }
  if (header.key !== readKey) {
    return { ok: false, reason: 'it was read with other settings' };
  }
  if (header.files !== lines.length - 1) {
    return { ok: false, reason: `it holds ${lines.length - 1} files of ${String(header.files)}` };
  }
  const index = new SiteIndex(readKey);
  for (let i = 1; i < lines.length; i++) {
    const file = indexedFileFrom(checkedJson(lines[i]));
    if (file === undefined) {
      return { ok: false, reason: `line ${i + 1} is damaged` };
    }
    index.set(file);
  }
  return { ok: true, index };
}

function checkedJson(line: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return undefined;
    }
    const fields = value as Record<string, unknown>;
    return lineCheckHolds(line, fields.crc32) ? fields : undefined;
  } catch {
    return undefined;
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isString);

function indexedFileFrom(fields: Record<string, unknown> | undefined): IndexedFile | undefined {
  if (fields === undefined) {
    return undefined;
  }
  const { p, s, m, l, d, k, f } = fields;
  if (!isString(p) || !isNumber(s) || !isNumber(m) || !isNumber(d) || !Array.isArray(k)) {
    return undefined;
  }
  if (l !== 'markdown' && l !== 'mdx' && l !== 'html') {
    return undefined;
  }
  const links: IndexedLink[] = [];
  for (const row of k as unknown[]) {
    const link = linkFrom(row);
    if (link === undefined) {
      return undefined;
    }
    links.push(link);
  }
  if (f !== undefined && !isStringRecord(f)) {
    return undefined;
  }
  return {
    path: p,
    size: s,
    mtime: m,
    language: l,
    disclosureEnd: d,
    links,
    ...(f === undefined ? {} : { frontMatter: f }),
  };
}

function linkFrom(row: unknown): IndexedLink | undefined {
  if (!Array.isArray(row) || row.length < 9) {
    return undefined;
  }
  const [target, start, end, line, column, kind, context, constructStart, flags, relValue, relQuote] = row as unknown[];
  if (
    !isString(target) ||
    ![start, end, line, column, constructStart, flags].every(isNumber) ||
    !isString(kind) ||
    !isString(context)
  ) {
    return undefined;
  }
  const quote = relQuote === '"' || relQuote === "'" || relQuote === '' || relQuote === '{' ? relQuote : undefined;
  return {
    target,
    start: start as number,
    end: end as number,
    line: line as number,
    column: column as number,
    kind: kind as IndexedLink['kind'],
    context: context as IndexedLink['context'],
    constructStart: constructStart as number,
    ignoredByComment: ((flags as number) & 1) !== 0,
    inTag: ((flags as number) & 2) !== 0,
    rel: isString(relValue) && quote !== undefined ? { value: relValue, quote } : undefined,
  };
}
