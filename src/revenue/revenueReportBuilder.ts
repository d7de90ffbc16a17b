/**
 * Revenue at risk kept up to date file by file: each file's money links are filed under their merchants, and only
 * the merchants a change touched are made again, taken out of the ranking and put back in their place, their money
 * taken out of the totals and added again; the others keep their row objects (so the tree redraws nothing of them).
 * A change of the figures, the EPCs or the names makes every row again (in slices: `buildInSlices`).
 */
import { runInSlices, type Clock } from '../common/timeSlices';
import type { MerchantKey } from '../merchant/merchantKey';
import type { CurrencyAmount } from '../reports/model/currencyAmounts';
import { AmountSums, compareText } from './moneyAmounts';
import { RankedRows, rankByLastOrder } from './rankedRows';
import type {
  Opportunity,
  PlacedMoneyLink,
  RevenueContext,
  RevenueInputs,
  RevenueReport,
  RiskMerchant,
} from './revenueReport';
import { changing, merchantFiles, type MerchantFiles } from './merchantFiles';
import { RevenueRows } from './revenueRows';

/** The report of `input` in one go (the service keeps a builder and updates it file by file). */
export function buildRevenueReport(input: RevenueInputs): RevenueReport {
  const builder = new RevenueReportBuilder();
  for (const [path, links] of input.files) {
    builder.setFile(path, links);
  }
  return builder.build(input);
}

export class RevenueReportBuilder {
  private readonly files = new Map<string, readonly PlacedMoneyLink[]>();
  /** Each merchant's links with the row made from them (kept until they or the context change). */
  private readonly risks = new Map<MerchantKey, MerchantFiles<RiskMerchant>>();
  private readonly chances = new Map<MerchantKey, MerchantFiles<Opportunity>>();
  /** Merchants whose rows changed since the last build, with the row the ranking and totals hold for them. */
  private readonly replacedRisks = new Map<MerchantKey, RiskMerchant | undefined>();
  private readonly replacedChances = new Map<MerchantKey, Opportunity | undefined>();
  private readonly ranked = new RankedRows<RiskMerchant>(byClicksThenName);
  private readonly rankedChances = new RankedRows<Opportunity>(byArticleClicks);
  private totals = { links: 0, clicks: 0, earned: new AmountSums(), estimate: new AmountSums() };
  /** Whether the ranking and totals must be made from every row (a new context). */
  private whole = true;
  /** Links at risk per file: the articles at risk are the files with at least one. */
  private readonly riskLinksOf = new Map<string, number>();
  private rows: RevenueRows | undefined;

  /** A file's money links (an empty list forgets it); its merchants' rows are made again at the next build. */
  setFile(path: string, links: readonly PlacedMoneyLink[]): void {
    const before = this.files.get(path);
    if (before === links) {
      return;
    }
    for (const link of before ?? []) {
      this.unfile(link, path);
    }
    this.riskLinksOf.delete(path);
    if (links.length === 0) {
      this.files.delete(path);
      return;
    }
    this.files.set(path, links);
    let atRisk = 0;
    for (const link of links) {
      const chance = link.code === 'not-monetized';
      const byMerchant: Map<MerchantKey, MerchantFiles<unknown>> = chance ? this.chances : this.risks;
      let files = byMerchant.get(link.merchantKey);
      if (files === undefined) {
        files = merchantFiles(link.merchantKey);
        byMerchant.set(link.merchantKey, files);
      }
      this.replaced(link.merchantKey, files, chance);
      const byFile = changing(files);
      let list = byFile.get(path);
      if (list === undefined) {
        list = [];
        byFile.set(path, list);
      }
      list.push(link);
      atRisk += chance ? 0 : 1;
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
    const rows = this.useContext(context);
    if (this.whole) {
      this.rankAll(rows);
    } else {
      this.rankReplaced(rows);
    }
    const merchants = this.ranked.list();
    return {
      figures: context.pairs === undefined ? 'loading' : 'ready',
      days: context.pairs?.days ?? 30,
      merchants,
      totals: {
        merchants: merchants.length,
        links: this.totals.links,
        articles: this.riskLinksOf.size,
        clicks: this.totals.clicks,
        earned: this.totals.earned.list(),
        estimate: this.totals.estimate.list(),
      },
      opportunities: this.rankedChances.list(),
    };
  }

  /**
   * The rows `build` would make, made first in slices (a pause whenever `sliceMs` have passed, as the site's scan
   * pauses), then the report: a new context over a large site makes thousands of rows. Undefined when `isCurrent`
   * turned false at a pause (a later build takes over).
   */
  async buildInSlices(
    context: RevenueContext,
    slicing: Clock & { isCurrent(): boolean; sliceMs?: number },
  ): Promise<RevenueReport | undefined> {
    for (const chance of [false, true]) {
      const outcome = await runInSlices([...(chance ? this.chances : this.risks).keys()], {
        clock: slicing,
        sliceMs: slicing.sliceMs,
        isCancelled: () => !slicing.isCurrent(),
        apply: (key) => {
          // Files may have changed during a pause: what is gone is skipped, what changed is made with its links of now.
          const rows = this.useContext(context);
          if (chance) {
            this.chanceRowOf(this.chances.get(key), rows);
          } else {
            this.riskRowOf(this.risks.get(key), rows);
          }
        },
      });
      if (outcome.cancelled) {
        return undefined;
      }
    }
    return this.build(context);
  }

  private useContext(context: RevenueContext): RevenueRows {
    if (this.rows === undefined || !sameContext(this.rows.context, context)) {
      // Every row kept was made for the old rows: none is current now.
      this.rows = new RevenueRows(context);
      this.replacedRisks.clear();
      this.replacedChances.clear();
      this.whole = true;
    }
    return this.rows;
  }

  private riskRowOf(files: MerchantFiles<RiskMerchant> | undefined, rows: RevenueRows): RiskMerchant | undefined {
    if (files !== undefined && (files.row === undefined || files.rowsOf !== rows)) {
      files.row = rows.riskRow(files);
      files.rowsOf = rows;
    }
    return files?.row;
  }

  private chanceRowOf(files: MerchantFiles<Opportunity> | undefined, rows: RevenueRows): Opportunity | undefined {
    if (files !== undefined && (files.row === undefined || files.rowsOf !== rows)) {
      files.row = rows.chanceRow(files);
      files.rowsOf = rows;
    }
    return files?.row;
  }

  /** Every row ranked and summed anew (in the last ranking's order first: a new context mostly moves few rows). */
  private rankAll(rows: RevenueRows): void {
    this.totals = { links: 0, clicks: 0, earned: new AmountSums(), estimate: new AmountSums() };
    const all = rankByLastOrder(
      this.risks.values(),
      this.risks.size,
      (f) => this.riskRowOf(f, rows)!,
      byClicksThenName,
    );
    all.forEach((row) => this.count(row, 1));
    this.ranked.reset(all, true);
    const chances = this.chances;
    this.rankedChances.reset(
      rankByLastOrder(chances.values(), chances.size, (f) => this.chanceRowOf(f, rows), byArticleClicks),
      true,
    );
    this.replacedRisks.clear();
    this.replacedChances.clear();
    this.whole = false;
  }

  /** The rows that changed out of the ranking and totals, their new rows in. */
  private rankReplaced(rows: RevenueRows): void {
    for (const [key, old] of this.replacedRisks) {
      if (old !== undefined) {
        this.ranked.remove(old);
        this.count(old, -1);
      }
      const row = this.riskRowOf(this.risks.get(key), rows);
      if (row !== undefined) {
        this.ranked.insert(row);
        this.count(row, 1);
      }
    }
    for (const [key, old] of this.replacedChances) {
      if (old !== undefined) {
        this.rankedChances.remove(old);
      }
      const row = this.chanceRowOf(this.chances.get(key), rows);
      if (row !== undefined) {
        this.rankedChances.insert(row);
      }
    }
    this.replacedRisks.clear();
    this.replacedChances.clear();
  }

  /** Adds a row's links and money to the totals (`sign` 1), or takes them out (-1). Pairs are (SubID, merchant):
   * two merchants never share one, so the totals sum the merchants'. */
  private count(row: RiskMerchant, sign: 1 | -1): void {
    this.totals.links += sign * row.links;
    this.totals.clicks += sign * row.money.clicks;
    this.totals.earned.add(row.money.earned, sign);
    this.totals.estimate.add(row.money.estimate, sign);
  }

  /** The merchant's row no longer holds: noted, with the row the ranking has, before it is forgotten. */
  private replaced(key: MerchantKey, files: MerchantFiles<unknown>, chance: boolean): void {
    const replaced: Map<MerchantKey, unknown> = chance ? this.replacedChances : this.replacedRisks;
    if (!replaced.has(key)) {
      replaced.set(key, this.whole || files.rowsOf !== this.rows ? undefined : files.row);
    }
    files.row = undefined;
  }

  private unfile(link: PlacedMoneyLink, path: string): void {
    const chance = link.code === 'not-monetized';
    const byMerchant: Map<MerchantKey, MerchantFiles<unknown>> = chance ? this.chances : this.risks;
    const files = byMerchant.get(link.merchantKey);
    if (files?.byFile.has(path) === true) {
      this.replaced(link.merchantKey, files, chance);
      changing(files).delete(path);
      if (files.byFile.size === 0) {
        byMerchant.delete(link.merchantKey);
      }
    }
  }
}

/** Largest clicks first; ties by name, so a link more or less never moves a row among its ties. */
function byClicksThenName(a: RiskMerchant, b: RiskMerchant): number {
  return b.money.clicks - a.money.clicks || compareText(a.name, b.name) || compareText(a.key, b.key);
}

function byArticleClicks(a: Opportunity, b: Opportunity): number {
  return (
    b.articleClicks - a.articleClicks ||
    firstAmount(b.epc) - firstAmount(a.epc) ||
    compareText(a.name, b.name) ||
    compareText(a.key, b.key)
  );
}

function firstAmount(amounts: readonly CurrencyAmount[]): number {
  return amounts[0]?.amount ?? 0;
}

function sameContext(a: RevenueContext, b: RevenueContext): boolean {
  return a.pairs === b.pairs && a.epc === b.epc && a.nameOf === b.nameOf;
}
