/** The calendar of the generated reports: days, update times, and how busy each day is, like a real account. */
import { fromDayNumber, toDayNumber, utcDate } from '../api/calendarDate';
import type { Random } from './random';

/** Days of report history when the sandbox is not told otherwise (`historyDays`). */
export const REPORT_HISTORY_DAYS = 125;
export const MS_PER_DAY = 86_400_000;
/** Statistics are updated in batches, so many items share one `updatedAt`. */
const BATCH_MS = 15 * 60_000;

/**
 * How busy each day of the week is, Sunday first: readers of a publisher's articles click on
 * weekdays and much less at weekends.
 */
const WEEKDAY_ACTIVITY = [0.5, 1.05, 1.0, 1.0, 0.97, 0.88, 0.55] as const;
/** Activity of the oldest day of the history and of today: a slow, steady growth. */
const TREND_FROM = 0.8;
const TREND_TO = 1.2;
/** 1970-01-01, day number 0, was a Thursday. */
const WEEKDAY_OF_DAY_ZERO = 4;

/** The weekday of a day number, 0 for Sunday. */
export function weekdayOf(day: number): number {
  return (((day + WEEKDAY_OF_DAY_ZERO) % 7) + 7) % 7;
}

export class Timeline {
  readonly todayNumber: number;
  private readonly lastBatchMs: number;
  /** `YYYY-MM-DD` of each day of the history, today first. */
  private readonly dates: string[] = [];
  /** ISO strings of batch times, which many items share. */
  private readonly batchText = new Map<number, string>();

  constructor(
    readonly nowMs: number,
    /** How many days back, today included, the reports go. */
    readonly historyDays = REPORT_HISTORY_DAYS,
  ) {
    this.todayNumber = toDayNumber(utcDate(new Date(nowMs))) as number;
    this.lastBatchMs = Math.floor(nowMs / BATCH_MS) * BATCH_MS;
    for (let back = 0; back < historyDays; back++) {
      this.dates.push(fromDayNumber(this.todayNumber - back));
    }
  }

  /** A day number among the last `days` days, today included (the whole history by default). */
  day(random: Random, days = this.historyDays): number {
    return this.todayNumber - random.int(0, days - 1);
  }

  date(day: number): string {
    return this.dates[this.todayNumber - day];
  }

  /** How busy `day` was, around 1: its weekday's activity times the trend at that day. */
  activity(day: number): number {
    const age = (this.todayNumber - day) / Math.max(1, this.historyDays - 1);
    return WEEKDAY_ACTIVITY[weekdayOf(day)] * (TREND_TO - (TREND_TO - TREND_FROM) * age);
  }

  /** A batch time at or after `fromMs` (up to `maxDelayMs` later), never after now. */
  batchAfter(random: Random, fromMs: number, maxDelayMs: number): number {
    const ms = Math.ceil((fromMs + random.next() * maxDelayMs) / BATCH_MS) * BATCH_MS;
    return Math.min(ms, this.lastBatchMs);
  }

  batchIso(ms: number): string {
    let text = this.batchText.get(ms);
    if (text === undefined) {
      text = new Date(ms).toISOString();
      this.batchText.set(ms, text);
    }
    return text;
  }

  capToNow(ms: number): number {
    return Math.min(ms, this.nowMs);
  }
}
