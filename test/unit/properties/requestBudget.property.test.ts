/**
 * Properties of the request budget (src/api/budget/), on a virtual clock: for any rate windows,
 * any arrivals of requests of any priority in one to three windows (processes) sharing a ledger
 * whose appends land up to 80 ms late (so that entries are not in time order, and a grant may
 * come later than LATE_GRANT_MS after its send was appended), any block of up to 300 ms between a
 * slot's grant and its request's write (a busy event loop), and any refusals of the service: no
 * window of the service is ever exceeded by the writes of all of them together, no slot is
 * granted inside a refusal's hold once its window heard the refusal or any window read the hold
 * in the ledger, every request is sent, and an
 * interactive request never waits while a background request of its window is sent.
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

/** An endless stream of `values`, then zeros. */
function streamOf(values: number[]): fc.Stream<number> {
  return new fc.Stream(
    (function* () {
      yield* values;
      for (;;) {
        yield 0;
      }
    })(),
  );
}

interface Request {
  budget: number;
  priority: RequestPriority;
  asked: number;
  granted?: number;
  /** When its slot was granted. */
  at?: number;
  /** When it was written, after a block of the event loop. */
  wrote?: number;
}

/**
 * A refusal's hold, from when it was known until it ends: in its own window (`budget`) from the
 * refusal, in every window from when its entry was in the ledger (`budget` undefined).
 */
interface Hold {
  budget?: number;
  from: number;
  until: number;
}

describe('request budget properties', () => {
  it('keeps every window of the service by the writes, grants nothing in a hold, sends every request, and never sends background while interactive waits', async () => {
    await checkProperty(
      fc.asyncProperty(
        windowsArb,
        fc.integer({ min: 1, max: 3 }),
        fc.array(eventArb, { minLength: 1, maxLength: 20 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 80 })),
        fc.infiniteStream(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300 }))),
        async (windows, processes, events, lags, blocks) => {
          const lag = (): number => lags.next().value as number;
          const never = new AbortController().signal;
          const clock = new VirtualClock();
          const start = clock.now();
          // Appends land a random moment after the clock was read, as files written by several
          // processes do: a later time may be appended before an earlier one.
          const shared = new MemoryLedger();
          const holds: Hold[] = [];
          const ledger: BudgetLedger = {
            description: shared.description,
            read: (now, span) => shared.read(now, span),
            append: async (entry) => {
              await clock.sleep(lag(), new AbortController().signal);
              await shared.append(entry);
              if (entry.kind === 'hold') {
                holds.push({ from: clock.now(), until: entry.until });
              }
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
              const from = clock.now();
              pending.push(
                budget
                  .refused(event.retryAfterMs)
                  .then((until) => holds.push({ budget: event.budget % processes, from, until })),
              );
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
                budget.acquire(event.priority).then(async (slot) => {
                  assert.ok(slot);
                  request.granted = ++sequence;
                  request.at = clock.now();
                  await clock.sleep(blocks.next().value as number, never);
                  request.wrote = clock.now();
                  slot.wrote(request.wrote);
                }),
              );
            }
          }
          await clock.run();
          await Promise.all(pending);
          assert.ok(
            requests.every((request) => request.wrote !== undefined),
            'every request was sent',
          );
          const writes = requests.map((request) => request.wrote!).sort((a, b) => a - b);
          for (const window of windows) {
            for (const time of writes) {
              const inWindow = writes.filter((other) => other > time - window.seconds * 1000 && other <= time).length;
              assert.ok(
                inWindow <= window.requests,
                `${inWindow} writes in ${window.seconds} s ending at +${time - start} ms (limit ${window.requests})`,
              );
            }
          }
          for (const hold of holds) {
            // A grant of the same moment may have read the ledger just before the hold was in it.
            const inside = requests.find(
              (request) =>
                (hold.budget === undefined || hold.budget === request.budget) &&
                request.at! > hold.from &&
                request.at! < hold.until,
            );
            assert.equal(
              inside,
              undefined,
              `a slot granted at +${(inside?.at ?? start) - start} ms in window ${inside?.budget}, inside the hold known ${hold.budget === undefined ? 'to every window' : `to window ${hold.budget}`} from +${hold.from - start} to +${hold.until - start} ms`,
            );
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
      {
        base: 1_000,
        examples: [
          // A refusal while a slot's send was still being appended: the slot must wait for the hold.
          [
            SERVICE_RATE_LIMIT.map((window) => ({ ...window })),
            1,
            [
              { kind: 'refusal' as const, at: 1, budget: 0, retryAfterMs: 2220 },
              { kind: 'refusal' as const, at: 1, budget: 0, retryAfterMs: undefined },
              { kind: 'ask' as const, at: 0, budget: 0, priority: 'interactive' as const, count: 1 },
            ],
            streamOf([15, 16, 46]),
            streamOf([0]),
          ],
          // Another window granted in the very moment the hold came into the ledger.
          [
            SERVICE_RATE_LIMIT.map((window) => ({ ...window })),
            2,
            [
              { kind: 'ask' as const, at: 393206, budget: 1, priority: 'interactive' as const, count: 1 },
              { kind: 'refusal' as const, at: 393208, budget: 0, retryAfterMs: undefined },
              { kind: 'ask' as const, at: 0, budget: 0, priority: 'interactive' as const, count: 1 },
              { kind: 'refusal' as const, at: 0, budget: 0, retryAfterMs: undefined },
            ],
            streamOf([44, 46, 15, 44, 45, 0, 58, 7, 5, 70]),
            streamOf([30, 4]),
          ],
        ],
      },
    );
  });
});
