/** Reads a catalog cache file: the header and summary lines at once, each page's bytes kept for later. */
import { isAscii } from 'node:buffer';
import { open, readFile } from 'node:fs/promises';
import { isObject } from '../../api/normalize/fields';
import { CachedMerchant, CachedPage, type DamageReporter } from './cachedMerchant';
import { lineCheckHolds } from '../../common/checkedLines';
import { CACHE_FORMAT, CACHE_VERSION, isIsoTime, type CacheHeader } from './cacheFormat';
import { summaryRowProblem } from './merchantSummary';

export type CacheRead =
  | { kind: 'missing' }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'ok'; merchants: CachedMerchant[]; syncedAt: string; savedAt: string; baseUrl: string };

const NEWLINE = 0x0a;

class Unreadable extends Error {}

/** Reads the file's lines and pages in order; every problem throws an `Unreadable` with the reason. */
class CacheFileReader {
  private position = 0;
  /** The bytes of the line read last, without its newline, for its check. */
  lastLine: Buffer = Buffer.alloc(0);

  constructor(private readonly bytes: Buffer) {}

  get atEnd(): boolean {
    return this.position >= this.bytes.length;
  }

  /** The next line parsed as a JSON object; `what` names it in the reason when it is not one. */
  line(what: string): Record<string, unknown> {
    const end = this.bytes.indexOf(NEWLINE, this.position);
    if (end < 0) {
      throw new Unreadable(`the file is cut short in ${what}`);
    }
    const slice = this.bytes.subarray(this.position, end);
    this.lastLine = slice;
    // Summary lines are mostly ASCII, which latin1 decodes to the same text, much faster.
    const text = isAscii(slice) ? slice.toString('latin1') : slice.toString('utf8');
    this.position = end + 1;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new Unreadable(`${what} is not valid JSON (${(error as Error).message})`);
    }
    if (!isObject(value)) {
      throw new Unreadable(`${what} is not a JSON object`);
    }
    return value;
  }

  /** The next `length` bytes, which a newline must follow. */
  block(length: number, what: string): Buffer {
    const end = this.position + length;
    if (end >= this.bytes.length) {
      throw new Unreadable(`the file is cut short in ${what}`);
    }
    if (this.bytes[end] !== NEWLINE) {
      throw new Unreadable(`${what} is not ${length} bytes long`);
    }
    const block = this.bytes.subarray(this.position, end);
    this.position = end + 1;
    return block;
  }
}

function readHeader(reader: CacheFileReader): CacheHeader {
  const header = reader.line('the header');
  if (header.format !== CACHE_FORMAT) {
    throw new Unreadable(`the file is not a catalog cache (format ${JSON.stringify(header.format) ?? 'missing'})`);
  }
  if (header.version !== CACHE_VERSION) {
    throw new Unreadable(
      `cache version ${JSON.stringify(header.version) ?? 'missing'} is not supported (expected ${CACHE_VERSION})`,
    );
  }
  if (typeof header.baseUrl !== 'string') {
    throw new Unreadable('the file has no base URL');
  }
  if (!isIsoTime(header.syncedAt) || !isIsoTime(header.savedAt)) {
    throw new Unreadable('syncedAt and savedAt must be ISO dates');
  }
  if (!lineCheckHolds(reader.lastLine, header.crc32)) {
    throw new Unreadable('the header does not match its check (crc32): the file is damaged');
  }
  return { baseUrl: header.baseUrl, syncedAt: header.syncedAt, savedAt: header.savedAt };
}

function readMerchants(reader: CacheFileReader, onDamaged: DamageReporter): CachedMerchant[] {
  const merchants: CachedMerchant[] = [];
  for (let number = 1; ; number++) {
    const record = reader.line(`the summary of page ${number}`);
    const line = reader.lastLine;
    if (record.end === true) {
      if (record.pages !== number - 1 || record.merchants !== merchants.length || !reader.atEnd) {
        throw new Unreadable(
          `the end line does not match the file (${number - 1} pages, ${merchants.length} merchants)`,
        );
      }
      return merchants;
    }
    const pageCheck = record.pageCrc32;
    if (
      record.page !== number ||
      !Number.isSafeInteger(record.bytes) ||
      (record.bytes as number) < 0 ||
      !Array.isArray(record.merchants) ||
      typeof pageCheck !== 'string'
    ) {
      throw new Unreadable(`the summary of page ${number} is not one`);
    }
    const page = new CachedPage(number, reader.block(record.bytes as number, `page ${number}`), onDamaged, pageCheck);
    const rows = record.merchants as unknown[];
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index];
      const problem = summaryRowProblem(row);
      if (problem !== undefined) {
        throw new Unreadable(`merchant ${index} of page ${number} cannot be read: ${problem}`);
      }
      merchants.push(new CachedMerchant(row as unknown[], page));
    }
    if (!lineCheckHolds(line, record.crc32)) {
      throw new Unreadable(`the summary of page ${number} does not match its check (crc32): the file is damaged`);
    }
  }
}

/** Bytes read for `readCacheHeader`: the header line is a few hundred. */
const HEADER_BYTES = 16 * 1024;

/**
 * The header of the cache file now on disk (its first line, checked), to tell whether the file
 * is still the one a journal extends; undefined when there is none or it is not one. Never throws.
 */
export async function readCacheHeader(file: string): Promise<CacheHeader | undefined> {
  try {
    const handle = await open(file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0);
      return readHeader(new CacheFileReader(buffer.subarray(0, bytesRead)));
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

/**
 * Reads a cache file; never throws. `onDamaged` hears of a page found damaged later, when a
 * merchant's details are first read from it.
 */
export async function readCatalogCache(file: string, onDamaged: DamageReporter = () => undefined): Promise<CacheRead> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return { kind: 'missing' };
    }
    return { kind: 'unreadable', reason: `the file could not be read (${code ?? (error as Error).message})` };
  }
  try {
    const reader = new CacheFileReader(bytes);
    const header = readHeader(reader);
    return { kind: 'ok', ...header, merchants: readMerchants(reader, onDamaged) };
  } catch (error) {
    return {
      kind: 'unreadable',
      reason: error instanceof Unreadable ? error.message : `it could not be read (${String(error)})`,
    };
  }
}
