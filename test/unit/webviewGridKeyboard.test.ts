import assert from 'node:assert/strict';
import fc from 'fast-check';
import { lastRow, moveFor, type GridBounds } from '../../src/webviews/reports/app/gridKeyboard';

const KEYS = ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'PageDown', 'PageUp', 'Home', 'End'];
const bounds = (patch: Partial<GridBounds> = {}): GridBounds => ({
  rowCount: 1000,
  colCount: 4,
  hasTotals: true,
  pageRows: 20,
  ...patch,
});

describe('webview grid keyboard', () => {
  it('moves by cell, page, row start and end, and to the first and last rows', () => {
    const b = bounds();
    assert.deepEqual(moveFor('ArrowDown', false, { row: -1, col: 2 }, b), { row: 0, col: 2 });
    assert.deepEqual(moveFor('ArrowUp', false, { row: 0, col: 2 }, b), { row: -1, col: 2 });
    assert.deepEqual(moveFor('ArrowUp', false, { row: -1, col: 2 }, b), { row: -1, col: 2 });
    assert.deepEqual(moveFor('ArrowRight', false, { row: 5, col: 3 }, b), { row: 5, col: 3 });
    assert.deepEqual(moveFor('PageDown', false, { row: 0, col: 0 }, b), { row: 19, col: 0 });
    assert.deepEqual(moveFor('PageDown', false, { row: 990, col: 0 }, b), { row: 999, col: 0 });
    assert.deepEqual(moveFor('PageDown', false, { row: 999, col: 0 }, b), { row: 1000, col: 0 }, 'then the totals row');
    assert.deepEqual(moveFor('PageUp', false, { row: 5, col: 1 }, b), { row: 0, col: 1 });
    assert.deepEqual(moveFor('PageUp', false, { row: 0, col: 1 }, b), { row: -1, col: 1 });
    assert.deepEqual(moveFor('Home', false, { row: 5, col: 3 }, b), { row: 5, col: 0 });
    assert.deepEqual(moveFor('End', false, { row: 5, col: 0 }, b), { row: 5, col: 3 });
    assert.deepEqual(moveFor('Home', true, { row: 500, col: 3 }, b), { row: 0, col: 0 });
    assert.deepEqual(moveFor('End', true, { row: 5, col: 0 }, b), { row: 999, col: 3 });
    assert.deepEqual(moveFor('ArrowDown', false, { row: 999, col: 0 }, b), { row: 1000, col: 0 });
    assert.deepEqual(moveFor('ArrowDown', false, { row: 999, col: 0 }, bounds({ hasTotals: false })), {
      row: 999,
      col: 0,
    });
    assert.equal(moveFor('a', false, { row: 0, col: 0 }, b), undefined);
  });

  it('stays on the header of an empty table', () => {
    const empty = bounds({ rowCount: 0, hasTotals: false });
    for (const key of KEYS) {
      assert.equal(moveFor(key, true, { row: -1, col: 0 }, empty)?.row, -1, key);
    }
  });

  it('never leaves the table, whatever the keys and the table', () => {
    const arbitraryBounds = fc.record({
      rowCount: fc.integer({ min: 0, max: 200_000 }),
      colCount: fc.integer({ min: 1, max: 12 }),
      hasTotals: fc.boolean(),
      pageRows: fc.integer({ min: 1, max: 100 }),
    });
    fc.assert(
      fc.property(
        arbitraryBounds,
        fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.boolean()), { maxLength: 30 }),
        (b, presses) => {
          let position = { row: -1, col: 0 };
          for (const [key, ctrl] of presses) {
            position = moveFor(key, ctrl, position, b) ?? position;
            assert.ok(position.row >= -1 && position.row <= lastRow(b), JSON.stringify(position));
            assert.ok(position.col >= 0 && position.col < b.colCount, JSON.stringify(position));
          }
        },
      ),
    );
  });
});
