import assert from 'node:assert/strict';
import { Emitter } from '../../src/common/emitter';
import { Disposable, disposeAll, type IDisposable } from '../../src/common/lifecycle';

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
});
