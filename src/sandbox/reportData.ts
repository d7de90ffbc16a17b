/**
 * Generates the account's platforms and programs and the items of the clicks report (spec 2.2)
 * and the actions report (spec 2.3), spread over the past REPORT_HISTORY_DAYS days and
 * returned in the order the service lists them.
 */
import { ACTION_STATUSES, ORDER_TYPES, PRODUCT_IDS, type WireActionItem, type WireClickItem } from '../api/wire';
import { fromDayNumber, toDayNumber, utcDate } from '../api/calendarDate';
import type { Random } from './random';
import { ACTION_CURRENCIES, PLATFORM_NAMES, SUB_IDS } from './vocabulary';

export const REPORT_HISTORY_DAYS = 125;
const PROGRAM_COUNT = 30;
const MS_PER_DAY = 86_400_000;
/** Statistics are updated in batches, so many items share one `updatedAt`. */
const BATCH_MS = 15 * 60_000;

export interface NamedId {
  id: string;
  name: string;
}

export function generatePlatforms(random: Random): NamedId[] {
  return PLATFORM_NAMES.map((name) => ({ id: random.uuid(), name }));
}

export function generatePrograms(random: Random, merchantNames: readonly string[]): NamedId[] {
  const names = merchantNames.length > 0 ? random.sample(merchantNames, PROGRAM_COUNT) : [];
  while (names.length < PROGRAM_COUNT) {
    names.push(`Program ${names.length + 1}`);
  }
  return names.map((name) => ({ id: random.uuid(), name: `${name} Affiliate Program` }));
}

/** Picks the day of an item and the clock bounds shared by both reports. */
class Timeline {
  private readonly todayNumber: number;
  private readonly lastBatchMs: number;
  /** `YYYY-MM-DD` of each day of the history, today first. */
  private readonly dates: string[] = [];
  /** ISO strings of batch times, which many items share. */
  private readonly batchText = new Map<number, string>();

  constructor(private readonly nowMs: number) {
    this.todayNumber = toDayNumber(utcDate(new Date(nowMs))) as number;
    this.lastBatchMs = Math.floor(nowMs / BATCH_MS) * BATCH_MS;
    for (let back = 0; back < REPORT_HISTORY_DAYS; back++) {
      this.dates.push(fromDayNumber(this.todayNumber - back));
    }
  }

  /** A day number within the history, today included. */
  day(random: Random): number {
    return this.todayNumber - random.int(0, REPORT_HISTORY_DAYS - 1);
  }

  date(day: number): string {
    return this.dates[this.todayNumber - day];
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

interface Timed<T> {
  item: T;
  /** `updatedAt` in epoch milliseconds. */
  time: number;
}

/** Sorts by `updatedAt` descending, then `id` ascending (ids are never null here). */
function inReportOrder<T extends { id: string | number | null }>(timed: Timed<T>[]): T[] {
  timed.sort((a, b) => b.time - a.time || (a.item.id as number) - (b.item.id as number));
  return timed.map((entry) => entry.item);
}

/** Enumeration values cycle through the first items, so even a small report holds them all. */
function enumValue<T>(random: Random, index: number, values: readonly T[], weights?: readonly number[]): T {
  if (index < values.length) {
    return values[index];
  }
  if (!weights) {
    return random.pick(values);
  }
  let draw = random.next();
  for (let i = 0; i < values.length; i++) {
    draw -= weights[i];
    if (draw < 0) {
      return values[i];
    }
  }
  return values[values.length - 1];
}

export function generateClicks(random: Random, count: number, nowMs: number, platforms: NamedId[], programs: NamedId[]): WireClickItem[] {
  const timeline = new Timeline(nowMs);
  const items: Timed<WireClickItem>[] = [];
  for (let i = 0; i < count; i++) {
    const day = timeline.day(random);
    const platform = random.pick(platforms);
    const program = random.pick(programs);
    const time = timeline.batchAfter(random, (day + 1) * MS_PER_DAY, 2 * MS_PER_DAY);
    const item: WireClickItem = {
      id: 3_000_000 + i,
      adspaceId: platform.id,
      adspaceName: platform.name,
      programId: program.id,
      programName: program.name,
      subId: random.chance(0.25) ? null : random.pick(SUB_IDS),
      date: timeline.date(day),
      count: random.chance(0.1) ? random.int(50, 2000) : random.int(1, 40),
      productId: enumValue(random, i, PRODUCT_IDS),
      updatedAt: timeline.batchIso(time),
    };
    items.push({ item, time });
  }
  return inReportOrder(items);
}

function money(random: Random, orderType: string): { revenue: number; commission: number } {
  if (orderType === 'SALE') {
    const revenue = random.amount(5, 500);
    return { revenue, commission: Math.round(revenue * random.amount(0.02, 0.15, 3) * 100) / 100 };
  }
  if (orderType === 'LEAD') {
    return { revenue: 0, commission: random.amount(1, 30) };
  }
  return { revenue: 0, commission: random.amount(0.01, 0.6, 3) };
}

export function generateActions(random: Random, count: number, nowMs: number, platforms: NamedId[], programs: NamedId[]): WireActionItem[] {
  const timeline = new Timeline(nowMs);
  const items: Timed<WireActionItem>[] = [];
  for (let i = 0; i < count; i++) {
    const createdMs = timeline.capToNow(timeline.day(random) * MS_PER_DAY + random.int(0, 86_399) * 1000);
    const platform = random.pick(platforms);
    const program = random.pick(programs);
    const status = enumValue(random, i, ACTION_STATUSES, [0.4, 0.45, 0.15]);
    const orderType = enumValue(random, i, ORDER_TYPES, [0.7, 0.2, 0.1]);
    const paidOut = status === 'CONFIRMED' && random.chance(0.5);
    const updatedMs = Math.max(timeline.batchAfter(random, createdMs, 20 * MS_PER_DAY), createdMs);
    const item: WireActionItem = {
      id: 7_000_000 + i,
      actionId: 900_000_000 + i * 3 + random.int(0, 2),
      status,
      orderType,
      adspaceId: platform.id,
      adspaceName: platform.name,
      programId: program.id,
      programName: program.name,
      subId: random.chance(0.15) ? '' : random.pick(SUB_IDS),
      currencyCode: random.pick(ACTION_CURRENCIES),
      ...money(random, orderType),
      productId: enumValue(random, i, PRODUCT_IDS),
      paidOut,
      invoiceNumber: paidOut ? `INV-${utcDate(new Date(updatedMs)).slice(0, 4)}-${random.code(6).toUpperCase()}` : '',
      createdAt: new Date(createdMs).toISOString(),
      updatedAt: timeline.batchIso(updatedMs),
    };
    items.push({ item, time: updatedMs });
  }
  return inReportOrder(items);
}
