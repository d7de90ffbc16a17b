/**
 * Export CSV and Copy Table for the report panel: the table (grouping, filters and sort
 * applied) comes from the session and is written by `toCsv`/`toTsv` (reports/panel); these
 * functions ask where to save, write, and tell how it went.
 */
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { messageOf } from '../../../common/errorMessage';
import { WORKBENCH_COMMANDS } from '../../../ids';
import type { PanelSnapshot } from '../../../reports/panel/protocol';
import type { ReportPanelSession } from '../../../reports/panel/reportPanelSession';
import { toCsv, toTsv } from '../../../reports/panel/tableExport';

const GROUP_NAMES: Record<PanelSnapshot['state']['groupBy'], string> = {
  day: 'by-day',
  program: 'by-program',
  subId: 'by-subid',
  platform: 'by-platform',
  product: 'by-product',
  merchant: 'by-merchant',
  none: 'items',
};

/** A part of a file name: letters, digits, `_` and `-` only, at most 40 characters. */
function namePart(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40);
}

/** `clicks-2026-10-24-to-2026-11-23-by-subid.csv`, with the filters after it when there are any. */
export function csvFileName(snapshot: Pick<PanelSnapshot, 'state' | 'period'>): string {
  const { state, period } = snapshot;
  const dates = period
    ? `-${period.from}-to-${period.to}`
    : state.period.preset === 'custom'
      ? ''
      : `-${state.period.preset}`;
  const filters = [
    state.filters.adspaceId && `platform-${namePart(state.filters.adspaceId)}`,
    state.filters.programId && `program-${namePart(state.filters.programId)}`,
    state.filters.subId && `subid-${namePart(state.filters.subId)}`,
  ].filter(Boolean);
  return `${state.tab}${dates}-${GROUP_NAMES[state.groupBy]}${filters.map((part) => `-${part}`).join('')}.csv`;
}

function countText(count: number): string {
  return count.toLocaleString('en-US');
}

/** The log's words (the log is in English). */
function rowsText(count: number): string {
  return `${countText(count)} ${count === 1 ? 'row' : 'rows'}`;
}

/**
 * Export CSV or Copy Table of the session's current table; `notify` tells the panel what the webview shows (the rows
 * copied, or that the table changed meanwhile).
 */
export async function exportTable(
  kind: 'exportCsv' | 'copyTable',
  selectionId: number,
  session: Pick<ReportPanelSession, 'current' | 'exportTable'>,
  log: vscode.LogOutputChannel,
  notify: (notice: string) => void,
): Promise<void> {
  const shown = session.current();
  let table: ReturnType<ReportPanelSession['exportTable']>;
  try {
    if (shown === undefined) {
      throw new RangeError(`selection ${selectionId} is not shown`);
    }
    table = session.exportTable(selectionId);
  } catch (error) {
    if (!(error instanceof RangeError)) {
      throw error;
    }
    notify(vscode.l10n.t('The table changed meanwhile: try again.'));
    return;
  }
  if (kind === 'copyTable') {
    notify(await copyTable(toTsv(table), table.rows.length));
  } else {
    await exportCsv(log, toCsv(table), table.rows.length, shown);
  }
}

/** Asks where to save the CSV and writes it; resolves when done or given up. */
async function exportCsv(
  log: vscode.LogOutputChannel,
  csv: string,
  rowCount: number,
  snapshot: Pick<PanelSnapshot, 'state' | 'period'>,
): Promise<void> {
  const name = csvFileName(snapshot);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
  const target = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Export Report as CSV'),
    saveLabel: vscode.l10n.t('Export'),
    defaultUri: vscode.Uri.joinPath(folder, name),
    filters: { [vscode.l10n.t('CSV files')]: ['csv'] },
  });
  if (target) {
    await writeCsv(log, target, csv, rowCount);
  }
}

/** Puts the table on the clipboard as tab-separated text (it pastes into a spreadsheet); returns the message for the panel. */
async function copyTable(tsv: string, rowCount: number): Promise<string> {
  await vscode.env.clipboard.writeText(tsv);
  return rowCount === 1 ? vscode.l10n.t('Copied 1 row') : vscode.l10n.t('Copied {0} rows', countText(rowCount));
}

async function writeCsv(log: vscode.LogOutputChannel, target: vscode.Uri, csv: string, rowCount: number): Promise<void> {
  const name = target.path.slice(target.path.lastIndexOf('/') + 1);
  try {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(csv));
  } catch (error) {
    log.error(`Report panel: writing the CSV export to ${target.toString()} failed: ${messageOf(error)}`);
    const retry = vscode.l10n.t('Retry');
    const showLog = vscode.l10n.t('Show Log');
    const choice = await vscode.window.showErrorMessage(
      vscode.l10n.t(
        'Could not write {0}: {1}. Check that the folder exists and that you may write there, then retry, or export to another place.',
        name,
        messageOf(error),
      ),
      retry,
      showLog,
    );
    if (choice === retry) {
      await writeCsv(log, target, csv, rowCount);
    } else if (choice === showLog) {
      log.show(true);
    }
    return;
  }
  log.info(`Report panel: exported ${rowsText(rowCount)} to ${target.toString()}.`);
  const openFile = vscode.l10n.t('Open File');
  const reveal = vscode.l10n.t('Reveal');
  const exported =
    rowCount === 1
      ? vscode.l10n.t('Exported 1 row to {0}.', name)
      : vscode.l10n.t('Exported {0} rows to {1}.', countText(rowCount), name);
  void vscode.window.showInformationMessage(exported, openFile, reveal).then((choice) => {
    if (choice === openFile) {
      return vscode.commands.executeCommand(WORKBENCH_COMMANDS.open, target);
    }
    if (choice === reveal) {
      // The Explorer shows files of the workspace; others are shown by the system's file manager.
      const inWorkspace = vscode.workspace.getWorkspaceFolder(target) !== undefined;
      return vscode.commands.executeCommand(
        inWorkspace ? WORKBENCH_COMMANDS.revealInExplorer : WORKBENCH_COMMANDS.revealFileInOS,
        target,
      );
    }
    return undefined;
  });
}
