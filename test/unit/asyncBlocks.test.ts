/**
 * The shared building blocks of src/common/: toDisposable, LatestWins (latest-wins turns) and
 * Delayer (a debounce with disposal).
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Delayer } from '../../src/common/delayer';
import { LatestWins } from '../../src/common/latestWins';
import { toDisposable } from '../../src/common/lifecycle';

describe('async building blocks', () => {
  it('toDisposable runs its function once, however often it is disposed', () => {
    let runs = 0;
    const disposable = toDisposable(() => runs++);
    disposable.dispose();
    disposable.dispose();
    assert.equal(runs, 1);
  });

  it('LatestWins: a turn is current until the next begins, and none after disposal', () => {
    const turns = new LatestWins();
    const first = turns.next();
    assert.equal(first.isCurrent, true);
    const watching = turns.current();
    assert.equal(watching.isCurrent, true, 'current() begins no turn');
    assert.equal(first.isCurrent, true);
    const second = turns.next();
    assert.equal(first.isCurrent, false);
    assert.equal(watching.isCurrent, false);
    assert.equal(second.isCurrent, true);
    turns.dispose();
    assert.equal(second.isCurrent, false);
    assert.equal(turns.next().isCurrent, false, 'nothing is current once disposed');
  });

  it('LatestWins: of overlapping runs, only the latest applies its answer', async () => {
    const turns = new LatestWins();
    const applied: string[] = [];
    const run = async (name: string, ms: number): Promise<void> => {
      const turn = turns.next();
      await sleep(ms);
      if (turn.isCurrent) applied.push(name);
    };
    await Promise.all([run('slow, older', 30), run('fast, newer', 1)]);
    assert.deepEqual(applied, ['fast, newer']);
  });

  it('Delayer: a new trigger replaces the waiting task; cancel drops it', async () => {
    const delayer = new Delayer(10);
    const ran: string[] = [];
    delayer.trigger(() => ran.push('a'));
    delayer.trigger(() => ran.push('b'));
    assert.equal(delayer.isPending, true);
    await sleep(40);
    assert.deepEqual(ran, ['b']);
    assert.equal(delayer.isPending, false);
    delayer.trigger(() => ran.push('c'), 5);
    delayer.cancel();
    await sleep(30);
    assert.deepEqual(ran, ['b']);
  });

  it('Delayer: disposal cancels the waiting task and refuses later ones', async () => {
    const delayer = new Delayer(5);
    const ran: string[] = [];
    delayer.trigger(() => ran.push('before'));
    delayer.dispose();
    delayer.trigger(() => ran.push('after'));
    assert.equal(delayer.isPending, false);
    await sleep(30);
    assert.deepEqual(ran, []);
  });

  it('Delayer: a wait longer than a timer takes waits (it never fires at once)', async () => {
    const delayer = new Delayer(0);
    let ran = false;
    delayer.trigger(() => (ran = true), 30 * 86_400_000);
    await sleep(20);
    assert.equal(ran, false);
    assert.equal(delayer.isPending, true);
    delayer.dispose();
  });
});
