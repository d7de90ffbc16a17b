/**
 * Revenue at risk kept up to date file by file: each file's money links are filed under their merchants, and only
 * the merchants a change touched are made again; the others keep their row objects (so the tree redraws nothing
 * of them). A change of the figures, the EPCs or the names makes every row again.
 */
import type { MoneyCode } from '../health/moneyLinks';
import type { MerchantKey } from '../merchant/merchantKey';
import { AmountSums, pairsMoney } from './moneyAmounts';
import type {
  Money,
  Opportunity,
  PlacedMoneyLink,
  RevenueContext,
  RevenueInputs,
  RevenueReport,
  RiskArticle,
  RiskLocation,
  RiskMerchant,
} from './revenueReport';

/** The report of `input` in one go (the service keeps a builder and updates it file by file). */
export function buildRevenueReport(input: RevenueInputs): RevenueReport {
  const builder = new RevenueReportBuilder();
  for (const [path, links] of input.files) {
    builder.setFile(path, links);
  }
  return builder.build(input);
}

const RULE_ORDER: readonly MoneyCode[] = [
  'inactive-merchant',
  'deeplinks-not-allowed',
  'target-off-merchant',
  'subid-mismatch',
];

/** A merchant's links by file (at risk, or the plain links that are its opportunities). */
type LinksByFile = Map<string, PlacedMoneyLink[]>;

export class RevenueReportBuilder {
  private readonly files = new Map<string, readonly PlacedMoneyLink[]>();
  private readonly risks = new Map<MerchantKey, LinksByFile>();
  private readonly chances = new Map<MerchantKey, LinksByFile>();
  /** Rows made, kept until their merchant's links or the context change. */
  private readonly riskRows = new Map<MerchantKey, RiskMerchant>();
  private readonly chanceRows = new Map<MerchantKey, Opportunity>();
  /** Links at risk per file: the articles at risk are the files with at least one. */
  private readonly riskLinksOf = new Map<string, number>();
  private context: RevenueContext | undefined;
  /** Each pair's money, for the context of now. */
  private readonly pairMoney = new Map<string, Money>();
  /** Each SubID's clicks with every merchant (an opportunity's article clicks), for the context of now. */
  private readonly subIdClicks = new Map<string, number>();

  /** A file's money links (an empty list forgets it); its merchants' rows are made again at the next build. */
  setFile(path: string, links: readonly PlacedMoneyLink[]): void {
    const before = this.files.get(path);
    if (before === links) {
      return;
    }
    for (const link of before ?? []) {
      this.unfile(link.code === 'not-monetized' ? this.chances : this.risks, link.merchantKey, path);
    }
    this.riskLinksOf.delete(path);
    if (links.length === 0) {
      this.files.delete(path);
      return;
    }
    this.files.set(path, links);
    let atRisk = 0;
    for (const link of links) {
      const byMerchant = link.code === 'not-monetized' ? this.chances : this.risks;
      let byFile = byMerchant.get(link.merchantKey);
      if (byFile === undefined) {
        byFile = new Map();
        byMerchant.set(link.merchantKey, byFile);
      }
      let list = byFile.get(path);
      if (list === undefined) {
        list = [];
        byFile.set(path, list);
      }
      list.push(link);
      (link.code === 'not-monetized' ? this.chanceRows : this.riskRows).delete(link.merchantKey);
      atRisk += link.code === 'not-monetized' ? 0 : 1;
    }
    if (atRisk > 0) {
      this.riskLinksOf.set(path, atRisk);
    }
  }

  /** Forgets every file but those of `kept`. */
  forgetOthers(kept: ReadonlySet<string>): void {
    for (const path of [...this.files.keys()]) {
      if (!kept.has(path)) {
        this.setFile(path, []);
      }
    }
  }

  /** The report with `context`; rows of merchants untouched since the last build with the same context are reused. */
  build(context: RevenueContext): RevenueReport {
    this.useContext(context);
    const merchants: RiskMerchant[] = [];
    let links = 0;
    let clicks = 0;
    const earned = new AmountSums();
    const estimate = new AmountSums();
    for (const [key, byFile] of this.risks) {
      let row = this.riskRows.get(key);
      if (row === undefined) {
        row = this.riskRow(key, byFile, context);
        this.riskRows.set(key, row);
      }
      merchants.push(row);
      links += row.links;
      // Pairs are (SubID, merchant): two merchants never share one, so the total sums the merchants'.
      clicks += row.money.clicks;
      earned.add(row.money.earned);
      estimate.add(row.money.estimate);
    }
    merchants.sort(byClicksThenName);
    const opportunities: Opportunity[] = [];
    for (const [key, byFile] of this.chances) {
      let row = this.chanceRows.get(key);
      if (row === undefined) {
        row = this.chanceRow(key, byFile, context);
        this.chanceRows.set(key, row);
      }
      opportunities.push(row);
    }
    opportunities.sort(
      (a, b) =>
        b.articleClicks - a.articleClicks ||
        (b.epc[0]?.amount ?? 0) - (a.epc[0]?.amount ?? 0) ||
        compareText(a.name, b.name) ||
        compareText(a.key, b.key),
    );
    return {
      figures: context.pairs === undefined ? 'loading' : 'ready',
      days: context.pairs?.days ?? 30,
      merchants,
      totals: {
        merchants: merchants.length,
        links,
        articles: this.riskLinksOf.size,
        clicks,
        earned: earned.list(),
        estimate: estimate.list(),
      },
      opportunities,
    };
  }

  /**
   * The rows `build` would make, made first in slices (a pause whenever `sliceMs` have passed, as the site's scan
   * pauses), then the report: a new context over a large site makes thousands of rows. Undefined when `isCurrent`
   * turned false at a pause (a later build takes over).
   */
  async buildInSlices(
    context: RevenueContext,
    slicing: { now(): number; pause(): Promise<void>; isCurrent(): boolean; sliceMs?: number },
  ): Promise<RevenueReport | undefined> {
    this.useContext(context);
    const sliceMs = slicing.sliceMs ?? 10;
    let started = slicing.now();
    const due: Array<() => void> = [];
    for (const [key, byFile] of this.risks) {
      if (!this.riskRows.has(key)) {
        due.push(() => this.riskRows.has(key) || this.riskRows.set(key, this.riskRow(key, byFile, context)));
      }
    }
    for (const [key, byFile] of this.chances) {
      if (!this.chanceRows.has(key)) {
        due.push(() => this.chanceRows.has(key) || this.chanceRows.set(key, this.chanceRow(key, byFile, context)));
      }
    }
    for (const make of due) {
      if (slicing.now() - started >= sliceMs) {
        await slicing.pause();
        if (!slicing.isCurrent()) {
          return undefined;
        }
        // Files may have changed during the pause: a row made from links since refiled is dropped by setFile.
        this.useContext(context);
        started = slicing.now();
      }
      make();
    }
    return this.build(context);
  }

  private useContext(context: RevenueContext): void {
    if (this.context === undefined || !sameContext(this.context, context)) {
      this.context = context;
      this.riskRows.clear();
      this.chanceRows.clear();
      this.pairMoney.clear();
      this.subIdClicks.clear();
    }
  }

  private unfile(byMerchant: Map<MerchantKey, LinksByFile>, key: MerchantKey, path: string): void {
    const byFile = byMerchant.get(key);
    if (byFile?.delete(path) === true) {
      (byMerchant === this.risks ? this.riskRows : this.chanceRows).delete(key);
      if (byFile.size === 0) {
        byMerchant.delete(key);
      }
    }
  }

  /** One pair's money in this context, worked out once. */
  private moneyOfPair(subId: string, merchantId: string, context: RevenueContext): Money {
    const key = `${subId}\u0000${merchantId}`;
    let money = this.pairMoney.get(key);
    if (money === undefined) {
      money = pairsMoney(context.pairs, context.epc, [[subId, merchantId]]);
      this.pairMoney.set(key, money);
    }
    return money;
  }

  /** The money of distinct pairs: one pair's as it is, several summed per currency. */
  private moneyOf(subIds: readonly string[], merchantId: string | undefined, context: RevenueContext): Money {
    if (merchantId === undefined || subIds.length === 0) {
      return NO_MONEY;
    }
    if (subIds.length === 1) {
      return this.moneyOfPair(subIds[0]!, merchantId, context);
    }
    let clicks = 0;
    const earned = new AmountSums();
    const estimate = new AmountSums();
    for (const subId of subIds) {
      const money = this.moneyOfPair(subId, merchantId, context);
      clicks += money.clicks;
      earned.add(money.earned);
      estimate.add(money.estimate);
    }
    return { clicks, earned: earned.list(), estimate: estimate.list() };
  }

  private riskRow(key: MerchantKey, byFile: LinksByFile, context: RevenueContext): RiskMerchant {
    const merchantId = firstOf(byFile)?.merchantId;
    const reasons = new Set<MoneyCode>();
    const merchantSubIds = new Set<string>();
    const articles: RiskArticle[] = [];
    let links = 0;
    for (const [path, list] of byFile) {
      const sharing = new Map<string, number>();
      for (const link of list) {
        reasons.add(link.code as MoneyCode);
        if (link.subId !== undefined && merchantId !== undefined) {
          sharing.set(link.subId, (sharing.get(link.subId) ?? 0) + 1);
          merchantSubIds.add(link.subId);
        }
      }
      const locations: RiskLocation[] = list
        .map((link) => located(link, path, link.subId === undefined ? 1 : (sharing.get(link.subId) ?? 1)))
        .sort((a, b) => a.line - b.line || a.column - b.column);
      const subIds = [...sharing.keys()];
      articles.push({ path, subIds, money: this.moneyOf(subIds, merchantId, context), links: locations });
      links += list.length;
    }
    articles.sort((a, b) => b.money.clicks - a.money.clicks || compareText(a.path, b.path));
    return {
      key,
      merchantId,
      name: context.nameOf(key) ?? key,
      reasons: RULE_ORDER.filter((code) => reasons.has(code)),
      links,
      articles,
      money: this.moneyOf([...merchantSubIds], merchantId, context),
    };
  }

  private chanceRow(key: MerchantKey, byFile: LinksByFile, context: RevenueContext): Opportunity {
    const merchantId = firstOf(byFile)?.merchantId;
    const seen = new Set<string>();
    let articleClicks = 0;
    const locations: Opportunity['locations'] = [];
    for (const [path, list] of byFile) {
      for (const link of list) {
        locations.push(located(link, path, 1));
        if (link.subId !== undefined && !seen.has(link.subId)) {
          seen.add(link.subId);
          articleClicks += this.clicksOfSubId(link.subId, context);
        }
      }
    }
    locations.sort((a, b) => compareText(a.path, b.path) || a.line - b.line || a.column - b.column);
    return {
      key,
      merchantId,
      name: context.nameOf(key) ?? key,
      links: locations.length,
      articles: byFile.size,
      articleClicks,
      epc: merchantId === undefined ? [] : (context.epc(merchantId) ?? []),
      locations,
    };
  }

  private clicksOfSubId(subId: string, context: RevenueContext): number {
    let clicks = this.subIdClicks.get(subId);
    if (clicks === undefined) {
      clicks = 0;
      for (const figures of context.pairs?.pairs.get(subId)?.values() ?? []) {
        clicks += figures.clicks;
      }
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

/** Largest clicks first; ties by name, so a link more or less never moves a row among its ties. */
function byClicksThenName(a: RiskMerchant, b: RiskMerchant): number {
  return b.money.clicks - a.money.clicks || compareText(a.name, b.name) || compareText(a.key, b.key);
}

function sameContext(a: RevenueContext, b: RevenueContext): boolean {
  return a.pairs === b.pairs && a.epc === b.epc && a.nameOf === b.nameOf;
}

function firstOf(byFile: LinksByFile): PlacedMoneyLink | undefined {
  for (const list of byFile.values()) {
    return list[0];
  }
  return undefined;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
