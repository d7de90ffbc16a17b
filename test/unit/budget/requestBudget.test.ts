/**
 * The request budget's arithmetic and scheduling on a virtual clock (src/api/budget/): the
 * windows with their margins, pacing at 3 a second, the long window's wait, priorities and the
 * background reserve, refusals held with and without Retry-After, estimates of long reads, and
 * two windows sharing one ledger.
 */
import assert from 'node:assert/strict';
import { MemoryLedger, snapshotOf, type BudgetLedger, type LedgerEntry } from '../../../src/api/budget/budgetLedger';
import { budgetWindows, earliestSlot, fitsAmong, timeToSend } from '../../../src/api/budget/budgetWindows';
import { LATE_GRANT_MS, RequestBudget } from '../../../src/api/budget/requestBudget';
import type { RequestPriority } from '../../../src/api/budget/budgetWindows';
import { SERVICE_RATE_LIMIT } from '../../../src/api/rateLimit';
import { VirtualClock } from '../helpers/virtualClock';

const [SHORT, LONG] = budgetWindows(SERVICE_RATE_LIMIT);
/** The documented windows with their margins, 100 ms and 1% of each: a second, and five minutes. */
const SHORT_MS = 1_110;
const LONG_MS = 303_100;

/** Takes `count` slots of `priority` at once; resolves with the time each was granted, in grant order. */
function takeAll(
  budget: RequestBudget,
  clock: VirtualClock,
  count: number,
  priority: RequestPriority,
  grants: Array<{ priority: RequestPriority; at: number }> = [],
): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      budget.take(priority).then((granted) => {
        assert.ok(granted);
        grants.push({ priority, at: clock.now() });
        return clock.now();
      }),
    ),
  );
}

/** `ledger`, with `afterAppend` run after each append (to move the clock as a slow disk or a blocked loop would). */
function slowLedger(ledger: MemoryLedger, afterAppend: (entry: LedgerEntry) => void): BudgetLedger {
  return {
    description: ledger.description,
    read: (now, spanMs) => ledger.read(now, spanMs),
    append: async (entry) => {
      await ledger.append(entry);
      afterAppend(entry);
    },
  };
}

describe('request budget', () => {
  it('keeps the documented windows with a margin, and a tenth of the long window from background reads', () => {
    assert.deepEqual(SHORT, { requests: 3, ms: SHORT_MS, reserve: 0 });
    assert.deepEqual(LONG, { requests: 100, ms: LONG_MS, reserve: 10 });
  });

  it('works out the earliest slot: the short window paces, the long one waits for its oldest send to leave', () => {
    const windows = budgetWindows(SERVICE_RATE_LIMIT);
    assert.equal(earliestSlot([], windows, 'foreground', 5_000), 5_000);
    assert.equal(earliestSlot([5_000, 5_000], windows, 'foreground', 5_000), 5_000);
    assert.equal(earliestSlot([5_000, 5_000, 5_100], windows, 'foreground', 5_200), 5_000 + SHORT_MS);
    const hundred = Array.from({ length: 100 }, (_, i) => 10_000 + i * 400);
    const end = hundred.at(-1)! + 1;
    assert.equal(earliestSlot(hundred, windows, 'interactive', end), 10_000 + LONG_MS);
    // Background stops at 90 of the 100: its next slot is when the 11th oldest leaves.
    assert.equal(earliestSlot(hundred, windows, 'background', end), 10_000 + 10 * 400 + LONG_MS);
    assert.equal(earliestSlot([], windows, 'foreground', 5_000, 9_000), 9_000, 'a hold moves the slot');
  });

  it('counts sends appended before its own even when their times are later (another process came first with a later clock reading)', () => {
    const windows = budgetWindows([{ requests: 3, seconds: 1 }]);
    // b, b + 1 and b + 2 were appended first; one more at b + 1 makes 4 in the window ending at b + 2, and so does one at b - 1 in the window ending at b.
    const b = SHORT_MS + 2;
    assert.equal(fitsAmong([0, 3, 3, b, b + 2, b + 1], windows, b + 1), false);
    assert.equal(
      fitsAmong([0, 3, 3, b, b + 1, b + 2], windows, b - 1),
      false,
      'the window ending at the later sends holds it too',
    );
    assert.equal(fitsAmong([0, 3, 3, b, b + 1], windows, b + 1), true);
    assert.equal(fitsAmong([0, 3, 3, b, b + 1, b + 2], windows, b + SHORT_MS), true);
  });

  it('paces requests three per window of 1.11 s, and 100 requests take 33 windows', async () => {
    const clock = new VirtualClock();
    const start = clock.now();
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    const times = takeAll(budget, clock, 100, 'foreground');
    await clock.run();
    const offsets = (await times).map((time) => time - start);
    assert.deepEqual(offsets.slice(0, 7), [0, 0, 0, SHORT_MS, SHORT_MS, SHORT_MS, 2 * SHORT_MS]);
    assert.equal(offsets.at(-1), 33 * SHORT_MS);
    assert.equal(budget.counts.sent, 100);
  });

  it('sends the 101st request of five minutes only when the first leaves the long window', async () => {
    const clock = new VirtualClock();
    const start = clock.now();
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    const times = takeAll(budget, clock, 103, 'interactive');
    await clock.run();
    const offsets = (await times).map((time) => time - start);
    assert.equal(offsets[99], 33 * SHORT_MS);
    assert.deepEqual(offsets.slice(100), [LONG_MS, LONG_MS, LONG_MS]);
  });

  it('serves interactive before foreground before background, whatever the order they came in', async () => {
    const clock = new VirtualClock();
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    const grants: Array<{ priority: RequestPriority; at: number }> = [];
    void takeAll(budget, clock, 6, 'background', grants);
    void takeAll(budget, clock, 3, 'foreground', grants);
    void takeAll(budget, clock, 3, 'interactive', grants);
    await clock.run();
    assert.deepEqual(
      grants.map((grant) => grant.priority),
      [
        'interactive',
        'interactive',
        'interactive',
        'foreground',
        'foreground',
        'foreground',
        'background',
        'background',
        'background',
        'background',
        'background',
        'background',
      ],
    );
  });

  it('keeps background requests out while a sequential foreground read sends (each request as the last one’s answer comes)', async () => {
    const clock = new VirtualClock();
    const start = clock.now();
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    const background: number[] = [];
    void Promise.all(
      Array.from({ length: 30 }, () => budget.take('background').then(() => background.push(clock.now()))),
    );
    const walk = (async () => {
      for (let page = 0; page < 12; page++) {
        await budget.take('foreground');
        await clock.sleep(150, new AbortController().signal); // the page's answer
      }
      return clock.now();
    })();
    await clock.run();
    const walked = await walk;
    assert.ok(walked - start <= 4 * SHORT_MS + 150, `12 pages took ${walked - start} ms: three a window, as if alone`);
    assert.ok(
      background.every((time) => time >= walked - 150 + SHORT_MS - 1 || time <= start),
      'no background request while the walk sent',
    );
  });

  it('lets an interactive request arriving during a long background read go next', async () => {
    const clock = new VirtualClock();
    const start = clock.now();
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    const grants: Array<{ priority: RequestPriority; at: number }> = [];
    void takeAll(budget, clock, 30, 'background', grants);
    await clock.advance(3_000);
    const asked = grants.length;
    const interactive = takeAll(budget, clock, 1, 'interactive', grants);
    await clock.run();
    const [at] = await interactive;
    assert.equal(at! - start, 3 * SHORT_MS, 'the next slot after it asked');
    const granted = grants.findIndex((grant) => grant.priority === 'interactive');
    assert.equal(granted, asked, 'no background request went between its asking and its slot');
  });

  it('holds every request after a refusal: as long as Retry-After says, or doubling from the short window without it, at most 5 minutes', async () => {
    const clock = new VirtualClock();
    const start = clock.now();
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    assert.equal((await budget.refused(7_000)) - start, 7_000);
    const after = takeAll(budget, clock, 1, 'interactive');
    await clock.run();
    assert.equal((await after)[0]! - start, 7_000);
    budget.succeeded();
    const now = clock.now();
    const waits = [];
    for (let refusal = 0; refusal < 10; refusal++) {
      waits.push((await budget.refused(undefined)) - now);
    }
    assert.deepEqual(waits.slice(0, 4), [SHORT_MS, 2 * SHORT_MS, 4 * SHORT_MS, 8 * SHORT_MS]);
    assert.equal(Math.max(...waits), LONG_MS, 'never longer than the longest window');
    assert.equal(
      (await budget.refused(3_600_000)) - now,
      LONG_MS,
      'a Retry-After of an hour is held five minutes here; the transport gives up',
    );
  });

  it('holds once for the refusals of requests sent together, and doubles only for a refusal of a request sent after the hold', async () => {
    const clock = new VirtualClock();
    const start = clock.now();
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    const sent = clock.now();
    await clock.advance(50);
    const holds = [
      await budget.refused(undefined, sent),
      await budget.refused(undefined, sent),
      await budget.refused(2_000, sent),
      await budget.refused(undefined, sent),
    ];
    assert.deepEqual(
      holds.map((until) => until - start),
      [50 + SHORT_MS, 50 + SHORT_MS, 2_050, 2_050],
      'one hold, lengthened by a longer Retry-After of the same moment',
    );
    await clock.advance(2_100);
    assert.equal(
      (await budget.refused(undefined, clock.now())) - clock.now(),
      2 * SHORT_MS,
      'a refusal after the hold doubles it',
    );
    assert.equal(budget.counts.refused, 5);
  });

  it('estimates how long a read of many pages takes at the limit', async () => {
    const clock = new VirtualClock();
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    assert.equal(budget.estimate(0, 'foreground'), 0);
    assert.equal(budget.estimate(3, 'foreground'), 0);
    assert.equal(budget.estimate(40, 'foreground'), 13 * SHORT_MS);
    // 201 pages: 100 now, 100 five minutes on, the last five minutes after that.
    assert.equal(budget.estimate(201, 'foreground'), 2 * LONG_MS);
    assert.equal(timeToSend(201, [], budgetWindows(SERVICE_RATE_LIMIT), 'foreground', 0), 2 * LONG_MS);
  });

  it('keeps two windows on one ledger within the limit together', async () => {
    const clock = new VirtualClock();
    const start = clock.now();
    const ledger = new MemoryLedger();
    const a = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock, ledger, owner: 'a' });
    const b = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock, ledger, owner: 'b' });
    const times = Promise.all([takeAll(a, clock, 60, 'foreground'), takeAll(b, clock, 60, 'foreground')]);
    await clock.run();
    const all = (await times).flat().sort((x, y) => x - y);
    for (const [index, time] of all.entries()) {
      assert.ok(
        all.filter((other) => other > time - SHORT!.ms && other <= time).length <= 3,
        `3 a second at ${time - start}`,
      );
      assert.ok(
        all.filter((other) => other > time - LONG!.ms && other <= time).length <= 100,
        `100 in five minutes at ${index}`,
      );
    }
    assert.equal(all.length, 120);
    assert.equal(all.at(-1)! - start, LONG_MS + 6 * SHORT_MS, 'the last 20 wait for the long window');
  });

  it('gives up a wait when its signal fires, and the others go on', async () => {
    const clock = new VirtualClock();
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock });
    void takeAll(budget, clock, 3, 'foreground');
    const stop = new AbortController();
    const stopped = budget.take('foreground', stop.signal);
    const next = takeAll(budget, clock, 1, 'foreground');
    await clock.advance(100);
    stop.abort();
    assert.equal(await stopped, false);
    await clock.run();
    assert.equal((await next).length, 1);
    assert.equal(budget.counts.sent, 4);
  });

  it('tells a waiting request when a long wait starts and ends, not pacing', async () => {
    const clock = new VirtualClock();
    const budget = new RequestBudget({ windows: [{ requests: 2, seconds: 60 }], clock });
    const heard: Array<[number | undefined, string | undefined]> = [];
    const grants = [
      budget.take('foreground', undefined, (until, reason) => heard.push([until, reason])),
      budget.take('foreground'),
      budget.take('foreground', undefined, (until, reason) =>
        heard.push([until === undefined ? undefined : until - clock.now(), reason]),
      ),
    ];
    await clock.run();
    assert.deepEqual(await Promise.all(grants), [true, true, true]);
    assert.deepEqual(heard, [
      [60_700, 'window'],
      [undefined, undefined],
    ]);
  });

  it('writes a send again when its grant comes late (a block between the ledger and the request), so the ledger says when it went', async () => {
    const clock = new VirtualClock();
    const ledger = new MemoryLedger();
    // The first two sends written take 300 ms to come back: the event loop was blocked meanwhile.
    let slow = 2;
    const blocking = slowLedger(ledger, (entry) => {
      if (entry.kind === 'send' && slow-- > 0) {
        clock.time += 300;
      }
    });
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock, ledger: blocking });
    const grants: Array<{ priority: RequestPriority; at: number }> = [];
    const times = takeAll(budget, clock, 7, 'foreground', grants);
    await clock.run();
    const granted = await times;
    const written = snapshotOf(await ledger.read(clock.now(), LONG_MS), clock.now(), LONG_MS).sends;
    assert.equal(written.length, 7);
    for (const at of granted) {
      assert.ok(
        written.some((t) => at - t >= 0 && at - t <= LATE_GRANT_MS),
        `a send written within ${LATE_GRANT_MS} ms before the grant at ${at - granted[0]!}: ${written.map((t) => t - granted[0]!).join(', ')}`,
      );
    }
    // As the requests went, never 4 in one window of the service.
    for (const at of granted) {
      assert.ok(granted.filter((other) => other > at - 1_000 && other <= at).length <= 3);
    }
  });

  it('keeps a late slot after three late grants in a row: a disk that is always slow still sends', async () => {
    const clock = new VirtualClock();
    const ledger = new MemoryLedger();
    const slowDisk = slowLedger(ledger, () => {
      clock.time += 100;
    });
    const budget = new RequestBudget({ windows: SERVICE_RATE_LIMIT, clock, ledger: slowDisk });
    const times = takeAll(budget, clock, 2, 'foreground');
    await clock.run();
    assert.equal((await times).length, 2);
    assert.equal(budget.counts.sent, 2);
  });
});
