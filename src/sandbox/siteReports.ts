/**
 * The reports of a sandbox started with a site (`startSandbox({ site })`, `--site DIR --serve`):
 * click items for each article's SubID to every merchant the article links to, healthy and broken
 * links alike, over the whole history, and actions for them; the other generated items keep away
 * from the site's SubIDs. The site's items are well-formed (an id, a program, a merchant id, a
 * SubID, one platform: the site's), so the figures of each pair are unambiguous.
 */
import { PRODUCT_IDS, type WireActionItem, type WireClickItem } from '../api/wire';
import type { NamedId, SandboxProgram } from './reportData';
import type { SandboxDataset } from './dataset';
import { Random } from './random';
import { compareActionIds, compareClickIds, reportOrder, type Timed } from './reportOrder';
import { MS_PER_DAY, Timeline } from './reportTimeline';
import type { SiteArticle } from './site';

/** A SubID and a merchant: what the reports count clicks for. */
export interface SitePair {
  subId: string;
  merchantId: number;
}

export const pairKey = (subId: string, merchantId: number): string => `${merchantId} ${subId}`;

/** SubIDs of the account's other traffic (a newsletter, social profiles): the generated items that carried a site's SubID get one. */
export const OFF_SITE_SUB_IDS = ['newsletter', 'social-profile', 'homepage-banner', 'old-deals-page'] as const;
/** The currencies of the site's programs, in turn: each program pays in one, now and then in another. */
const PROGRAM_CURRENCIES = ['EUR', 'EUR', 'USD', 'EUR', 'GBP'] as const;
const OTHER_CURRENCY_CHANCE = 0.1;
/** Of the pairs a subid-mismatch link carries, the share that has clicks too (the first always has). */
const CARRIED_CLICKS_CHANCE = 0.6;
/** Pairs whose clicks are all older than this many days: links nobody clicks lately. */
const QUIET_PAIR_CHANCE = 0.1;
const QUIET_AFTER_DAYS = 35;
/** Days back where a pair that is not quiet has a click item for sure. */
const RECENT_DAYS = 20;
/** Of each click item's clicks, the share that convert into an action (at most one action an item). */
const CONVERSION_PER_CLICK = 0.03;
const MAX_CONVERSION = 0.6;
/** Merchants decide within this many days; a confirmed action settles 45 to 50 days later (as reportData.ts). */
const DECISION_DAYS = 20;
const SETTLEMENT_DAYS = { min: 45, max: 50 } as const;
/** Ids above those of the generated actions (7,000,000 + index, 900,000,000 + 3 × index). */
const FIRST_ACTION_ID = 20_000_000;
const FIRST_ACTION_ACTION_ID = 1_000_000_000;
const STREAM = 0x53524550;

/**
 * The pairs the site's links give: each article's SubID with every merchant it links to, and the
 * pair a subid-mismatch link carries (its SubID, the link's merchant). Keys of `pairKey`.
 */
export function sitePairs(articles: readonly SiteArticle[]): {
  own: Map<string, SitePair>;
  carried: Map<string, SitePair>;
} {
  const own = new Map<string, SitePair>();
  const carried = new Map<string, SitePair>();
  for (const article of articles) {
    for (const link of article.links) {
      own.set(pairKey(article.subId, link.merchantId), { subId: article.subId, merchantId: link.merchantId });
      if (link.carries !== undefined && link.carries !== article.subId) {
        carried.set(pairKey(link.carries, link.merchantId), { subId: link.carries, merchantId: link.merchantId });
      }
    }
  }
  return { own, carried };
}

/**
 * Adds the site's items to `dataset` (its programs, clicks and actions, in report order) and moves
 * the generated items off the site's SubIDs. Call before anything serves or touches the dataset.
 */
export function addSiteReports(
  dataset: SandboxDataset,
  articles: readonly SiteArticle[],
  options: { seed: number; nowMs: number; historyDays?: number },
): void {
  const random = new Random(options.seed ^ STREAM);
  const timeline = new Timeline(options.nowMs, options.historyDays);
  const { own, carried } = sitePairs(articles);
  const siteSubIds = new Set([...own.values(), ...carried.values()].map((pair) => pair.subId));
  moveOffSite(dataset, siteSubIds);
  const clickedPairs = [...own.values()];
  let first = true;
  for (const [key, pair] of carried) {
    if (!own.has(key) && (first || random.chance(CARRIED_CLICKS_CHANCE))) {
      clickedPairs.push(pair);
      first = false;
    }
  }
  const programs = sitePrograms(dataset, articles, random);
  const platform = dataset.platforms[0];
  const clicks: Timed<WireClickItem>[] = [];
  const actions: Timed<WireActionItem>[] = [];
  for (const pair of clickedPairs) {
    const program = programs.get(pair.merchantId)!;
    for (const click of pairClicks(random, timeline, pair, program, platform)) {
      clicks.push(click);
      const chance = Math.min(MAX_CONVERSION, click.item.count * CONVERSION_PER_CLICK);
      if (random.chance(chance)) {
        actions.push(siteAction(random, timeline, click.item, program, FIRST_ACTION_ID + actions.length));
      }
    }
  }
  mergeInOrder(dataset.clicks, clicks, compareClickIds);
  mergeInOrder(dataset.actions, actions, compareActionIds);
}

/** Generated items that carry a site's SubID get one of the account's other SubIDs. */
function moveOffSite(dataset: SandboxDataset, siteSubIds: ReadonlySet<string>): void {
  let turn = 0;
  const elsewhere = () => OFF_SITE_SUB_IDS[turn++ % OFF_SITE_SUB_IDS.length];
  for (const item of dataset.clicks) {
    if (item.subId !== null && siteSubIds.has(item.subId)) {
      item.subId = elsewhere();
    }
  }
  for (const item of dataset.actions) {
    if (siteSubIds.has(item.subId)) {
      item.subId = elsewhere();
    }
  }
}

/** The program of each merchant the site links to: the account's, or a new one (added to the dataset's programs). */
function sitePrograms(
  dataset: SandboxDataset,
  articles: readonly SiteArticle[],
  random: Random,
): Map<number, SandboxProgram & { currency: string }> {
  const programs = new Map<number, SandboxProgram & { currency: string }>();
  for (const article of articles) {
    for (const { merchantId, merchant } of article.links) {
      if (programs.has(merchantId)) {
        continue;
      }
      let program = dataset.programs.find((candidate) => candidate.merchantId === merchantId);
      if (program === undefined) {
        program = { id: random.uuid(), name: merchant, merchantId };
        dataset.programs.push(program);
      }
      programs.set(merchantId, { ...program, currency: PROGRAM_CURRENCIES[programs.size % PROGRAM_CURRENCIES.length] });
    }
  }
  return programs;
}

/** A pair's click items: on distinct days of the history, one of them recent unless the pair is quiet. */
function pairClicks(
  random: Random,
  timeline: Timeline,
  pair: SitePair,
  program: SandboxProgram,
  platform: NamedId,
): Timed<WireClickItem>[] {
  const quiet = random.chance(QUIET_PAIR_CHANCE) && timeline.historyDays > QUIET_AFTER_DAYS;
  const newest = quiet ? QUIET_AFTER_DAYS : 0;
  const span = timeline.historyDays - newest;
  const days = new Set<number>(quiet ? [] : [timeline.todayNumber - random.int(0, Math.min(RECENT_DAYS, span) - 1)]);
  for (let more = random.int(3, 12); more > 0; more--) {
    days.add(timeline.todayNumber - newest - random.int(0, span - 1));
  }
  const popular = random.chance(0.15) ? random.int(3, 8) : 1;
  return [...days].map((day) => {
    const time = timeline.batchAfter(random, (day + 1) * MS_PER_DAY, 2 * MS_PER_DAY);
    const item: WireClickItem = {
      id: random.uuid(),
      adspaceId: platform.id,
      adspaceName: platform.name,
      programId: program.id,
      programName: program.name,
      subId: pair.subId,
      date: timeline.date(day),
      count: Math.max(1, Math.round(random.int(1, 25) * popular * timeline.activity(day))),
      productId: random.pick(PRODUCT_IDS),
      merchantId: pair.merchantId,
      couponId: null,
      updatedAt: timeline.batchIso(time),
    };
    return { item, time };
  });
}

/** An action of a click item's day (or up to two days later): pending, confirmed, settled or canceled by its age. */
function siteAction(
  random: Random,
  timeline: Timeline,
  click: WireClickItem,
  program: SandboxProgram & { currency: string },
  id: number,
): Timed<WireActionItem> {
  const day = Date.parse(`${click.date}T00:00:00Z`) / MS_PER_DAY + random.int(0, 2);
  const createdMs = timeline.capToNow(day * MS_PER_DAY + random.int(0, 86_399) * 1000);
  const age = (timeline.nowMs - createdMs) / MS_PER_DAY;
  const draw = random.next();
  const decision =
    age < DECISION_DAYS
      ? draw < 0.7
        ? 'PENDING'
        : draw < 0.9
          ? 'CONFIRMED'
          : 'CANCELED'
      : draw < 0.85
        ? 'CONFIRMED'
        : 'CANCELED';
  const decidedMs = Math.max(
    createdMs,
    timeline.batchAfter(
      random,
      createdMs,
      decision === 'PENDING' ? MS_PER_DAY : Math.min(age, DECISION_DAYS) * MS_PER_DAY,
    ),
  );
  const settledMs = decidedMs + random.int(SETTLEMENT_DAYS.min, SETTLEMENT_DAYS.max) * MS_PER_DAY;
  const settled = decision === 'CONFIRMED' && settledMs <= timeline.nowMs;
  const updatedMs = settled ? timeline.batchAfter(random, settledMs, 0) : decidedMs;
  const sale = random.chance(0.8);
  const revenue = sale ? random.amount(10, 400) : 0;
  const commission = sale ? Math.round(revenue * random.amount(0.03, 0.12, 3) * 100) / 100 : random.amount(1, 20);
  const currency = random.chance(OTHER_CURRENCY_CHANCE)
    ? program.currency === 'EUR'
      ? 'USD'
      : 'EUR'
    : program.currency;
  const item: WireActionItem = {
    id,
    actionId: FIRST_ACTION_ACTION_ID + (id - FIRST_ACTION_ID) * 3 + random.int(0, 2),
    status: settled ? 'SETTLED' : decision,
    orderType: sale ? 'SALE' : 'LEAD',
    adspaceId: click.adspaceId,
    adspaceName: click.adspaceName,
    programId: program.id,
    programName: program.name,
    subId: click.subId!,
    currencyCode: currency,
    commission,
    revenue,
    productId: click.productId,
    paidOut: false,
    invoiceNumber: '',
    createdAt: new Date(createdMs).toISOString(),
    updatedAt: timeline.batchIso(updatedMs),
  };
  return { item, time: updatedMs };
}

/** Puts `added` into `list` (in report order), in place: the dataset's arrays stay the ones others hold. */
function mergeInOrder<T extends { updatedAt: string }>(
  list: T[],
  added: readonly Timed<T>[],
  byId: (a: T, b: T) => number,
): void {
  for (const { item } of added) {
    list.push(item);
  }
  list.sort(reportOrder(byId));
}
