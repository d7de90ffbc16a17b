/**
 * Revenue at risk's figures (issue 33 §5) on link health's 10,000-article site, built the way the product builds them:
 * each file's money links as LinkHealthDiagnostics makes them (`rules.check`, then `moneyLinkOf` per finding, placed),
 * the figures' aggregate of a loaded 30-day report of 100,000 click items and their actions (whose pairs now come from
 * `tallyPairs`), with the site's SubIDs and merchants, then `buildRevenueReport` and `RiskTreeModel.update`. Each of
 * these runs in one synchronous piece in the product; the figure is their sum, the slice the longest of them. The code
 * is measured as it ships: bundled and minified by esbuild, in plain Node. The requests revenue at risk adds (none)
 * are counted in the real host by an integration test, not here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ActionItem, ClickItem } from '../../src/api/types';
import type { IndexedFile } from '../../src/health/siteIndex';
import type { MerchantKey } from '../../src/merchant/merchantKey';
import type { CurrencyAmount } from '../../src/reports/model/currencyAmounts';
import type { PairTable } from '../../src/reports/figures/pairFigures';
import type { PlacedMoneyLink, RevenueContext, RevenueReport } from '../../src/revenue/revenueReport';
import type { RiskTreeChange } from '../../src/revenue/riskTreeModel';
import type { JsonObject } from '../../src/api/normalize/fields';
import { generateDataset } from '../../src/sandbox/dataset';
import { SANDBOX_DEFAULTS } from '../../src/sandbox/sandboxOptions';
import { received, spanOf } from './benchItems';
import { emit, median, round2, settleAndRest, timeOf } from './figures';
import { loadShipped } from './shippedBundle';
import {
  hostClock,
  READ_KEY,
  readerOf,
  rulesOf,
  scanInto,
  SITE_ARTICLES,
  SITE_NOW,
  subIdOfEntry,
  writeBenchSite,
} from './linkHealthSite';

type ShippedRevenue = typeof import('./shippedRevenue');
type Rules = Awaited<ReturnType<typeof rulesOf>>;

const ITEMS = 100_000;
/** Actions of the report: one for ten click items, as the figures' month of the figures bench. */
const ACTIONS = 10_000;
const REPORT_DAYS = 30;
const ROUNDS = 11;
const EDIT_ROUNDS = 21;

const fmt = new Intl.NumberFormat('en-US');

import {
  GcShare,
  moneyLinksOf,
  moneyLinkCost,
  pairsOf,
  onSitePairs,
  pairCount,
  pairClicks,
  countNodes,
  changeText,
  slicesOf,
  daysBefore,
  MONEY_LINK_ROUNDS,
} from './revenueBenchParts';

export async function benchRevenue(root: string, catalogSize: number): Promise<void> {
  const h = await loadShipped<ShippedRevenue>(root, path.join(__dirname, 'shippedRevenue.ts'), 'revenue');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'revenue-bench-'));
  try {
    const { merchants, summary, files: paths, articles } = writeBenchSite(dir, catalogSize);
    const rules = await rulesOf(h, merchants, summary.disclosurePatterns);
    const index = new h.SiteIndex(READ_KEY);
    await scanInto(h, index, paths, readerOf(h, rules, summary.subIdTemplate), hostClock());
    const subIdOf = subIdOfEntry(h, summary.subIdTemplate);

    // The articles' SubIDs as the product reads them must be the generator's: the items below carry those.
    const written = new Map(articles.map((article) => [path.join(summary.site, article.path), article.subId]));
    const entries = index.entries();
    for (const entry of entries) {
      const expected = written.get(entry.path);
      if (expected !== undefined && subIdOf(entry) !== expected) {
        throw new Error(`${entry.path}: SubID ${subIdOf(entry)}, the generator wrote ${expected}`);
      }
    }

    // Every file's money links, as the diagnostics publish them to the hub (files without any left out).
    const files = new Map<string, PlacedMoneyLink[]>();
    for (const entry of entries) {
      const links = moneyLinksOf(h, rules, entry, subIdOf(entry));
      if (links.length > 0) {
        files.set(entry.path, links);
      }
    }
    const moneyLinks = [...files.values()].reduce((sum, links) => sum + links.length, 0);
    const moneyPass = moneyLinkCost(h, rules, entries, subIdOf);

    // A loaded 30-day report: the generator's items, moved onto the site's pairs (each article's SubID with every
    // merchant it links to, and the pairs its mismatched links carry), through JSON and the client's normalising.
    const dataset = generateDataset({
      ...SANDBOX_DEFAULTS,
      merchants: 50,
      clicks: ITEMS,
      actions: ACTIONS,
      now: SITE_NOW,
      historyDays: REPORT_DAYS,
    });
    const sitePairs = pairsOf(articles);
    onSitePairs(dataset.clicks, dataset.actions, sitePairs);
    const clicks = received<ClickItem>(dataset.clicks, h.normalizeClickItem);
    const actions = received<ActionItem>(dataset.actions, h.normalizeActionItem);
    // The figures' last-30-days period (to - from = 30 days, as presets measure it), ending on the items' last day.
    const span = spanOf(clicks.map((item) => item.date));
    const period = { from: daysBefore(span.to, REPORT_DAYS), to: span.to };
    const previousPeriod = { from: daysBefore(period.from, REPORT_DAYS), to: daysBefore(period.from, 1) };
    const input = { period, previousPeriod, days: REPORT_DAYS, clicks, previousClicks: [], actions };

    let aggregate = h.buildFiguresAggregate(input);
    const loadedPairs = aggregate.pairs!;
    // The programs' merchants the aggregate gave tallyPairs, read back from its table.
    const merchantOfProgram = new Map<string, string>();
    for (const [merchantId, programs] of loadedPairs.programs) {
      programs.forEach((programId) => merchantOfProgram.set(programId, merchantId));
    }
    // As the aggregate calls it: the period's click tally handed in (the aggregate made it anyway).
    const periodClicks = h.tallyClicks(input.clicks, input.period).subIds;
    const tally = () => h.tallyPairs(input.clicks, input.actions, input.period, merchantOfProgram, periodClicks);
    if (pairCount(tally()) !== pairCount(loadedPairs) || pairClicks(tally()) !== pairClicks(loadedPairs)) {
      throw new Error('tallyPairs alone gave other pairs than the aggregate');
    }

    // The account's EPCs (the product reads 90 days from the report store; a lookup all the same) and the catalog's names.
    const epcs = new Map<string, readonly CurrencyAmount[]>();
    for (const [merchantId, figures] of aggregate.merchants) {
      if (figures.epc !== null) {
        epcs.set(merchantId, figures.epc);
      }
    }
    const names = new Map<MerchantKey, string>();
    for (const wire of JSON.parse(JSON.stringify(merchants)) as JsonObject[]) {
      const result = h.normalizeMerchant(wire);
      if (result.ok) {
        names.set(h.merchantKey(result.value), result.value.name);
      }
    }
    // As the service keeps it: the files set once as link health's diagnostics publish them, then a new context
    // (here: the figures' pairs arriving) makes every merchant's row again.
    const epc = (id: string) => epcs.get(id);
    const nameOf = (key: MerchantKey) => names.get(key);
    const builder = new h.RevenueReportBuilder();
    const filed = timeOf(() => files.forEach((links, path) => builder.setFile(path, links)));
    const reportOf = (_of: ReadonlyMap<string, PlacedMoneyLink[]>, pairs: PairTable | undefined) =>
      builder.build({ pairs, epc, nameOf });
    const loading = reportOf(files, undefined);
    const oneGo = timeOf(() => h.buildRevenueReport({ files, pairs: loadedPairs, epc, nameOf }));

    // Warm: the first calls compile.
    let table = tally();
    let report = reportOf(files, table);
    const firstModel = new h.RiskTreeModel();
    firstModel.update(loading);
    const first = timeOf(() => firstModel.update(reportOf(files, tally())));
    for (let warm = 0; warm < 2; warm++) {
      h.buildFiguresAggregate(input);
      const model = new h.RiskTreeModel();
      model.update(loading);
      model.update(reportOf(files, tally()));
    }

    // Rounds: the aggregate the figures already build (the baseline), then the pieces revenue at risk adds.
    const times = { aggregate: [] as number[], tally: [] as number[], report: [] as number[], update: [] as number[] };
    const cold: number[] = [];
    const sliceMs: number[] = [];
    const slicedMs: number[] = [];
    const totals: number[] = [];
    let longestOfAnyRound = 0;
    let change: RiskTreeChange = [];
    const gc = new GcShare();
    for (let round = 0; round < ROUNDS; round++) {
      await settleAndRest();
      times.aggregate.push(gc.time('aggregate', () => (aggregate = h.buildFiguresAggregate(input))));
      await settleAndRest();
      const tallyMs = gc.time('tally', () => (table = tally()));
      await settleAndRest();
      const reportMs = gc.time('report', () => (report = reportOf(files, table)));
      // The product builds it in slices (a pause every 10 ms): the longest slice of a build with a new context.
      await settleAndRest();
      const slices = await slicesOf(builder, { pairs: table, epc, nameOf });
      sliceMs.push(slices.longest);
      slicedMs.push(slices.total);
      // The view showed the links while the figures loaded; now their money arrives.
      const model = new h.RiskTreeModel();
      model.update(loading);
      await settleAndRest();
      const updateMs = gc.time('update', () => (change = model.update(report)));
      const fresh = new h.RiskTreeModel();
      await settleAndRest();
      cold.push(timeOf(() => fresh.update(report)));
      times.tally.push(tallyMs);
      times.report.push(reportMs);
      times.update.push(updateMs);
      totals.push(tallyMs + reportMs + updateMs);
      longestOfAnyRound = Math.max(longestOfAnyRound, tallyMs, slices.longest, updateMs);
    }
    // A catalog change: the names are a new function, so every row looks its name up again (once, after the rounds).
    await settleAndRest();
    const renamedMs = timeOf(() => builder.build({ pairs: table, epc, nameOf: (key) => names.get(key) }));
    if (report.figures !== 'ready' || report.totals.clicks === 0) {
      throw new Error(`the report found no clicks at risk: ${JSON.stringify(report.totals)}`);
    }
    const pieces = { tally: median(times.tally), report: median(sliceMs), update: median(times.update) };
    const [longestName, longestMs] = Object.entries(pieces).sort(([, a], [, b]) => b - a)[0]!;
    const value = median(totals);
    const baseline = median(times.aggregate);
    const nodes = countNodes(report);
    const gcOf = {
      aggregate: await gc.median('aggregate'),
      tally: await gc.median('tally'),
      report: await gc.median('report'),
      update: await gc.median('update'),
    };
    emit({
      name: `revenue at risk of the ${fmt.format(SITE_ARTICLES)}-article site (${fmt.format(moneyLinks)} money links in ${fmt.format(files.size)} files) from a loaded ${REPORT_DAYS}-day report of ${fmt.format(clicks.length)} click items and ${fmt.format(actions.length)} actions: pair tally + report + tree update vs the figures' aggregate of the same items`,
      value: round2(value),
      unit: 'ms',
      baseline: round2(baseline),
      ratio: round2(value / baseline),
      target: '< 100 ms, in slices under 50 ms',
      note: `medians of ${ROUNDS} rounds: pair tally ${round2(pieces.tally)} ms (collecting garbage ${round2(gcOf.tally)} ms of it), report ${round2(median(times.report))} ms in one piece, in slices ${round2(median(slicedMs))} ms with its longest slice ${round2(median(sliceMs))} ms (garbage ${round2(gcOf.report)} ms; ${report.totals.merchants} merchants, ${fmt.format(report.totals.articles)} articles, ${fmt.format(report.totals.links)} links, ${fmt.format(report.totals.clicks)} clicks at risk; ${report.opportunities.length} opportunities), tree update from "figures are loading" ${round2(pieces.update)} ms (garbage ${round2(gcOf.update)} ms; ${fmt.format(nodes)} nodes; it returned ${changeText(change)}), a tree made from nothing ${round2(median(cold))} ms; the report with new names (a catalog change; the rounds' figures arrive with the names of before, as in the product) ${round2(renamedMs)} ms once; the files filed into the report as link health published them ${round2(filed)} ms (once), the report built in one go ${round2(oneGo)} ms (once); first run ${round2(first)} ms; ${fmt.format(pairCount(table))} pairs of ${fmt.format(sitePairs.length)} the site gives. Link health's own pass gains from the money links ${round2(moneyPass.money - moneyPass.check)} ms over ${round2(moneyPass.check)} ms of check (every file, verdicts known, ${MONEY_LINK_ROUNDS} rounds)`,
    });
    emit({
      name: `revenue at risk: the pair tally (tallyPairs) vs the figures' aggregate of the same ${fmt.format(clicks.length)} click items and ${fmt.format(actions.length)} actions, which now includes it`,
      value: round2(pieces.tally),
      unit: 'ms',
      baseline: round2(baseline),
      ratio: round2(pieces.tally / baseline),
      target: 'reported',
      note: `the aggregate without it about ${round2(baseline - pieces.tally)} ms: the tally makes it ${round2(baseline / (baseline - pieces.tally))}x; collecting garbage: ${round2(gcOf.tally)} ms of the tally, ${round2(gcOf.aggregate)} ms of the aggregate`,
    });
    emit({
      name: 'revenue at risk: the longest single piece (pair tally, report or tree update, each one synchronous piece in the product)',
      value: round2(longestMs),
      unit: 'ms',
      target: '< 50 ms',
      note: `the ${longestName} (median); the longest piece of any round ${round2(longestOfAnyRound)} ms`,
    });

    await benchEdit(h, rules, index, subIdOf, files, builder, { pairs: table, epc, nameOf }, gc);
    gc.stop();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One file's edit: one money link fewer (then back, in turns), the report built again over every file and the tree
 * updated, against the diagnostics of that file (its check and money links: what link health pays for the edit).
 */
async function benchEdit(
  h: ShippedRevenue,
  rules: Rules,
  index: InstanceType<ShippedRevenue['SiteIndex']>,
  subIdOf: (entry: IndexedFile) => string | undefined,
  files: ReadonlyMap<string, PlacedMoneyLink[]>,
  builder: InstanceType<ShippedRevenue['RevenueReportBuilder']>,
  context: RevenueContext,
  gc: GcShare,
): Promise<void> {
  // The service's way: the edited file's links set again, the report built with the same context (only that
  // file's merchants' rows are made again), the tree updated.
  const reportOf = (of: ReadonlyMap<string, PlacedMoneyLink[]>) => {
    builder.setFile(editedPath, of.get(editedPath)!);
    return builder.build(context);
  };
  // The first file with two links at risk or more: its last one removed (its article keeps its row).
  // A link that shares its pair with another link of its article: the edit changes its merchant's row (one link
  // fewer), not its clicks, so no row moves (an edit that drops a pair moves its merchant: then 'all' is right).
  const sharing = (list: readonly PlacedMoneyLink[]) =>
    list.findIndex(
      (link, at) =>
        link.code !== 'not-monetized' &&
        link.subId !== undefined &&
        list.some((other, i) => i !== at && other.merchantKey === link.merchantKey && other.subId === link.subId),
    );
  const [editedPath, links] = [...files].find(([, list]) => sharing(list) >= 0)!;
  const removed = sharing(links);
  const edited = new Map(files);
  edited.set(
    editedPath,
    links.filter((_, at) => at !== removed),
  );
  const entry = index.get(editedPath)!;
  const model = new h.RiskTreeModel();
  model.update(reportOf(files));
  // Warm.
  for (let turn = 0; turn < 4; turn++) {
    model.update(reportOf(turn % 2 === 0 ? edited : files));
    moneyLinksOf(h, rules, entry, subIdOf(entry));
  }
  const values: number[] = [];
  const reports: number[] = [];
  const updates: number[] = [];
  const baselines: number[] = [];
  const returned = new Map<string, number>();
  let unchanged: RiskTreeChange = 'all';
  for (let round = 0; round < EDIT_ROUNDS; round++) {
    const now = round % 2 === 0 ? edited : files;
    await settleAndRest();
    baselines.push(timeOf(() => moneyLinksOf(h, rules, entry, subIdOf(entry))));
    await settleAndRest();
    let report: RevenueReport | undefined;
    let change: RiskTreeChange = 'all';
    const reportMs = gc.time('edit report', () => (report = reportOf(now)));
    const updateMs = gc.time('edit update', () => (change = model.update(report!)));
    reports.push(reportMs);
    updates.push(updateMs);
    values.push(reportMs + updateMs);
    const text = changeText(change);
    returned.set(text, (returned.get(text) ?? 0) + 1);
  }
  // The same report once more, nothing changed: the update must return no node.
  unchanged = model.update(reportOf((EDIT_ROUNDS - 1) % 2 === 0 ? edited : files));
  const value = median(values);
  const baseline = median(baselines);
  const relative = path.basename(path.dirname(editedPath)) + '/' + path.basename(editedPath);
  emit({
    name: `revenue at risk: the view after one file's edit (one of its ${links.length} money links removed, then back): that file's links set again and the report built (its merchants' rows made again, of ${fmt.format(files.size)} files) + the tree update vs that file's diagnostics (check and money links)`,
    value: round2(value),
    unit: 'ms',
    baseline: round2(baseline),
    ratio: round2(value / baseline),
    target: '< 10 ms, only the changed nodes returned',
    note: `medians of ${EDIT_ROUNDS} rounds: report ${round2(median(reports))} ms (collecting garbage ${round2(await gc.median('edit report'))} ms of it), tree update ${round2(median(updates))} ms (garbage ${round2(await gc.median('edit update'))} ms); the update returned ${[...returned].map(([text, times]) => `${text} in ${times} rounds`).join(', ')}; the same report again: ${changeText(unchanged)}; file ${relative}`,
  });
}
