import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ColumnInfo, PanelState } from '../../src/reports/panel/protocol';
import {
  defaultPanelState,
  restorePanelState,
  samePanelState,
  toggledSort,
  withFilter,
  withRowFilter,
  withTab,
} from '../../src/webviews/reports/app/panelState';

const state = (patch: Partial<PanelState> = {}): PanelState => ({ ...defaultPanelState(), ...patch });
const column = (id: string, kind: ColumnInfo['kind']): ColumnInfo => ({ id, label: id, kind });

describe('webview panel state', () => {
  it('restores nothing from what is not a state of version 1', () => {
    for (const raw of [undefined, null, 'x', 3, [], {}, { version: 2, tab: 'clicks' }, { version: '1' }]) {
      assert.equal(restorePanelState(raw), null, JSON.stringify(raw));
    }
  });

  it('keeps the valid fields of a restored state and defaults the others', () => {
    const restored = restorePanelState({
      version: 1,
      tab: 'payouts',
      period: { preset: 'custom', from: '2026-11-10', to: '2026-11-01' },
      filters: { subId: 5, programId: 'p1', adspaceId: '', extra: 'x' },
      groupBy: 'merchant',
      sort: { column: 'clicks', direction: 'up' },
    });
    assert.deepEqual(restored, {
      version: 1,
      tab: 'clicks',
      period: { preset: 'last30' },
      filters: { programId: 'p1' },
      groupBy: 'merchant',
      sort: null,
    });
    assert.deepEqual(
      restorePanelState({
        version: 1,
        tab: 'actions',
        period: { preset: 'custom', from: '2026-11-01', to: '2026-11-10' },
        sort: { column: 'clicks', direction: 'asc' },
      }),
      {
        version: 1,
        tab: 'actions',
        period: { preset: 'custom', from: '2026-11-01', to: '2026-11-10' },
        filters: {},
        groupBy: 'day',
        sort: { column: 'clicks', direction: 'asc' },
      },
    );
  });

  it('never throws on any stored value, and what it restores restores to itself', () => {
    const candidate = fc.record(
      {
        version: fc.constantFrom(1, 2, '1'),
        tab: fc.oneof(fc.constantFrom('clicks', 'actions'), fc.anything()),
        period: fc.oneof(
          fc.record({ preset: fc.constantFrom('last7', 'custom', 'bogus'), from: fc.string(), to: fc.string() }),
          fc.anything(),
        ),
        filters: fc.oneof(
          fc.dictionary(
            fc.constantFrom('adspaceId', 'programId', 'subId', 'other'),
            fc.oneof(fc.string({ maxLength: 300 }), fc.integer()),
          ),
          fc.anything(),
        ),
        groupBy: fc.oneof(fc.constantFrom('day', 'none', 'merchant'), fc.anything()),
        sort: fc.oneof(
          fc.record({ column: fc.string(), direction: fc.constantFrom('asc', 'desc', 'up') }),
          fc.constant(null),
          fc.anything(),
        ),
      },
      { requiredKeys: ['version'] },
    );
    fc.assert(
      fc.property(fc.oneof(candidate, fc.anything()), (raw) => {
        const restored = restorePanelState(raw);
        if (restored !== null) {
          assert.deepEqual(restorePanelState(JSON.parse(JSON.stringify(restored))), restored);
          assert.ok(samePanelState(restored, restored));
        }
      }),
    );
  });

  it('compares states whatever the order of their keys', () => {
    const a = state({ filters: { subId: 's', programId: 'p' } });
    const b = { ...state(), filters: { programId: 'p', subId: 's', adspaceId: undefined } };
    assert.ok(samePanelState(a, b));
    assert.ok(!samePanelState(a, withFilter(a, 'subId', undefined)));
  });

  it('filters by a row and shows that one by day when the table was grouped by its dimension', () => {
    const byProgram = state({ groupBy: 'program', sort: { column: 'clicks', direction: 'asc' } });
    assert.deepEqual(
      withRowFilter(byProgram, 'filterProgram', 'p7'),
      state({ groupBy: 'day', filters: { programId: 'p7' }, sort: null }),
    );
    const bySubId = state({ groupBy: 'subId' });
    assert.deepEqual(
      withRowFilter(bySubId, 'filterProgram', 'p7'),
      state({ groupBy: 'subId', filters: { programId: 'p7' } }),
    );
    assert.equal(withRowFilter(bySubId, 'openSubIdFile', 'x'), bySubId);
  });

  it('sorts text ascending and numbers descending first, then toggles', () => {
    assert.deepEqual(toggledSort(null, column('label', 'text')), { column: 'label', direction: 'asc' });
    assert.deepEqual(toggledSort(null, column('clicks', 'count')), { column: 'clicks', direction: 'desc' });
    assert.deepEqual(toggledSort({ column: 'clicks', direction: 'desc' }, column('clicks', 'count')), {
      column: 'clicks',
      direction: 'asc',
    });
    assert.deepEqual(toggledSort({ column: 'clicks', direction: 'asc' }, column('clicks', 'count')), {
      column: 'clicks',
      direction: 'desc',
    });
    assert.deepEqual(toggledSort({ column: 'clicks', direction: 'asc' }, column('date', 'date')), {
      column: 'date',
      direction: 'desc',
    });
  });

  it('drops the sort and the Merchant grouping when switching to Actions', () => {
    assert.deepEqual(
      withTab(state({ groupBy: 'merchant', sort: { column: 'clicks', direction: 'asc' } }), 'actions'),
      state({ tab: 'actions', groupBy: 'day' }),
    );
    assert.deepEqual(withTab(state({ groupBy: 'subId' }), 'actions'), state({ tab: 'actions', groupBy: 'subId' }));
  });
});
