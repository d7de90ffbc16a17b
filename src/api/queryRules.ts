/**
 * The query-parameter rules of spec 4 and 8, run by the client before sending and by the sandbox on receiving, alike.
 */
import * as l10n from '@vscode/l10n';
import { LIMITS } from './wire';
import { resolvePeriod, type ParameterProblem, type Period } from './period';
import { toDayNumber } from './calendarDate';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: ParameterProblem };

/** Read access to a query; `URLSearchParams` fits. */
export interface QueryLike {
  get(name: string): string | null;
}

export interface CheckedMerchantQuery {
  next: number | undefined;
  limit: number;
  /** Epoch milliseconds of `updatedAtFrom`, inclusive. */
  updatedAtFrom: number | undefined;
  isActive: boolean | undefined;
  deeplinkAllowed: boolean | undefined;
}

export interface CheckedReportQuery {
  period: Period;
  offset: number;
  limit: number;
  programId: string | undefined;
  subId: string | undefined;
  adspaceId: string | undefined;
}

class ProblemFound extends Error {
  constructor(readonly problem: ParameterProblem) {
    super(problem.message);
  }
}

function integer(query: QueryLike, name: string, min: number, max: number, fallback: number): number;
function integer(query: QueryLike, name: string, min: number, max: number, fallback?: number): number | undefined;
function integer(query: QueryLike, name: string, min: number, max: number, fallback?: number): number | undefined {
  const text = query.get(name);
  if (text === null) {
    return fallback;
  }
  const value = /^-?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const message =
      max === Number.MAX_SAFE_INTEGER
        ? l10n.t({
            message: '{0} must be a whole number {1} or more; got "{2}".',
            args: [name, min, text],
            comment: ["{0}: a query parameter's name, not translated."],
          })
        : l10n.t({
            message: '{0} must be a whole number from {1} to {2}; got "{3}".',
            args: [name, min, max, text],
            comment: ["{0}: a query parameter's name, not translated."],
          });
    throw new ProblemFound({ property: name, message });
  }
  return value;
}

function boolean(query: QueryLike, name: string): boolean | undefined {
  const text = query.get(name);
  if (text === null) {
    return undefined;
  }
  if (text !== 'true' && text !== 'false') {
    throw new ProblemFound({
      property: name,
      message: l10n.t({
        message: '{0} must be true or false; got "{1}".',
        args: [name, text],
        comment: ["{0}: a query parameter's name, not translated. Keep true and false."],
      }),
    });
  }
  return text === 'true';
}

function uuid(query: QueryLike, name: string): string | undefined {
  const text = query.get(name);
  if (text === null) {
    return undefined;
  }
  if (!UUID_PATTERN.test(text)) {
    throw new ProblemFound({
      property: name,
      message: l10n.t({
        message: '{0} must be an ID of the form 8-4-4-4-12 hexadecimal digits (a UUID); got "{1}".',
        args: [name, text],
        comment: ["{0}: a query parameter's name, not translated."],
      }),
    });
  }
  return text.toLowerCase();
}

function timestamp(query: QueryLike, name: string): number | undefined {
  const text = query.get(name);
  if (text === null) {
    return undefined;
  }
  // A date or a time without a zone is read as UTC, so client and sandbox agree wherever they run.
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(text);
  const realDate = ISO_DATE_OR_TIME.test(text) && toDayNumber(text.slice(0, 10)) !== undefined;
  const ms = realDate
    ? Date.parse(zoned ? text : `${text.length === 10 ? `${text}T00:00:00` : text.replace(' ', 'T')}Z`)
    : NaN;
  if (Number.isNaN(ms)) {
    throw new ProblemFound({
      property: name,
      message: l10n.t({
        message:
          '{0} must be an ISO 8601 date or date-time (for example 2026-03-31 or 2026-03-31T12:00:00Z); got "{1}".',
        args: [name, text],
        comment: ["{0}: a query parameter's name, not translated."],
      }),
    });
  }
  return ms;
}

function run<T>(body: () => T): Checked<T> {
  try {
    return { ok: true, value: body() };
  } catch (error) {
    if (error instanceof ProblemFound) {
      return { ok: false, problem: error.problem };
    }
    throw error;
  }
}

export function checkMerchantQuery(query: QueryLike): Checked<CheckedMerchantQuery> {
  return run(() => ({
    next: integer(query, 'next', 0, Number.MAX_SAFE_INTEGER),
    limit: integer(query, 'limit', 1, LIMITS.maxLimit, LIMITS.merchantDefaultLimit),
    updatedAtFrom: timestamp(query, 'updatedAtFrom'),
    isActive: boolean(query, 'isActive'),
    deeplinkAllowed: boolean(query, 'deeplinkAllowed'),
  }));
}

/** `today` is `YYYY-MM-DD` in UTC: the day `days` counts back from. */
export function checkReportQuery(query: QueryLike, today: string): Checked<CheckedReportQuery> {
  return run(() => {
    const resolved = resolvePeriod(
      {
        days: query.get('days'),
        date: query.get('date'),
        dateFrom: query.get('dateFrom'),
        dateTo: query.get('dateTo'),
      },
      today,
    );
    if (!resolved.ok) {
      throw new ProblemFound(resolved.problem);
    }
    const subId = query.get('subId');
    return {
      period: resolved.period,
      offset: integer(query, 'offset', 0, Number.MAX_SAFE_INTEGER, 0),
      limit: integer(query, 'limit', 1, LIMITS.maxLimit, LIMITS.reportDefaultLimit),
      programId: uuid(query, 'programId'),
      subId: subId === null ? undefined : subId,
      adspaceId: uuid(query, 'adspaceId'),
    };
  });
}
