/** Generates the account's platforms and programs and both reports' items, in the order the service lists them. */
import { ORDER_TYPES, PRODUCT_IDS, type WireActionItem, type WireClickItem, type WireMerchant } from '../api/wire';
import { utcDate } from '../api/calendarDate';
import type { Random } from './random';
import { compareActionIds, compareClickIds, inReportOrder, type IdOrder, type Timed } from './reportOrder';
import { MS_PER_DAY, Timeline } from './reportTimeline';
import { ACTION_CURRENCIES, COUPON_CODES, PLATFORM_NAMES, SUB_IDS } from './vocabulary';

export { REPORT_HISTORY_DAYS } from './reportTimeline';

const PROGRAM_COUNT = 30;
/** Real click ids are UUIDs, and now and then null (public fixtures of the service). */
const NULL_CLICK_ID_CHANCE = 0.01;
/** Clicks the service could not attribute to a program: `programId` null, `programName` "". */
const NO_PROGRAM_CHANCE = 0.02;
const NO_SUB_ID_CHANCE = 0.2;
const COUPON_CHANCE = 0.08;
/**
 * Merchants settle an action within about this many days: an older action is CONFIRMED or
 * CANCELED, and only a younger one may still be PENDING.
 */
export const DECISION_DAYS = 20;
/** What a merchant decides, and the weights of each for actions still within DECISION_DAYS and for older ones. */
const DECISIONS = ['PENDING', 'CONFIRMED', 'CANCELED'] as const;
const RECENT_STATUS_WEIGHTS = [0.75, 0.18, 0.07] as const;
const DECIDED_STATUS_WEIGHTS = [0, 0.85, 0.15] as const;
/** A CONFIRMED action unchanged for this many days (45 to 50) becomes SETTLED, as the service's newer documentation says. */
export const SETTLEMENT_DAYS = { min: 45, max: 50 } as const;
/** The item that shows SETTLED in even a small report: confirmed, and old enough to have settled. */
const FIRST_SETTLED_INDEX = DECISIONS.length;

export interface NamedId {
  id: string;
  name: string;
}

/** A program of the account: one catalog merchant, named exactly as the catalog names it. */
export interface SandboxProgram extends NamedId {
  /**
   * The catalog merchant's `merchantId`, which click items of the program carry. Null only
   * when the catalog has no merchant with an id, and the programs are invented.
   */
  merchantId: number | null;
}

/** What both reports' items are drawn for: the account's platforms and programs, over the history up to `nowMs`. */
export interface ReportAccount {
  nowMs: number;
  platforms: NamedId[];
  programs: SandboxProgram[];
  /** Days of report history, today included (REPORT_HISTORY_DAYS when left out). */
  historyDays?: number;
}

/** The `index`th item of a report, drawn on the account's timeline, with its `updatedAt` in milliseconds. */
type DrawItem<T> = (random: Random, index: number, account: ReportAccount, timeline: Timeline) => Timed<T>;

export function generatePlatforms(random: Random): NamedId[] {
  return PLATFORM_NAMES.map((name) => ({ id: random.uuid(), name }));
}

type NamedMerchant = Pick<WireMerchant, 'name'> & { merchantId: number };

/**
 * Up to PROGRAM_COUNT programs, each a distinct catalog merchant with an id (a click item
 * could not name a merchant without one). An empty catalog gets invented programs.
 */
export function generatePrograms(
  random: Random,
  merchants: readonly Pick<WireMerchant, 'name' | 'merchantId'>[],
): SandboxProgram[] {
  const named = merchants.filter((merchant): merchant is NamedMerchant => merchant.merchantId !== null);
  if (named.length === 0) {
    return Array.from({ length: PROGRAM_COUNT }, (_, i) => ({
      id: random.uuid(),
      name: `Program ${i + 1}`,
      merchantId: null,
    }));
  }
  return random
    .sample(named, PROGRAM_COUNT)
    .map((merchant) => ({ id: random.uuid(), name: merchant.name, merchantId: merchant.merchantId }));
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

/**
 * The clicks of one item: mostly a handful, now and then a popular link, scaled by how busy
 * the day was. Items per day stay uniform; the rhythm is in the counts.
 */
function clickCount(random: Random, activity: number): number {
  const base = random.chance(0.04) ? random.int(60, 400) : random.int(1, 40);
  return Math.max(1, Math.round(base * activity));
}

/** A click item: a day weighted by activity, a platform, and a program now and then left out. */
const clickItem: DrawItem<WireClickItem> = (random, i, { platforms, programs }, timeline) => {
  const day = timeline.day(random);
  const platform = random.pick(platforms);
  const program = random.chance(NO_PROGRAM_CHANCE) ? null : random.pick(programs);
  const time = timeline.batchAfter(random, (day + 1) * MS_PER_DAY, 2 * MS_PER_DAY);
  const item: WireClickItem = {
    id: random.chance(NULL_CLICK_ID_CHANCE) ? null : random.uuid(),
    adspaceId: platform.id,
    adspaceName: platform.name,
    programId: program?.id ?? null,
    programName: program?.name ?? '',
    subId: random.chance(NO_SUB_ID_CHANCE) ? null : random.pick(SUB_IDS),
    date: timeline.date(day),
    count: clickCount(random, timeline.activity(day)),
    productId: enumValue(random, i, PRODUCT_IDS),
    merchantId: program?.merchantId ?? null,
    couponId: random.chance(COUPON_CHANCE) ? random.pick(COUPON_CODES) : null,
    updatedAt: timeline.batchIso(time),
  };
  return { item, time };
};

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

/**
 * When an action was performed. The first items cycle through the statuses, and a PENDING
 * one among them must be young enough to still be pending.
 */
function createdAt(random: Random, index: number, timeline: Timeline): number {
  const oldest = timeline.historyDays - 1;
  const day =
    DECISIONS[index] === 'PENDING'
      ? timeline.day(random, DECISION_DAYS)
      : index === FIRST_SETTLED_INDEX
        ? timeline.todayNumber - random.int(Math.min(oldest, DECISION_DAYS + SETTLEMENT_DAYS.max + 1), oldest)
        : timeline.day(random);
  return timeline.capToNow(day * MS_PER_DAY + random.int(0, 86_399) * 1000);
}

/** The status and last update of a confirmed action: SETTLED once it stayed unchanged long enough before now. */
function settling(
  random: Random,
  confirmedMs: number,
  timeline: Timeline,
): { status: 'CONFIRMED' | 'SETTLED'; updatedMs: number } {
  const settledMs = confirmedMs + random.int(SETTLEMENT_DAYS.min, SETTLEMENT_DAYS.max) * MS_PER_DAY;
  return settledMs <= timeline.nowMs
    ? { status: 'SETTLED', updatedMs: timeline.batchAfter(random, settledMs, 0) }
    : { status: 'CONFIRMED', updatedMs: confirmedMs };
}

/** An action item: created, decided by the merchant, maybe settled and paid out. */
const actionItem: DrawItem<WireActionItem> = (random, i, { platforms, programs }, timeline) => {
  const createdMs = createdAt(random, i, timeline);
  const decided = timeline.nowMs - createdMs > DECISION_DAYS * MS_PER_DAY;
  const platform = random.pick(platforms);
  const program = random.pick(programs);
  const decision =
    i === FIRST_SETTLED_INDEX
      ? 'CONFIRMED'
      : enumValue(random, i, DECISIONS, decided ? DECIDED_STATUS_WEIGHTS : RECENT_STATUS_WEIGHTS);
  const orderType = enumValue(random, i, ORDER_TYPES, [0.7, 0.2, 0.1]);
  // A pending action was last updated when it was recorded; a decided one when the merchant decided.
  const decisionDelayMs = decision === 'PENDING' ? MS_PER_DAY : DECISION_DAYS * MS_PER_DAY;
  const decidedMs = Math.max(timeline.batchAfter(random, createdMs, decisionDelayMs), createdMs);
  const { status, updatedMs } =
    decision === 'CONFIRMED' ? settling(random, decidedMs, timeline) : { status: decision, updatedMs: decidedMs };
  // Rewards are paid out some time after they are confirmed, so mostly for older actions.
  const paidOut = (status === 'CONFIRMED' || status === 'SETTLED') && random.chance(decided ? 0.6 : 0.1);
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
    currencyCode: enumValue(random, i, ACTION_CURRENCIES),
    ...money(random, orderType),
    productId: enumValue(random, i, PRODUCT_IDS),
    paidOut,
    invoiceNumber: paidOut ? `INV-${utcDate(new Date(updatedMs)).slice(0, 4)}-${random.code(6).toUpperCase()}` : '',
    createdAt: new Date(createdMs).toISOString(),
    updatedAt: timeline.batchIso(updatedMs),
  };
  return { item, time: updatedMs };
};

/** `count` items drawn one after another, in the order the service lists them. */
function drawItems<T>(random: Random, count: number, account: ReportAccount, draw: DrawItem<T>, byId: IdOrder<T>): T[] {
  const timeline = new Timeline(account.nowMs, account.historyDays);
  const items: Timed<T>[] = [];
  for (let index = 0; index < count; index++) {
    items.push(draw(random, index, account, timeline));
  }
  return inReportOrder(items, byId);
}

export function generateClicks(random: Random, count: number, account: ReportAccount): WireClickItem[] {
  return drawItems(random, count, account, clickItem, compareClickIds);
}

export function generateActions(random: Random, count: number, account: ReportAccount): WireActionItem[] {
  return drawItems(random, count, account, actionItem, compareActionIds);
}
