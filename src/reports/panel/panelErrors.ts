/**
 * What the report panel says when a report cannot be read: what happened, what to do, its buttons, and how old the
 * cached report still shown is.
 */
import * as l10n from '@vscode/l10n';
import { httpStatusOf, isOfflineError, serviceErrorKind } from '../../api/errors';
import { messageOf } from '../../common/errorMessage';
import { refusalMeaning } from '../../keys/keyRefusals';
import { needsAccountKeyError } from '../../keys/keyWords';
import type { PanelError } from './protocol';
import { formatTime } from './panelWords';

/** What is on screen while the error shows: the cached report's time, if one is shown. */
export interface ShownReport {
  shown: boolean;
  asOf: string | undefined;
}

/** The key the reports were asked with, and whether the report was filtered to a platform: what a 401 or 403 means depends on both. */
export interface AskedWith {
  keyKind: 'account' | 'platform';
  opensReports: boolean | undefined;
  platformFiltered: boolean;
}

/** Asked with a key that opens the reports, of no platform: a 401 or 403 is the key's. */
const ACCOUNT_KEY: AskedWith = { keyKind: 'account', opensReports: true, platformFiltered: false };

function cachedNote(report: ShownReport): string {
  if (!report.shown) {
    return l10n.t('Nothing is cached for this period yet.');
  }
  return report.asOf === undefined
    ? l10n.t('The cached report is shown.')
    : l10n.t('The cached report is shown (as of {0}).', formatTime(report.asOf));
}

/** The service's own words of a 400: the titles (and parameters) of its `errors` entries. */
function serviceWords(error: unknown): string | undefined {
  const entries = (error as { errors?: unknown }).errors;
  if (!Array.isArray(entries)) {
    return undefined;
  }
  const words = entries
    .filter(
      (entry): entry is { title: string; property?: unknown } =>
        typeof (entry as { title?: unknown })?.title === 'string',
    )
    .map((entry) =>
      typeof entry.property === 'string'
        ? l10n.t({
            message: '{0} ({1})',
            args: [entry.title, entry.property],
            comment: ['A service error: its title, then the parameter.'],
          })
        : entry.title,
    );
  return words.length > 0 ? words.join('; ') : undefined;
}

/** A message as a sentence, ending with a full stop (or the mark a translation ended it with). */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?。．！？]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** What happened, then what is on screen: two sentences. */
function withCachedNote(what: string, report: ShownReport): string {
  return `${what} ${cachedNote(report)}`;
}

export function panelErrorOf(error: unknown, report: ShownReport, asked: AskedWith = ACCOUNT_KEY): PanelError {
  const status = httpStatusOf(error);
  const meaning =
    status === undefined
      ? undefined
      : refusalMeaning({
          status,
          side: 'reports',
          keyKind: asked.keyKind,
          opens: { reports: asked.opensReports },
          platformFiltered: asked.platformFiltered,
        });
  if (meaning === 'wrongKind') {
    return needsAccountKeyError();
  }
  if (meaning === 'platformNotYours') {
    return {
      kind: 'forbidden',
      message: l10n.t(
        "The service refused this report (403): the platform chosen is not one of your account's. Choose another platform, or clear the platform filter.",
      ),
      actions: ['showLog'],
    };
  }
  if (meaning === 'keyRefused') {
    return status === 401
      ? {
          kind: 'auth',
          message: l10n.t('The service refused the API key (401). Set a valid API key.'),
          actions: ['setApiKey', 'showLog'],
        }
      : {
          kind: 'auth',
          message: l10n.t(
            'The service refused the key for your reports (403): it has no access to them. Set your account key again.',
          ),
          actions: ['addAccountKey', 'showLog'],
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
      message: words
        ? l10n.t({
            message: "The service refused the report's query (400): {0}. Choose another period or other filters.",
            args: [words],
            comment: ["{0}: the service's own words."],
          })
        : l10n.t("The service refused the report's query (400). Choose another period or other filters."),
      actions: ['showLog'],
    };
  }
  if (isOfflineError(error)) {
    return {
      kind: 'network',
      message: withCachedNote(
        l10n.t('The service could not be reached. Check your network connection, then retry.'),
        report,
      ),
      actions: ['retry', 'showLog'],
    };
  }
  if (status === 429) {
    return {
      kind: 'rateLimited',
      message: withCachedNote(l10n.t('The service is limiting requests (429). Wait a minute, then retry.'), report),
      actions: ['retry', 'showLog'],
    };
  }
  if (status !== undefined && status >= 500) {
    return {
      kind: 'server',
      message: withCachedNote(
        l10n.t({
          message: 'The service failed to answer ({0}). Retry in a few minutes.',
          args: [status],
          comment: ['{0}: an HTTP status.'],
        }),
        report,
      ),
      actions: ['retry', 'showLog'],
    };
  }
  return {
    kind: 'other',
    message: withCachedNote(
      l10n.t({
        message: 'The report could not be read: {0} Retry, or see the log for details.',
        args: [sentence(messageOf(error))],
        comment: ['{0}: a sentence saying what went wrong.'],
      }),
      report,
    ),
    actions: ['retry', 'showLog'],
  };
}

/** A custom period the rules refuse, in their words (they say what to change): nothing is asked of the service. */
export function refusedPeriodError(message: string): PanelError {
  return { kind: 'badRequest', message, actions: [] };
}

/** Loading was cancelled before anything arrived. */
export function stoppedError(): PanelError {
  return {
    kind: 'other',
    message: l10n.t('Loading was stopped before the report arrived. Retry to read it.'),
    actions: ['retry'],
  };
}
