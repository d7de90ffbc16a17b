/**
 * What the report panel says when it has no reports to show: no key, a key that does not open
 * them, or their code or store could not be opened. Words of the host; they carry no data.
 */
import * as vscode from 'vscode';
import type { PanelError, PanelSnapshot, PanelViewState } from '../protocol';

export function noKeyError(): PanelError {
  return {
    kind: 'noKey',
    message: vscode.l10n.t('Set your publisher API key to see your reports.'),
    actions: ['setApiKey'],
  };
}

export { needsAccountKeyError } from '../../../keys/keyWords';

export function loadFailedError(reason: string): PanelError {
  return {
    kind: 'other',
    message: vscode.l10n.t(
      'The reports could not be opened: {0}. Retry; if it fails again, the log tells more.',
      reason,
    ),
    actions: ['retry', 'showLog'],
  };
}

/** The snapshot of a panel whose session could not be made (the reports' code did not load): view 0, before any of the session's. */
export function sessionlessSnapshot(state: PanelViewState, error: PanelError): PanelSnapshot {
  return {
    viewId: 0,
    state,
    status: 'failed',
    error,
    groupings: [],
    filterOptions: { platforms: [], programs: [], subIds: [], truncated: false },
  };
}
