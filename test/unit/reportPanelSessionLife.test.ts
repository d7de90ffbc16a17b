import assert from 'node:assert/strict';
import type { Sandbox } from '../../src/sandbox/server';
import type { PanelError } from '../../src/reports/panel/protocol';
import { sandbox } from './helpers/fixtures';
import { PanelPool, settled, panelState } from './helpers/panelSessions';

describe('report panel session over a panel’s life: one counter of selection ids, whichever store', function () {
  this.timeout(30_000);
  let service: Sandbox;
  const pool = new PanelPool();

  before(async () => {
    service = await sandbox({ clicks: 2_000, actions: 500 });
  });
  after(async () => service.close());
  afterEach(() => pool.close());

  it('goes on numbering its selections across a disconnect, a missing key and another store, and reads only that store', async () => {
    const { session, until } = pool.open(service, pool.folder());
    const other = pool.open(service, pool.folder()).store;
    const first = session.select(panelState());
    await until((snapshot) => snapshot.selectionId === first.selectionId && snapshot.status === 'ready');

    session.disconnect();
    assert.deepEqual([session.connected, session.reading], [false, false]);
    const waiting = session.select(panelState({ groupBy: 'subId' }));
    assert.deepEqual(
      [waiting.selectionId, waiting.status, waiting.table],
      [first.selectionId + 1, 'loading', undefined],
    );
    assert.throws(() => session.rows({ selectionId: waiting.selectionId, offset: 0, count: 1 }), RangeError);

    const noKey: PanelError = { kind: 'noKey', message: 'Set your key.', actions: ['setApiKey'] };
    const keyless = session.connect(noKey, panelState());
    assert.deepEqual([keyless.selectionId, keyless.status, keyless.error], [first.selectionId + 2, 'failed', noKey]);
    assert.deepEqual([session.connected, session.reading], [true, false]);
    const asked = service.stats().total;
    session.refresh();
    assert.equal(session.select(panelState({ groupBy: 'platform' })).error, noKey, 'every selection says why');
    assert.equal(service.stats().total, asked, 'nothing is read without a store');

    const reconnected = session.connect({ store: other, provisionalDays: 2 }, panelState({ groupBy: 'platform' }));
    assert.equal(reconnected.selectionId, first.selectionId + 4);
    const ready = await until((snapshot) => snapshot.selectionId === reconnected.selectionId && settled(snapshot));
    assert.equal(ready.state.groupBy, 'platform');
    assert.ok(other.state({ kind: 'clicks', period: ready.period!, filters: {} }), 'read in the store connected to');
    assert.ok(session.rows({ selectionId: ready.selectionId, offset: 0, count: 1 }).rows.length > 0);
    assert.throws(() => session.rows({ selectionId: first.selectionId, offset: 0, count: 1 }), RangeError);
  });

  it('offers a row’s action only on a row of the current selection’s table that has it', async () => {
    const { session, until } = pool.open(service, pool.folder(), { hasSubIdFile: () => true });
    const selected = session.select(panelState({ groupBy: 'subId' }));
    const ready = await until(
      (snapshot) => snapshot.selectionId === selected.selectionId && snapshot.status === 'ready',
    );
    const row = session
      .rows({ selectionId: ready.selectionId, offset: 0, count: Math.min(500, ready.table!.rowCount) })
      .rows.find((candidate) => candidate.key !== null)!;
    assert.ok(row.actions.includes('openSubIdFile'));
    assert.equal(session.offers(ready.selectionId, row.key!, 'openSubIdFile'), true);
    assert.equal(session.offers(ready.selectionId, row.key!, 'revealMerchant'), false, 'not an action of SubID rows');
    assert.equal(session.offers(ready.selectionId, 'no-such-subid', 'openSubIdFile'), false);
    session.select(panelState({ groupBy: 'day' }));
    assert.equal(session.offers(ready.selectionId, row.key!, 'openSubIdFile'), false, 'a selection replaced since');
  });
});
