import assert from 'node:assert/strict';
import type { Sandbox } from '../../src/sandbox/server';
import type { GroupBy } from '../../src/reports/panel/protocol';
import { sandbox } from './helpers/fixtures';
import { PanelPool, settled, panelState } from './helpers/panelSessions';

/** What the webview is sent must stay small whatever the report holds: the items stay in the host. */
describe('report panel with 100,000 clicks', function () {
  this.timeout(120_000);
  let service: Sandbox;
  const pool = new PanelPool();

  before(async () => {
    service = await sandbox({ clicks: 100_000, actions: 5_000 });
  });
  after(async () => {
    try {
      await pool.close();
    } finally {
      await service.close();
    }
  });

  it('sends snapshots well under 1 MB for every grouping, and pages the 100,000 items in order', async () => {
    const { session, store, until } = pool.open(service, pool.folder());
    const selected = session.select(panelState({ period: { preset: 'last120' } }));
    await until(settled);
    const items = store
      .state({ kind: 'clicks', period: selected.period!, filters: {} })!
      .report!.windows.reduce((sum, window) => sum + window.items.length, 0);
    assert.ok(items > 90_000, `the report holds ${items} items`);

    for (const groupBy of ['day', 'program', 'subId', 'platform', 'product', 'merchant', 'none'] as GroupBy[]) {
      const snapshot = session.select(panelState({ period: { preset: 'last120' }, groupBy }));
      assert.equal(snapshot.status, 'ready');
      const bytes = Buffer.byteLength(JSON.stringify(snapshot));
      assert.ok(bytes < 1_000_000, `${groupBy}: ${bytes} bytes`);
      assert.ok(snapshot.chart!.series.length <= 6);
      assert.equal(snapshot.chart!.days.length, 121);
      const options = snapshot.filterOptions;
      assert.ok([options.platforms, options.programs, options.subIds].every((list) => list.length <= 200));
    }

    const items100k = session.select(
      panelState({ period: { preset: 'last120' }, groupBy: 'none', sort: { column: 'updatedAt', direction: 'desc' } }),
    );
    assert.equal(items100k.table!.rowCount, items);
    const first = session.rows({ selectionId: items100k.selectionId, offset: 0, count: 500 });
    let previous = first.rows.at(-1)!.cells[7] as string;
    for (let offset = 500; offset < 20_500; offset += 500) {
      const page = session.rows({ selectionId: items100k.selectionId, offset, count: 500 }).rows;
      assert.equal(page.length, 500);
      const updated = page.map((row) => row.cells[7] as string);
      assert.ok(
        updated.every((value) => value <= previous && ((previous = value), true)),
        'newest first across pages',
      );
    }

    const exported = session.exportTable(items100k.selectionId);
    assert.equal(exported.rows.length, items);
  });
});
