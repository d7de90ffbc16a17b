/**
 * The reporting-period rules of spec 4.2, shared by the client and the sandbox, in words for whoever picked the period.
 */
import * as l10n from '@vscode/l10n';
import { toDayNumber, fromDayNumber } from './calendarDate';

export const MAX_PERIOD_DAYS = 120;
export const DEFAULT_PERIOD_DAYS = 7;

/** The period parameters as they travel: strings in a query, or numbers from a caller. */
export interface PeriodParams {
  days?: string | number | null;
  date?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
}

export interface Period {
  from: string;
  to: string;
  /** Which rule chose it. */
  source: 'days' | 'date' | 'range' | 'default';
}

/** A parameter a request cannot be sent with, named as the service names it (`meta.property`). */
export interface ParameterProblem {
  property: string;
  message: string;
}

export type PeriodResult = { ok: true; period: Period } | { ok: false; problem: ParameterProblem };

const DATE_EXAMPLE = '2026-03-31';

function given(value: string | number | null | undefined): value is string | number {
  return value !== undefined && value !== null;
}

function fail(property: string, message: string): PeriodResult {
  return { ok: false, problem: { property, message } };
}

function badDate(property: string, value: string): PeriodResult {
  return fail(
    property,
    l10n.t({
      message: '{0} must be a calendar date written YYYY-MM-DD (for example {1}); got "{2}".',
      args: [property, DATE_EXAMPLE, value],
      comment: ["{0}: a query parameter's name, not translated."],
    }),
  );
}

/**
 * Resolves the period a report query asks for, relative to `today` (`YYYY-MM-DD`, UTC).
 * Precedence: `days` > `date` > `dateFrom` + `dateTo`; with none of them, the past 7 days. A
 * period is `from`..`to` inclusive; its length is `to - from` in days, at most 120, so that
 * `days=N` (from today minus N to today) and an explicit range measure alike.
 */
export function resolvePeriod(params: PeriodParams, today: string): PeriodResult {
  const todayNumber = toDayNumber(today);
  if (todayNumber === undefined) {
    throw new RangeError(`today must be YYYY-MM-DD, got ${today}`);
  }

  if (given(params.days)) {
    const text = String(params.days);
    const days = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(days) || days < 1 || days > MAX_PERIOD_DAYS) {
      return fail(
        'days',
        l10n.t({
          message: 'days must be a whole number from 1 to {0}; got "{1}".',
          args: [MAX_PERIOD_DAYS, text],
          comment: ["Keep days: a query parameter's name."],
        }),
      );
    }
    return { ok: true, period: { from: fromDayNumber(todayNumber - days), to: today, source: 'days' } };
  }

  if (given(params.date)) {
    const date = String(params.date);
    if (toDayNumber(date) === undefined) {
      return badDate('date', date);
    }
    return { ok: true, period: { from: date, to: date, source: 'date' } };
  }

  const hasFrom = given(params.dateFrom);
  const hasTo = given(params.dateTo);
  if (hasFrom !== hasTo) {
    return hasFrom
      ? fail(
          'dateFrom',
          l10n.t({
            message: 'dateFrom cannot be used without dateTo: give both dates of the period, or neither.',
            comment: ["Keep dateFrom and dateTo: query parameters' names."],
          }),
        )
      : fail(
          'dateTo',
          l10n.t({
            message: 'dateTo cannot be used without dateFrom: give both dates of the period, or neither.',
            comment: ["Keep dateFrom and dateTo: query parameters' names."],
          }),
        );
  }
  if (hasFrom && hasTo) {
    const from = String(params.dateFrom);
    const to = String(params.dateTo);
    const fromNumber = toDayNumber(from);
    if (fromNumber === undefined) {
      return badDate('dateFrom', from);
    }
    const toNumber = toDayNumber(to);
    if (toNumber === undefined) {
      return badDate('dateTo', to);
    }
    if (fromNumber > toNumber) {
      return fail(
        'dateFrom',
        l10n.t({
          message: 'dateFrom ({0}) must not be after dateTo ({1}).',
          args: [from, to],
          comment: ["Keep dateFrom and dateTo: query parameters' names."],
        }),
      );
    }
    const length = toNumber - fromNumber;
    if (length > MAX_PERIOD_DAYS) {
      return fail(
        'dateTo',
        l10n.t(
          'The period from {0} to {1} spans {2} days; it cannot exceed {3} days.',
          from,
          to,
          length,
          MAX_PERIOD_DAYS,
        ),
      );
    }
    return { ok: true, period: { from, to, source: 'range' } };
  }

  return {
    ok: true,
    period: { from: fromDayNumber(todayNumber - DEFAULT_PERIOD_DAYS), to: today, source: 'default' },
  };
}
