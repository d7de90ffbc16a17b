/**
 * What the report panel does for the webview beyond showing views: rows of the table, Export CSV
 * and Copy Table, the actions of its messages (set a key, show the log) and of its table's rows.
 */
import * as vscode from 'vscode';
import { messageOf } from '../../../common/errorMessage';
import { COMMANDS } from '../../../ids';
import { openKeyHelp } from '../../../prompts/keyPrompts';
import type { ReportPanelSession } from '../../../reports/panel/reportPanelSession';
import { toCsv, toTsv } from '../../../reports/panel/tableExport';
import type { PANEL_ACTIONS } from '../../../reports/model/reportVocabulary';
import type { HostRowAction, HostToWebview, RowsParams } from '../../../reports/panel/protocol';
import { ReportExport } from './reportExport';
import { ReportRowActions } from './reportRowActions';
import type { SubIdFiles } from './subIdFiles';

export class ReportPanelActions {
  private readonly exporter: ReportExport;
  private readonly rowActions: ReportRowActions;

  constructor(
    private readonly deps: { log: vscode.LogOutputChannel },
    subIdFiles: SubIdFiles,
    private readonly post: (message: HostToWebview) => void,
  ) {
    this.exporter = new ReportExport(deps.log);
    this.rowActions = new ReportRowActions(subIdFiles);
  }

  /** Replies to a rows request: the rows, or why not (the view changed meanwhile: the webview asks again). */
  answerRows(id: number, params: RowsParams, session: ReportPanelSession): void {
    try {
      this.post({ type: 'reply', id, method: 'rows', ok: true, result: session.rows(params) });
    } catch (error) {
      if (!(error instanceof RangeError)) {
        this.deps.log.error(
          `Report panel: reading rows ${params.offset}–${params.offset + params.count} failed: ${messageOf(error)}`,
        );
      }
      this.post({ type: 'reply', id, ok: false, error: messageOf(error) });
    }
  }

  async exportTable(kind: 'exportCsv' | 'copyTable', selectionId: number, session: ReportPanelSession): Promise<void> {
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
      this.post({ type: 'notice', message: vscode.l10n.t('The table changed meanwhile: try again.') });
      return;
    }
    if (kind === 'copyTable') {
      this.post({ type: 'notice', message: await this.exporter.copyTable(toTsv(table), table.rows.length) });
      return;
    }
    await this.exporter.exportCsv(toCsv(table), table.rows.length, shown);
  }

  async run(action: Exclude<(typeof PANEL_ACTIONS)[number], 'retry'>): Promise<void> {
    switch (action) {
      case 'setApiKey':
        await vscode.commands.executeCommand(COMMANDS.setApiKey);
        return;
      case 'addAccountKey':
        await vscode.commands.executeCommand(COMMANDS.setApiKey, undefined, 'account');
        return;
      case 'keyHelp':
        await openKeyHelp();
        return;
      case 'showLog':
        await vscode.commands.executeCommand(COMMANDS.showLog);
        return;
    }
  }

  /** Runs a row's action, when the view's table has that row and offers it there: the webview asks for nothing the table does not offer. */
  async runOnRow(
    { selectionId, key, action }: { selectionId: number; key: string; action: HostRowAction },
    session: ReportPanelSession,
  ): Promise<void> {
    if (session.offers(selectionId, key, action) !== true) {
      this.deps.log.warn(
        `Report panel: refused a ${action} for a row the table of selection ${selectionId} does not offer it on.`,
      );
      this.post({ type: 'notice', message: vscode.l10n.t('That row is not in the table any more.') });
      return;
    }
    await this.rowActions.run(action, key);
  }
}
