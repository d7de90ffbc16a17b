/**
 * The request budget's arithmetic (src/api/budget/budgetWindows.ts) against the plain meaning of
 * a window, worked out by counting: the earliest slot is the first moment at which every window
 * holds fewer sends than it allows; one more send fits when no span of a window that holds it
 * would hold more than the window allows. `npm run mutate` found the budget's own tests using
 * sends in time order and all inside the window, where much of the arithmetic cannot go wrong.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MemoryLedger } from '../../../src/api/budget/budgetLedger';
import {
  budgetWindows,
  earliestSlot,
  fitsAmong,
  type BudgetWindow,
  type RequestPriority,
} from '../../../src/api/budget/budgetWindows';
import { RequestBudget } from '../../../src/api/budget/requestBudget';
import { SERVICE_RATE_LIMIT } from '../../../src/api/rateLimit';
import { VirtualClock } from '../helpers/virtualClock';
import { checkProperty } from '../properties/propertyRun';

/** Sends of `sends` in the span of `ms` ending at `end`: (end - ms, end]. */
const inSpan = (sends: readonly number[], ms: number, end: number): number =>
  sends.filter((time) => time > end - ms && time <= end).length;

/** The earliest moment from `from` at which every window has room for one more send of `priority`, by trying each moment a send may leave a window. */
function countedEarliest(
  sends: readonly number[],
  windows: readonly BudgetWindow[],
  priority: RequestPriority,
  from: number,
): number {
  const room = (at: number): boolean =>
    windows.every(
      (window) => inSpan(sends, window.ms, at) < window.requests - (priority === 'background' ? window.reserve : 0),
    );
  const moments = [from, ...windows.flatMap((window) => sends.map((time) => time + window.ms))]
    .filter((at) => at >= from)
    .sort((a, b) => a - b);
  const found = moments.find(room);
  assert.ok(found !== undefined, 'once every send has left every window, there is room');
  return found;
}

/** Whether one more send at `at` leaves every span of every window that holds it within the window, by trying every span. */
function countedFits(others: readonly number[], windows: readonly BudgetWindow[], at: number): boolean {
  const all = [...others, at];
  return windows.every((window) =>
    Array.from({ length: window.ms }, (_, offset) => at + offset).every(
      (end) => inSpan(all, window.ms, end) <= window.requests,
    ),
  );
}

const windowArb: fc.Arbitrary<BudgetWindow> = fc
  .record({ requests: fc.integer({ min: 1, max: 4 }), ms: fc.integer({ min: 1, max: 40 }) })
  .chain(({ requests, ms }) => fc.integer({ min: 0, max: requests - 1 }).map((reserve) => ({ requests, ms, reserve })));

describe('request budget arithmetic, by counting', () => {
  it('finds the earliest slot whatever the order of the sends and however many windows overlap', async () => {
    await checkProperty(
      fc.property(
        fc.array(windowArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 12 }),
        fc.constantFrom<RequestPriority>('interactive', 'foreground', 'background'),
        fc.integer({ min: 0, max: 120 }),
        (windows, sends, priority, offset) => {
          // Sends no later than `now`: those the ledger holds once every write was told.
          const now = Math.max(0, ...sends) + (offset % 20);
          assert.equal(earliestSlot(sends, windows, priority, now), countedEarliest(sends, windows, priority, now));
        },
      ),
      {
        base: 2_000,
        examples: [
          // Each window's slot falls in the other's full span, back and forth.
          [
            [
              { requests: 1, ms: 10, reserve: 0 },
              { requests: 2, ms: 25, reserve: 0 },
            ],
            [0, 12, 20, 31],
            'interactive',
            0,
          ],
        ],
      },
    );
  });

  it('fits a send among others appended in any order, counting every span that holds it', async () => {
    await checkProperty(
      fc.property(
        fc.array(windowArb, { minLength: 1, maxLength: 2 }),
        fc.array(fc.integer({ min: 0, max: 80 }), { maxLength: 10 }),
        fc.integer({ min: 0, max: 80 }),
        (windows, others, at) => {
          assert.equal(fitsAmong(others, windows, at), countedFits(others, windows, at));
        },
      ),
      { base: 2_000 },
    );
  });

  it('lets a send go where its windows have room though a window before it was overfull (sends counted at now, a damaged ledger)', () => {
    const [short] = budgetWindows([{ requests: 3, seconds: 1 }]);
    // Four sends at 0 (too many, and long gone), then one at 5 s: only the span holding 5 s counts.
    assert.equal(fitsAmong([0, 0, 0, 0], [short!], 5_000), true);
    // Sends after it were appended first: three in the second after it make a fourth too many.
    assert.equal(fitsAmong([5_500, 5_600, 5_700], [short!], 5_000), false);
    assert.equal(fitsAmong([5_500, 5_600, 6_200], [short!], 5_000), true);
  });

  it('keeps a tenth of a window of a minute or more from background reads, never the whole window', async () => {
    const [minute] = budgetWindows([{ requests: 20, seconds: 60 }]);
    assert.equal(minute!.reserve, 2, 'a window of exactly a minute keeps its tenth');
    assert.equal(budgetWindows([{ requests: 20, seconds: 59 }])[0]!.reserve, 0, 'a shorter one paces only');
    // A window of one request keeps nothing back: background reads still go, one at a time.
    const clock = new VirtualClock();
    const start = clock.now();
    const budget = new RequestBudget({ windows: [{ requests: 1, seconds: 300 }], clock });
    const grants: number[] = [];
    const all = Promise.all([1, 2].map(() => budget.take('background').then(() => grants.push(clock.now() - start))));
    await clock.run();
    await all;
    assert.deepEqual(grants, [0, 300_000 + 100 + 3_000]);
  });

  it('estimates the rest of a read from the sends already made, including the last one granted', async () => {
    const clock = new VirtualClock();
    const start = clock.now();
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    const granted = Promise.all(Array.from({ length: 3 }, () => budget.take('foreground')));
    await clock.run();
    await granted;
    assert.equal(clock.now(), start);
    // The short window is full: the next page goes when the first send leaves it.
    assert.equal(budget.estimate(1, 'foreground'), 1_110);
    assert.equal(budget.estimate(4, 'foreground'), 2 * 1_110);
    await clock.advance(500);
    assert.equal(budget.estimate(1, 'foreground'), 610);
  });

  it('counts the sends of the last five minutes on a ledger of its own, however long ago they were read', async () => {
    const clock = new VirtualClock();
    const start = clock.now();
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock, ledger: new MemoryLedger() });
    const first = Promise.all(Array.from({ length: 100 }, () => budget.take('interactive')));
    await clock.run();
    await first;
    // Four minutes on, the long window still holds the hundred sends.
    await clock.advance(240_000 - (clock.now() - start));
    const next = budget.take('interactive').then(() => clock.now() - start);
    await clock.run();
    assert.equal(await next, 303_100);
  });
});
