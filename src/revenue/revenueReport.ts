/**
 * Revenue at risk: the site's findings with money joined with the figures' (SubID, merchant) pairs, by merchant,
 * article and link, ranked by clicks (free of currency), earnings per currency. A pair counts once in every total.
 */
import type { MoneyCode, MoneyLink } from '../health/moneyLinks';
import type { MerchantKey } from '../merchant/merchantKey';
import type { CurrencyAmount } from '../reports/model/currencyAmounts';
import type { PairTable } from '../reports/figures/pairFigures';
import { AmountSums, earnedSomething } from './moneyAmounts';

/** A money link at its place in a file (0-based lines, UTF-16 columns). */
export interface PlacedMoneyLink extends MoneyLink {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Clicks and earnings of one or more pairs; `estimate` is clicks × the merchant's 90-day EPC where a pair earned nothing yet. */
export interface Money {
  clicks: number;
  earned: CurrencyAmount[];
  estimate: CurrencyAmount[];
}

export interface RiskLocation extends PlacedMoneyLink {
  path: string;
  /** Links of the same article sharing this link's pair (itself included). */
  sharingPair: number;
}

export interface RiskArticle {
  path: string;
  /** The SubIDs of its pairs with the merchant, in the order met. */
  subIds: string[];
  money: Money;
  links: RiskLocation[];
}

export interface RiskMerchant {
  key: MerchantKey;
  merchantId: string | undefined;
  name: string;
  /** Why its links are at risk, in the rules' order. */
  reasons: MoneyCode[];
  links: number;
  articles: RiskArticle[];
  /** Over its distinct pairs. */
  money: Money;
}

/** A merchant the site names in plain URLs that could earn: ranked by its articles' own clicks, then its EPC. */
export interface Opportunity {
  key: MerchantKey;
  merchantId: string | undefined;
  name: string;
  links: number;
  articles: number;
  /** The affiliate clicks of the articles that name it, in the money window (each article's SubID once). */
  articleClicks: number;
  /** The account's earnings per click with the merchant over 90 days, per currency; empty without history. */
  epc: readonly CurrencyAmount[];
  locations: Array<PlacedMoneyLink & { path: string }>;
}

export interface RevenueReport {
  /** `loading` until the figures' reports are there: no money is shown, the links are. */
  figures: 'loading' | 'ready';
  /** The money window's length in days (30, or the figures period when shorter). */
  days: number;
  merchants: RiskMerchant[];
  totals: { merchants: number; links: number; articles: number } & Money;
  opportunities: Opportunity[];
}

export interface RevenueInputs {
  /** Each file's money links, by path (or URI). */
  files: Iterable<readonly [string, readonly PlacedMoneyLink[]]>;
  /** The figures' pairs; undefined while they load. */
  pairs: PairTable | undefined;
  /** The account's EPC with a merchant over 90 days, per currency, where there is history. */
  epc(merchantId: string): readonly CurrencyAmount[] | undefined;
  /** The merchant's name in the catalog. */
  nameOf(key: MerchantKey): string | undefined;
}

const RULE_ORDER: readonly MoneyCode[] = [
  'inactive-merchant',
  'deeplinks-not-allowed',
  'target-off-merchant',
  'subid-mismatch',
];

interface MerchantDraft {
  key: MerchantKey;
  merchantId: string | undefined;
  reasons: Set<MoneyCode>;
  links: number;
  articles: Map<string, RiskLocation[]>;
}

export function buildRevenueReport(input: RevenueInputs): RevenueReport {
  const risks = new Map<MerchantKey, MerchantDraft>();
  const chances = new Map<MerchantKey, Opportunity & { subIds: Map<string, string | undefined> }>();
  for (const [path, links] of input.files) {
    for (const link of links) {
      if (link.code === 'not-monetized') {
        let chance = chances.get(link.merchantKey);
        if (chance === undefined) {
          const name = input.nameOf(link.merchantKey) ?? link.merchantKey;
          chance = {
            key: link.merchantKey,
            merchantId: link.merchantId,
            name,
            links: 0,
            articles: 0,
            articleClicks: 0,
            epc: [],
            locations: [],
            subIds: new Map(),
          };
          chances.set(link.merchantKey, chance);
        }
        chance.links++;
        chance.locations.push({ ...link, path });
        chance.subIds.set(path, link.subId);
        continue;
      }
      let draft = risks.get(link.merchantKey);
      if (draft === undefined) {
        draft = {
          key: link.merchantKey,
          merchantId: link.merchantId,
          reasons: new Set(),
          links: 0,
          articles: new Map(),
        };
        risks.set(link.merchantKey, draft);
      }
      draft.reasons.add(link.code);
      draft.links++;
      let places = draft.articles.get(path);
      if (places === undefined) {
        places = [];
        draft.articles.set(path, places);
      }
      places.push({ ...link, path, sharingPair: 0 });
    }
  }

  const moneyOf = (pairKeys: Iterable<readonly [string, string]>): Money =>
    pairsMoney(input.pairs, input.epc, pairKeys);
  const pairs = input.pairs;

  const allPairs = new Map<string, readonly [string, string]>();
  const allArticles = new Set<string>();
  let allLinks = 0;
  const merchants: RiskMerchant[] = [];
  for (const draft of risks.values()) {
    const merchantPairs = new Map<string, readonly [string, string]>();
    const articles: RiskArticle[] = [];
    for (const [path, places] of draft.articles) {
      allArticles.add(path);
      const subIds: string[] = [];
      const sharing = new Map<string, number>();
      for (const place of places) {
        if (place.subId !== undefined && place.merchantId !== undefined) {
          if (!sharing.has(place.subId)) {
            subIds.push(place.subId);
          }
          sharing.set(place.subId, (sharing.get(place.subId) ?? 0) + 1);
        }
      }
      for (const place of places) {
        place.sharingPair = place.subId === undefined ? 1 : (sharing.get(place.subId) ?? 1);
      }
      const pairKeys = draft.merchantId === undefined ? [] : subIds.map((subId) => [subId, draft.merchantId!] as const);
      for (const pair of pairKeys) {
        merchantPairs.set(pair[0], pair);
        allPairs.set(JSON.stringify(pair), pair);
      }
      places.sort((a, b) => a.line - b.line || a.column - b.column);
      articles.push({ path, subIds, money: moneyOf(pairKeys), links: places });
    }
    articles.sort(
      (a, b) => b.money.clicks - a.money.clicks || b.links.length - a.links.length || compareText(a.path, b.path),
    );
    allLinks += draft.links;
    merchants.push({
      key: draft.key,
      merchantId: draft.merchantId,
      name: input.nameOf(draft.key) ?? draft.key,
      reasons: RULE_ORDER.filter((code) => draft.reasons.has(code)),
      links: draft.links,
      articles,
      money: moneyOf(merchantPairs.values()),
    });
  }
  merchants.sort(
    (a, b) =>
      b.money.clicks - a.money.clicks || b.links - a.links || compareText(a.name, b.name) || compareText(a.key, b.key),
  );

  const opportunities = [...chances.values()].map(({ subIds, ...chance }) => {
    const seen = new Set<string>();
    let articleClicks = 0;
    for (const subId of subIds.values()) {
      if (subId !== undefined && !seen.has(subId)) {
        seen.add(subId);
        for (const figures of pairs?.pairs.get(subId)?.values() ?? []) {
          articleClicks += figures.clicks;
        }
      }
    }
    const epc = chance.merchantId === undefined ? [] : (input.epc(chance.merchantId) ?? []);
    return { ...chance, articles: subIds.size, articleClicks, epc };
  });
  opportunities.sort(
    (a, b) =>
      b.articleClicks - a.articleClicks ||
      (b.epc[0]?.amount ?? 0) - (a.epc[0]?.amount ?? 0) ||
      compareText(a.name, b.name) ||
      compareText(a.key, b.key),
  );

  return {
    figures: pairs === undefined ? 'loading' : 'ready',
    days: pairs?.days ?? 30,
    merchants,
    totals: { merchants: merchants.length, links: allLinks, articles: allArticles.size, ...moneyOf(allPairs.values()) },
    opportunities,
  };
}

/**
 * The money of distinct pairs (SubID, merchantId): their clicks, their earnings per currency, and where a pair took
 * clicks but earned nothing yet, clicks × the merchant's EPC as an estimate.
 */
export function pairsMoney(
  pairs: PairTable | undefined,
  epc: RevenueInputs['epc'],
  pairKeys: Iterable<readonly [string, string]>,
): Money {
  const sums = { clicks: 0, earned: new AmountSums(), estimate: new AmountSums() };
  for (const [subId, merchantId] of pairKeys) {
    const figures = pairs?.pairs.get(subId)?.get(merchantId);
    if (figures === undefined) {
      continue;
    }
    sums.clicks += figures.clicks;
    sums.earned.add(figures.earned);
    if (!earnedSomething(figures.earned) && figures.clicks > 0) {
      sums.estimate.add(epc(merchantId) ?? [], figures.clicks);
    }
  }
  return { clicks: sums.clicks, earned: sums.earned.list(), estimate: sums.estimate.list() };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
