/**
 * What the report panel says when it has no reports to show: no key, or a key that does not open
 * them. Words of the host; they carry no data.
 */
import * as vscode from 'vscode';
import type { PanelError } from '../../../reports/panel/protocol';

export function noKeyError(): PanelError {
  return {
    kind: 'noKey',
    message: vscode.l10n.t('Set your publisher API key to see your reports.'),
    actions: ['setApiKey'],
  };
}

export { needsAccountKeyError } from '../../../keys/keyWords';
