/**
 * Report periods: presets to dates, custom periods checked, the previous period, the windows a long period is read in.
 */
import { resolvePeriod, MAX_PERIOD_DAYS, type ParameterProblem } from '../../api/period';
import { fromDayNumber, toDayNumber } from '../../api/calendarDate';
import type { PeriodPreset, ReportPeriod } from './reportTypes';

export type FixedPreset = Exclude<PeriodPreset, 'custom'>;

/** A preset, or a custom period as the person typed it. */
export type PeriodChoice = { preset: FixedPreset } | { preset: 'custom'; from: string; to: string };

export type ReportPeriodResult = { ok: true; period: ReportPeriod } | { ok: false; problem: ParameterProblem };

/** How far back each counting preset starts, in days before today. */
const DAYS_BACK: Partial<Record<FixedPreset, number>> = {
  today: 0,
  last7: 7,
  last30: 30,
  last90: 90,
  last120: MAX_PERIOD_DAYS,
};

function dayNumberOf(date: string, what: string): number {
  const dayNumber = toDayNumber(date);
  if (dayNumber === undefined) {
    throw new RangeError(`${what} must be YYYY-MM-DD, got ${date}`);
  }
  return dayNumber;
}

/** The first day of the month `date` falls in. */
function monthStart(date: string): string {
  return `${date.slice(0, 8)}01`;
}

/**
 * The same calendar date one year earlier; 29 February goes back to 28 February (the last day
 * of that month), so the year back never lands in March.
 */
function sameDateYearBefore(date: string): string {
  const year = String(Number(date.slice(0, 4)) - 1).padStart(4, '0');
  const sameDay = `${year}${date.slice(4)}`;
  return toDayNumber(sameDay) === undefined ? `${year}${date.slice(4, 8)}28` : sameDay;
}

/**
 * The dates of a preset, given `today` (the caller's local date, `YYYY-MM-DD`; nothing here reads
 * a clock). A period's length is measured as the service measures it (`src/api/period.ts`):
 * `to - from` in days. So `last7` is today minus 7 to today, what the service answers for `days=7`.
 *
 * `last12Months` runs from the same date one year back to today, both included (365 or 366
 * days by the service's measure, 366 or 367 dates): the same "N back to today" reading as
 * `last7`. At 121 dates a window, it takes 4 windows.
 */
export function presetPeriod(preset: FixedPreset, today: string): ReportPeriod {
  const todayNumber = dayNumberOf(today, 'today');
  const back = DAYS_BACK[preset];
  if (back !== undefined) {
    return { from: fromDayNumber(todayNumber - back), to: today };
  }
  switch (preset) {
    case 'yesterday': {
      const yesterday = fromDayNumber(todayNumber - 1);
      return { from: yesterday, to: yesterday };
    }
    case 'thisMonth':
      return { from: monthStart(today), to: today };
    case 'lastMonth': {
      const lastDay = fromDayNumber(dayNumberOf(monthStart(today), 'today') - 1);
      return { from: monthStart(lastDay), to: lastDay };
    }
    case 'last12Months':
      return { from: sameDateYearBefore(today), to: today };
    default:
      throw new RangeError(`unknown period preset: ${String(preset)}`);
  }
}

/**
 * Checks a custom period with the service's own rules and words (`resolvePeriod`): real
 * `YYYY-MM-DD` dates, `from` not after `to`. Unlike a single request it may be longer than
 * MAX_PERIOD_DAYS: it is fetched in windows (`periodWindows`).
 */
export function checkCustomPeriod(from: string, to: string): ReportPeriodResult {
  const fromNumber = toDayNumber(from);
  const toNumber = toDayNumber(to);
  if (fromNumber !== undefined && toNumber !== undefined && fromNumber <= toNumber) {
    return { ok: true, period: { from, to } };
  }
  // Broken dates or order: the service's check finds the same problem first and words it.
  // Its `today` only matters for `days` and the default period, which are not asked here.
  const result = resolvePeriod({ dateFrom: from, dateTo: to }, '1970-01-01');
  if (result.ok) {
    throw new Error(`resolvePeriod accepted ${from}..${to}, which the report period refused`);
  }
  return result;
}

export function resolveReportPeriod(choice: PeriodChoice, today: string): ReportPeriodResult {
  if (choice.preset === 'custom') {
    return checkCustomPeriod(choice.from, choice.to);
  }
  return { ok: true, period: presetPeriod(choice.preset, today) };
}

/** The period's length as the service measures it: `to - from`, in days (0 for one day). */
export function periodLength(period: ReportPeriod): number {
  return dayNumberOf(period.to, 'period.to') - dayNumberOf(period.from, 'period.from');
}

/** The day numbers of the period's first and last dates; throws when `from` is after `to`. */
function dayRange(period: ReportPeriod): { first: number; last: number } {
  const first = dayNumberOf(period.from, 'period.from');
  const last = dayNumberOf(period.to, 'period.to');
  if (first > last) {
    throw new RangeError(`period.from (${period.from}) is after period.to (${period.to})`);
  }
  return { first, last };
}

/** Every date of the period, earliest first. */
export function periodDates(period: ReportPeriod): string[] {
  const { first, last } = dayRange(period);
  const dates: string[] = [];
  for (let day = first; day <= last; day++) {
    dates.push(fromDayNumber(day));
  }
  return dates;
}

/** The period of the same length that ends the day before `period.from`. */
export function previousPeriod(period: ReportPeriod): ReportPeriod {
  const first = dayNumberOf(period.from, 'period.from');
  const length = periodLength(period);
  return { from: fromDayNumber(first - 1 - length), to: fromDayNumber(first - 1) };
}

/**
 * The period cut into consecutive windows the service accepts as one `dateFrom`/`dateTo`
 * request each (`to - from` at most MAX_PERIOD_DAYS, so 121 dates): earliest first, no gap,
 * no overlap, every window full but the last.
 */
export function periodWindows(period: ReportPeriod): ReportPeriod[] {
  const { first, last } = dayRange(period);
  const windows: ReportPeriod[] = [];
  for (let start = first; start <= last; start += MAX_PERIOD_DAYS + 1) {
    windows.push({ from: fromDayNumber(start), to: fromDayNumber(Math.min(last, start + MAX_PERIOD_DAYS)) });
  }
  return windows;
}
