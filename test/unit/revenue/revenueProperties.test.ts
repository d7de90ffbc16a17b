/**
 * Properties of revenue at risk over any input: the pairs of the figures (src/reports/figures/pairFigures.ts) count
 * an item exactly when the report model does (`aggregateClicks`, `aggregateActions`), and the report
 * (src/revenue/revenueReport.ts) counts each (SubID, merchant) pair once in every total, whatever the links'
 * duplication, and never mixes currencies. Both are also checked hot: after thousands of runs in one process.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ActionItem, ClickItem } from '../../../src/api/types';
import { fromDayNumber, toDayNumber } from '../../../src/api/calendarDate';
import type { MoneyLink } from '../../../src/health/moneyLinks';
import type { MerchantKey } from '../../../src/merchant/merchantKey';
import { tallyClicks } from '../../../src/reports/figures/figuresClickTally';
import {
  pairFigures,
  subIdClicks,
  tallyPairs,
  type PairFigures,
  type PairTable,
} from '../../../src/reports/figures/pairFigures';
import { aggregateActions } from '../../../src/reports/model/actionReport';
import { aggregateClicks } from '../../../src/reports/model/clickReport';
import type { CurrencyAmount } from '../../../src/reports/model/currencyAmounts';
import type { ReportPeriod } from '../../../src/reports/model/reportTypes';
import type { Money, PlacedMoneyLink, RevenueReport } from '../../../src/revenue/revenueReport';
import { buildRevenueReport } from '../../../src/revenue/revenueReportBuilder';
import { action, click } from '../helpers/reportItems';
import { checkProperty, floorOf, propertyRuns } from '../properties/propertyRun';

const TODAY = '2026-03-31';
const TODAY_NUMBER = toDayNumber(TODAY)!;

// ---- The pairs of the figures against the report model ----

const dayArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -30, max: 0 }).map((back) => fromDayNumber(TODAY_NUMBER + back)) },
  { weight: 2, arbitrary: fc.integer({ min: -95, max: 2 }).map((back) => fromDayNumber(TODAY_NUMBER + back)) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: -40, max: 0 }).map((back) => `${fromDayNumber(TODAY_NUMBER + back)}T23:30:00Z`),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: -40, max: 0 }).map((back) => `${fromDayNumber(TODAY_NUMBER + back)} 08:00`),
  },
  { weight: 1, arbitrary: fc.constantFrom('2026-02-30', 'yesterday', '', '2026-3-05') },
);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 5 });
const subIdArb = fc.constantFrom<string | null>('a', 'b', 'c', '', null);
const programArb = fc.constantFrom<string | null>('p1', 'p2', 'p3', null);
const countArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY) },
);
/** Whole cents: sums of the same items in the same order are the same number however they are grouped. */
const moneyArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -500, max: 5_000 }).map((cents) => cents / 100) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY) },
);

const clickArb: fc.Arbitrary<ClickItem> = fc
  .record({
    subId: subIdArb,
    merchantId: fc.constantFrom<number | null>(10, 11, 12, null),
    programId: programArb,
    date: optional(dayArb),
    count: countArb,
  })
  .map((fields) => click(fields));
const actionArb: fc.Arbitrary<ActionItem> = fc
  .record({
    subId: subIdArb,
    programId: programArb,
    status: fc.constantFrom<string | null>('PENDING', 'CONFIRMED', 'SETTLED', 'CANCELED', 'REJECTED', 'OPEN', null),
    currencyCode: fc.constantFrom<string | null>('EUR', 'eur', 'USD', null),
    commission: optional(moneyArb),
    revenue: optional(moneyArb),
    date: fc.option(dayArb, { nil: null, freq: 2 }),
    createdAt: optional(dayArb),
  })
  .map((fields) => action(fields));
const tallyInputArb = fc.record({
  back: fc.constantFrom(0, 7, 29, 30, 31, 90, 90, 120),
  clicks: fc.array(clickArb, { minLength: 3, maxLength: 40 }),
  actions: fc.array(actionArb, { maxLength: 30 }),
  programs: fc.record({ p1: fc.constantFrom('10', '11', undefined), p2: fc.constantFrom('11', '12', undefined) }),
});
type TallyInput = typeof tallyInputArb extends fc.Arbitrary<infer T> ? T : never;

function periodOf(input: TallyInput): ReportPeriod {
  return { from: fromDayNumber(TODAY_NUMBER - input.back), to: TODAY };
}
function programsOf(input: TallyInput): Map<string, string> {
  const programs = new Map<string, string>();
  for (const [programId, merchantId] of Object.entries(input.programs)) {
    if (merchantId !== undefined) {
      programs.set(programId, merchantId);
    }
  }
  return programs;
}

/** The pairs as the report model counts them, over the last 30 days of the period (worked out here, not by moneyWindow). */
function modelPairs(input: TallyInput): Map<string, PairFigures> {
  const window = { from: fromDayNumber(TODAY_NUMBER - Math.min(input.back, 30)), to: TODAY };
  const programs = programsOf(input);
  const expected = new Map<string, PairFigures>();
  const clicks = new Map<string, number>();
  for (const item of aggregateClicks(input.clicks, window).items) {
    if (item.subId !== null && item.subId !== '' && item.merchantId !== null) {
      const key = `${item.subId}/${item.merchantId}`;
      clicks.set(key, (clicks.get(key) ?? 0) + item.count);
    }
  }
  for (const subId of ['a', 'b', 'c']) {
    for (const merchantId of ['10', '11', '12']) {
      const key = `${subId}/${merchantId}`;
      const actions = input.actions.filter(
        (item) => item.subId === subId && item.programId !== null && programs.get(item.programId) === merchantId,
      );
      const earned = aggregateActions(actions, window).totals.earnedCommission;
      if ((clicks.get(key) ?? 0) > 0 || earned.length > 0) {
        expected.set(key, { clicks: clicks.get(key) ?? 0, earned });
      }
    }
  }
  return expected;
}

function flatten(table: PairTable): Map<string, PairFigures> {
  const flat = new Map<string, PairFigures>();
  for (const [subId, bySubId] of table.pairs) {
    for (const [merchantId, figures] of bySubId) {
      flat.set(`${subId}/${merchantId}`, { clicks: figures.clicks, earned: [...figures.earned] });
    }
  }
  return new Map([...flat].sort(([a], [b]) => (a < b ? -1 : 1)));
}

// ---- The report over any links and pairs ----

const MERCHANTS: ReadonlyArray<{ key: MerchantKey; merchantId: string | undefined }> = [
  { key: 'id:10' as MerchantKey, merchantId: '10' },
  { key: 'id:11' as MerchantKey, merchantId: '11' },
  { key: 'id:12' as MerchantKey, merchantId: '12' },
  { key: 'fallback:shop|shop.example.com|' as MerchantKey, merchantId: undefined },
];
const CODES = [
  'inactive-merchant',
  'deeplinks-not-allowed',
  'target-off-merchant',
  'subid-mismatch',
  'not-monetized',
] as const;
const linkArb: fc.Arbitrary<PlacedMoneyLink> = fc
  .record({
    code: fc.constantFrom(...CODES),
    merchant: fc.constantFrom(...MERCHANTS),
    subId: fc.constantFrom('a', 'b', 'c', undefined),
    line: fc.nat(20),
    column: fc.nat(5),
  })
  .map(({ code, merchant, subId, line, column }) => ({
    code,
    merchantKey: merchant.key,
    merchantId: merchant.merchantId,
    subId,
    line,
    column,
    endLine: line,
    endColumn: column + 10,
  }));
const amountsArb = fc
  .subarray(['EUR', 'USD', null] as Array<string | null>)
  .chain((codes) =>
    fc.tuple(...codes.map((code) => fc.integer({ min: 0, max: 900 }).map((amount) => ({ code, amount })))),
  )
  .map((entries): CurrencyAmount[] =>
    entries.map(({ code, amount }) => ({ currencyCode: code, label: code ?? 'unknown currency', amount })),
  );
const pairsArb = fc
  .array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('10', '11', '12'), fc.nat(300), amountsArb), {
    maxLength: 9,
  })
  .map((entries): PairTable => {
    const pairs = new Map<string, Map<string, PairFigures>>();
    for (const [subId, merchantId, clicks, earned] of entries) {
      const bySubId = pairs.get(subId) ?? new Map<string, PairFigures>();
      bySubId.set(merchantId, { clicks, earned });
      pairs.set(subId, bySubId);
    }
    return { window: { from: '2026-03-01', to: TODAY }, days: 30, pairs, programs: new Map() };
  });
const reportInputArb = fc.record({
  // A path once: the files are a map (the hub's), as the builder reads them.
  files: fc.uniqueArray(
    fc.tuple(fc.constantFrom('x.md', 'y.md', 'z.mdx', 'w.html'), fc.array(linkArb, { maxLength: 8 })),
    {
      maxLength: 4,
      selector: ([path]) => path,
    },
  ),
  pairs: pairsArb,
  epc: fc.record({ '10': amountsArb, '11': fc.constant([] as CurrencyAmount[]), '12': fc.constant(undefined) }),
});
type ReportInput = typeof reportInputArb extends fc.Arbitrary<infer T> ? T : never;

function reportOf(input: ReportInput): RevenueReport {
  return buildRevenueReport({
    files: input.files,
    pairs: input.pairs,
    epc: (merchantId) => input.epc[merchantId as '10' | '11' | '12'],
    nameOf: (key) => (key.startsWith('id:') ? `Shop ${key.slice(3)}` : undefined),
  });
}

function clicksOfPairs(table: PairTable, links: Iterable<MoneyLink>): number {
  const pairs = new Set<string>();
  let clicks = 0;
  for (const link of links) {
    const key = `${link.subId}/${link.merchantId}`;
    if (link.code !== 'not-monetized' && link.subId !== undefined && link.merchantId !== undefined && !pairs.has(key)) {
      pairs.add(key);
      clicks += table.pairs.get(link.subId)?.get(link.merchantId)?.clicks ?? 0;
    }
  }
  return clicks;
}

function assertOneEntryPerCurrency(amounts: readonly CurrencyAmount[], where: string): void {
  const codes = amounts.map((entry) => entry.currencyCode);
  assert.equal(new Set(codes).size, codes.length, `${where} mixes entries of one currency: ${JSON.stringify(amounts)}`);
}

function assertPairsOnce(input: ReportInput, report: RevenueReport): void {
  const links = input.files.flatMap(([, fileLinks]) => fileLinks);
  assert.equal(report.totals.clicks, clicksOfPairs(input.pairs, links), 'the top total');
  const moneys: Array<[string, Money]> = [['the total', report.totals]];
  for (const merchant of report.merchants) {
    const own = links.filter((link) => link.merchantKey === merchant.key);
    assert.equal(merchant.money.clicks, clicksOfPairs(input.pairs, own), merchant.name);
    moneys.push([merchant.name, merchant.money]);
    for (const article of merchant.articles) {
      const inArticle = input.files.filter(([path]) => path === article.path).flatMap(([, fileLinks]) => fileLinks);
      const ownInArticle = inArticle.filter((link) => link.merchantKey === merchant.key);
      assert.equal(article.money.clicks, clicksOfPairs(input.pairs, ownInArticle), `${merchant.name} ${article.path}`);
      moneys.push([`${merchant.name} ${article.path}`, article.money]);
    }
  }
  for (const [where, money] of moneys) {
    assertOneEntryPerCurrency(money.earned, `${where}'s earnings`);
    assertOneEntryPerCurrency(money.estimate, `${where}'s estimate`);
  }
  for (let i = 1; i < report.merchants.length; i++) {
    assert.ok(report.merchants[i - 1]!.money.clicks >= report.merchants[i]!.money.clicks, 'ranked by clicks');
  }
}

describe('revenue at risk properties', () => {
  it('counts an item in a pair exactly when the report model counts it (day rules, refused counts, statuses)', async () => {
    let withPairs = 0;
    await checkProperty(
      fc.property(tallyInputArb, (input) => {
        const table = tallyPairs(input.clicks, input.actions, periodOf(input), programsOf(input));
        const expected = modelPairs(input);
        assert.deepEqual(flatten(table), new Map([...expected].sort(([a], [b]) => (a < b ? -1 : 1))));
        // The figures hand it their click tally (read instead of the items when the window is the whole period).
        const seeded = tallyPairs(
          input.clicks,
          input.actions,
          periodOf(input),
          programsOf(input),
          tallyClicks(input.clicks, periodOf(input)).subIds,
        );
        assert.deepEqual(flatten(seeded), flatten(table), 'from the figures’ click tally');
        // What the product reads (no object per pair) agrees with the pairs the table lists.
        for (const [subId, bySubId] of seeded.pairs) {
          let clicks = 0;
          for (const [merchantId, figures] of bySubId) {
            assert.deepEqual(pairFigures(seeded, subId, merchantId), figures);
            clicks += figures.clicks;
          }
          assert.equal(subIdClicks(seeded, subId), clicks);
        }
        assert.equal(pairFigures(seeded, 'no such SubID', '10'), undefined);
        withPairs += expected.size > 0 ? 1 : 0;
      }),
    );
    assert.ok(withPairs >= floorOf(500), `only ${withPairs} cases had pairs`);
  });

  it('counts a pair once in every total whatever the duplication, and keeps one entry per currency', async () => {
    let shared = 0;
    await checkProperty(
      fc.property(reportInputArb, (input) => {
        const report = reportOf(input);
        assertPairsOnce(input, report);
        shared += report.merchants.some((merchant) =>
          merchant.articles.some((a) => a.links.some((l) => l.sharingPair > 1)),
        )
          ? 1
          : 0;
      }),
    );
    assert.ok(shared >= floorOf(200), `only ${shared} cases had links sharing a pair`);
  });

  it('holds hot: the pairs and the report after thousands of runs in one process', () => {
    const runs = propertyRuns(200);
    const tallies = fc.sample(tallyInputArb, { numRuns: runs, seed: 33 });
    const reports = fc.sample(reportInputArb, { numRuns: runs, seed: 34 });
    const firstReports = reports.map(reportOf);
    for (let round = 0; round < 15; round++) {
      tallies.forEach((input) => tallyPairs(input.clicks, input.actions, periodOf(input), programsOf(input)));
      reports.forEach(reportOf);
    }
    tallies.forEach((input) => {
      const table = tallyPairs(input.clicks, input.actions, periodOf(input), programsOf(input));
      assert.deepEqual(flatten(table), new Map([...modelPairs(input)].sort(([a], [b]) => (a < b ? -1 : 1))));
    });
    reports.forEach((input, index) => {
      const report = reportOf(input);
      assertPairsOnce(input, report);
      assert.deepEqual(report, firstReports[index]);
    });
  });
});
