/**
 * The revenue at risk of a sandbox's site (issue 33, /work/briefs/money-rule.md), computed from the
 * sandbox's own items and its own knowledge of each link's findings: not by the product's code,
 * so that tests can hold the product's figures against it.
 *
 * - The period: the last 30 days, from today - 30 to today (31 dates), today the local date of the
 *   sandbox's clock. Click items count by their `date`, actions by the day of their `createdAt`, as
 *   the sandbox's reports filter them.
 * - A link has money when its finding is inactive-merchant, deeplinks-not-allowed,
 *   target-off-merchant or subid-mismatch (every site merchant has a merchant id). Its pair is the
 *   article's SubID and the merchant; for a subid-mismatch, the SubID the link carries (none: no money).
 * - A pair's clicks: the `count`s of the period's click items with its SubID and merchant id. Its
 *   earnings, per currency: the `commission`s of the period's PENDING, CONFIRMED and SETTLED actions
 *   with its SubID, on a program that the click items of the period and the 30 days before show
 *   with that one merchant only. Amounts are added in thousandths, so they come out exact.
 * - A pair counts once in a merchant's, an article's and the site's totals, however many links share it.
 */
import { fromDayNumber, toDayNumber } from '../api/calendarDate';
import type { WireActionItem, WireClickItem } from '../api/wire';
import { clickDay, actionDay } from './dataset';
import type { SiteArticle } from './site';
import { pairKey, type SitePair } from './siteReports';
import type { FindingCode } from './siteLinks';

/** The findings whose link carries money. */
export const MONEY_CODES = [
  'inactive-merchant',
  'deeplinks-not-allowed',
  'target-off-merchant',
  'subid-mismatch',
] as const;
export type MoneyCode = (typeof MONEY_CODES)[number];
/** The statuses whose commission is earned. */
export const EARNED_STATUSES: readonly string[] = ['PENDING', 'CONFIRMED', 'SETTLED'];
export const RISK_PERIOD_DAYS = 30;

/** Earnings per currency code (`{ EUR: 12.4, USD: 3 }`); a currency without earnings is left out. */
export type Earned = Record<string, number>;

export interface RevenueAtRiskMerchant {
  merchantId: number;
  name: string;
  /** The clicks of its distinct pairs in the period. */
  clicks: number;
  earned: Earned;
  /** Its links that have money (one for each such link, whatever it shares). */
  links: number;
  /** The articles those links are in. */
  articles: number;
  /** Its distinct pairs. */
  pairs: number;
  /** Why it is at risk: the codes of those links, in the order of MONEY_CODES. */
  reasons: MoneyCode[];
}

export interface RevenueAtRiskArticle {
  /** The article's path in the site, as `SiteArticle.path`. */
  path: string;
  subId: string;
  /** The clicks of its distinct pairs (a subid-mismatch's pair carries another SubID). */
  clicks: number;
  earned: Earned;
  links: number;
  pairs: number;
}

export interface RevenueAtRisk {
  /** The period's first and last dates, `YYYY-MM-DD`, both included. */
  period: { from: string; to: string };
  /** By clicks, most first; then by name (code units) and merchant id. Every merchant with a link that has money. */
  merchants: RevenueAtRiskMerchant[];
  /** By clicks, most first; then by path (code units). Every article with a link that has money. */
  articles: RevenueAtRiskArticle[];
  /** Every pair once. */
  totals: { links: number; articles: number; pairs: number; clicks: number; earned: Earned };
}

/** The local calendar date of `now`, `YYYY-MM-DD`. */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The pair of a link with money, per the rule; undefined when the link has none. */
export function moneyPair(
  article: Pick<SiteArticle, 'subId'>,
  link: SiteArticle['links'][number],
): (SitePair & { code: MoneyCode }) | undefined {
  const code = link.codes.find((c: FindingCode): c is MoneyCode => (MONEY_CODES as readonly string[]).includes(c));
  if (code === undefined) {
    return undefined;
  }
  const subId = code === 'subid-mismatch' ? link.carries : article.subId;
  return subId === undefined || subId === '' ? undefined : { subId, merchantId: link.merchantId, code };
}

interface PairFigures {
  clicks: number;
  /** Thousandths per currency. */
  mills: Map<string, number>;
}

/** The clicks and earnings of the period per pair (keys of `pairKey`), over the items as they are now. */
export function pairFigures(
  clicks: readonly WireClickItem[],
  actions: readonly WireActionItem[],
  today: string,
): { period: { from: string; to: string }; figures: Map<string, PairFigures> } {
  const todayNumber = toDayNumber(today)!;
  const from = fromDayNumber(todayNumber - RISK_PERIOD_DAYS);
  const shownFrom = fromDayNumber(todayNumber - 2 * RISK_PERIOD_DAYS);
  const figures = new Map<string, PairFigures>();
  const figuresOf = (key: string) => {
    let found = figures.get(key);
    if (found === undefined) {
      found = { clicks: 0, mills: new Map() };
      figures.set(key, found);
    }
    return found;
  };
  const programMerchants = new Map<string, Set<number>>();
  for (const item of clicks) {
    const day = clickDay(item);
    if (day < shownFrom || day > today) {
      continue;
    }
    if (item.programId !== null && typeof item.merchantId === 'number') {
      const merchants = programMerchants.get(item.programId) ?? new Set<number>();
      merchants.add(item.merchantId);
      programMerchants.set(item.programId, merchants);
    }
    if (day >= from && item.subId !== null && item.subId !== '' && typeof item.merchantId === 'number') {
      figuresOf(pairKey(item.subId, item.merchantId)).clicks += item.count;
    }
  }
  for (const item of actions) {
    const day = actionDay(item);
    const merchants = programMerchants.get(item.programId);
    if (day < from || day > today || item.subId === '' || !EARNED_STATUSES.includes(item.status)) {
      continue;
    }
    if (merchants === undefined || merchants.size !== 1) {
      continue;
    }
    const { mills } = figuresOf(pairKey(item.subId, [...merchants][0]));
    mills.set(item.currencyCode, (mills.get(item.currencyCode) ?? 0) + Math.round(item.commission * 1000));
  }
  return { period: { from, to: today }, figures };
}

/** Per-currency thousandths of `keys`' pairs, each once, as amounts. */
function earnedOf(keys: Iterable<string>, figures: ReadonlyMap<string, PairFigures>): Earned {
  const mills = new Map<string, number>();
  for (const key of keys) {
    for (const [currency, amount] of figures.get(key)?.mills ?? []) {
      mills.set(currency, (mills.get(currency) ?? 0) + amount);
    }
  }
  return Object.fromEntries(
    [...mills.entries()]
      .filter(([, amount]) => amount !== 0)
      .sort(([a], [b]) => byText(a, b))
      .map(([currency, amount]) => [currency, amount / 1000]),
  );
}

/** Code-unit order, the same in every locale. */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function clicksOf(keys: Iterable<string>, figures: ReadonlyMap<string, PairFigures>): number {
  let sum = 0;
  for (const key of keys) {
    sum += figures.get(key)?.clicks ?? 0;
  }
  return sum;
}

/** The revenue at risk of `articles` over the items as they are now, `today` the local date of the clock. */
export function revenueAtRisk(
  articles: readonly SiteArticle[],
  clicks: readonly WireClickItem[],
  actions: readonly WireActionItem[],
  today: string,
): RevenueAtRisk {
  const { period, figures } = pairFigures(clicks, actions, today);
  const merchants = new Map<
    number,
    { name: string; links: number; articles: Set<string>; pairs: Set<string>; codes: Set<MoneyCode> }
  >();
  const byArticle: RevenueAtRiskArticle[] = [];
  const allPairs = new Set<string>();
  let links = 0;
  for (const article of articles) {
    const pairs = new Set<string>();
    let own = 0;
    for (const link of article.links) {
      const pair = moneyPair(article, link);
      if (pair === undefined) {
        continue;
      }
      const key = pairKey(pair.subId, pair.merchantId);
      const merchant = merchants.get(link.merchantId) ?? {
        name: link.merchant,
        links: 0,
        articles: new Set<string>(),
        pairs: new Set<string>(),
        codes: new Set<MoneyCode>(),
      };
      merchants.set(link.merchantId, merchant);
      merchant.links += 1;
      merchant.articles.add(article.path);
      merchant.pairs.add(key);
      merchant.codes.add(pair.code);
      pairs.add(key);
      allPairs.add(key);
      own += 1;
    }
    if (own > 0) {
      links += own;
      const { path, subId } = article;
      const earned = earnedOf(pairs, figures);
      byArticle.push({ path, subId, clicks: clicksOf(pairs, figures), earned, links: own, pairs: pairs.size });
    }
  }
  const byMerchant: RevenueAtRiskMerchant[] = [...merchants.entries()].map(([merchantId, m]) => ({
    merchantId,
    name: m.name,
    clicks: clicksOf(m.pairs, figures),
    earned: earnedOf(m.pairs, figures),
    links: m.links,
    articles: m.articles.size,
    pairs: m.pairs.size,
    reasons: MONEY_CODES.filter((code) => m.codes.has(code)),
  }));
  byMerchant.sort((a, b) => b.clicks - a.clicks || byText(a.name, b.name) || a.merchantId - b.merchantId);
  byArticle.sort((a, b) => b.clicks - a.clicks || byText(a.path, b.path));
  return {
    period,
    merchants: byMerchant,
    articles: byArticle,
    totals: {
      links,
      articles: byArticle.length,
      pairs: allPairs.size,
      clicks: clicksOf(allPairs, figures),
      earned: earnedOf(allPairs, figures),
    },
  };
}
