/**
 * What the request budget tells its listeners (src/api/budget/requestBudget.ts `state` and
 * `onDidChange`: the status bar's "3 requests waiting, next in 40 s"), where `npm run mutate`
 * found no test of the budget's room: the queue counted by priority, the wait and its reason,
 * a listener heard once per change, one that throws not stopping the others, one disposed heard
 * no more. Times are virtual.
 */
import assert from 'node:assert/strict';
import type { BudgetState } from '../../../src/api/budget/budgetState';
import { RequestBudget } from '../../../src/api/budget/requestBudget';
import { settle, VirtualClock } from '../helpers/virtualClock';
import { watchBackgroundFailures } from './budgetHarness';

const IDLE: BudgetState = {
  queued: { interactive: 0, foreground: 0, background: 0 },
  waitUntil: undefined,
  reason: undefined,
};

describe('request budget, what its listeners hear', () => {
  watchBackgroundFailures();

  it('counts the queue by priority, with the wait and its reason, and is idle again once every request went', async () => {
    const clock = new VirtualClock();
    const start = clock.now();
    // One request a minute: the second waits a window, the rest wait behind it.
    const budget = new RequestBudget({ windows: [{ requests: 1, seconds: 60 }], clock });
    assert.deepEqual(budget.state(), IDLE);
    const heard: BudgetState[] = [];
    const listening = budget.onDidChange((state) => heard.push(state));
    const first = budget.take('foreground');
    await settle(8);
    assert.ok(await first, 'the first goes at once');
    const rest = [budget.take('background'), budget.take('interactive'), budget.take('foreground')];
    await settle(8);
    const waiting = budget.state();
    assert.deepEqual(waiting.queued, { interactive: 1, foreground: 1, background: 1 });
    assert.equal(waiting.reason, 'window');
    // The first send leaves the window (60 s, its margin 100 ms and 1%) at +60,700 ms.
    assert.equal(waiting.waitUntil, start + 60_700);
    // Heard: each request queued, each grant, and the wait once, not once per look at the ledger.
    assert.ok(heard.length >= 5, `heard ${heard.length} states`);
    assert.deepEqual(heard.at(-1), waiting);
    const waits = heard.filter((state) => state.reason === 'window');
    assert.equal(
      new Set(waits.map((state) => JSON.stringify(state))).size,
      waits.length,
      'no state heard twice in a row',
    );
    listening.dispose();
    const count = heard.length;
    const all = Promise.all(rest);
    await clock.run();
    await all;
    assert.equal(heard.length, count, 'a disposed listener hears nothing');
    assert.deepEqual(budget.state(), IDLE);
  });

  it('tells every listener even when one throws', async () => {
    const clock = new VirtualClock();
    const budget = new RequestBudget({ windows: [{ requests: 3, seconds: 1 }], clock });
    const heard: number[] = [];
    budget.onDidChange(() => {
      throw new Error('a listener that fails');
    });
    budget.onDidChange((state) => heard.push(state.queued.interactive));
    const slot = budget.take('interactive');
    await clock.run();
    assert.ok(await slot);
    assert.deepEqual(heard, [1, 0], 'queued, then granted');
  });
});
