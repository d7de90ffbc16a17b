/**
 * The rows of revenue at risk for one context (the figures' pairs, the EPCs, the names). A row holds what ranks it
 * and sums into the totals: its links, reasons and money, the money worked out over the merchant's distinct pairs
 * from a summary of its links that outlives the context. Its articles and locations are made when first read (the
 * view opens a merchant, a test reads them), from its links as they were when the row was made.
 */
import type { MoneyCode } from '../health/moneyLinks';
import { summaryOf, type LinksByFile, type MerchantFiles } from './merchantFiles';
import { subIdClicks } from '../reports/figures/pairFigures';
import type { CurrencyAmount } from '../reports/model/currencyAmounts';
import { AmountSums, compareText, pairMoneyAt } from './moneyAmounts';
import type {
  Money,
  Opportunity,
  PlacedMoneyLink,
  RevenueContext,
  RiskArticle,
  RiskLocation,
  RiskMerchant,
} from './revenueReport';

export class RevenueRows {
  /** Each SubID's clicks with every merchant (an opportunity's article clicks). */
  private readonly subIdClicks = new Map<string, number>();

  constructor(readonly context: RevenueContext) {}

  /**
   * The money of distinct pairs of one merchant (its EPC `epc`), each pair's worked out once (`known`, when given,
   * keeps them).
   */
  private moneyOf(
    subIds: readonly string[],
    merchantId: string | undefined,
    epc: readonly CurrencyAmount[] | undefined,
    known?: Map<string, Money>,
  ): Money {
    if (merchantId === undefined || subIds.length === 0) {
      return NO_MONEY;
    }
    const one = (subId: string): Money => {
      let money = known?.get(subId);
      if (money === undefined) {
        money = pairMoneyAt(this.context.pairs, epc, subId, merchantId);
        known?.set(subId, money);
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

  riskRow(files: MerchantFiles<RiskMerchant>): RiskMerchant {
    const key = files.key;
    const summary = (files.summary ??= summaryOf(files.byFile, true));
    const byFile = files.byFile;
    files.shared = true;
    const epc = this.epcOf(files, summary.merchantId);
    let articles: RiskArticle[] | undefined;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the accessor below is the row's, not this class's
    const rows = this;
    return {
      key,
      merchantId: summary.merchantId,
      name: this.nameOf(files),
      reasons: summary.reasons as MoneyCode[],
      links: summary.links,
      get articles(): RiskArticle[] {
        articles ??= rows.articlesOf(byFile, summary.merchantId, epc);
        return articles;
      },
      money: this.moneyOf(summary.subIds, summary.merchantId, epc),
    };
  }

  private nameOf(files: MerchantFiles<unknown>): string {
    const nameOf = this.context.nameOf;
    if (files.name?.of !== nameOf) {
      files.name = { of: nameOf, name: nameOf(files.key) ?? files.key };
    }
    return files.name.name;
  }

  private epcOf(files: MerchantFiles<unknown>, merchantId: string | undefined): readonly CurrencyAmount[] | undefined {
    const epc = this.context.epc;
    if (files.epc?.of !== epc) {
      files.epc = { of: epc, epc: merchantId === undefined ? undefined : epc(merchantId) };
    }
    return files.epc.epc;
  }

  /** A merchant's articles, the most clicks first: each with its pairs' money and its links in place order. */
  private articlesOf(
    byFile: LinksByFile,
    merchantId: string | undefined,
    epc: readonly CurrencyAmount[] | undefined,
  ): RiskArticle[] {
    const known = new Map<string, Money>();
    const articles: RiskArticle[] = [];
    for (const [path, list] of byFile) {
      if (list.length === 1) {
        // Most articles link to a merchant once: no counting of shared pairs.
        const link = list[0]!;
        const subIds = link.subId !== undefined && merchantId !== undefined ? [link.subId] : [];
        const money = this.moneyOf(subIds, merchantId, epc, known);
        articles.push({ path, subIds, money, links: [located(link, path, 1)] });
        continue;
      }
      const sharing = new Map<string, number>();
      for (const link of list) {
        if (link.subId !== undefined && merchantId !== undefined) {
          sharing.set(link.subId, (sharing.get(link.subId) ?? 0) + 1);
        }
      }
      const links: RiskLocation[] = list
        .map((link) => located(link, path, link.subId === undefined ? 1 : (sharing.get(link.subId) ?? 1)))
        .sort((a, b) => a.line - b.line || a.column - b.column);
      const subIds = [...sharing.keys()];
      articles.push({ path, subIds, money: this.moneyOf(subIds, merchantId, epc, known), links });
    }
    if (articles.length > 1) {
      articles.sort((a, b) => b.money.clicks - a.money.clicks || compareText(a.path, b.path));
    }
    return articles;
  }

  chanceRow(files: MerchantFiles<Opportunity>): Opportunity {
    const key = files.key;
    const summary = (files.summary ??= summaryOf(files.byFile, false));
    const byFile = files.byFile;
    files.shared = true;
    let articleClicks = 0;
    for (const subId of summary.subIds) {
      articleClicks += this.clicksOfSubId(subId);
    }
    let locations: Opportunity['locations'] | undefined;
    return {
      key,
      merchantId: summary.merchantId,
      name: this.nameOf(files),
      links: summary.links,
      articles: byFile.size,
      articleClicks,
      epc: this.epcOf(files, summary.merchantId) ?? [],
      get locations(): Opportunity['locations'] {
        locations ??= locationsOf(byFile);
        return locations;
      },
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

/** An opportunity's links, by path, then place. */
function locationsOf(byFile: LinksByFile): Opportunity['locations'] {
  const locations: Opportunity['locations'] = [];
  for (const [path, list] of byFile) {
    for (const link of list) {
      locations.push(located(link, path, 1));
    }
  }
  return locations.sort((a, b) => compareText(a.path, b.path) || a.line - b.line || a.column - b.column);
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
