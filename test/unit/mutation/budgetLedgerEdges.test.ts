/**
 * The request budget's ledger at its edges (src/api/budget/budgetLedger.ts, budgetClock.ts), where
 * `npm run mutate` found no test: each bound of what a view counts taken exactly, a damaged ledger
 * (an entry of another kind with a send's id, a `before` that is not there), the file ledger's
 * lines it refuses, the memory ledger's forgetting, and the real clock's sleep.
 */
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { REAL_CLOCK } from '../../../src/api/budget/budgetClock';
import { MemoryLedger, UNWRITTEN_COUNTS_MS, snapshotOf, type LedgerEntry } from '../../../src/api/budget/budgetLedger';
import { parseLedgerLine } from '../../../src/api/budget/fileLedger';

const NOW = 1_800_000_000_000;
const SPAN = 303_100;
const SLACK = 5_000;

describe('request ledger, its view at the edges', () => {
  it('counts a send only inside the span: one exactly a span old is gone', () => {
    const sends: LedgerEntry[] = [
      { kind: 'send', t: NOW - SPAN, id: 'a:1' },
      { kind: 'send', t: NOW - SPAN + 1, id: 'a:2' },
    ];
    assert.deepEqual(snapshotOf(sends, NOW, SPAN).sends, [NOW - SPAN + 1]);
  });

  it('counts a send as far ahead as the slack, not a millisecond further, by its entry and by its write', () => {
    const atSlack: LedgerEntry = { kind: 'send', t: NOW + SLACK, id: 'a:1' };
    assert.deepEqual(snapshotOf([atSlack], NOW, SPAN).sends, [NOW + SLACK]);
    assert.deepEqual(snapshotOf([{ ...atSlack, t: NOW + SLACK + 1 }], NOW, SPAN).sends, []);
    // A pending send of now whose write says it went further ahead than any clock here could.
    const pending: LedgerEntry = { kind: 'send', t: NOW, id: 'b:1', pending: true };
    assert.deepEqual(snapshotOf([pending, { kind: 'wrote', t: NOW + SLACK + 1, id: 'b:1' }], NOW, SPAN).sends, []);
    assert.deepEqual(snapshotOf([pending, { kind: 'wrote', t: NOW + SLACK, id: 'b:1' }], NOW, SPAN).sends, [
      NOW + SLACK,
    ]);
  });

  it('counts an unwritten pending send as going now for UNWRITTEN_COUNTS_MS exactly, then at its time', () => {
    const pending: LedgerEntry = { kind: 'send', t: NOW, id: 'a:1', pending: true };
    assert.deepEqual(snapshotOf([pending], NOW + UNWRITTEN_COUNTS_MS - 1, SPAN).sends, [NOW + UNWRITTEN_COUNTS_MS - 1]);
    assert.deepEqual(snapshotOf([pending], NOW + UNWRITTEN_COUNTS_MS, SPAN).sends, [NOW]);
  });

  it('holds only until a moment still to come, within the span, from an entry no later than the slack', () => {
    const hold = (t: number, until: number): LedgerEntry => ({ kind: 'hold', t, until });
    assert.equal(snapshotOf([hold(NOW - 10_000, NOW - 1)], NOW, SPAN).holdUntil, 0, 'a hold over');
    assert.equal(snapshotOf([hold(NOW - 10_000, NOW)], NOW, SPAN).holdUntil, 0, 'a hold ending now');
    assert.equal(snapshotOf([hold(NOW - 10_000, NOW + 1)], NOW, SPAN).holdUntil, NOW + 1);
    assert.equal(snapshotOf([hold(NOW, NOW + SPAN)], NOW, SPAN).holdUntil, NOW + SPAN, 'a hold of the whole span');
    assert.equal(snapshotOf([hold(NOW, NOW + SPAN + 1)], NOW, SPAN).holdUntil, 0, 'longer than any window');
    assert.equal(snapshotOf([hold(NOW + SLACK, NOW + 20_000)], NOW, SPAN).holdUntil, NOW + 20_000);
    assert.equal(
      snapshotOf([hold(NOW + SLACK + 1, NOW + 20_000)], NOW, SPAN).holdUntil,
      0,
      'written ahead of any clock',
    );
    // The latest of several holds, whatever their order.
    assert.equal(snapshotOf([hold(NOW, NOW + 9_000), hold(NOW, NOW + 2_000)], NOW, SPAN).holdUntil, NOW + 9_000);
  });

  it('views before a send by that send only: an entry of another kind with its id, or an id not there, changes nothing', () => {
    const entries: LedgerEntry[] = [
      { kind: 'cancel', t: NOW - 30, id: 'b:1' },
      { kind: 'send', t: NOW - 20, id: 'a:1' },
      { kind: 'send', t: NOW - 10, id: 'b:1' },
      { kind: 'send', t: NOW - 5, id: 'c:1' },
    ];
    assert.deepEqual(snapshotOf(entries, NOW, SPAN, 'b:1').sends, [NOW - 20]);
    assert.deepEqual(
      snapshotOf(entries, NOW, SPAN, 'x:9').sends,
      [NOW - 20, NOW - 5],
      'every send but the cancelled one',
    );
    assert.deepEqual(snapshotOf(entries, NOW, SPAN).sends, [NOW - 20, NOW - 5]);
  });
});

describe('request ledger in memory', () => {
  it('reads back exactly what was appended, and forgets what is older than twice the span', async () => {
    const ledger = new MemoryLedger();
    assert.deepEqual(await ledger.read(NOW, 1_000), [], 'a new ledger holds nothing');
    const entries: LedgerEntry[] = [
      { kind: 'send', t: NOW - 2_000, id: 'a:1' },
      { kind: 'send', t: NOW - 1_999, id: 'a:2' },
      { kind: 'hold', t: NOW, until: NOW + 500 },
    ];
    for (const entry of entries) {
      await ledger.append(entry);
    }
    assert.deepEqual(await ledger.read(NOW, 1_000), entries.slice(1));
    // Forgotten for good, not only left out of one read.
    assert.deepEqual(await ledger.read(NOW - 5_000, 10_000), entries.slice(1));
    assert.equal(ledger.description, 'this window only (in memory)');
  });
});

describe('the real clock of the request budget', () => {
  it('sleeps at least as long as asked, at once for a negative time, and leaves no listener behind', async () => {
    const wake = new AbortController();
    const started = performance.now();
    await REAL_CLOCK.sleep(40, wake.signal);
    // Timers never fire early by more than the clock's rounding.
    assert.ok(performance.now() - started >= 39, `slept ${performance.now() - started} ms`);
    assert.equal(getEventListeners(wake.signal, 'abort').length, 0);
    await REAL_CLOCK.sleep(-5, wake.signal);
    assert.ok(Math.abs(REAL_CLOCK.now() - Date.now()) <= 1);
  });

  it('wakes when its signal fires, long before its time, and leaves no listener behind', async () => {
    const wake = new AbortController();
    const slept = REAL_CLOCK.sleep(600_000, wake.signal).then(() => 'woken');
    assert.equal(getEventListeners(wake.signal, 'abort').length, 1);
    setTimeout(() => wake.abort(), 5);
    const guard = new Promise<string>((resolve) => setTimeout(() => resolve('still asleep after 2 s'), 2_000).unref());
    assert.equal(await Promise.race([slept, guard]), 'woken');
    assert.equal(getEventListeners(wake.signal, 'abort').length, 0);
  });
});

describe('request ledger in files, the lines it refuses', () => {
  it('reads back each kind of entry, and nothing from a line that is not one', () => {
    const id64 = 'a'.repeat(64);
    assert.deepEqual(parseLedgerLine(`{"s":1,"id":"${id64}"}`), { kind: 'send', t: 1, id: id64 });
    assert.deepEqual(parseLedgerLine('{"s":5,"id":"a:1","p":1}'), { kind: 'send', t: 5, id: 'a:1', pending: true });
    assert.deepEqual(parseLedgerLine('{"s":5,"id":"a:1","p":2}'), { kind: 'send', t: 5, id: 'a:1' });
    assert.deepEqual(parseLedgerLine('{"w":5,"id":"a:1"}'), { kind: 'wrote', t: 5, id: 'a:1' });
    assert.deepEqual(parseLedgerLine('{"c":5,"id":"a:1"}'), { kind: 'cancel', t: 5, id: 'a:1' });
    assert.deepEqual(parseLedgerLine('{"h":9,"t":5}'), { kind: 'hold', t: 5, until: 9 });
    const refused = [
      '',
      'null',
      '5',
      '"s"',
      'true',
      '[1,2]',
      '{"s":5', // not an object, or torn
      '{"s":0,"id":"a:1"}',
      '{"s":-5,"id":"a:1"}',
      '{"s":1.5,"id":"a:1"}',
      '{"s":"5","id":"a:1"}', // no time
      '{"s":5}',
      '{"s":5,"id":""}',
      `{"s":5,"id":"${id64}b"}`,
      '{"s":5,"id":7}', // no id
      '{"w":5}',
      '{"w":0,"id":"a:1"}',
      '{"c":5}',
      '{"c":5,"id":""}',
      '{"c":0,"id":"a:1"}',
      '{"h":9}',
      '{"t":5}',
      '{"h":0,"t":5}',
      '{"h":9,"t":0}',
      '{"id":"a:1"}',
    ];
    for (const line of refused) {
      assert.equal(parseLedgerLine(line), undefined, line);
    }
  });
});
