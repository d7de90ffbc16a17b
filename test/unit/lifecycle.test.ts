import assert from 'node:assert/strict';
import { Emitter } from '../../src/common/emitter';
import { Disposable, MutableDisposable, disposeAll, type IDisposable } from '../../src/common/lifecycle';

class Owner extends Disposable {
  own<T extends IDisposable>(value: T): T {
    return this._register(value);
  }
}

function recorder(log: string[], name: string, failure?: Error): IDisposable {
  return {
    dispose() {
      log.push(name);
      if (failure) {
        throw failure;
      }
    },
  };
}

describe('lifecycle', () => {
  it('disposes what was registered, last first, once', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.own(recorder(log, 'a'));
    owner.own(recorder(log, 'b'));
    owner.dispose();
    owner.dispose();
    assert.deepEqual(log, ['b', 'a']);
  });

  it('disposes at once what is registered after the owner was disposed', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.dispose();
    owner.own(recorder(log, 'late'));
    assert.deepEqual(log, ['late']);
  });

  it('goes on when one disposable throws, and rethrows that error afterwards', () => {
    const log: string[] = [];
    const boom = new Error('boom');
    const owner = new Owner();
    owner.own(recorder(log, 'a'));
    owner.own(recorder(log, 'b', boom));
    owner.own(recorder(log, 'c'));
    assert.throws(
      () => owner.dispose(),
      (error) => error === boom,
    );
    assert.deepEqual(log, ['c', 'b', 'a']);
  });

  it('reports every error together when several throw', () => {
    const log: string[] = [];
    const first = new Error('first');
    const second = new Error('second');
    assert.throws(
      () => disposeAll([recorder(log, 'a', first), recorder(log, 'b'), recorder(log, 'c', second)]),
      (error) =>
        error instanceof AggregateError &&
        error.errors.length === 2 &&
        error.errors[0] === second &&
        error.errors[1] === first,
    );
    assert.deepEqual(log, ['c', 'b', 'a']);
  });

  it('an emitter is a disposable: after dispose it calls no listener and takes none', () => {
    const heard: number[] = [];
    const emitter = new Emitter<number>(() => undefined);
    const owner = new Owner();
    owner.own(emitter);
    emitter.event((value) => heard.push(value));
    emitter.fire(1);
    owner.dispose();
    emitter.fire(2);
    emitter.event((value) => heard.push(value * 10));
    emitter.fire(3);
    assert.deepEqual(heard, [1]);
  });

  it('an emitter calls the listeners subscribed when a fire began: none added during it, every one removed during it', () => {
    const heard: string[] = [];
    const errors: unknown[] = [];
    const emitter = new Emitter<number>((error) => errors.push(error));
    emitter.event((value) => {
      heard.push(`first ${value}`);
      emitter.event((later) => heard.push(`added ${later}`));
      second.dispose();
    });
    const second = emitter.event((value) => heard.push(`second ${value}`));
    emitter.event(() => {
      throw new Error('a listener that fails');
    });
    emitter.fire(1);
    assert.deepEqual(heard, ['first 1', 'second 1']);
    assert.equal(errors.length, 1, 'a listener’s failure goes to onListenerError; the others are called');
    heard.length = 0;
    emitter.fire(2);
    assert.deepEqual(heard, ['first 2', 'added 2']);
  });
});

describe('MutableDisposable', () => {
  it('disposes the value it held when a new one is set, and holds the new one', () => {
    const log: string[] = [];
    const held = new MutableDisposable();
    const first = recorder(log, 'first');
    held.value = first;
    assert.equal(held.value, first);
    assert.deepEqual(log, []);
    const second = recorder(log, 'second');
    held.value = second;
    assert.deepEqual(log, ['first']);
    assert.equal(held.value, second);
  });

  it('forgets the value of the moment without disposing it, and no other value', () => {
    const log: string[] = [];
    const held = new MutableDisposable();
    const first = recorder(log, 'first');
    const other = recorder(log, 'other');
    held.value = first;
    held.forget(other);
    assert.equal(held.value, first);
    held.forget(first);
    assert.equal(held.value, undefined);
    held.dispose();
    assert.deepEqual(log, []);
  });

  it('setting the value it holds again disposes nothing', () => {
    const log: string[] = [];
    const held = new MutableDisposable();
    const only = recorder(log, 'only');
    held.value = only;
    held.value = only;
    assert.deepEqual(log, []);
    assert.equal(held.value, only);
  });

  it('clear disposes the value and holds none; clearing again disposes nothing more', () => {
    const log: string[] = [];
    const held = new MutableDisposable();
    held.value = recorder(log, 'a');
    held.clear();
    held.clear();
    assert.deepEqual(log, ['a']);
    assert.equal(held.value, undefined);
  });

  it('the owner’s disposal disposes the value of the moment, once', () => {
    const log: string[] = [];
    const owner = new Owner();
    const held = owner.own(new MutableDisposable());
    held.value = recorder(log, 'a');
    held.value = recorder(log, 'b');
    owner.dispose();
    owner.dispose();
    assert.deepEqual(log, ['a', 'b']);
    assert.equal(held.value, undefined);
  });

  it('disposes at once a value set after its disposal, and does not hold it', () => {
    const log: string[] = [];
    const held = new MutableDisposable();
    held.dispose();
    held.value = recorder(log, 'late');
    assert.deepEqual(log, ['late']);
    assert.equal(held.value, undefined);
  });

  it('holds the new value even when the old one throws as it is disposed', () => {
    const log: string[] = [];
    const boom = new Error('boom');
    const held = new MutableDisposable();
    held.value = recorder(log, 'old', boom);
    const next = recorder(log, 'next');
    assert.throws(
      () => (held.value = next),
      (error) => error === boom,
    );
    assert.equal(held.value, next);
    held.dispose();
    assert.deepEqual(log, ['old', 'next']);
  });
});
