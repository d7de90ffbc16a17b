/** Writes a catalog cache file (`cacheFormat.ts`) as the merchants arrive, atomically: old or new, never a mix. */
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { normalizeBaseUrl } from '../../api/baseUrl';
import type { MerchantPageSource } from '../../api/types';
import { NODE_FILE_OPS, tempFileBeside, type CacheFileOps } from '../../common/cacheFiles';
import type { CatalogMerchant } from '../../merchant/merchantFields';
import { checkedLine, checksumOf } from '../../common/checkedLines';
import { Sequencer } from '../../common/sequencer';
import { CACHE_FORMAT, CACHE_VERSION, FLUSH_EVERY_BYTES, STORED_PAGE_SIZE, type CacheHeader } from './cacheFormat';
import { summaryRows } from './merchantSummary';
import { toStored } from './storedMerchant';

/** UTF-8 of `text`; text that is all ASCII (summary lines mostly are) takes the much faster latin1 path. */
function encode(text: string): Buffer {
  return Buffer.from(text, Buffer.byteLength(text, 'utf8') === text.length ? 'latin1' : 'utf8');
}

export interface CatalogCacheData extends CacheHeader {
  merchants: readonly CatalogMerchant[];
}

/** A page of merchants as the service sent it, or (without a source) serialised here. */
function pageSource(merchants: readonly CatalogMerchant[], source: MerchantPageSource | undefined): MerchantPageSource {
  if (source !== undefined) {
    return source;
  }
  const body = `{"data":[${merchants.map((merchant) => JSON.stringify(toStored(merchant))).join(',')}]}`;
  return { bytes: Buffer.from(body, 'utf8'), dataIndexes: merchants.map((_, index) => index) };
}

/**
 * `addPage` builds a page's records at once and queues their write, so the caller (a sync walking
 * pages) goes on while the disk catches up. Everything goes to a temporary file beside the target;
 * only `commit` flushes it and renames it over the target. `abort`, or any failure of `commit`,
 * removes the temporary file and leaves the old one as it was.
 */
export class CacheFileWriter {
  /** The queued writes, one after another; each catches its own failure. */
  private readonly writes = new Sequencer();
  private failure: { error: unknown } | undefined;
  private pages = 0;
  private merchants = 0;
  private closed = false;
  /** Bytes written since the last flush to disk. */
  private unflushed = 0;

  private constructor(
    private readonly file: string,
    private readonly temp: string,
    private readonly handle: FileHandle,
    private readonly files: CacheFileOps,
  ) {}

  /** Creates the temporary file (and the folder when it is missing) and writes the header. */
  static async open(file: string, header: CacheHeader, files: CacheFileOps = NODE_FILE_OPS): Promise<CacheFileWriter> {
    await files.mkdir(dirname(file), { recursive: true });
    const temp = tempFileBeside(file);
    const writer = new CacheFileWriter(file, temp, await files.open(temp, 'wx', 0o600), files);
    const fields = {
      format: CACHE_FORMAT,
      version: CACHE_VERSION,
      baseUrl: normalizeBaseUrl(header.baseUrl),
      syncedAt: header.syncedAt,
      savedAt: header.savedAt,
    };
    writer.queue(checkedLine(fields));
    return writer;
  }

  /** Whether a queued write has failed already; `commit` would throw. */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  /**
   * Adds a page: its summary line now (throwing if a merchant cannot be serialised), then its
   * bytes. `source` is the page as the service sent it; without one the merchants are serialised,
   * `STORED_PAGE_SIZE` to a page.
   */
  addPage(merchants: readonly CatalogMerchant[], source?: MerchantPageSource): void {
    if (source === undefined && merchants.length > STORED_PAGE_SIZE) {
      for (let start = 0; start < merchants.length; start += STORED_PAGE_SIZE) {
        this.addPage(merchants.slice(start, start + STORED_PAGE_SIZE));
      }
      return;
    }
    const page = pageSource(merchants, source);
    this.addSummarizedPage(
      summaryRows(merchants, page.dataIndexes, (m) => m.supportsCpc),
      page.bytes,
    );
  }

  /** Adds a page whose summary rows (see `summaryRows`) are already built. */
  addSummarizedPage(rows: readonly unknown[][], bytes: Uint8Array): void {
    this.pages += 1;
    this.merchants += rows.length;
    this.queue(
      checkedLine({ page: this.pages, bytes: bytes.byteLength, pageCrc32: checksumOf(bytes), merchants: rows }),
    );
    this.queue(bytes);
    this.queue('\n');
  }

  /** Finishes the file, flushes it and renames it over the target. Throws on failure, after cleaning up. */
  async commit(): Promise<void> {
    try {
      this.queue(`${JSON.stringify({ end: true, pages: this.pages, merchants: this.merchants })}\n`);
      await this.writes.settled();
      if (this.failure !== undefined) {
        throw this.failure.error;
      }
      await this.handle.sync();
      this.closed = true;
      await this.handle.close();
      await this.files.rename(this.temp, this.file);
    } catch (error) {
      await this.abort();
      throw error;
    }
    await syncFolder(dirname(this.file));
  }

  /** Drops the temporary file; never throws. */
  async abort(): Promise<void> {
    this.failure ??= { error: new Error('The cache write was abandoned.') };
    await this.writes.settled();
    if (!this.closed) {
      this.closed = true;
      await this.handle.close().catch(() => undefined);
    }
    await this.files.rm(this.temp, { force: true }).catch(() => undefined);
  }

  private queue(data: string | Uint8Array): void {
    const bytes = typeof data === 'string' ? encode(data) : data;
    void this.writes.queue(async () => {
      if (this.failure !== undefined) {
        return;
      }
      try {
        await this.handle.writeFile(bytes);
        this.unflushed += bytes.byteLength;
        if (this.unflushed >= FLUSH_EVERY_BYTES) {
          // Flushed as the walk goes on, so that `commit` has little left to wait for.
          this.unflushed = 0;
          await this.handle.datasync();
        }
      } catch (error) {
        this.failure ??= { error };
      }
    });
  }
}

/** Makes the rename itself durable where the platform allows it (not on Windows); best effort. */
async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Folders cannot be opened or flushed everywhere; the rename is done either way.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Writes the cache atomically (see `CacheFileWriter`): on any failure the temporary file is
 * removed, the old file is left as it was and the error is thrown. Creates the folder when it
 * is missing.
 */
export async function writeCatalogCache(
  file: string,
  data: CatalogCacheData,
  files: CacheFileOps = NODE_FILE_OPS,
): Promise<void> {
  const { merchants, ...header } = data;
  const writer = await CacheFileWriter.open(file, header, files);
  try {
    writer.addPage(merchants);
  } catch (error) {
    await writer.abort();
    throw error;
  }
  await writer.commit();
}
