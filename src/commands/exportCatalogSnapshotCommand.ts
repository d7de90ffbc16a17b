/**
 * `affiliateLinks.exportCatalogSnapshot`: the catalog the Merchants view shows, written as a catalog snapshot
 * (`catalog/snapshot`) for link health in CI (`affiliate-links check --catalog FILE`). It asks the service nothing.
 */
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { writeCatalogSnapshot } from '../catalog/snapshot/catalogSnapshot';
import { messageOf } from '../common/errorMessage';
import type { CatalogController } from '../controllers/catalogController';
import { COMMANDS, WORKBENCH_COMMANDS } from '../ids';
import type { Command } from './command';
import { explainNoCatalog } from './noCatalogMessage';

/** The file the save dialog proposes, in the workspace's first folder. */
export const SNAPSHOT_FILE_NAME = 'catalog-snapshot.txt';

export class ExportCatalogSnapshotCommand implements Command {
  readonly id = COMMANDS.exportCatalogSnapshot;

  constructor(
    private readonly controller: CatalogController,
    private readonly log: vscode.LogOutputChannel,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Writes the snapshot to `target` when given (automation and tests: no dialog), else where the save dialog says.
   * Resolves with the file written, or undefined when there was no catalog, the dialog was cancelled or the write
   * failed (each said in a message and the log).
   */
  async execute(target?: unknown): Promise<vscode.Uri | undefined> {
    const store = this.controller.store;
    const merchants = store?.snapshot.merchants;
    if (store === undefined || merchants === undefined || merchants.size === 0) {
      this.log.info('Export Catalog Snapshot: no catalog is loaded yet; nothing written.');
      explainNoCatalog(this.controller);
      return undefined;
    }
    const file = target instanceof vscode.Uri ? target : await this.askWhere();
    if (file === undefined) {
      this.log.info('Export Catalog Snapshot: cancelled in the save dialog.');
      return undefined;
    }
    const syncedAt = store.snapshot.syncedAt;
    if (syncedAt === null) {
      this.log.warn('Export Catalog Snapshot: the catalog shown has no sync date; the snapshot is dated now.');
    }
    const takenAt = syncedAt ?? this.now().toISOString();
    const baseUrl = this.controller.connection?.baseUrl;
    let text: string;
    try {
      text = writeCatalogSnapshot({ takenAt, ...(baseUrl === undefined ? {} : { baseUrl }), merchants });
    } catch (error) {
      // A merchant whose details could not be read from the cache file reads as empty, never throws; this is a bug.
      this.log.error(`Export Catalog Snapshot: writing the snapshot's text failed: ${messageOf(error)}`);
      void this.offerLog(
        vscode.l10n.t('Could not make the catalog snapshot: {0}. The log has the details.', messageOf(error)),
      );
      return undefined;
    }
    const bytes = new TextEncoder().encode(text);
    try {
      await vscode.workspace.fs.writeFile(file, bytes);
    } catch (error) {
      this.log.error(`Export Catalog Snapshot: writing ${file.toString()} failed: ${messageOf(error)}`);
      void this.offerRetry(file, error);
      return undefined;
    }
    this.log.info(
      `Export Catalog Snapshot: wrote ${merchants.size} merchants of ${baseUrl ?? 'the service'} synced at ${takenAt} to ${file.toString()} (${bytes.length} bytes).`,
    );
    void this.tellWritten(file, merchants.size, takenAt);
    return file;
  }

  private async askWhere(): Promise<vscode.Uri | undefined> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
    return vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export Catalog Snapshot'),
      saveLabel: vscode.l10n.t('Export'),
      defaultUri: vscode.Uri.joinPath(folder, SNAPSHOT_FILE_NAME),
      filters: { [vscode.l10n.t('Catalog snapshots')]: ['txt'], [vscode.l10n.t('All files')]: ['*'] },
    });
  }

  /** Says what was written (how many merchants, of when) with buttons to open the file or show it. */
  private async tellWritten(file: vscode.Uri, count: number, takenAt: string): Promise<void> {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    const when = `${new Date(takenAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const figure = count.toLocaleString('en-US');
    const openFile = vscode.l10n.t('Open File');
    const reveal = vscode.l10n.t('Reveal');
    const choice = await vscode.window.showInformationMessage(
      count === 1
        ? vscode.l10n.t({
            message: 'Exported the catalog of 1 merchant, synced {0}, to {1}.',
            args: [when, name],
            comment: [
              '{0}: when the catalog was read from the service, such as 2026-11-21 11:30 UTC; {1}: a file name.',
            ],
          })
        : vscode.l10n.t({
            message: 'Exported the catalog of {0} merchants, synced {1}, to {2}.',
            args: [figure, when, name],
            comment: [
              '{0}: a count; {1}: when the catalog was read from the service, such as 2026-11-21 11:30 UTC; {2}: a file name.',
            ],
          }),
      openFile,
      reveal,
    );
    if (choice === openFile) {
      await vscode.commands.executeCommand(WORKBENCH_COMMANDS.open, file);
    } else if (choice === reveal) {
      // The Explorer shows files of the workspace; others are shown by the system's file manager.
      const inWorkspace = vscode.workspace.getWorkspaceFolder(file) !== undefined;
      await vscode.commands.executeCommand(
        inWorkspace ? WORKBENCH_COMMANDS.revealInExplorer : WORKBENCH_COMMANDS.revealFileInOS,
        file,
      );
    }
  }

  /** Says what failed and what to do, with Retry (the same file) and Show Log. */
  private async offerRetry(file: vscode.Uri, error: unknown): Promise<void> {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    const retry = vscode.l10n.t('Retry');
    const showLog = vscode.l10n.t('Show Log');
    const choice = await vscode.window.showErrorMessage(
      vscode.l10n.t({
        message:
          'Could not write the catalog snapshot {0}: {1}. Check that the folder exists and that you may write there, then retry, or export to another place.',
        args: [name, messageOf(error)],
        comment: ['{0}: a file name; {1}: what the file system said.'],
      }),
      retry,
      showLog,
    );
    if (choice === retry) {
      await this.execute(file);
    } else if (choice === showLog) {
      this.log.show(true);
    }
  }

  private async offerLog(message: string): Promise<void> {
    const showLog = vscode.l10n.t('Show Log');
    if ((await vscode.window.showErrorMessage(message, showLog)) === showLog) {
      this.log.show(true);
    }
  }
}
