/**
 * The report grid's roving focus: the one cell with tabindex="0" (the active cell, else the grid
 * itself), found among the rows in the DOM, and the scroll that brings the active row into view.
 */
import { ROW_HEIGHT } from './gridCells';
import type { GridPosition } from './gridKeyboard';

export interface GridFocusParts {
  grid: HTMLElement;
  headRow: HTMLElement;
  totalsRow: HTMLElement;
  /** The body's rows in the DOM, by index. */
  rendered: ReadonlyMap<number, HTMLElement>;
}

export class GridFocus {
  private tabbable: HTMLElement | undefined;

  constructor(private readonly parts: GridFocusParts) {}

  /** The cell at `position`, if it is in the DOM: row -1 is the header, row `rowCount` the totals. */
  cellAt(position: GridPosition, rowCount: number | undefined): HTMLElement | undefined {
    const selector = `[data-col="${position.col}"]`;
    if (position.row === -1) {
      return this.parts.headRow.querySelector<HTMLElement>(selector) ?? undefined;
    }
    if (rowCount !== undefined && position.row === rowCount) {
      return this.parts.totalsRow.querySelector<HTMLElement>(selector) ?? undefined;
    }
    return this.parts.rendered.get(position.row)?.querySelector<HTMLElement>(selector) ?? undefined;
  }

  /** Moves the single tabindex="0" to the active cell (the grid itself when it has none); `refocus`: and focuses it. */
  update(active: GridPosition, rowCount: number | undefined, refocus: boolean): void {
    const cell = this.cellAt(active, rowCount) ?? this.parts.grid;
    if (this.tabbable !== cell) {
      this.tabbable?.setAttribute('tabindex', '-1');
      cell.setAttribute('tabindex', '0');
      this.tabbable = cell;
    }
    if (refocus && !this.parts.grid.contains(document.activeElement)) {
      cell.focus();
    }
  }

  /** The header and rows were rebuilt: the cell that was tabbable is gone. */
  forget(): void {
    this.tabbable = undefined;
  }

  /** Scrolls the grid so that the active row is in view, `pageRows` being how many rows it shows. */
  scrollTo(active: GridPosition, rowCount: number | undefined, pageRows: number): void {
    const grid = this.parts.grid;
    if (rowCount !== undefined && active.row >= 0 && active.row < rowCount) {
      const rowTop = active.row * ROW_HEIGHT;
      const visible = pageRows * ROW_HEIGHT;
      if (rowTop < grid.scrollTop) {
        grid.scrollTop = rowTop;
      } else if (rowTop + ROW_HEIGHT > grid.scrollTop + visible) {
        grid.scrollTop = rowTop + ROW_HEIGHT - visible;
      }
    }
  }
}
