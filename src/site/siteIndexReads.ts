/**
 * Site files read from disk into the index, in time slices: the first scan's and the watchers' reads, of files
 * named by URI. The loop is src/siteDisk/siteIndexReads.ts (no `vscode`), which the benchmark runs too.
 */
import type * as vscode from 'vscode';
import type { SiteIndex, SiteTextReader } from '../health/siteIndex';
import {
  readIntoIndex as readFilesIntoIndex,
  type IndexReadsOutcome,
  type SiteFiles,
} from '../siteDisk/siteIndexReads';
import { HOST_CLOCK } from '../common/timeSlices';
import { readSiteFile } from './siteReads';

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

/** Files of the workspace: keyed by their URI, named in the log by their path on disk when they have one. */
const WORKSPACE_FILES: SiteFiles<vscode.Uri> = {
  keyOf: (uri) => uri.toString(),
  pathOf: (uri) => uri.path,
  nameOf: (uri) => uri.fsPath || uri.toString(),
  read: readSiteFile,
};

/** Reads `uris` into the index: only those whose size or mtime differ from what it holds. */
export function readIntoIndex(uris: readonly vscode.Uri[], reads: IndexReads): Promise<IndexReadsOutcome> {
  return readFilesIntoIndex(uris, {
    index: reads.index,
    files: WORKSPACE_FILES,
    reader: reads.reader,
    isOpen: reads.isOpen,
    log: reads.log,
    clock: HOST_CLOCK,
    isCancelled: () => reads.token.isCancellationRequested,
    progress: reads.progress,
  });
}
