/**
 * Properties of the request budget (src/api/budget/), on a virtual clock: for any rate windows,
 * any arrivals of requests of any priority in one to three windows (processes) sharing a ledger
 * whose appends land a few milliseconds late (so that entries are not in time order), and any
 * refusals of the service, no window of the service is ever exceeded by the sends of all
 * of them together, every request is sent, and an interactive request never waits while a
 * background request of its window is sent.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MemoryLedger, type BudgetLedger } from '../../../src/api/budget/budgetLedger';
import type { RequestPriority } from '../../../src/api/budget/budgetWindows';
import { RequestBudget } from '../../../src/api/budget/requestBudget';
import { SERVICE_RATE_LIMIT, type RateWindow } from '../../../src/api/rateLimit';
import { VirtualClock } from '../helpers/virtualClock';
import { checkProperty } from './propertyRun';

const priorityArb = fc.constantFrom<RequestPriority>('interactive', 'foreground', 'background');
const windowsArb: fc.Arbitrary<RateWindow[]> = fc.oneof(
  fc.constant(SERVICE_RATE_LIMIT.map((window) => ({ ...window }))),
  fc.array(fc.record({ requests: fc.integer({ min: 1, max: 12 }), seconds: fc.integer({ min: 1, max: 90 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
);
const eventArb = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('ask' as const),
      at: fc.integer({ min: 0, max: 400_000 }),
      budget: fc.nat(2),
      priority: priorityArb,
      count: fc.integer({ min: 1, max: 6 }),
    }),
    weight: 5,
  },
  fc.record({
    kind: fc.constant('refusal' as const),
    at: fc.integer({ min: 0, max: 400_000 }),
    budget: fc.nat(2),
    retryAfterMs: fc.option(fc.integer({ min: 0, max: 120_000 }), { nil: undefined }),
  }),
);

interface Request {
  budget: number;
  priority: RequestPriority;
  asked: number;
  granted?: number;
  at?: number;
}

describe('request budget properties', () => {
  it('keeps every window of the service, sends every request, and never sends background while interactive waits', async () => {
    await checkProperty(
      fc.asyncProperty(
        windowsArb,
        fc.integer({ min: 1, max: 3 }),
        fc.array(eventArb, { minLength: 1, maxLength: 20 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 8 })),
        async (windows, processes, events, lags) => {
          const lag = (): number => lags.next().value as number;
          const clock = new VirtualClock();
          const start = clock.now();
          // Appends land a random moment after the clock was read, as files written by several
          // processes do: a later time may be appended before an earlier one.
          const shared = new MemoryLedger();
          const ledger: BudgetLedger = {
            description: shared.description,
            read: (now, span) => shared.read(now, span),
            append: async (entry) => {
              await clock.sleep(lag(), new AbortController().signal);
              await shared.append(entry);
            },
          };
          const budgets = Array.from(
            { length: processes },
            (_, index) => new RequestBudget({ windows, clock, ledger, owner: `p${index}`, random: () => 0.5 }),
          );
          const requests: Request[] = [];
          let sequence = 0;
          const pending: Array<Promise<unknown>> = [];
          for (const event of [...events].sort((a, b) => a.at - b.at)) {
            await clock.run(start + event.at);
            const budget = budgets[event.budget % processes]!;
            if (event.kind === 'refusal') {
              pending.push(budget.refused(event.retryAfterMs));
              continue;
            }
            for (let index = 0; index < event.count; index++) {
              const request: Request = {
                budget: event.budget % processes,
                priority: event.priority,
                asked: ++sequence,
              };
              requests.push(request);
              pending.push(
                budget.take(event.priority).then((granted) => {
                  assert.ok(granted);
                  request.granted = ++sequence;
                  request.at = clock.now();
                }),
              );
            }
          }
          await clock.run();
          await Promise.all(pending);
          assert.ok(
            requests.every((request) => request.at !== undefined),
            'every request was sent',
          );
          const times = requests.map((request) => request.at!).sort((a, b) => a - b);
          for (const window of windows) {
            for (const time of times) {
              const inWindow = times.filter((other) => other > time - window.seconds * 1000 && other <= time).length;
              assert.ok(
                inWindow <= window.requests,
                `${inWindow} sends in ${window.seconds} s ending at +${time - start} ms (limit ${window.requests})`,
              );
            }
          }
          for (const background of requests.filter((request) => request.priority === 'background')) {
            const waiting = requests.find(
              (other) =>
                other.budget === background.budget &&
                other.priority === 'interactive' &&
                other.asked < background.granted! &&
                other.granted! > background.granted!,
            );
            assert.equal(waiting, undefined, 'an interactive request waited while a background one was sent');
          }
        },
      ),
      { base: 1_000 },
    );
  });
});
