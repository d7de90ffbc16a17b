/**
 * The moment a request is written to its socket (src/api/socketWrites.ts), over real HTTP on
 * loopback against the sandbox: heard for the request started inside `during`, after a block of
 * the event loop between its start and its write, and never for anyone else's request.
 */
import assert from 'node:assert/strict';
import diagnostics from 'node:diagnostics_channel';
import Pool from 'undici/lib/dispatcher/pool.js';
import request from 'undici/lib/api/api-request.js';
import type { Dispatcher } from 'undici';
import { SocketWrites } from '../../../src/api/socketWrites';
import type { Sandbox } from '../../../src/sandbox/server';
import { sandbox } from '../helpers/fixtures';

describe('the moment a request is written to its socket', () => {
  let service: Sandbox;
  let agent: Dispatcher;
  const get = (): Promise<Dispatcher.ResponseData> =>
    request.call(agent, { origin: new URL(service.url).origin, path: '/', method: 'GET' });
  const read = async (response: Promise<Dispatcher.ResponseData>): Promise<void> => {
    await (await response).body.dump();
  };

  before(async () => {
    service = await sandbox({ merchants: 10, clicks: 10, actions: 10 });
    agent = new Pool(new URL(service.url).origin);
  });
  after(async () => {
    await agent.close();
    await service.close();
  });

  it('hears the write of the request started inside `during`, once, after a block between its start and its write', async () => {
    const writes = new SocketWrites();
    const heard: number[] = [];
    let blockedUntil = 0;
    const block = (): void => {
      blockedUntil = Date.now() + 120;
      while (Date.now() < blockedUntil) {
        // the event loop is busy after the request's creation, before its write
      }
    };
    diagnostics.subscribe('undici:request:create', block);
    try {
      await read(writes.during((at) => heard.push(at), get));
    } finally {
      diagnostics.unsubscribe('undici:request:create', block);
      writes.dispose();
    }
    assert.equal(heard.length, 1);
    assert.ok(heard[0]! >= blockedUntil, `written at ${heard[0]! - blockedUntil} ms from the block's end`);
  });

  it('hears nothing of requests started outside `during`, or inside another watcher’s', async () => {
    const mine = new SocketWrites();
    const theirs = new SocketWrites();
    const heard: string[] = [];
    try {
      await read(get());
      await Promise.all([
        read(theirs.during(() => heard.push('theirs'), get)),
        read(get()),
        read(mine.during(() => heard.push('mine'), get)),
      ]);
    } finally {
      mine.dispose();
      theirs.dispose();
    }
    assert.deepEqual(heard.sort(), ['mine', 'theirs']);
  });

  it('hears nothing once disposed', async () => {
    const writes = new SocketWrites();
    writes.dispose();
    const heard: number[] = [];
    await read(writes.during((at) => heard.push(at), get));
    assert.deepEqual(heard, []);
  });
});
