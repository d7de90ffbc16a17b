/**
 * Where a key moves the table's focused cell (the ARIA grid pattern): arrows by one cell,
 * PageUp/PageDown by a screenful, Home/End to the first/last cell of the row, Ctrl+Home and
 * Ctrl+End to the first/last row. Rows count from -1 (the header) to the totals row. No DOM.
 */

export interface GridPosition {
  /** -1: the header row; 0..rowCount-1: the body; rowCount: the totals row (when there is one). */
  row: number;
  col: number;
}

export interface GridBounds {
  rowCount: number;
  colCount: number;
  hasTotals: boolean;
  /** Rows in one screen, for PageUp/PageDown. */
  pageRows: number;
}

export function lastRow(bounds: GridBounds): number {
  return bounds.hasTotals ? bounds.rowCount : bounds.rowCount - 1;
}

/** The position clamped into the table (after it shrank). */
export function clampPosition(position: GridPosition, bounds: GridBounds): GridPosition {
  return {
    row: Math.max(-1, Math.min(position.row, lastRow(bounds))),
    col: Math.max(0, Math.min(position.col, bounds.colCount - 1)),
  };
}

/** The position `key` moves to, or undefined when the key is not a move. */
export function moveFor(key: string, ctrl: boolean, from: GridPosition, bounds: GridBounds): GridPosition | undefined {
  const last = lastRow(bounds);
  const firstBody = bounds.rowCount > 0 ? 0 : -1;
  const lastBody = bounds.rowCount > 0 ? bounds.rowCount - 1 : -1;
  const page = Math.max(1, bounds.pageRows - 1);
  let { row, col } = from;
  switch (key) {
    case 'ArrowDown':
      row += 1;
      break;
    case 'ArrowUp':
      row -= 1;
      break;
    case 'ArrowRight':
      col += 1;
      break;
    case 'ArrowLeft':
      col -= 1;
      break;
    case 'PageDown':
      // From the header or the body, a screen down but not past the body's last row.
      row = row >= lastBody ? last : Math.min(lastBody, Math.max(0, row) + page);
      break;
    case 'PageUp':
      row = row <= firstBody ? -1 : Math.max(firstBody, Math.min(row, lastBody + 1) - page);
      break;
    case 'Home':
      col = 0;
      if (ctrl) {
        row = firstBody;
      }
      break;
    case 'End':
      col = bounds.colCount - 1;
      if (ctrl) {
        row = lastBody;
      }
      break;
    default:
      return undefined;
  }
  return clampPosition({ row, col }, bounds);
}
