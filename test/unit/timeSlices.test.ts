/**
 * The one time-sliced loop (src/common/timeSlices.ts) and its clock: the site's scan and counts read items first
 * (files), the domain index and revenue at risk apply them as they are; all pause whenever a slice is over.
 */
import assert from 'node:assert/strict';
import { HOST_CLOCK, runInSlices, type Clock } from '../../src/common/timeSlices';

/** A clock that only moves when told: each item's work advances it by its cost. */
function fakeClock() {
  let now = 0;
  const busy: number[] = [];
  let since = 0;
  const clock: Clock = {
    now: () => now,
    pause: async () => {
      busy.push(now - since);
      await new Promise((resolve) => setImmediate(resolve));
      since = now;
    },
  };
  return { clock, advance: (ms: number) => (now += ms), busy, last: () => now - since };
}

describe('the time-sliced loop', () => {
  it('pauses whenever 10 ms have passed, so no slice holds the host for more than 50 ms', async () => {
    const { clock, advance, busy, last } = fakeClock();
    const costs = Array.from({ length: 500 }, (_, i) => (i % 17 === 0 ? 9 : 1 + (i % 4)));
    const applied: number[] = [];
    const outcome = await runInSlices(
      costs.map((cost, i) => ({ cost, i })),
      {
        clock,
        read: async (item) => item.i,
        apply: (item, read) => {
          assert.ok(read.ok);
          applied.push(read.value);
          advance(item.cost);
        },
      },
    );
    assert.deepEqual(applied, [...costs.keys()], 'every item, in order');
    assert.equal(outcome.cancelled, false);
    assert.equal(outcome.done, 500);
    assert.equal(outcome.pauses, busy.length);
    const total = costs.reduce((a, b) => a + b, 0);
    assert.ok(busy.length >= Math.floor(total / 19), `${busy.length} pauses for ${total} ms`);
    // A slice ends at the first item that takes it to 10 ms: at most 10 ms plus one item.
    assert.ok(Math.max(...busy, last()) < 10 + 9, `longest slice ${Math.max(...busy)} ms`);
  });

  it('stops when cancelled, applying nothing after', async () => {
    const { clock, advance } = fakeClock();
    let cancel = false;
    const applied: number[] = [];
    const outcome = await runInSlices([...Array(100).keys()], {
      clock,
      isCancelled: () => cancel,
      read: async (i) => i,
      apply: (i) => {
        applied.push(i);
        advance(3);
        cancel = i === 41;
      },
    });
    assert.deepEqual(outcome, { done: 42, cancelled: true, pauses: outcome.pauses });
    assert.equal(applied.length, 42);
  });

  it('hands a failed read to apply and goes on, reading a batch at once and the next once it is applied', async () => {
    const { clock } = fakeClock();
    let inFlight = 0;
    let most = 0;
    const events: string[] = [];
    const seen: string[] = [];
    const progress: number[] = [];
    await runInSlices([...Array(20).keys()], {
      clock,
      batchSize: 8,
      read: async (i) => {
        events.push(`read ${i}`);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        if (i === 5) {
          throw new Error('EACCES');
        }
        return i;
      },
      apply: (i, read) => {
        events.push(`apply ${i}`);
        seen.push(read.ok ? String(read.value) : `${i}: ${(read.error as Error).message}`);
      },
      onProgress: (done) => progress.push(done),
    });
    assert.equal(most, 8, 'a batch of 8 in flight at once');
    const batch = (from: number, to: number, what: string) =>
      Array.from({ length: to - from }, (_, k) => `${what} ${from + k}`);
    assert.deepEqual(events, [
      ...batch(0, 8, 'read'),
      ...batch(0, 8, 'apply'),
      ...batch(8, 16, 'read'),
      ...batch(8, 16, 'apply'),
      ...batch(16, 20, 'read'),
      ...batch(16, 20, 'apply'),
    ]);
    assert.equal(seen[5], '5: EACCES');
    assert.equal(seen.length, 20);
    assert.deepEqual(
      progress,
      [...Array(20).keys()].map((i) => i + 1),
    );
  });

  it('without reads, applies each item as it is, one after another with no wait but the pauses', async () => {
    const { clock, advance, busy } = fakeClock();
    const events: string[] = [];
    const realPause = clock.pause;
    clock.pause = async () => {
      events.push('pause');
      await realPause();
    };
    const outcome = await runInSlices(['a', 'b', 'c', 'd', 'e'], {
      clock,
      sliceMs: 4,
      apply: (item, read) => {
        assert.ok(read.ok);
        events.push(`${item}=${read.value}`);
        advance(2);
      },
    });
    assert.deepEqual(outcome, { done: 5, cancelled: false, pauses: 2 });
    assert.deepEqual(events, ['a=a', 'b=b', 'pause', 'c=c', 'd=d', 'pause', 'e=e']);
    assert.deepEqual(busy, [4, 4]);
  });

  it('without reads, holds the event loop only at its pauses: a timer set before it runs at a pause', async () => {
    let now = 0;
    const timers: number[] = [];
    setImmediate(() => timers.push(now));
    await runInSlices([...Array(6).keys()], {
      clock: { now: () => now, pause: HOST_CLOCK.pause },
      sliceMs: 3,
      isCancelled: () => false,
      apply: () => {
        now += 1;
      },
    });
    assert.deepEqual(timers, [3], 'the event loop turned at the first pause, after 3 items');
  });

  it('without reads, stops when cancelled, applying nothing after', async () => {
    const { clock, advance } = fakeClock();
    const applied: number[] = [];
    const outcome = await runInSlices([...Array(10).keys()], {
      clock,
      sliceMs: 2,
      isCancelled: () => applied.length === 5,
      apply: (i) => {
        applied.push(i);
        advance(1);
      },
    });
    assert.deepEqual(outcome, { done: 5, cancelled: true, pauses: 2 });
    assert.deepEqual(applied, [0, 1, 2, 3, 4]);
  });

  it('the host’s clock: monotonic milliseconds, and a pause that lets the event loop turn', async () => {
    const before = HOST_CLOCK.now();
    let turned = false;
    setImmediate(() => (turned = true));
    await HOST_CLOCK.pause();
    assert.equal(turned, true);
    assert.ok(HOST_CLOCK.now() >= before);
  });
});
