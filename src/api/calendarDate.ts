/** Calendar dates written `YYYY-MM-DD`, as whole UTC days. Pure, no I/O. */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 for a valid `YYYY-MM-DD`, or undefined when it is not a real date. */
export function toDayNumber(text: string): number | undefined {
  const match = DATE_PATTERN.exec(text);
  if (!match) {
    return undefined;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Not Date.UTC(year, …): it reads the years 0 to 99 as 1900 to 1999.
  const back = new Date(0);
  back.setUTCFullYear(year, month - 1, day);
  const ms = back.getTime();
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    return undefined;
  }
  return ms / MS_PER_DAY;
}

export function fromDayNumber(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Today's date in UTC, as `YYYY-MM-DD`. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const dayNumber = toDayNumber(date);
  if (dayNumber === undefined) {
    throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  }
  return fromDayNumber(dayNumber + days);
}
