/**
 * The query rules of the spec (sections 4.1, 4.2, 4.3 and 8), read from its text and written
 * here a second time, apart from the product's `src/api/queryRules.ts` and `period.ts`: the
 * oracle the query properties judge the client and the sandbox by. Both of those run the
 * product's one rule module, so comparing them with each other would only test the encoding.
 *
 * Each rule below names the spec's words it comes from. Where the spec is silent, the rule says
 * "silent" and gives the project's reading (README, "Period rules"), so a change of reading is a
 * change here too. A verdict is the set of parameters that break a rule: a refusal must name one
 * of them (which one, when several break, the spec does not say).
 */

export type SpecVerdict = { ok: true } | { ok: false; parameters: ReadonlySet<string> };

type Query = Readonly<Record<string, string | undefined>>;

/** "integer": an optional minus and decimal digits only, read exactly (no sign, space, exponent or fraction). */
function wholeNumber(text: string): number | undefined {
  if (!/^-?[0-9]+$/.test(text)) {
    return undefined;
  }
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** "string, YYYY-MM-DD": four, two and two digits that name a day of the calendar, as a day count since 1970. */
function calendarDay(text: string): number | undefined {
  const parts = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
  if (!parts) {
    return undefined;
  }
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (month < 1 || month > 12 || day < 1) {
    return undefined;
  }
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  if (day > days) {
    return undefined;
  }
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / 86_400_000);
}

/** "string, UUIDv4": the form 8-4-4-4-12 hexadecimal digits (silent on other versions: the project sends any UUID). */
const isUuid = (text: string): boolean => /^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$/.test(text);

/**
 * "string, ISO 8601 date or date-time": a calendar date, optionally `T` (or, silent, a space, which
 * RFC 3339 allows) and hh:mm, :ss and a fraction of up to nine digits, then optionally Z or an
 * offset ±hh:mm / ±hhmm. Hours 00-23, minutes and seconds 00-59, and 24:00 (ISO 8601:2004's end
 * of the day, with no minute, second or fraction past it); offsets up to 23:59.
 */
function isoDateOrTime(text: string): boolean {
  const parts =
    /^([0-9]{4}-[0-9]{2}-[0-9]{2})(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,9}))?)?(Z|[+-][0-9]{2}:?[0-9]{2})?)?$/.exec(
      text,
    );
  if (!parts || calendarDay(parts[1]!) === undefined) {
    return false;
  }
  const [hour, minute, second, fraction, zoneText] = [parts[2], parts[3], parts[4], parts[5], parts[6]];
  const within = (value: string | undefined, max: number): boolean => value === undefined || Number(value) <= max;
  const endOfDay = hour === '24' && minute === '00' && within(second, 0) && within(fraction, 0);
  const zone = zoneText !== undefined && zoneText !== 'Z' ? /^[+-]([0-9]{2}):?([0-9]{2})$/.exec(zoneText) : null;
  return (
    (endOfDay || (within(hour, 23) && within(minute, 59) && within(second, 59))) &&
    (zone === null || (Number(zone[1]) <= 23 && Number(zone[2]) <= 59))
  );
}

const MAX_LIMIT = 500; // section 8: "Maximum limit ... 500"
const MAX_PERIOD_DAYS = 120; // 4.2 rule 4, section 8: "Maximum reporting period ... 120 days"

/** The reports' query (4.2; 4.3 "the same as in 4.2"). Whether it is acceptable never depends on today's date. */
export function specReportVerdict(query: Query): SpecVerdict {
  const bad = new Set<string>();
  const given = (name: string): boolean => query[name] !== undefined;

  if (given('days')) {
    // Rule 1: "When days is given, date, dateFrom and dateTo are ignored." "integer"; the period
    // it makes (today minus days to today) "cannot exceed 120 days"; silent on 0 or less: refused,
    // as a period of no day.
    const days = wholeNumber(query.days!);
    if (days === undefined || days < 1 || days > MAX_PERIOD_DAYS) {
      bad.add('days');
    }
  } else if (given('date')) {
    // Rule 2: "When days is absent and date is given, dateFrom and dateTo are ignored."
    if (calendarDay(query.date!) === undefined) {
      bad.add('date');
    }
  } else if (given('dateFrom') || given('dateTo')) {
    // dateFrom "cannot be used without dateTo", and dateTo "cannot be used without dateFrom".
    if (!given('dateTo')) {
      bad.add('dateFrom');
    } else if (!given('dateFrom')) {
      bad.add('dateTo');
    } else {
      const from = calendarDay(query.dateFrom!);
      const to = calendarDay(query.dateTo!);
      if (from === undefined) {
        bad.add('dateFrom');
      }
      if (to === undefined) {
        bad.add('dateTo');
      }
      // Rule 4, "cannot exceed 120 days", measured as days=N is (to minus from); silent on a
      // start after the end: refused, as no period.
      if (from !== undefined && to !== undefined && (from > to || to - from > MAX_PERIOD_DAYS)) {
        bad.add('dateFrom').add('dateTo');
      }
    }
  }
  // offset: "integer ... default 0", "number of first click items to skip": 0 or more.
  if (given('offset') && !((wholeNumber(query.offset!) ?? -1) >= 0)) {
    bad.add('offset');
  }
  // limit: "Maximum click items per request; default 500; maximum 500"; silent on 0: refused.
  if (given('limit')) {
    const limit = wholeNumber(query.limit!);
    if (limit === undefined || limit < 1 || limit > MAX_LIMIT) {
      bad.add('limit');
    }
  }
  for (const name of ['programId', 'adspaceId']) {
    if (given(name) && !isUuid(query[name]!)) {
      bad.add(name);
    }
  }
  // subId: "string": any text.
  return bad.size === 0 ? { ok: true } : { ok: false, parameters: bad };
}

/** The merchant list's query (4.1). */
export function specMerchantVerdict(query: Query): SpecVerdict {
  const bad = new Set<string>();
  // next: "integer", a pointer to a page; silent on negatives: refused.
  if (query.next !== undefined && !((wholeNumber(query.next) ?? -1) >= 0)) {
    bad.add('next');
  }
  // limit: "maximum 500; default 100"; silent on 0: refused.
  if (query.limit !== undefined) {
    const limit = wholeNumber(query.limit);
    if (limit === undefined || limit < 1 || limit > MAX_LIMIT) {
      bad.add('limit');
    }
  }
  if (query.updatedAtFrom !== undefined && !isoDateOrTime(query.updatedAtFrom)) {
    bad.add('updatedAtFrom');
  }
  // isActive, deeplinkAllowed: "boolean", written true or false.
  for (const name of ['isActive', 'deeplinkAllowed']) {
    if (query[name] !== undefined && query[name] !== 'true' && query[name] !== 'false') {
      bad.add(name);
    }
  }
  return bad.size === 0 ? { ok: true } : { ok: false, parameters: bad };
}
