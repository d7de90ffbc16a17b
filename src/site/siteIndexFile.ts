/**
 * The site index's file in the workspace's storage: read once at start (a damaged file is refused and the
 * site read again), written a while after changes, to a temporary file renamed into place. Failures are logged.
 */
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { NODE_FILE_OPS, tempFileBeside, type CacheFileOps } from '../common/cacheFiles';
import { SiteIndex } from '../health/siteIndex';
import { readSiteIndex, siteIndexLines } from '../health/siteIndexFormat';

const FILE_NAME = 'site-index.jsonl';
/** Lines joined between two turns of the event loop while writing. */
const LINES_PER_TURN = 500;

export class SiteIndexFile {
  private readonly file: string | undefined;

  /** `files`: the disk's operations; only tests pass their own, to inject disk faults (src/common/cacheFiles.ts). */
  constructor(
    storage: vscode.Uri | undefined,
    private readonly log: vscode.LogOutputChannel,
    private readonly files: CacheFileOps = NODE_FILE_OPS,
  ) {
    this.file = storage?.scheme === 'file' ? path.join(storage.fsPath, 'linkHealth', FILE_NAME) : undefined;
  }

  /** The saved index, or a new one (nothing saved, or a file refused). */
  async load(readKey: string): Promise<SiteIndex> {
    if (this.file === undefined) {
      return new SiteIndex(readKey);
    }
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.log.warn(
          `Link health: could not read the saved site index ${this.file}, reading the site again: ${String(error)}`,
        );
      }
      return new SiteIndex(readKey);
    }
    const read = readSiteIndex(text, readKey);
    if (!read.ok) {
      this.log.warn(`Link health: the saved site index was refused (${read.reason}); reading the site again.`);
      return new SiteIndex(readKey);
    }
    return read.index;
  }

  /** Writes the index; a failure (a full disk, an unwritable folder) is logged and the previous file kept. */
  async save(index: SiteIndex, pause: () => Promise<void>): Promise<boolean> {
    if (this.file === undefined) {
      return false;
    }
    const parts: string[] = [];
    let count = 0;
    for (const line of siteIndexLines(index)) {
      parts.push(line);
      if (++count % LINES_PER_TURN === 0) {
        await pause();
      }
    }
    const temp = tempFileBeside(this.file);
    const files = this.files;
    try {
      await files.mkdir(path.dirname(this.file), { recursive: true });
      const handle = await files.open(temp, 'wx');
      try {
        await handle.writeFile(parts.join(''), 'utf8');
      } finally {
        await handle.close();
      }
      await files.rename(temp, this.file);
      return true;
    } catch (error) {
      await files.rm(temp, { force: true }).catch(() => undefined);
      this.log.warn(
        `Link health: could not save the site index to ${this.file} (${String(error)}); the index in memory is kept and the files are read again next time.`,
      );
      return false;
    }
  }
}
