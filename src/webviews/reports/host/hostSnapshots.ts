/**
 * Snapshots the host builds itself, when there is no session to ask: no API key, or the
 * reports' code could not be loaded. They say what happened and what to do, and carry no data.
 */
import * as vscode from 'vscode';
import { needsAccountKeyError } from '../../../keys/keyWords';
import type { PanelError, PanelSnapshot, PanelViewState } from '../protocol';

function failedSnapshot(viewId: number, state: PanelViewState, error: PanelError): PanelSnapshot {
  return {
    viewId,
    state,
    status: 'failed',
    error,
    groupings: [],
    filterOptions: { platforms: [], programs: [], subIds: [], truncated: false },
  };
}

export function noKeySnapshot(viewId: number, state: PanelViewState): PanelSnapshot {
  return failedSnapshot(viewId, state, {
    kind: 'noKey',
    message: vscode.l10n.t('Set your publisher API key to see your reports.'),
    actions: ['setApiKey'],
  });
}

/** A platform key opens the catalog, and no key opens the reports: they need the account key. */
export function needsAccountKeySnapshot(viewId: number, state: PanelViewState): PanelSnapshot {
  return failedSnapshot(viewId, state, needsAccountKeyError());
}

export function loadFailedSnapshot(viewId: number, state: PanelViewState, reason: string): PanelSnapshot {
  return failedSnapshot(viewId, state, {
    kind: 'other',
    message: vscode.l10n.t(
      'The reports could not be opened: {0}. Retry; if it fails again, the log tells more.',
      reason,
    ),
    actions: ['retry', 'showLog'],
  });
}
