/**
 * The request budget's queue (src/api/budget/requestBudget.ts) where `npm run mutate` found no
 * test: a budget with the limit off, the log's line a minute, waits given up before and during
 * them, what a waiting request hears, holds shared through the ledger and held while their entry
 * is still being written, a slot's write told late or twice, two windows taking the same slot.
 * Times are virtual; every test also fails when the budget's queue failed in the background.
 */
import assert from 'node:assert/strict';
import { MemoryLedger } from '../../../src/api/budget/budgetLedger';
import type { RequestPriority } from '../../../src/api/budget/budgetWindows';
import { RequestBudget, type SendSlot } from '../../../src/api/budget/requestBudget';
import { SERVICE_RATE_LIMIT } from '../../../src/api/rateLimit';
import { settle, VirtualClock } from '../helpers/virtualClock';
import { SlowLedger, watchBackgroundFailures } from './budgetHarness';

/** One request a second: the window's length with its margin is 1,110 ms. */
const ONE_A_SECOND = [{ requests: 1, seconds: 1 }];
const SECOND_MS = 1_110;

describe('request budget, the queue at its edges', () => {
  watchBackgroundFailures();
  let clock: VirtualClock;
  let start: number;
  beforeEach(() => {
    clock = new VirtualClock();
    start = clock.now();
  });
  /** When (from the start) the slot of `priority` is granted. */
  const grantedAt = (budget: RequestBudget, priority: RequestPriority = 'foreground', signal?: AbortSignal) =>
    budget.take(priority, signal).then((granted) => (granted ? clock.now() - start : undefined));

  it('with the limit off, sends every request at once, background too, and still holds a refusal', async () => {
    const lines: string[] = [];
    const budget = new RequestBudget({ windows: 'off', clock, log: (line) => lines.push(line) });
    const priorities: RequestPriority[] = ['background', 'foreground', 'interactive', 'background', 'background'];
    const times = Promise.all(priorities.map((priority) => grantedAt(budget, priority)));
    await clock.run();
    assert.deepEqual(await times, [0, 0, 0, 0, 0]);
    // No window says how long: a second, then twice as long for a refusal in a row.
    assert.equal((await budget.refused(undefined)) - start, 1_000);
    assert.equal((await budget.refused(undefined)) - start, 2_000);
    const afterHold = grantedAt(budget, 'background');
    await clock.advance(61_000);
    assert.equal(await afterHold, 2_000);
    await grantedAt(budget);
    assert.deepEqual(lines, [
      'Request budget (off, this window only (in memory)): 7 requests sent, 2 refused by the service, 2 s waited for slots, in the last 61 s.',
    ]);
  });

  it('logs a line a minute of what was sent, refused and waited, from the first request on', async () => {
    const lines: string[] = [];
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock, log: (line) => lines.push(line) });
    const first = Promise.all(Array.from({ length: 4 }, () => grantedAt(budget)));
    await clock.run();
    assert.deepEqual(await first, [0, 0, 0, SECOND_MS]);
    await budget.refused(undefined);
    await clock.advance(61_000 - (clock.now() - start));
    assert.deepEqual(lines, [], 'nothing until a minute has passed');
    assert.equal(await grantedAt(budget), 61_000);
    await clock.advance(61_000);
    await grantedAt(budget);
    assert.deepEqual(lines, [
      'Request budget (3/1,100/300, this window only (in memory)): 5 requests sent, 1 refused by the service, 1 s waited for slots, in the last 61 s.',
      'Request budget (3/1,100/300, this window only (in memory)): 1 requests sent, 0 refused by the service, 0 s waited for slots, in the last 61 s.',
    ]);
    assert.deepEqual(budget.counts, { sent: 6, refused: 1, waitedMs: SECOND_MS });
  });

  it('uses no slot for a request given up before it asked', async () => {
    const budget = new RequestBudget({ windows: ONE_A_SECOND, clock });
    const stopped = new AbortController();
    stopped.abort();
    assert.equal(await budget.take('interactive', stopped.signal), false);
    const next = grantedAt(budget);
    await clock.run();
    assert.equal(await next, 0);
    assert.equal(budget.counts.sent, 1);
  });

  it('tells a request given up during a long wait that its wait ended, and one given up while pacing nothing', async () => {
    const budget = new RequestBudget({ windows: [{ requests: 1, seconds: 60 }], clock });
    const heard: unknown[] = [];
    const stop = new AbortController();
    await budget.take('foreground');
    const waiting = budget.take('foreground', stop.signal, (until, reason) =>
      heard.push([until === undefined ? undefined : until - start, reason]),
    );
    await clock.advance(1_000);
    stop.abort();
    assert.equal(await waiting, false);
    assert.deepEqual(heard, [
      [60_700, 'window'],
      [undefined, undefined],
    ]);
    // Pacing is not worth a word, before or after.
    const pacing = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    const paced: unknown[] = [];
    const quit = new AbortController();
    const granted = Promise.all(Array.from({ length: 3 }, () => pacing.take('foreground')));
    const fourth = pacing.take('foreground', quit.signal, (...told) => paced.push(told));
    await clock.advance(100);
    quit.abort();
    assert.equal(await fourth, false);
    await granted;
    assert.deepEqual(paced, []);
  });

  it('tells each waiting request of a long wait and of a refusal, none of pacing, and a request without a listener waits all the same', async () => {
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    const heard: unknown[] = [];
    const listen =
      (name: string) =>
      (until: number | undefined, reason: string | undefined): number =>
        heard.push([name, until === undefined ? undefined : until - start, reason]);
    const paced = Promise.all(
      Array.from({ length: 6 }, (_, index) => budget.take('foreground', undefined, listen(`paced ${index}`))),
    );
    await clock.run();
    await paced;
    assert.deepEqual(heard, [], 'pacing, at most a short window: nothing to say');
    await budget.refused(5_000);
    const held = [
      budget.take('interactive', undefined, listen('first')),
      budget.take('interactive'),
      budget.take('foreground', undefined, listen('second')),
    ];
    await clock.run();
    assert.deepEqual(await Promise.all(held), [true, true, true]);
    const refusedAt = SECOND_MS + 5_000;
    assert.deepEqual(heard, [
      ['first', refusedAt, 'refused'],
      ['second', refusedAt, 'refused'],
      ['first', undefined, undefined],
      ['second', undefined, undefined],
    ]);
  });

  it('gives a request asked for as the last slot is granted its own slot', async () => {
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    let second: SendSlot | undefined;
    void budget.acquire('foreground').then((slot) => {
      slot?.wrote(clock.now());
      return budget.acquire('foreground').then((next) => (second = next));
    });
    await clock.run();
    await settle();
    assert.ok(second, 'the second request got a slot');
    assert.equal(second.grantedAt, start);
  });

  it('holds every window on the ledger when one is refused, five minutes too, from the moment it is written', async () => {
    const ledger = new MemoryLedger();
    const a = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock, ledger, owner: 'a' });
    const b = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock, ledger, owner: 'b' });
    assert.equal((await a.refused(7_000)) - start, 7_000);
    const afterShort = grantedAt(b, 'interactive');
    await clock.run();
    assert.equal(await afterShort, 7_000);
    // A Retry-After of an hour holds the longest window, five minutes; the other window reads it at once.
    const now = clock.now() - start;
    assert.equal((await a.refused(3_600_000)) - start, now + 303_100);
    const afterLong = grantedAt(b, 'interactive');
    await clock.run();
    assert.equal(await afterLong, now + 303_100);
  });

  it('holds its own requests while the refusal’s entry is still on its way to a slow ledger', async () => {
    const ledger = new SlowLedger(clock, { append: (entry) => (entry.kind === 'hold' ? 500 : 0) });
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock, ledger });
    const hold = budget.refused(2_000);
    const request = grantedAt(budget, 'interactive');
    await clock.run();
    assert.equal(await hold, start + 2_000);
    assert.equal(await request, 2_000);
  });

  it('holds a first refusal as long as its Retry-After says, even shorter than the short window', async () => {
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    assert.equal((await budget.refused(300)) - start, 300);
    const next = grantedAt(budget, 'interactive');
    await clock.run();
    assert.equal(await next, 300);
  });

  it('schedules the next slot from when the request was written, told late, told once, or still on its way to the ledger', async () => {
    // Told 600 ms late that the request went at its grant: the next slot moves back to a second after it.
    const late = new RequestBudget({ windows: ONE_A_SECOND, clock });
    const first = await late.acquire('foreground');
    assert.equal(first?.wroteAt, undefined);
    await clock.advance(500);
    const next = grantedAt(late);
    await clock.advance(100);
    first!.wrote(start);
    assert.equal(first!.wroteAt, start);
    first!.wrote(start + 900); // told again (a retry on the same slot): the first write counts
    assert.equal(first!.wroteAt, start);
    await clock.run();
    assert.equal(await next, SECOND_MS);
    // Its write still being appended (a slow disk): this window counts it at its time already.
    clock = new VirtualClock();
    start = clock.now();
    const slow = new SlowLedger(clock, { append: (entry) => (entry.kind === 'wrote' ? 5_000 : 0) });
    const budget = new RequestBudget({ windows: ONE_A_SECOND, clock, ledger: slow });
    const slot = await budget.acquire('foreground');
    slot!.wrote(start);
    await clock.advance(100);
    const after = grantedAt(budget);
    await clock.run();
    assert.equal(await after, SECOND_MS);
  });

  it('takes back the slot of a request given up while its send was being written', async () => {
    let slowSends = 1;
    const ledger = new SlowLedger(clock, { append: (entry) => (entry.kind === 'send' && slowSends-- > 0 ? 200 : 0) });
    const budget = new RequestBudget({ windows: ONE_A_SECOND, clock, ledger });
    const stop = new AbortController();
    const given = budget.take('foreground', stop.signal);
    await clock.advance(100);
    stop.abort();
    assert.equal(await given, false);
    await clock.advance(200);
    const next = grantedAt(budget);
    await clock.run();
    assert.equal(await next, 300, 'the send taken back does not count');
    assert.equal(budget.counts.sent, 1);
  });

  it('makes a background request that comes first when an interactive one gives up wait as background requests do', async () => {
    let slowReads = 0;
    const ledger = new SlowLedger(clock, { read: () => (slowReads-- > 0 ? 100 : 0) });
    const budget = new RequestBudget({ windows: [{ requests: 10, seconds: 60 }], clock, ledger });
    await Promise.all(Array.from({ length: 9 }, () => budget.take('foreground')));
    slowReads = 1; // the read the interactive request's turn begins with
    const stop = new AbortController();
    const interactive = budget.take('interactive', stop.signal);
    const background = grantedAt(budget, 'background');
    await clock.advance(50);
    stop.abort();
    assert.equal(await interactive, false);
    await clock.run();
    // The tenth slot of the window is the others' (its reserve), and a foreground read just went.
    assert.equal(await background, 60_700);
  });

  it('lets two windows that take the same slot at once both send, one after the other, without a random source of their own', async () => {
    const ledger = new MemoryLedger();
    const a = new RequestBudget({ windows: ONE_A_SECOND, clock, ledger, owner: 'a' });
    const b = new RequestBudget({ windows: ONE_A_SECOND, clock, ledger, owner: 'b' });
    const times = Promise.all([grantedAt(a), grantedAt(b)]);
    await clock.run();
    assert.deepEqual(
      (await times).sort((x, y) => x! - y!),
      [0, SECOND_MS],
    );
  });
});
