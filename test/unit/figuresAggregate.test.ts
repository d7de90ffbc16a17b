import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ActionItem, ClickItem } from '../../src/api/types';
import {
  buildFiguresAggregate,
  figuresOf,
  type FiguresAggregate,
  type SubIdFigures,
} from '../../src/reports/figures/figuresAggregate';
import { aggregateClicks } from '../../src/reports/model/clickReport';
import type { CurrencyAmount } from '../../src/reports/model/currencyAmounts';
import { presetPeriod, previousPeriod } from '../../src/reports/model/reportPeriods';
import { actionDay } from '../../src/sandbox/dataset';
import type { Sandbox } from '../../src/sandbox/server';
import { clientFor, NOW, sandbox } from './helpers/fixtures';
import { action, click } from './helpers/reportItems';

const PERIOD = { from: '2026-03-01', to: '2026-03-07' };
const PREVIOUS = { from: '2026-02-22', to: '2026-02-28' };

const eur = (amount: number): CurrencyAmount => ({ currencyCode: 'EUR', label: 'EUR', amount });
const usd = (amount: number): CurrencyAmount => ({ currencyCode: 'USD', label: 'USD', amount });

function build(clicks: ClickItem[], previousClicks: ClickItem[] = [], actions: ActionItem[] = []): FiguresAggregate {
  return buildFiguresAggregate({ period: PERIOD, previousPeriod: PREVIOUS, days: 7, clicks, previousClicks, actions });
}

describe('figures aggregate', () => {
  it('shows no change while the previous period is not read yet, rather than "new"', () => {
    const clicks = [click({ subId: 'shoes', programId: 'p1', merchantId: 10, date: '2026-03-01', count: 5 })];
    const unknown = buildFiguresAggregate({
      period: PERIOD,
      previousPeriod: PREVIOUS,
      days: 7,
      clicks,
      previousClicks: undefined,
      actions: [],
    });
    assert.deepEqual(figuresOf(unknown, ['shoes'])?.change, { kind: 'none', text: '' });
    assert.equal(unknown.previousKnown, false);
    assert.equal(figuresOf(build(clicks), ['shoes'])?.change.kind, 'new', 'read, and empty: the clicks are new');
  });

  describe('built from report items', () => {
    const aggregate = build(
      [
        click({ subId: 'shoes', programId: 'p1', merchantId: 10, date: '2026-03-01', count: 5 }),
        click({ subId: 'shoes', programId: 'p2', merchantId: 11, date: '2026-03-02', count: 3 }),
        click({ subId: 'shoes', programId: 'p1', merchantId: 10, date: '2026-03-07', count: 2 }),
        click({ subId: 'books', programId: 'p3', merchantId: null, date: '2026-03-03', count: 4 }),
        click({ subId: null, programId: 'p1', merchantId: 10, date: '2026-03-03', count: 7 }),
        click({ subId: '', programId: 'p1', merchantId: 10, date: '2026-03-03', count: 1 }),
        click({ subId: 'shoes', programId: 'p1', merchantId: 10, date: '2026-02-28', count: 100 }), // outside the period
        click({ subId: 'shoes', programId: 'p1', merchantId: 10, date: '2026-03-04', count: -1 }), // malformed
        // p4 is seen with two merchants: its actions go to neither.
        click({ subId: 'mixed', programId: 'p4', merchantId: 12, date: '2026-03-04', count: 1 }),
        click({ subId: 'mixed', programId: 'p4', merchantId: 13, date: '2026-03-04', count: 1 }),
      ],
      [
        click({ subId: 'shoes', programId: 'p1', merchantId: 10, date: '2026-02-25', count: 8 }),
        click({ subId: 'old', programId: 'p5', merchantId: 14, date: '2026-02-23', count: 6 }),
        click({ subId: 'old', programId: 'p5', merchantId: 14, date: '2026-03-01', count: 50 }), // not in the previous period
      ],
      [
        action({
          subId: 'shoes',
          programId: 'p1',
          status: 'CONFIRMED',
          currencyCode: 'EUR',
          commission: 4,
          createdAt: '2026-03-02T10:00:00Z',
        }),
        action({
          subId: 'shoes',
          programId: 'p1',
          status: 'PENDING',
          currencyCode: 'eur',
          commission: 1.5,
          createdAt: '2026-03-03T10:00:00Z',
        }),
        action({
          subId: 'shoes',
          programId: 'p2',
          status: 'PENDING',
          currencyCode: 'USD',
          commission: 2,
          createdAt: '2026-03-03T10:00:00Z',
        }),
        action({
          subId: 'shoes',
          programId: 'p1',
          status: 'CANCELED',
          currencyCode: 'EUR',
          commission: 9,
          createdAt: '2026-03-03T10:00:00Z',
        }),
        action({
          subId: 'earner',
          programId: 'p5',
          status: 'CONFIRMED',
          currencyCode: 'EUR',
          commission: 3,
          createdAt: '2026-03-05T10:00:00Z',
        }),
        action({
          subId: 'mixed',
          programId: 'p4',
          status: 'CONFIRMED',
          currencyCode: 'EUR',
          commission: 10,
          createdAt: '2026-03-05T10:00:00Z',
        }),
        action({
          subId: 'shoes',
          programId: 'p9',
          status: 'CONFIRMED',
          currencyCode: 'EUR',
          commission: 1,
          createdAt: '2026-03-05T10:00:00Z',
        }), // program without clicks
        action({
          subId: 'shoes',
          programId: 'p1',
          status: 'CONFIRMED',
          currencyCode: 'EUR',
          commission: 50,
          createdAt: '2026-02-27T10:00:00Z',
        }), // outside
      ],
    );

    it('sums clicks, previous clicks and pending + confirmed commission by SubID', () => {
      const shoes = aggregate.subIds.get('shoes')!;
      assert.equal(shoes.clicks, 10);
      assert.equal(shoes.previousClicks, 8);
      assert.deepEqual(shoes.earnedCommission, [eur(6.5), usd(2)]);
      assert.deepEqual(Object.fromEntries(shoes.clicksByMerchant!), { 10: 7, 11: 3 });
      assert.deepEqual(
        [...aggregate.subIds.values()].map((figures) => [figures.subId, figures.clicks, figures.previousClicks]).sort(),
        [
          ['books', 4, 0],
          ['earner', 0, 0],
          ['mixed', 2, 0],
          ['old', 0, 6],
          ['shoes', 10, 8],
        ].sort(),
      );
    });

    it('leaves out items without a SubID, and an empty SubID', () => {
      assert.equal(aggregate.subIds.has(''), false);
      assert.equal(aggregate.totals?.clicks, 24); // every counted item, with a SubID or not
    });

    it('sums clicks by merchant and ties actions to merchants through programs seen with one merchant', () => {
      const merchants = Object.fromEntries(
        [...aggregate.merchants].map(([id, figures]) => [
          id,
          [figures.clicks, figures.actions, figures.earnedCommission],
        ]),
      );
      assert.deepEqual(merchants, {
        10: [15, 3, [eur(5.5)]], // p1: two earning actions and a canceled one
        11: [3, 1, [usd(2)]],
        12: [1, 0, []],
        13: [1, 0, []],
        14: [0, 1, [eur(3)]], // p5's merchant, learnt from the previous period's clicks
      });
      assert.deepEqual(aggregate.merchants.get('10')!.epc, [eur(5.5 / 15)]);
      assert.equal(aggregate.merchants.get('14')!.epc, null);
      assert.deepEqual(aggregate.merchants.get('12')!.epc, []);
    });

    it('keeps the periods and the day count', () => {
      assert.deepEqual([aggregate.period, aggregate.previousPeriod, aggregate.days], [PERIOD, PREVIOUS, 7]);
      assert.deepEqual(
        aggregate.dailyClicks?.map((day) => day.clicks),
        [5, 3, 12, 2, 0, 0, 2],
      );
    });
  });

  describe('counted as the clicks report counts', () => {
    const item = fc.record({
      subId: fc.constantFrom(null, '', 'a', 'b', 'c'),
      programId: fc.constantFrom(null, 'p1', 'p2'),
      merchantId: fc.constantFrom(null, 1, 2, 3),
      date: fc.constantFrom(
        null,
        '2026-02-28',
        '2026-03-01',
        '2026-03-04T23:59:59Z',
        '2026-03-07',
        '2026-03-08',
        '2026-02-30',
        'soon',
      ),
      count: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constantFrom(-1, Number.NaN, Number.POSITIVE_INFINITY, 0.5)),
    });

    it('gives each SubID and merchant the clicks of its rows in the clicks report', () => {
      fc.assert(
        fc.property(fc.array(item, { maxLength: 60 }), (fields) => {
          const items = fields.map((entry) => click(entry));
          const aggregate = build(items);
          const report = aggregateClicks(items, PERIOD);
          const rows = (grouping: 'subId' | 'merchant') =>
            Object.fromEntries(
              report.groups[grouping]
                .filter((row) => row.key !== null && row.key !== '')
                .map((row) => [row.key, row.clicks]),
            );
          assert.deepEqual(
            Object.fromEntries([...aggregate.subIds].map(([subId, figures]) => [subId, figures.clicks])),
            rows('subId'),
          );
          assert.deepEqual(
            Object.fromEntries([...aggregate.merchants].map(([merchantId, figures]) => [merchantId, figures.clicks])),
            rows('merchant'),
          );
          assert.equal(aggregate.totals?.clicks, report.totals.clicks);
          assert.deepEqual(
            aggregate.dailyClicks,
            report.days.map((day) => ({ date: day.date, clicks: day.clicks })),
          );
          for (const figures of aggregate.subIds.values()) {
            const split = [...(figures.clicksByMerchant ?? new Map<string, number>()).values()].reduce(
              (sum, clicks) => sum + clicks,
              0,
            );
            assert.ok(split <= figures.clicks);
          }
        }),
        { numRuns: 300 },
      );
    });

    it('gives one SubID the same figures, shared and frozen, as it would work out', () => {
      const aggregate = build(
        [click({ subId: 'a', merchantId: 1, date: '2026-03-01', count: 3 })],
        [click({ subId: 'a', date: '2026-02-25', count: 2 })],
      );
      const shared = figuresOf(aggregate, ['a', 'a'])!;
      assert.equal(figuresOf(aggregate, ['a']), shared);
      assert.ok(Object.isFrozen(shared) && Object.isFrozen(shared.subIds));
      assert.deepEqual(shared, figuresOf({ ...aggregate, figuresAlone: undefined }, ['a']));
      assert.deepEqual([shared.clicks, shared.previousClicks, shared.change.text], [3, 2, '+50.0%']);
    });
  });

  describe('figures of several SubIDs', () => {
    const figures = (
      subId: string,
      clicks: number,
      previousClicks: number,
      earnedCommission: CurrencyAmount[] = [],
      byMerchant: Record<string, number> = {},
    ): SubIdFigures => ({
      subId,
      clicks,
      previousClicks,
      earnedCommission,
      clicksByMerchant: new Map(Object.entries(byMerchant)),
    });
    const aggregate: FiguresAggregate = {
      period: PERIOD,
      previousPeriod: PREVIOUS,
      days: 7,
      subIds: new Map(
        [
          figures('a', 100, 80, [eur(10), usd(1)], { 10: 60, 11: 40 }),
          figures('b', 20, 40, [eur(2.5)], { 10: 20 }),
          figures('c', 0, 0, [], {}),
          figures('d', 0, 0, [usd(3)], {}),
          figures('gone', 0, 12),
        ].map((entry) => [entry.subId, entry]),
      ),
      merchants: new Map(),
    };

    it('sums the SubIDs that have data, each once, in the order asked', () => {
      const result = figuresOf(aggregate, ['b', 'unknown', 'a', 'b', 'c', 'd'])!;
      assert.deepEqual(result.subIds, ['b', 'a', 'd']);
      assert.equal(result.clicks, 120);
      assert.equal(result.previousClicks, 120);
      assert.deepEqual(result.change, { kind: 'change', percent: 0, text: '0%' });
      assert.deepEqual(result.earnedCommission, [eur(12.5), usd(4)]);
      assert.deepEqual(Object.fromEntries(result.clicksByMerchant!), { 10: 80, 11: 40 });
    });

    it('gives the change against the previous period, with its sign', () => {
      assert.equal(figuresOf(aggregate, ['a'])!.change.text, '+25.0%');
      assert.equal(figuresOf(aggregate, ['b'])!.change.text, '\u221250.0%');
      assert.equal(figuresOf(aggregate, ['gone'])!.change.text, '\u2212100.0%');
      assert.deepEqual(figuresOf(aggregate, ['d'])!.change, { kind: 'none', text: '' });
    });

    it('is undefined when none of the SubIDs has data', () => {
      assert.equal(figuresOf(aggregate, []), undefined);
      assert.equal(figuresOf(aggregate, ['unknown', 'c']), undefined);
    });

    it('counts a SubID that is new in this period as new', () => {
      const withNew: FiguresAggregate = { ...aggregate, subIds: new Map([['n', figures('n', 5, 0)]]) };
      assert.deepEqual(figuresOf(withNew, ['n'])!.change, { kind: 'new', text: 'new' });
    });
  });

  describe('against the sandbox', function () {
    this.timeout(30_000);
    let service: Sandbox;
    let aggregate: FiguresAggregate;
    const period = presetPeriod('last30', NOW.toISOString().slice(0, 10));
    const previous = previousPeriod(period);
    const inPeriod = (day: string, of: { from: string; to: string }) => day >= of.from && day <= of.to;

    before(async () => {
      service = await sandbox();
      const client = clientFor(service);
      try {
        const [clicks, previousClicks, actions] = await Promise.all([
          client.getAllClicks({ dateFrom: period.from, dateTo: period.to }),
          client.getAllClicks({ dateFrom: previous.from, dateTo: previous.to }),
          client.getAllActions({ dateFrom: period.from, dateTo: period.to }),
        ]);
        aggregate = buildFiguresAggregate({
          period,
          previousPeriod: previous,
          days: 30,
          clicks: clicks.items,
          previousClicks: previousClicks.items,
          actions: actions.items,
        });
      } finally {
        await client.close();
      }
    });
    after(async () => service.close());

    it("gives each SubID the sandbox's sum of its clicks in the period and in the previous one", () => {
      assert.ok(service.dataset.subIds.length > 3);
      let checked = 0;
      for (const subId of service.dataset.subIds) {
        const sum = (of: { from: string; to: string }) =>
          service.dataset.clicks
            .filter((item) => item.subId === subId && inPeriod(item.date, of))
            .reduce((total, item) => total + item.count, 0);
        const figures = figuresOf(aggregate, [subId]);
        assert.equal(figures?.clicks ?? 0, sum(period), subId);
        assert.equal(figures?.previousClicks ?? 0, sum(previous), subId);
        checked += figures === undefined ? 0 : 1;
      }
      assert.ok(checked > 3, `${checked} SubIDs with figures`);
    });

    it("gives each SubID the sandbox's pending + confirmed + settled commission per currency", () => {
      for (const subId of service.dataset.subIds) {
        const expected = new Map<string, number>();
        for (const item of service.dataset.actions) {
          if (
            item.subId === subId &&
            inPeriod(actionDay(item), period) &&
            (item.status === 'PENDING' || item.status === 'CONFIRMED' || item.status === 'SETTLED')
          ) {
            expected.set(
              item.currencyCode.toUpperCase(),
              (expected.get(item.currencyCode.toUpperCase()) ?? 0) + item.commission,
            );
          }
        }
        const actual = aggregate.subIds.get(subId)?.earnedCommission ?? [];
        assert.deepEqual(
          actual.map((entry) => entry.currencyCode),
          [...expected.keys()].sort(),
          subId,
        );
        for (const entry of actual) {
          assert.ok(
            Math.abs(entry.amount - expected.get(entry.currencyCode!)!) < 1e-6,
            `${subId} ${entry.currencyCode}`,
          );
        }
      }
    });

    it("gives each merchant the sandbox's sum of its clicks, and its programs' actions", () => {
      let checked = 0;
      for (const program of service.dataset.programs) {
        if (program.merchantId === null) {
          continue;
        }
        const merchantId = program.merchantId;
        const clicks = service.dataset.clicks
          .filter((item) => item.merchantId === merchantId && inPeriod(item.date, period))
          .reduce((total, item) => total + item.count, 0);
        const seen = service.dataset.clicks.some(
          (item) => item.programId === program.id && (inPeriod(item.date, period) || inPeriod(item.date, previous)),
        );
        const actions = service.dataset.actions.filter(
          (item) => item.programId === program.id && inPeriod(actionDay(item), period),
        ).length;
        const figures = aggregate.merchants.get(String(merchantId));
        assert.equal(figures?.clicks ?? 0, clicks, `merchant ${merchantId}`);
        assert.equal(figures?.actions ?? 0, seen ? actions : 0, `merchant ${merchantId}`);
        checked += clicks > 0 ? 1 : 0;
      }
      assert.ok(checked > 5, `${checked} merchants with clicks`);
    });
  });
});
