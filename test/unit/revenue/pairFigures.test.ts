/**
 * The figures of each (SubID, merchant) pair over the money window (src/reports/figures/pairFigures.ts), and the
 * pairs the figures' aggregate carries for revenue at risk. The agreement with the report model over any items is a
 * property in revenueProperties.test.ts; here, worked examples of each rule.
 */
import assert from 'node:assert/strict';
import { buildFiguresAggregate } from '../../../src/reports/figures/figuresAggregate';
import { moneyWindow, pairFigures, tallyPairs } from '../../../src/reports/figures/pairFigures';
import type { CurrencyAmount } from '../../../src/reports/model/currencyAmounts';
import { presetPeriod, previousPeriod } from '../../../src/reports/model/reportPeriods';
import { action, click } from '../helpers/reportItems';

const TODAY = '2026-03-31';
const LAST30 = presetPeriod('last30', TODAY);
const LAST90 = presetPeriod('last90', TODAY);
const amount = (currencyCode: string | null, value: number): CurrencyAmount => ({
  currencyCode,
  label: currencyCode ?? 'unknown currency',
  amount: value,
});
const PROGRAMS = new Map([
  ['p1', '10'],
  ['p2', '11'],
]);

describe('revenue at risk: the pairs of the figures', () => {
  describe('moneyWindow', () => {
    it('is the last 30 days of a longer period (31 dates, as the last30 preset), all of a shorter one', () => {
      assert.deepEqual(moneyWindow(LAST90), { window: { from: '2026-03-01', to: TODAY }, days: 30 });
      assert.deepEqual(moneyWindow(LAST90).window, presetPeriod('last30', TODAY));
      assert.deepEqual(moneyWindow(LAST30), { window: LAST30, days: 30 });
      assert.deepEqual(moneyWindow(presetPeriod('last7', TODAY)), {
        window: { from: '2026-03-24', to: TODAY },
        days: 7,
      });
      assert.deepEqual(moneyWindow({ from: TODAY, to: TODAY }), { window: { from: TODAY, to: TODAY }, days: 0 });
    });

    it('crosses a year and a leap day as the calendar does', () => {
      assert.deepEqual(moneyWindow({ from: '2023-11-01', to: '2024-01-15' }).window, {
        from: '2023-12-16',
        to: '2024-01-15',
      });
      assert.deepEqual(moneyWindow({ from: '2024-01-01', to: '2024-03-15' }).window, {
        from: '2024-02-14',
        to: '2024-03-15',
      });
    });
  });

  describe('tallyPairs', () => {
    it('adds the clicks of each SubID and merchant in the window, by the clicks report’s rules', () => {
      const table = tallyPairs(
        [
          click({ subId: 'a', merchantId: 10, programId: 'p1', date: '2026-03-01', count: 5 }),
          click({ subId: 'a', merchantId: 10, programId: 'p1', date: '2026-03-31T23:00:00Z', count: 2 }),
          click({ subId: 'a', merchantId: 11, programId: 'p2', date: '2026-03-15 10:00', count: 4 }),
          click({ subId: 'b', merchantId: 10, programId: 'p1', date: '2026-03-10', count: 1 }),
          // Not counted: before the window (in the 90-day period), after it, undated, not a date, refused counts.
          click({ subId: 'a', merchantId: 10, date: '2026-02-28', count: 100 }),
          click({ subId: 'a', merchantId: 10, date: '2026-04-01', count: 100 }),
          click({ subId: 'a', merchantId: 10, date: null, count: 100 }),
          click({ subId: 'a', merchantId: 10, date: '2026-02-30', count: 100 }),
          click({ subId: 'a', merchantId: 10, date: '2026-03-05', count: -1 }),
          click({ subId: 'a', merchantId: 10, date: '2026-03-05', count: Number.NaN }),
          click({ subId: 'a', merchantId: 10, date: '2026-03-05', count: Number.POSITIVE_INFINITY }),
          // No pair: no merchant, no SubID, an empty SubID.
          click({ subId: 'a', merchantId: null, date: '2026-03-05', count: 100 }),
          click({ subId: null, merchantId: 10, date: '2026-03-05', count: 100 }),
          click({ subId: '', merchantId: 10, date: '2026-03-05', count: 100 }),
        ],
        [],
        LAST90,
        PROGRAMS,
      );
      assert.deepEqual(table.window, { from: '2026-03-01', to: TODAY });
      assert.equal(table.days, 30);
      assert.deepEqual(pairFigures(table, 'a', '10'), { clicks: 7, earned: [] });
      assert.deepEqual(pairFigures(table, 'a', '11'), { clicks: 4, earned: [] });
      assert.deepEqual(pairFigures(table, 'b', '10'), { clicks: 1, earned: [] });
      assert.equal(pairFigures(table, 'b', '11'), undefined);
      assert.equal(pairFigures(table, 'c', '10'), undefined);
      assert.deepEqual([...table.pairs.keys()], ['a', 'b']);
    });

    it('adds earned commission per currency: pending, confirmed and settled, by date or else createdAt', () => {
      const earning = { subId: 'a', programId: 'p1', createdAt: '2026-03-02T10:00:00Z' };
      const table = tallyPairs(
        [],
        [
          action({ ...earning, status: 'PENDING', currencyCode: 'EUR', commission: 1.25 }),
          action({ ...earning, status: 'CONFIRMED', currencyCode: 'eur', commission: 2 }),
          action({ ...earning, status: 'SETTLED', currencyCode: 'USD', commission: 3 }),
          action({ ...earning, status: 'CONFIRMED', currencyCode: null, commission: 4 }),
          // Its date wins over a createdAt outside the window; another's createdAt stands in for its missing date.
          action({
            ...earning,
            status: 'PENDING',
            currencyCode: 'GBP',
            commission: 5,
            date: '2026-03-31',
            createdAt: '2026-01-01T00:00:00Z',
          }),
          action({
            ...earning,
            status: 'PENDING',
            currencyCode: 'GBP',
            commission: 7,
            date: '2026-02-01',
            createdAt: '2026-03-05T00:00:00Z',
          }),
          // Not earned: cancelled, rejected, unknown or no status; no commission.
          action({ ...earning, status: 'CANCELED', currencyCode: 'EUR', commission: 100 }),
          action({ ...earning, status: 'REJECTED', currencyCode: 'EUR', commission: 100 }),
          action({ ...earning, status: null, currencyCode: 'EUR', commission: 100 }),
          action({ ...earning, status: 'PENDING', currencyCode: 'CHF', commission: null }),
          // Refused as the actions report refuses them: a commission or a revenue that is not a finite number.
          action({ ...earning, status: 'PENDING', currencyCode: 'EUR', commission: Number.NaN }),
          action({
            ...earning,
            status: 'PENDING',
            currencyCode: 'EUR',
            commission: 100,
            revenue: Number.POSITIVE_INFINITY,
          }),
          // Outside the window, undated.
          action({
            ...earning,
            status: 'PENDING',
            currencyCode: 'EUR',
            commission: 100,
            createdAt: '2026-02-28T23:59:59Z',
          }),
          action({ ...earning, status: 'PENDING', currencyCode: 'EUR', commission: 100, createdAt: null }),
        ],
        LAST30,
        PROGRAMS,
      );
      assert.deepEqual(pairFigures(table, 'a', '10'), {
        clicks: 0,
        earned: [amount('EUR', 3.25), amount('GBP', 5), amount('USD', 3), amount(null, 4)],
      });
    });

    it('reaches a merchant through the program alone: an action of a program of no one merchant counts nowhere', () => {
      const table = tallyPairs(
        [click({ subId: 'a', merchantId: 11, programId: 'p2', date: '2026-03-05', count: 3 })],
        [
          action({
            subId: 'a',
            programId: 'p2',
            status: 'CONFIRMED',
            currencyCode: 'EUR',
            commission: 2,
            date: '2026-03-05',
          }),
          action({
            subId: 'a',
            programId: 'p9',
            status: 'CONFIRMED',
            currencyCode: 'EUR',
            commission: 50,
            date: '2026-03-05',
          }),
          action({
            subId: 'a',
            programId: null,
            status: 'CONFIRMED',
            currencyCode: 'EUR',
            commission: 50,
            date: '2026-03-05',
          }),
          action({
            subId: null,
            programId: 'p2',
            status: 'CONFIRMED',
            currencyCode: 'EUR',
            commission: 50,
            date: '2026-03-05',
          }),
          action({
            subId: '',
            programId: 'p2',
            status: 'CONFIRMED',
            currencyCode: 'EUR',
            commission: 50,
            date: '2026-03-05',
          }),
        ],
        LAST30,
        PROGRAMS,
      );
      assert.deepEqual(pairFigures(table, 'a', '11'), { clicks: 3, earned: [amount('EUR', 2)] });
      assert.deepEqual([...table.pairs.keys()], ['a']);
      assert.deepEqual([...table.pairs.get('a')!.keys()], ['11']);
      assert.deepEqual(
        [...table.programs].map(([merchant, programs]) => [merchant, [...programs]]),
        [
          ['10', ['p1']],
          ['11', ['p2']],
        ],
      );
    });

    it('keeps a pair that only earned, leaves out one with neither clicks nor earnings, and freezes the earnings it gives', () => {
      const table = tallyPairs(
        [
          click({ subId: 'zero', merchantId: 10, date: '2026-03-05', count: 0 }),
          click({ subId: 'earner', merchantId: 10, date: '2026-03-05', count: 0 }),
        ],
        [
          action({
            subId: 'earner',
            programId: 'p1',
            status: 'PENDING',
            currencyCode: 'EUR',
            commission: 0,
            date: '2026-03-05',
          }),
        ],
        LAST30,
        PROGRAMS,
      );
      assert.equal(table.pairs.has('zero'), false);
      const earner = pairFigures(table, 'earner', '10')!;
      assert.deepEqual(earner, { clicks: 0, earned: [amount('EUR', 0)] });
      assert.ok(Object.isFrozen(earner.earned));
    });
  });

  describe('in the figures’ aggregate', () => {
    it('counts the last 30 days of a 90-day figures period, with programs known from either period', () => {
      const period = LAST90;
      const previous = previousPeriod(period);
      const aggregate = buildFiguresAggregate({
        period,
        previousPeriod: previous,
        days: 90,
        clicks: [
          click({ subId: 'a', merchantId: 10, programId: 'p1', date: '2026-01-15', count: 40 }),
          click({ subId: 'a', merchantId: 10, programId: 'p1', date: '2026-03-15', count: 6 }),
          // p4 shows two merchants in the period: its actions go to neither.
          click({ subId: 'b', merchantId: 12, programId: 'p4', date: '2026-03-15', count: 1 }),
          click({ subId: 'b', merchantId: 13, programId: 'p4', date: '2026-01-15', count: 1 }),
        ],
        // p3 shows only in the previous period's items, with merchant 14.
        previousClicks: [click({ subId: 'c', merchantId: 14, programId: 'p3', date: previous.to, count: 9 })],
        actions: [
          action({
            subId: 'a',
            programId: 'p1',
            status: 'PENDING',
            currencyCode: 'EUR',
            commission: 1,
            date: '2026-03-20',
          }),
          action({
            subId: 'a',
            programId: 'p1',
            status: 'PENDING',
            currencyCode: 'EUR',
            commission: 50,
            date: '2026-01-20',
          }),
          action({
            subId: 'b',
            programId: 'p4',
            status: 'PENDING',
            currencyCode: 'EUR',
            commission: 50,
            date: '2026-03-20',
          }),
          action({
            subId: 'c',
            programId: 'p3',
            status: 'SETTLED',
            currencyCode: 'USD',
            commission: 2.5,
            date: '2026-03-20',
          }),
        ],
      });
      const pairs = aggregate.pairs!;
      assert.equal(pairs.days, 30);
      assert.deepEqual(pairFigures(pairs, 'a', '10'), { clicks: 6, earned: [amount('EUR', 1)] });
      assert.deepEqual(pairFigures(pairs, 'b', '12'), { clicks: 1, earned: [] });
      assert.equal(pairFigures(pairs, 'b', '13'), undefined, 'its click is before the window');
      assert.deepEqual(pairFigures(pairs, 'c', '14'), { clicks: 0, earned: [amount('USD', 2.5)] });
      assert.equal(aggregate.subIds.get('a')?.clicks, 46, 'the lenses still count the whole figures period');
    });
  });
});
