/** Site files read from disk into the index, in time slices: the first scan's and the watchers' reads. */
import type * as vscode from 'vscode';
import { documentLinks } from '../health/documentLinks';
import { LineReader } from '../health/lineScan';
import { indexedTextOf, languageOfPath, type SiteIndex, type SiteTextReader } from '../health/siteIndex';
import { runInSlices } from '../health/sliceLoop';
import { HOST_CLOCK, readForIndex, type SiteFileRead } from './siteReads';

export interface IndexReads {
  index: SiteIndex;
  /** The reader of the texts; the reads stop when it is gone. */
  reader: () => SiteTextReader | undefined;
  /** Whether the file is open in an editor: its document is the truth then, not the disk. */
  isOpen: (key: string) => boolean;
  log: vscode.LogOutputChannel;
  token: vscode.CancellationToken;
  progress?: (done: number, total: number) => void;
}

export interface IndexReadsOutcome {
  cancelled: boolean;
  /** Files read and indexed. */
  read: number;
  /** Files that could not be read (left out of the index, and logged). */
  failed: number;
  /** The entries that changed: read, or left out. */
  changed: string[];
}

/** Reads `uris` into the index: only those whose size or mtime differ from what it holds. */
export async function readIntoIndex(uris: readonly vscode.Uri[], reads: IndexReads): Promise<IndexReadsOutcome> {
  const { index, log } = reads;
  const changed: string[] = [];
  let failed = 0;
  const lines = new LineReader();
  const outcome = await runInSlices<vscode.Uri, SiteFileRead>(uris, {
    clock: HOST_CLOCK,
    isCancelled: () => reads.token.isCancellationRequested || reads.reader() === undefined,
    read: (uri) => readForIndex(index, uri),
    apply: (uri, read) => {
      const key = uri.toString();
      const reader = reads.reader();
      if (reads.isOpen(key) || reader === undefined) {
        return; // opened meanwhile: its document is the truth
      }
      if (!read.ok) {
        failed++;
        log.warn(`Link health: could not read ${uri.fsPath || key}: ${String(read.error)}`);
        changed.push(key);
        index.delete(key);
        return;
      }
      if (read.value.tooLarge) {
        log.info(`Link health: left out ${uri.fsPath || key}, ${read.value.size} bytes: too large for an article.`);
      }
      if (read.value.text === undefined) {
        return;
      }
      const doc = documentLinks(read.value.text, languageOfPath(uri.path), lines);
      index.set(indexedTextOf(key, read.value, doc, read.value.text, reader));
      changed.push(key);
    },
    onProgress: reads.progress,
  });
  return { cancelled: outcome.cancelled, read: changed.length - failed, failed, changed };
}
