/**
 * The rows of revenue at risk for one context (the figures' pairs, the EPCs, the names): a merchant's row with its
 * articles and links, an opportunity's row, each pair's money worked out once.
 */
import { MONEY_CODES, type MoneyCode } from '../health/moneyLinks';
import type { MerchantKey } from '../merchant/merchantKey';
import { subIdClicks } from '../reports/figures/pairFigures';
import { AmountSums, compareText, pairMoney } from './moneyAmounts';
import type {
  Money,
  Opportunity,
  PlacedMoneyLink,
  RevenueContext,
  RiskArticle,
  RiskLocation,
  RiskMerchant,
} from './revenueReport';

/** A merchant's links by file (at risk, or the plain links that are its opportunities). */
export type LinksByFile = Map<string, PlacedMoneyLink[]>;

export class RevenueRows {
  /** Each SubID's clicks with every merchant (an opportunity's article clicks). */
  private readonly subIdClicks = new Map<string, number>();

  constructor(readonly context: RevenueContext) {}

  /** The money of distinct pairs of one merchant, each pair's worked out once per row (`known`). */
  private moneyOf(subIds: readonly string[], merchantId: string | undefined, known: Map<string, Money>): Money {
    if (merchantId === undefined || subIds.length === 0) {
      return NO_MONEY;
    }
    const one = (subId: string): Money => {
      let money = known.get(subId);
      if (money === undefined) {
        money = pairMoney(this.context.pairs, this.context.epc, subId, merchantId);
        known.set(subId, money);
      }
      return money;
    };
    if (subIds.length === 1) {
      return one(subIds[0]!);
    }
    let clicks = 0;
    const earned = new AmountSums();
    const estimate = new AmountSums();
    for (const subId of subIds) {
      const money = one(subId);
      clicks += money.clicks;
      earned.add(money.earned);
      estimate.add(money.estimate);
    }
    return { clicks, earned: earned.list(), estimate: estimate.list() };
  }

  riskRow(key: MerchantKey, byFile: LinksByFile): RiskMerchant {
    const merchantId = firstOf(byFile)?.merchantId;
    const reasons = new Set<MoneyCode>();
    const merchantSubIds: string[] = [];
    const known = new Map<string, Money>();
    const articles: RiskArticle[] = [];
    let links = 0;
    for (const [path, list] of byFile) {
      let article: RiskArticle;
      if (list.length === 1) {
        // Most articles link to a merchant once: no counting of shared pairs.
        const link = list[0]!;
        reasons.add(link.code as MoneyCode);
        const subIds = link.subId !== undefined && merchantId !== undefined ? [link.subId] : [];
        if (subIds.length === 1 && !known.has(subIds[0]!)) {
          merchantSubIds.push(subIds[0]!);
        }
        article = { path, subIds, money: this.moneyOf(subIds, merchantId, known), links: [located(link, path, 1)] };
      } else {
        const sharing = new Map<string, number>();
        for (const link of list) {
          reasons.add(link.code as MoneyCode);
          if (link.subId !== undefined && merchantId !== undefined) {
            sharing.set(link.subId, (sharing.get(link.subId) ?? 0) + 1);
          }
        }
        const locations: RiskLocation[] = list
          .map((link) => located(link, path, link.subId === undefined ? 1 : (sharing.get(link.subId) ?? 1)))
          .sort((a, b) => a.line - b.line || a.column - b.column);
        const subIds = [...sharing.keys()];
        for (const subId of subIds) {
          if (!known.has(subId)) {
            merchantSubIds.push(subId);
          }
        }
        article = { path, subIds, money: this.moneyOf(subIds, merchantId, known), links: locations };
      }
      articles.push(article);
      links += list.length;
    }
    if (articles.length > 1) {
      articles.sort((a, b) => b.money.clicks - a.money.clicks || compareText(a.path, b.path));
    }
    return {
      key,
      merchantId,
      name: this.context.nameOf(key) ?? key,
      reasons: reasons.size === 1 ? [...reasons] : MONEY_CODES.filter((code) => reasons.has(code)),
      links,
      articles,
      // One article: its money is the merchant's (the same pairs).
      money: articles.length === 1 ? articles[0]!.money : this.moneyOf(merchantSubIds, merchantId, known),
    };
  }

  chanceRow(key: MerchantKey, byFile: LinksByFile): Opportunity {
    const merchantId = firstOf(byFile)?.merchantId;
    const seen = new Set<string>();
    let articleClicks = 0;
    const locations: Opportunity['locations'] = [];
    for (const [path, list] of byFile) {
      for (const link of list) {
        locations.push(located(link, path, 1));
        if (link.subId !== undefined && !seen.has(link.subId)) {
          seen.add(link.subId);
          articleClicks += this.clicksOfSubId(link.subId);
        }
      }
    }
    locations.sort((a, b) => compareText(a.path, b.path) || a.line - b.line || a.column - b.column);
    return {
      key,
      merchantId,
      name: this.context.nameOf(key) ?? key,
      links: locations.length,
      articles: byFile.size,
      articleClicks,
      epc: merchantId === undefined ? [] : (this.context.epc(merchantId) ?? []),
      locations,
    };
  }

  private clicksOfSubId(subId: string): number {
    let clicks = this.subIdClicks.get(subId);
    if (clicks === undefined) {
      clicks = this.context.pairs === undefined ? 0 : subIdClicks(this.context.pairs, subId);
      this.subIdClicks.set(subId, clicks);
    }
    return clicks;
  }
}

/** A link at its place in a file, as one literal shape (a spread of links of mixed shapes cost V8 dearly). */
function located(link: PlacedMoneyLink, path: string, sharingPair: number): RiskLocation {
  return {
    code: link.code,
    merchantKey: link.merchantKey,
    merchantId: link.merchantId,
    subId: link.subId,
    line: link.line,
    column: link.column,
    endLine: link.endLine,
    endColumn: link.endColumn,
    path,
    sharingPair,
  };
}

const NO_MONEY: Money = Object.freeze({ clicks: 0, earned: [], estimate: [] }) as Money;

function firstOf(byFile: LinksByFile): PlacedMoneyLink | undefined {
  for (const list of byFile.values()) {
    return list[0];
  }
  return undefined;
}
