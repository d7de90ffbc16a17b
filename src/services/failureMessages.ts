/**
 * What the user reads when talking to the service failed: what happened and what to do, with
 * the buttons that help. Pure: the caller shows it.
 */
import type { ServiceError } from '../api/errors';

export type FailureAction = 'Set API Key' | 'Retry' | 'Show Log' | 'Open Settings';

export interface FailureMessage {
  message: string;
  actions: FailureAction[];
  /** The view can go on showing cached merchants, marked as offline. */
  offline: boolean;
}

function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && typeof (error as Partial<ServiceError>).kind === 'string';
}

export function describeFailure(error: unknown, doing: string): FailureMessage {
  if (!isServiceError(error)) {
    const detail = error instanceof Error ? error.message : String(error);
    return { message: `${doing} failed: ${detail}`, actions: ['Retry', 'Show Log'], offline: false };
  }
  switch (error.kind) {
    case 'http': {
      const status = (error as ServiceError & { status: number }).status;
      if (status === 401) {
        return {
          message: `${doing} failed: the service refused your API key (401 Unauthorized). Set a valid key.`,
          actions: ['Set API Key'],
          offline: false,
        };
      }
      if (status === 403) {
        return {
          message: `${doing} failed: your API key has no access to this content (403 Forbidden). Check the key's rights in your affiliate account, or set another key.`,
          actions: ['Set API Key', 'Show Log'],
          offline: false,
        };
      }
      if (status === 404) {
        return {
          message: `${doing} failed: the service address does not serve this API (404). Check the setting affiliateLinks.baseUrl.`,
          actions: ['Open Settings', 'Show Log'],
          offline: false,
        };
      }
      return { message: `${doing} failed: ${error.message} Try again later.`, actions: ['Retry', 'Show Log'], offline: status >= 500 };
    }
    case 'network':
    case 'timeout':
      return { message: `${doing} failed: ${error.message}`, actions: ['Retry', 'Show Log'], offline: true };
    case 'aborted':
      return { message: `${doing} was cancelled.`, actions: [], offline: false };
    default:
      return { message: `${doing} failed: ${error.message}`, actions: ['Retry', 'Show Log'], offline: false };
  }
}
