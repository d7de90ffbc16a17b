/**
 * Site files read into the link index in time slices, whoever lists them: the extension's first scan and its
 * watchers (files as URIs, src/site/siteIndexReads.ts), a command line or the benchmark (local paths,
 * `LOCAL_SITE_FILES`). Each file is read unless the index holds it at its size and mtime; a file open in an
 * editor is left to its document; a file too large for an article is left out and logged; each text is
 * indexed with what the reader keeps of it (its disclosure, its front matter's values).
 */
import { documentLinks } from '../health/documentLinks';
import { LineReader } from '../health/lineScan';
import { indexedTextOf, languageOfPath, type SiteIndex, type SiteTextReader } from '../health/siteIndex';
import { runInSlices, type Clock } from '../common/timeSlices';
import { readLocalSiteFile, type IsCurrent, type SiteFileRead } from './siteFileReads';

/** How the reads name and read a file of type `F`. */
export interface SiteFiles<F> {
  /** Its key in the index. */
  keyOf(file: F): string;
  /** Its path, whose extension gives its language. */
  pathOf(file: F): string;
  /** Its name in the log. */
  nameOf(file: F): string;
  /** Reads it: stated first when the index holds it (`indexed`). */
  read(file: F, isCurrent: IsCurrent, indexed: boolean): Promise<SiteFileRead>;
}

/** Local files by path: the key, the path and the name are the path. */
export const LOCAL_SITE_FILES: SiteFiles<string> = {
  keyOf: (path) => path,
  pathOf: (path) => path,
  nameOf: (path) => path,
  read: readLocalSiteFile,
};

export interface IndexReads<F> {
  index: SiteIndex;
  files: SiteFiles<F>;
  /** The reader of the texts; the reads stop when it is gone. */
  reader: () => SiteTextReader | undefined;
  /** Whether the file is open in an editor: its document is the truth then, not the disk. */
  isOpen: (key: string) => boolean;
  log: { warn(line: string): void; info(line: string): void };
  clock: Clock;
  isCancelled?: () => boolean;
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

/** Reads `files` into the index: only those whose size or mtime differ from what it holds. */
export async function readIntoIndex<F>(files: readonly F[], reads: IndexReads<F>): Promise<IndexReadsOutcome> {
  const { index, log, files: named } = reads;
  const changed: string[] = [];
  let failed = 0;
  const lines = new LineReader();
  const outcome = await runInSlices<F, SiteFileRead>(files, {
    clock: reads.clock,
    isCancelled: () => (reads.isCancelled?.() ?? false) || reads.reader() === undefined,
    read: (file) => {
      const key = named.keyOf(file);
      return named.read(file, (size, mtime) => index.isCurrent(key, size, mtime), index.get(key) !== undefined);
    },
    apply: (file, read) => {
      const key = named.keyOf(file);
      const reader = reads.reader();
      if (reads.isOpen(key) || reader === undefined) {
        return; // opened meanwhile: its document is the truth
      }
      if (!read.ok) {
        failed++;
        log.warn(`Link health: could not read ${named.nameOf(file)}: ${String(read.error)}`);
        changed.push(key);
        index.delete(key);
        return;
      }
      if (read.value.tooLarge) {
        log.info(`Link health: left out ${named.nameOf(file)}, ${read.value.size} bytes: too large for an article.`);
      }
      if (read.value.text === undefined) {
        return;
      }
      const doc = documentLinks(read.value.text, languageOfPath(named.pathOf(file)), lines);
      index.set(indexedTextOf(key, read.value, doc, read.value.text, reader));
      changed.push(key);
    },
    onProgress: reads.progress,
  });
  return { cancelled: outcome.cancelled, read: changed.length - failed, failed, changed };
}
