/**
 * A site file's size, mtime and text, read from disk: local files through Node's file system, the workspace's
 * file system otherwise. The reading itself is src/siteDisk/ (no `vscode`), which the benchmark runs too.
 */
import * as vscode from 'vscode';
import {
  readLocalSiteFile,
  readStatedFile,
  type IsCurrent,
  type SiteFileRead,
  type SiteFileSystem,
} from '../siteDisk/siteFileReads';

/** The workspace's file system, for files that are not local (a remote workspace, a virtual one). */
const WORKSPACE_FILE_SYSTEM: SiteFileSystem<vscode.Uri> = {
  stat: async (uri) => {
    const stats = await vscode.workspace.fs.stat(uri);
    return { size: stats.size, mtime: stats.mtime };
  },
  readFile: async (uri) => vscode.workspace.fs.readFile(uri),
};

/**
 * Stats the file, and reads it unless `isCurrent` says the index holds it as it is. A local file the
 * index does not hold (`indexed` false: every file of a first scan) is opened at once instead.
 */
export function readSiteFile(uri: vscode.Uri, isCurrent: IsCurrent, indexed = true): Promise<SiteFileRead> {
  return uri.scheme === 'file'
    ? readLocalSiteFile(uri.fsPath, isCurrent, indexed)
    : readStatedFile(WORKSPACE_FILE_SYSTEM, uri, isCurrent);
}
