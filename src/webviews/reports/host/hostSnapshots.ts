/**
 * Snapshots the host builds itself, when there is no session to ask: no API key, or the
 * reports' code could not be loaded. They say what happened and what to do, and carry no data.
 */
import type { PanelError, PanelSnapshot, PanelViewState } from '../protocol';

export const NO_KEY_MESSAGE = 'Set your publisher API key to see your reports.';

/** The view the panel opens on when the webview has none saved. */
export function defaultViewState(): PanelViewState {
  return { version: 1, tab: 'clicks', period: { preset: 'last30' }, filters: {}, groupBy: 'day', sort: null };
}

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
  return failedSnapshot(viewId, state, { kind: 'noKey', message: NO_KEY_MESSAGE, actions: ['setApiKey'] });
}

export function loadFailedSnapshot(viewId: number, state: PanelViewState, reason: string): PanelSnapshot {
  return failedSnapshot(viewId, state, {
    kind: 'other',
    message: `The reports could not be opened: ${reason}. Retry; if it fails again, the log tells more.`,
    actions: ['retry', 'showLog'],
  });
}
