/** The days of a report period: where an item's date falls in it, and which days are still provisional. */
import { fromDayNumber, toDayNumber } from '../../api/calendarDate';

/** `dayPosition` of an item dated before or after the period. */
export const OUTSIDE_PERIOD = -1;
/** `dayPosition` of an item with no date, or one that is not a calendar date. */
export const UNDATED = -2;

export const DEFAULT_PROVISIONAL_DAYS = 2;

/**
 * Each date of the period (`periodDates`) to its position. A bare Map, not an object holding
 * one: the aggregation loops read it for every item, and V8 throws away optimised code that
 * reads a property of a short-lived object once garbage collection has freed that object's
 * hidden class (measured in the bench).
 */
export function dayPositions(dates: readonly string[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (let position = 0; position < dates.length; position++) {
    positions.set(dates[position]!, position);
  }
  return positions;
}

/**
 * The calendar day of a date or timestamp as sent: `YYYY-MM-DD`, or the day of an ISO 8601
 * date-time (`YYYY-MM-DDT...`, `YYYY-MM-DD ...`), which is taken as written.
 */
function dayText(text: string): string {
  if (text.length > 10) {
    const separator = text.charCodeAt(10);
    return separator === 84 /* T */ || separator === 32 /* space */ ? text.slice(0, 10) : text;
  }
  return text;
}

/**
 * The position of an item's date or timestamp in the period, OUTSIDE_PERIOD or UNDATED. Looked
 * up by its text (measured: a date's text is found in a Map several times faster than its
 * digits can be read out of it).
 */
export function dayPosition(positions: Map<string, number>, text: string | null): number {
  if (text === null) {
    return UNDATED;
  }
  const day = dayText(text);
  const position = positions.get(day);
  if (position !== undefined) {
    return position;
  }
  // Only items the period does not hold get here. 2026-02-30 has the shape of a date, not a date.
  return toDayNumber(day) === undefined ? UNDATED : OUTSIDE_PERIOD;
}

/**
 * Which days of the period are provisional. Without `today`: the last `provisionalDays` days
 * of the period. With `today` (the caller's date): only the days within `provisionalDays` of
 * today, so the end of a period long past, whose figures have settled, is not flagged.
 */
export function provisionalFlags(dates: readonly string[], provisionalDays: number, today?: string): boolean[] {
  if (!Number.isInteger(provisionalDays) || provisionalDays < 0) {
    throw new RangeError(`provisionalDays must be a whole number of days, 0 or more; got ${provisionalDays}`);
  }
  if (today === undefined) {
    return dates.map((_, position) => position >= dates.length - provisionalDays);
  }
  const todayNumber = toDayNumber(today);
  if (todayNumber === undefined) {
    throw new RangeError(`today must be YYYY-MM-DD, got ${today}`);
  }
  // Dates written YYYY-MM-DD compare as text in calendar order.
  const firstProvisional = fromDayNumber(todayNumber - provisionalDays + 1);
  return dates.map((date) => provisionalDays > 0 && date >= firstProvisional);
}

export interface ReportOptions {
  /** How many days at the end are provisional; default DEFAULT_PROVISIONAL_DAYS. */
  provisionalDays?: number;
  /** The caller's date (`YYYY-MM-DD`): when given, only days within `provisionalDays` of it are provisional. */
  today?: string;
}

/**
 * Each date of the period as a report's day: `dayOf` its date, its figure and whether it is provisional (`options`).
 * A plain loop rather than a closure over the day figures: V8 compiles a long loop while it runs (on-stack
 * replacement) and may fold what a closure captures into that code as constants; the code is then thrown away as
 * soon as garbage collection frees them.
 */
export function reportDays<Day>(
  dates: readonly string[],
  figures: Float64Array,
  options: ReportOptions,
  dayOf: (date: string, figure: number, provisional: boolean) => Day,
): Day[] {
  const flags = provisionalFlags(dates, options.provisionalDays ?? DEFAULT_PROVISIONAL_DAYS, options.today);
  const days: Day[] = [];
  for (let position = 0; position < dates.length; position++) {
    days.push(dayOf(dates[position]!, figures[position]!, flags[position]!));
  }
  return days;
}
