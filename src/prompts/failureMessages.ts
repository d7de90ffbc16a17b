/**
 * What the user reads when talking to the service failed, with its buttons, one whole sentence per activity, and
 * the log's line naming the error's class. Pure (`@vscode/l10n`, unit-tested in plain Node); errors are recognised
 * by shape, since they come from the client's own bundle.
 */
import * as l10n from '@vscode/l10n';
import { httpStatusOf, isServiceError, keepsCachedData } from '../api/errors';
import { messageOf } from '../common/errorMessage';
import { SETTINGS } from '../ids';

/** The buttons a failure offers, as ids; `actionLabel` gives the words shown. */
export type FailureAction = 'Set API Key' | 'Retry' | 'Show Log' | 'Open Settings';

/** What was being done when the service failed (the English of its own sentences, and its id). */
export type FailedActivity = 'Loading merchants' | 'Checking the key' | "Reading today's clicks";

export interface FailureMessage {
  message: string;
  actions: FailureAction[];
  /** The cached data can go on being shown (see `keepsCachedData`). */
  offline: boolean;
}

/** The localised label of a failure's button. */
export function actionLabel(action: FailureAction): string {
  switch (action) {
    case 'Set API Key':
      return l10n.t('Set API Key');
    case 'Retry':
      return l10n.t('Retry');
    case 'Show Log':
      return l10n.t('Show Log');
    case 'Open Settings':
      return l10n.t('Open Settings');
  }
}

/**
 * Why the service refused the key, for a 401 or a 403, as a clause that ends its sentence
 * ("the service refused your API key (401 Unauthorized)."); undefined for any other status.
 */
export function keyRefusal(status: number | undefined): string | undefined {
  switch (status) {
    case 401:
      return l10n.t({
        message: 'the service refused your API key (401 Unauthorized).',
        comment:
          'Follows "<activity> failed: " and ends that sentence, so it starts in lower case and ends with a full stop.',
      });
    case 403:
      return l10n.t({
        message: 'your API key has no access to this content (403 Forbidden).',
        comment:
          'Follows "<activity> failed: " and ends that sentence, so it starts in lower case and ends with a full stop.',
      });
    default:
      return undefined;
  }
}

/** "<activity> failed: <reason>", one whole sentence per activity. */
export function failedBecause(activity: FailedActivity, reason: string): string {
  switch (activity) {
    case 'Loading merchants':
      return l10n.t({
        message: 'Loading merchants failed: {0}',
        args: [reason],
        comment:
          '{0} is why: a clause such as "the service refused your API key (401 Unauthorized)." or an error message such as "Could not reach the service."',
      });
    case 'Checking the key':
      return l10n.t({
        message: 'Checking the key failed: {0}',
        args: [reason],
        comment:
          '{0} is why: a clause such as "the service refused your API key (401 Unauthorized)." or an error message such as "Could not reach the service."',
      });
    case "Reading today's clicks":
      return l10n.t({
        message: "Reading today's clicks failed: {0}",
        args: [reason],
        comment:
          '{0} is why: a clause such as "the service refused your API key (401 Unauthorized)." or an error message such as "Could not reach the service."',
      });
  }
}

function cancelled(activity: FailedActivity): string {
  switch (activity) {
    case 'Loading merchants':
      return l10n.t('Loading merchants was cancelled.');
    case 'Checking the key':
      return l10n.t('Checking the key was cancelled.');
    case "Reading today's clicks":
      return l10n.t("Reading today's clicks was cancelled.");
  }
}

export function describeFailure(error: unknown, doing: FailedActivity): FailureMessage {
  const offline = keepsCachedData(error);
  if (!isServiceError(error)) {
    return { message: failedBecause(doing, messageOf(error)), actions: ['Retry', 'Show Log'], offline };
  }
  switch (error.kind) {
    case 'http': {
      const status = httpStatusOf(error);
      if (status === 401) {
        return {
          message: `${failedBecause(doing, keyRefusal(status)!)} ${l10n.t('Set a valid key.')}`,
          actions: ['Set API Key'],
          offline,
        };
      }
      if (status === 403) {
        return {
          message: `${failedBecause(doing, keyRefusal(status)!)} ${l10n.t("Check the key's rights in your affiliate account, or set another key.")}`,
          actions: ['Set API Key', 'Show Log'],
          offline,
        };
      }
      if (status === 404) {
        const reason = l10n.t({
          message: 'the service address does not serve this API (404).',
          comment: 'Follows "<activity> failed: " and ends that sentence.',
        });
        return {
          message: `${failedBecause(doing, reason)} ${l10n.t({ message: 'Check the setting {0}.', args: [SETTINGS.baseUrl], comment: '{0} is the id of a setting.' })}`,
          actions: ['Open Settings', 'Show Log'],
          offline,
        };
      }
      return {
        message: `${failedBecause(doing, error.message)} ${l10n.t('Try again later.')}`,
        actions: ['Retry', 'Show Log'],
        offline,
      };
    }
    case 'aborted':
      return { message: cancelled(doing), actions: [], offline };
    default:
      return { message: failedBecause(doing, error.message), actions: ['Retry', 'Show Log'], offline };
  }
}

/**
 * The log's line for a failure: the message, then the error's class and kind
 * (`[NetworkError, network]`), read from its literal `name`, which survives minification.
 */
export function failureLogLine(error: unknown, doing: FailedActivity): string {
  const { message } = describeFailure(error, doing);
  if (!(error instanceof Error)) {
    return `${message} [thrown: ${typeof error}]`;
  }
  return isServiceError(error) ? `${message} [${error.name}, ${error.kind}]` : `${message} [${error.name}]`;
}
