/**
 * What the report panel says when a report cannot be read: the error's kind, what happened and
 * what to do, and the buttons to offer. Errors come from the client's bundle, so they are told
 * apart by shape (src/api/errors.ts), never by class. When a cached report is still shown, the
 * message says so and how old it is.
 */
import { httpStatusOf, isOfflineError, serviceErrorKind } from '../../api/errors';
import { messageOf } from '../../common/errorMessage';
import type { PanelError } from '../../webviews/reports/protocol';
import { formatTime } from './panelWords';

/** What is on screen while the error shows: the cached report's time, if one is shown. */
export interface ShownReport {
  shown: boolean;
  asOf: string | undefined;
}

function cachedNote(report: ShownReport): string {
  if (!report.shown) {
    return 'Nothing is cached for this period yet.';
  }
  return report.asOf === undefined ? 'The cached report is shown.' : `The cached report is shown (as of ${formatTime(report.asOf)}).`;
}

/** The service's own words of a 400: the titles (and parameters) of its `errors` entries. */
function serviceWords(error: unknown): string | undefined {
  const entries = (error as { errors?: unknown }).errors;
  if (!Array.isArray(entries)) {
    return undefined;
  }
  const words = entries
    .filter((entry): entry is { title: string; property?: unknown } => typeof (entry as { title?: unknown })?.title === 'string')
    .map((entry) => (typeof entry.property === 'string' ? `${entry.title} (${entry.property})` : entry.title));
  return words.length > 0 ? words.join('; ') : undefined;
}

/** A message as a sentence, ending with a full stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

export function panelErrorOf(error: unknown, report: ShownReport): PanelError {
  const status = httpStatusOf(error);
  if (status === 401) {
    return { kind: 'auth', message: 'The service refused the API key (401). Set a valid API key.', actions: ['setApiKey', 'showLog'] };
  }
  if (status === 403) {
    return {
      kind: 'forbidden',
      message: "The service refused this report (403): the platform chosen is not one of your account's. Choose another platform, or clear the platform filter.",
      actions: ['showLog'],
    };
  }
  if (serviceErrorKind(error) === 'invalid-parameter') {
    // The client's own check, worded for the person who chose the period or filters.
    return { kind: 'badRequest', message: messageOf(error), actions: ['showLog'] };
  }
  if (status === 400) {
    const words = serviceWords(error);
    return {
      kind: 'badRequest',
      message: `The service refused the report's query (400)${words ? `: ${words}` : ''}. Choose another period or other filters.`,
      actions: ['showLog'],
    };
  }
  if (isOfflineError(error)) {
    return { kind: 'network', message: `The service could not be reached. ${cachedNote(report)}`, actions: ['retry', 'showLog'] };
  }
  if (status === 429) {
    return {
      kind: 'rateLimited',
      message: `The service is limiting requests (429). Wait a minute, then retry. ${cachedNote(report)}`,
      actions: ['retry', 'showLog'],
    };
  }
  if (status !== undefined && status >= 500) {
    return {
      kind: 'server',
      message: `The service failed to answer (${status}). Retry in a few minutes. ${cachedNote(report)}`,
      actions: ['retry', 'showLog'],
    };
  }
  return {
    kind: 'other',
    message: `The report could not be read: ${sentence(messageOf(error))} Retry, or see the log for details. ${cachedNote(report)}`,
    actions: ['retry', 'showLog'],
  };
}

/** A custom period the rules refuse, in their words (they say what to change): nothing is asked of the service. */
export function refusedPeriodError(message: string): PanelError {
  return { kind: 'badRequest', message, actions: [] };
}

/** Loading was cancelled before anything arrived. */
export function stoppedError(): PanelError {
  return { kind: 'other', message: 'Loading was stopped before the report arrived. Retry to read it.', actions: ['retry'] };
}
