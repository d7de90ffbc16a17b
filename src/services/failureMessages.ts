/**
 * What the user reads when talking to the service failed: what happened and what to do, with
 * the buttons that help; and the line the log keeps, which names the error's class. Pure: the
 * caller shows them. Errors are recognised by shape (`serviceErrorKind`), never `instanceof`:
 * they come from the client's own bundle, `dist/api.js`.
 */
import { httpStatusOf, isServiceError, keepsCachedData } from '../api/errors';
import { messageOf } from '../common/errorMessage';
import { SETTINGS } from '../ids';

export type FailureAction = 'Set API Key' | 'Retry' | 'Show Log' | 'Open Settings';

export interface FailureMessage {
  message: string;
  actions: FailureAction[];
  /** The cached data can go on being shown (see `keepsCachedData`). */
  offline: boolean;
}

/** Why the service refused the key, for a 401 or a 403; undefined for any other status. */
export function keyRefusal(status: number | undefined): string | undefined {
  switch (status) {
    case 401:
      return 'the service refused your API key (401 Unauthorized)';
    case 403:
      return 'your API key has no access to this content (403 Forbidden)';
    default:
      return undefined;
  }
}

export function describeFailure(error: unknown, doing: string): FailureMessage {
  const offline = keepsCachedData(error);
  if (!isServiceError(error)) {
    return { message: `${doing} failed: ${messageOf(error)}`, actions: ['Retry', 'Show Log'], offline };
  }
  switch (error.kind) {
    case 'http': {
      const status = httpStatusOf(error);
      if (status === 401) {
        return { message: `${doing} failed: ${keyRefusal(status)}. Set a valid key.`, actions: ['Set API Key'], offline };
      }
      if (status === 403) {
        return {
          message: `${doing} failed: ${keyRefusal(status)}. Check the key's rights in your affiliate account, or set another key.`,
          actions: ['Set API Key', 'Show Log'],
          offline,
        };
      }
      if (status === 404) {
        return {
          message: `${doing} failed: the service address does not serve this API (404). Check the setting ${SETTINGS.baseUrl}.`,
          actions: ['Open Settings', 'Show Log'],
          offline,
        };
      }
      return { message: `${doing} failed: ${error.message} Try again later.`, actions: ['Retry', 'Show Log'], offline };
    }
    case 'aborted':
      return { message: `${doing} was cancelled.`, actions: [], offline };
    default:
      return { message: `${doing} failed: ${error.message}`, actions: ['Retry', 'Show Log'], offline };
  }
}

/**
 * The log's line for a failure: the message, then the error's class and kind
 * (`[NetworkError, network]`), read from its literal `name`, which survives minification.
 */
export function failureLogLine(error: unknown, doing: string): string {
  const { message } = describeFailure(error, doing);
  if (!(error instanceof Error)) {
    return `${message} [thrown: ${typeof error}]`;
  }
  return isServiceError(error) ? `${message} [${error.name}, ${error.kind}]` : `${message} [${error.name}]`;
}
