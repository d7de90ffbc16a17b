/**
 * Revenue at risk kept up to date file by file (src/revenue/revenueReportBuilder.ts): after any sequence of files
 * set, changed and removed, with the context changing now and then, the report equals the one built in one go over
 * the files of now; and the rows of merchants a change did not touch are the same objects as before.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { MerchantKey } from '../../../src/merchant/merchantKey';
import type { PairFigures, PairTable } from '../../../src/reports/figures/pairFigures';
import type { PlacedMoneyLink, RevenueContext, RevenueReport } from '../../../src/revenue/revenueReport';
import { buildRevenueReport, RevenueReportBuilder } from '../../../src/revenue/revenueReportBuilder';
import { checkProperty, floorOf } from '../properties/propertyRun';

const MERCHANTS = ['id:10', 'id:11', 'id:12'] as const;
const CODES = ['inactive-merchant', 'deeplinks-not-allowed', 'subid-mismatch', 'not-monetized'] as const;
const PATHS = ['a.md', 'b.md', 'c.mdx', 'd.html', 'e.md'] as const;

const linkArb: fc.Arbitrary<PlacedMoneyLink> = fc
  .record({
    code: fc.constantFrom(...CODES),
    merchant: fc.constantFrom(...MERCHANTS),
    subId: fc.constantFrom('a', 'b', undefined),
    line: fc.nat(9),
    column: fc.nat(3),
  })
  .map(({ code, merchant, subId, line, column }) => ({
    code,
    merchantKey: merchant as MerchantKey,
    merchantId: merchant.slice(3),
    subId,
    line,
    column,
    endLine: line,
    endColumn: column + 10,
  }));

function contextOf(seed: number): RevenueContext {
  const pairs = new Map<string, Map<string, PairFigures>>();
  for (const [index, subId] of ['a', 'b'].entries()) {
    pairs.set(
      subId,
      new Map(
        MERCHANTS.map((key, at) => [
          key.slice(3),
          {
            clicks: (seed * 7 + index * 3 + at) % 5,
            earned: at === 0 ? [{ currencyCode: 'EUR', label: 'EUR', amount: seed }] : [],
          },
        ]),
      ),
    );
  }
  const table: PairTable = { window: { from: '2026-03-01', to: '2026-03-31' }, days: 30, pairs, programs: new Map() };
  return {
    pairs: table,
    epc: (merchantId) => (merchantId === '11' ? [{ currencyCode: 'USD', label: 'USD', amount: 0.5 }] : undefined),
    nameOf: (key) => `Shop ${key.slice(3)}`,
  };
}

const stepArb = fc.oneof(
  { weight: 5, arbitrary: fc.record({ path: fc.constantFrom(...PATHS), links: fc.array(linkArb, { maxLength: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ context: fc.nat(3) }) },
);

/** A file's links set in the builder and in the map of the files of now (no links: the file forgotten). */
function setFile(
  builder: RevenueReportBuilder,
  files: Map<string, PlacedMoneyLink[]>,
  step: { path: string; links: PlacedMoneyLink[] },
): void {
  builder.setFile(step.path, step.links);
  if (step.links.length === 0) {
    files.delete(step.path);
  } else {
    files.set(step.path, step.links);
  }
}

describe('revenue at risk: the builder kept file by file', () => {
  it('equals the report built in one go after any sequence of changes, and reuses untouched merchants’ rows', async () => {
    let reused = 0;
    await checkProperty(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 12 }), (steps) => {
        const builder = new RevenueReportBuilder();
        const files = new Map<string, PlacedMoneyLink[]>();
        let context = contextOf(0);
        let before = builder.build(context);
        for (const step of steps) {
          let touched = new Set<string>();
          if ('context' in step) {
            context = contextOf(step.context);
            touched = new Set(MERCHANTS);
          } else {
            for (const link of [...(files.get(step.path) ?? []), ...step.links]) {
              touched.add(link.merchantKey);
            }
            setFile(builder, files, step);
          }
          const built = builder.build(context);
          assert.deepEqual(built, buildRevenueReport({ files: [...files], ...context }));
          for (const merchant of built.merchants) {
            const old = before.merchants.find((m) => m.key === merchant.key);
            if (old !== undefined && !touched.has(merchant.key)) {
              assert.equal(merchant, old, `${merchant.key}'s row was made again though no change touched it`);
              reused++;
            }
          }
          before = built;
        }
      }),
    );
    assert.ok(reused >= floorOf(200), `only ${reused} rows reused`);
  });

  it('keeps each report as it was built: its articles and locations, first read after later changes, are those of then', async () => {
    let read = 0;
    await checkProperty(
      fc.property(fc.array(stepArb, { minLength: 2, maxLength: 12 }), (steps) => {
        const builder = new RevenueReportBuilder();
        const files = new Map<string, PlacedMoneyLink[]>();
        let context = contextOf(0);
        // Every report kept unread beside the one built in one go from the files of then (and read then).
        const kept: Array<{ built: RevenueReport; expected: string }> = [];
        for (const step of steps) {
          if ('context' in step) {
            context = contextOf(step.context);
          } else {
            setFile(builder, files, step);
          }
          const expected = JSON.stringify(buildRevenueReport({ files: [...files], ...context }));
          kept.push({ built: builder.build(context), expected });
        }
        for (const { built, expected } of kept) {
          assert.equal(JSON.stringify(built), expected);
          read += built.merchants.length + built.opportunities.length;
        }
      }),
    );
    assert.ok(read >= floorOf(500), `only ${read} rows read`);
  });

  it('names the rows with the names of the context: the same names while its function is the same, new ones with a new one', () => {
    const builder = new RevenueReportBuilder();
    builder.setFile('a.md', [
      {
        code: 'inactive-merchant',
        merchantKey: 'id:10' as MerchantKey,
        merchantId: '10',
        subId: 'a',
        line: 0,
        column: 0,
        endLine: 0,
        endColumn: 9,
      },
      {
        code: 'not-monetized',
        merchantKey: 'id:11' as MerchantKey,
        merchantId: '11',
        subId: 'a',
        line: 1,
        column: 0,
        endLine: 1,
        endColumn: 9,
      },
    ]);
    const context = contextOf(1);
    const first = builder.build(context);
    assert.deepEqual([first.merchants[0]!.name, first.opportunities[0]!.name], ['Shop 10', 'Shop 11']);
    assert.deepEqual(first.opportunities[0]!.epc, [{ currencyCode: 'USD', label: 'USD', amount: 0.5 }]);
    // The figures again, the names and EPCs as they were: the rows made again keep them.
    const again = builder.build({ ...contextOf(2), nameOf: context.nameOf, epc: context.epc });
    assert.deepEqual([again.merchants[0]!.name, again.opportunities[0]!.name], ['Shop 10', 'Shop 11']);
    // A catalog change: new names; a new EPC history: new EPCs.
    const renamed = builder.build({ ...context, nameOf: (key) => `Renamed ${key}`, epc: () => undefined });
    assert.deepEqual([renamed.merchants[0]!.name, renamed.opportunities[0]!.name], ['Renamed id:10', 'Renamed id:11']);
    assert.deepEqual(renamed.opportunities[0]!.epc, []);
  });

  it('builds in slices the report built in one go, with the files changed during its pauses; stops when stale', async () => {
    const builder = new RevenueReportBuilder();
    const files = new Map<string, PlacedMoneyLink[]>();
    const link = (merchant: string, subId: string, line: number): PlacedMoneyLink => ({
      code: 'inactive-merchant',
      merchantKey: merchant as MerchantKey,
      merchantId: merchant.slice(3),
      subId,
      line,
      column: 0,
      endLine: line,
      endColumn: 10,
    });
    PATHS.forEach((path, at) => {
      const links = [link(MERCHANTS[at % 3]!, 'a', at), link(MERCHANTS[(at + 1) % 3]!, 'b', at + 1)];
      files.set(path, links);
      builder.setFile(path, links);
    });
    let pauses = 0;
    const context = contextOf(1);
    const report = await builder.buildInSlices(context, {
      now: () => pauses * 100,
      sliceMs: 0,
      isCurrent: () => true,
      pause: async () => {
        pauses++;
        if (pauses === 2) {
          // A file changes while the rows are being made.
          const changed = [link('id:10', 'b', 7)];
          files.set('a.md', changed);
          builder.setFile('a.md', changed);
        }
      },
    });
    assert.ok(pauses >= 3, `${pauses} pauses`);
    assert.deepEqual(report, buildRevenueReport({ files: [...files], ...context }));
    let stale = false;
    const stopped = await builder.buildInSlices(contextOf(2), {
      now: () => 0,
      sliceMs: 0,
      isCurrent: () => !stale,
      pause: async () => {
        stale = true;
      },
    });
    assert.equal(stopped, undefined, 'a later build took over');
  });
});
