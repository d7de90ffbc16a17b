/**
 * Revenue at risk: the site's findings with money joined with the figures' (SubID, merchant) pairs, by merchant,
 * article and link, ranked by clicks (free of currency), earnings per currency. A pair counts once in every total.
 */
import type { MoneyCode, MoneyLink } from '../health/moneyLinks';
import type { MerchantKey } from '../merchant/merchantKey';
import type { CurrencyAmount } from '../reports/model/currencyAmounts';
import type { PairTable } from '../reports/figures/pairFigures';

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

export interface RevenueInputs extends RevenueContext {
  /** Each file's money links, by path (or URI). */
  files: Iterable<readonly [string, readonly PlacedMoneyLink[]]>;
}

/** What the links are joined with: a change of any of them makes every merchant's row again. */
export interface RevenueContext {
  /** The figures' pairs; undefined while they load. */
  pairs: PairTable | undefined;
  /** The account's EPC with a merchant over 90 days, per currency, where there is history. */
  epc(merchantId: string): readonly CurrencyAmount[] | undefined;
  /** The merchant's name in the catalog. */
  nameOf(key: MerchantKey): string | undefined;
}
