/** The pieces of revenue at risk's bench (test/bench/revenueBench.ts): money links, pairs, slices, garbage. */
import { PerformanceObserver } from 'node:perf_hooks';
import type { WireActionItem, WireClickItem } from '../../src/api/wire';
import type { IndexedFile } from '../../src/health/siteIndex';
import type { PairTable } from '../../src/reports/figures/pairFigures';
import type { PlacedMoneyLink, RevenueContext, RevenueReport } from '../../src/revenue/revenueReport';
import type { RiskTreeChange } from '../../src/revenue/riskTreeModel';
import { contest, median } from './figures';
import { rulesOf } from './linkHealthSite';

export type ShippedRevenue = typeof import('./shippedRevenue');
export type Rules = Awaited<ReturnType<typeof rulesOf>>;

export const MONEY_LINK_ROUNDS = 3;

/**
 * The garbage collector's share of each timed piece: every collection's span (the observer's entries) laid over the
 * pieces' spans. The pieces allocate in a heap that holds the whole site index, as the extension host's does.
 */
export class GcShare {
  private readonly collections: Array<{ start: number; end: number }> = [];
  private readonly spans = new Map<string, Array<{ start: number; end: number }>>();
  private readonly observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      this.collections.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    }
  });

  constructor() {
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** Times `body` as `timeOf` does, keeping its span under `name`. */
  time(name: string, body: () => unknown): number {
    const start = performance.now();
    body();
    const end = performance.now();
    const spans = this.spans.get(name) ?? [];
    spans.push({ start, end });
    this.spans.set(name, spans);
    return end - start;
  }

  /** The median milliseconds of collection inside the pieces named `name` (once the observer has been told of them). */
  async median(name: string): Promise<number> {
    await new Promise((resolve) => setImmediate(resolve));
    return median(
      (this.spans.get(name) ?? []).map(({ start, end }) =>
        this.collections.reduce((sum, gc) => sum + Math.max(0, Math.min(end, gc.end) - Math.max(start, gc.start)), 0),
      ),
    );
  }

  stop(): void {
    this.observer.disconnect();
  }
}

/** A file's money links as LinkHealthDiagnostics.diagnosticsOf makes them, the default severities in force. */
export function moneyLinksOf(
  h: ShippedRevenue,
  rules: Rules,
  entry: IndexedFile,
  articleSubId: string | undefined,
): PlacedMoneyLink[] {
  if (entry.links.length === 0) {
    return [];
  }
  const placed: PlacedMoneyLink[] = [];
  for (const finding of rules.check(h.documentOfIndexed(entry), articleSubId, entry.disclosureEnd)) {
    if (h.DEFAULT_SEVERITIES[finding.code] === 'off') {
      continue;
    }
    const link = h.moneyLinkOf(finding, rules.verdicts.of(entry.links[finding.link]!.target), articleSubId);
    if (link !== undefined) {
      const from = h.positionOfIndexed(entry, finding.link, finding.start);
      const to = h.positionOfIndexed(entry, finding.link, finding.end);
      placed.push({ ...link, line: from.line, column: from.column, endLine: to.line, endColumn: to.column });
    }
  }
  return placed;
}

/** What the money links add to link health's pass over every file: the check alone vs the check and money links. */
export function moneyLinkCost(
  h: ShippedRevenue,
  rules: Rules,
  entries: readonly IndexedFile[],
  subIdOf: (entry: IndexedFile) => string | undefined,
): { check: number; money: number } {
  const checkOnly = () => {
    for (const entry of entries) {
      rules.check(h.documentOfIndexed(entry), subIdOf(entry), entry.disclosureEnd);
    }
  };
  const withMoney = () => {
    for (const entry of entries) {
      moneyLinksOf(h, rules, entry, subIdOf(entry));
    }
  };
  const { value, baseline } = contest(withMoney, checkOnly, MONEY_LINK_ROUNDS);
  return { check: baseline, money: value };
}

export interface Pair {
  subId: string;
  merchantId: number;
}

/** The pairs the site's links give, as the sandbox's site reports count them (src/sandbox/siteReports.ts). */
export function pairsOf(
  articles: ReadonlyArray<{ subId: string; links: ReadonlyArray<{ merchantId: number; carries?: string }> }>,
): Pair[] {
  const pairs = new Map<string, Pair>();
  const add = (subId: string, merchantId: number) => pairs.set(`${merchantId} ${subId}`, { subId, merchantId });
  for (const article of articles) {
    for (const link of article.links) {
      add(article.subId, link.merchantId);
      if (link.carries !== undefined && link.carries !== '' && link.carries !== article.subId) {
        add(link.carries, link.merchantId);
      }
    }
  }
  return [...pairs.values()];
}

/**
 * Moves the generated items onto the site's pairs, spread by a multiplicative hash of their index: each item its
 * pair's SubID and merchant, and one program per merchant (so that actions reach it). Items without a SubID keep none.
 */
export function onSitePairs(clicks: WireClickItem[], actions: WireActionItem[], pairs: readonly Pair[]): void {
  const pairAt = (index: number, salt: number) => pairs[(Math.imul(index + salt, 0x9e3779b1) >>> 0) % pairs.length]!;
  clicks.forEach((item, at) => {
    const pair = pairAt(at, 0);
    item.merchantId = pair.merchantId;
    item.programId = `site-program-${pair.merchantId}`;
    item.subId = item.subId === null ? null : pair.subId;
  });
  actions.forEach((item, at) => {
    const pair = pairAt(at, 7);
    item.programId = `site-program-${pair.merchantId}`;
    item.subId = pair.subId;
  });
}

export function pairCount(table: PairTable): number {
  let count = 0;
  table.pairs.forEach((bySubId) => (count += bySubId.size));
  return count;
}

export function pairClicks(table: PairTable): number {
  let clicks = 0;
  table.pairs.forEach((bySubId) => bySubId.forEach((figures) => (clicks += figures.clicks)));
  return clicks;
}

export function countNodes(report: RevenueReport): number {
  let nodes = report.merchants.length > 0 ? 1 : 0;
  for (const merchant of report.merchants) {
    nodes += 1 + merchant.articles.length + merchant.articles.reduce((sum, article) => sum + article.links.length, 0);
  }
  if (report.opportunities.length > 0) {
    nodes += 1;
    for (const opportunity of report.opportunities) {
      nodes += 1 + opportunity.locations.length;
    }
  }
  return nodes;
}

export function changeText(change: RiskTreeChange): string {
  return change === 'all' ? "'all'" : `${change.length} node${change.length === 1 ? '' : 's'}`;
}

/**
 * A build with a context of its own (every row made again) in the product's slices: its longest slice and its total.
 * The context's own is its pairs: the same figures as a table of their own, as the figures read again give them; the
 * names and EPCs are the same functions, as the product keeps them while the catalog and the EPC history stand.
 */
export async function slicesOf(
  builder: InstanceType<ShippedRevenue['RevenueReportBuilder']>,
  context: RevenueContext,
): Promise<{ longest: number; total: number }> {
  const table = context.pairs!;
  const pairs: PairTable = {
    window: table.window,
    days: table.days,
    source: table.source,
    get pairs() {
      return table.pairs;
    },
    get programs() {
      return table.programs;
    },
  };
  const own: RevenueContext = { ...context, pairs };
  let longest = 0;
  let total = 0;
  let sliceStart = performance.now();
  await builder.buildInSlices(own, {
    now: () => performance.now(),
    pause: async () => {
      const took = performance.now() - sliceStart;
      longest = Math.max(longest, took);
      total += took;
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    },
    isCurrent: () => true,
  });
  const last = performance.now() - sliceStart;
  return { longest: Math.max(longest, last), total: total + last };
}

/** A day `days` before a `YYYY-MM-DD` date. */
export function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
