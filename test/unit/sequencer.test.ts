/** Sequencer (src/common/sequencer.ts): tasks one after another, in the order queued, a failure stopping none. */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Sequencer } from '../../src/common/sequencer';

describe('Sequencer', () => {
  it('starts each task once the one before it settled, in the order queued, whatever their lengths', async () => {
    const sequencer = new Sequencer();
    const events: string[] = [];
    const task = (name: string, ms: number) => async () => {
      events.push(`start ${name}`);
      await sleep(ms);
      events.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      sequencer.queue(task('slow', 20)),
      sequencer.queue(task('fast', 1)),
      sequencer.queue(task('middle', 5)),
    ]);
    assert.deepEqual(results, ['slow', 'fast', 'middle']);
    assert.deepEqual(events, ['start slow', 'end slow', 'start fast', 'end fast', 'start middle', 'end middle']);
  });

  it('does not start a task in the turn it is queued, even when nothing runs', async () => {
    const sequencer = new Sequencer();
    let started = false;
    const done = sequencer.queue(() => {
      started = true;
    });
    assert.equal(started, false);
    await done;
    assert.equal(started, true);
  });

  it('a failed task fails its own promise only: the next one starts all the same', async () => {
    const sequencer = new Sequencer();
    const boom = new Error('boom');
    const ran: string[] = [];
    const failing = sequencer.queue(async () => {
      await sleep(1);
      ran.push('failing');
      throw boom;
    });
    const throwing = sequencer.queue(() => {
      ran.push('throwing');
      throw new Error('at once');
    });
    const after = sequencer.queue(async () => {
      ran.push('after');
      return 42;
    });
    await assert.rejects(failing, (error) => error === boom);
    await assert.rejects(throwing, /at once/);
    assert.equal(await after, 42);
    assert.deepEqual(ran, ['failing', 'throwing', 'after']);
  });

  it('settled resolves once every task queued so far settled, failed ones too, and never rejects', async () => {
    const sequencer = new Sequencer();
    const ran: string[] = [];
    sequencer
      .queue(async () => {
        await sleep(5);
        ran.push('a');
        throw new Error('a failed');
      })
      .catch(() => undefined);
    void sequencer.queue(async () => {
      await sleep(1);
      ran.push('b');
    });
    await sequencer.settled();
    assert.deepEqual(ran, ['a', 'b']);
    void sequencer.queue(async () => {
      await sleep(1);
      ran.push('c');
    });
    await sequencer.settled();
    assert.deepEqual(ran, ['a', 'b', 'c']);
    await new Sequencer().settled();
  });
});
