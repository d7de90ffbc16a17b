/** A site file's size, mtime and text, read from disk (Node's fs for local files, the workspace's file system otherwise). */
import { readFile, stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { SliceClock } from '../health/sliceLoop';

/** The clock of the time-sliced loops in the extension host: a pause is a turn of the event loop. */
export const HOST_CLOCK: SliceClock = {
  now: () => performance.now(),
  pause: () => new Promise((resolve) => setImmediate(resolve)),
};

/** Files larger than this are not articles (a generated bundle, a data dump): left out, and logged. */
export const LARGEST_FILE_BYTES = 8 * 1024 * 1024;

export interface SiteFileRead {
  size: number;
  mtime: number;
  /** Undefined when the index already holds this size and mtime, or the file is too large. */
  text: string | undefined;
  tooLarge: boolean;
}

/** Stats the file, and reads it unless `isCurrent` says the index holds it as it is. */
export async function readSiteFile(
  uri: vscode.Uri,
  isCurrent: (size: number, mtime: number) => boolean,
): Promise<SiteFileRead> {
  let size: number;
  let mtime: number;
  if (uri.scheme === 'file') {
    const stats = await stat(uri.fsPath);
    size = stats.size;
    mtime = stats.mtimeMs;
  } else {
    const stats = await vscode.workspace.fs.stat(uri);
    size = stats.size;
    mtime = stats.mtime;
  }
  if (isCurrent(size, mtime)) {
    return { size, mtime, text: undefined, tooLarge: false };
  }
  if (size > LARGEST_FILE_BYTES) {
    return { size, mtime, text: undefined, tooLarge: true };
  }
  const bytes = uri.scheme === 'file' ? await readFile(uri.fsPath) : await vscode.workspace.fs.readFile(uri);
  return { size, mtime, text: new TextDecoder().decode(bytes), tooLarge: false };
}
