/** What the mouse and keyboard do in the table: sort from a header, a row's actions, and moving the focused cell. */
import type { ColumnInfo, RowAction, TableRow } from '../../../reports/panel/protocol';
import { moveFor, type GridBounds, type GridPosition } from './gridKeyboard';
import { Disposable, listen } from './lifecycle';

/** What the table lends its input handling. */
export interface GridInputTarget {
  columns(): ColumnInfo[];
  row(index: number): TableRow | undefined;
  bounds(): GridBounds;
  active(): GridPosition;
  /** Makes `position` the focused cell; `focus`: scroll to it and focus it now. */
  setActive(position: GridPosition, focus: boolean): void;
  sortBy(column: ColumnInfo): void;
  rowAction(row: TableRow, action: RowAction): void;
}

export class GridInput extends Disposable {
  constructor(
    private readonly grid: HTMLElement,
    private readonly target: GridInputTarget,
  ) {
    super();
    this._register(listen(grid, 'keydown', (event) => this.onKeyDown(event)));
    this._register(listen(grid, 'click', (event) => this.onClick(event)));
    this._register(listen(grid, 'focusin', (event) => this.onFocusIn(event)));
  }

  /** The cell an element is in: rows are known by aria-rowindex (1 the header, 2 the first body row). */
  private positionOf(target: EventTarget | null): GridPosition | undefined {
    if (!(target instanceof Element)) {
      return undefined;
    }
    const cell = target.closest('[data-col]');
    const row = target.closest('[aria-rowindex]');
    if (cell === null || row === null || !this.grid.contains(row)) {
      return undefined;
    }
    return { row: Number(row.getAttribute('aria-rowindex')) - 2, col: Number(cell.getAttribute('data-col')) };
  }

  private onFocusIn(event: FocusEvent): void {
    const position = this.positionOf(event.target);
    if (position !== undefined) {
      this.target.setActive(position, false);
    }
  }

  private onClick(event: MouseEvent): void {
    const element = event.target instanceof Element ? event.target : null;
    const position = this.positionOf(element);
    if (element === null || position === undefined) {
      return;
    }
    const button = element.closest<HTMLButtonElement>('button.row-action');
    if (button !== null) {
      const row = this.target.row(position.row);
      const action = button.dataset.action as RowAction | undefined;
      if (row !== undefined && action !== undefined && row.actions.includes(action)) {
        this.target.rowAction(row, action);
      }
      return;
    }
    const column = this.target.columns()[position.col];
    if (position.row === -1 && column !== undefined) {
      this.target.sortBy(column);
    }
  }

  private onKeyDown(event: KeyboardEvent): void {
    const element = event.target instanceof HTMLElement ? event.target : null;
    const position = this.positionOf(element) ?? this.target.active();
    if (element !== null && this.moveAmongActions(event, element)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      if (element instanceof HTMLButtonElement) {
        return; // the button does it
      }
      const column = this.target.columns()[position.col];
      if (position.row === -1 && column !== undefined) {
        event.preventDefault();
        this.target.sortBy(column);
      } else if (event.key === 'Enter' && position.row >= 0) {
        const row = this.target.row(position.row);
        const first = row?.actions[0];
        if (row !== undefined && first !== undefined) {
          event.preventDefault();
          this.target.rowAction(row, first);
        }
      }
      return;
    }
    const next = moveFor(event.key, event.ctrlKey || event.metaKey, position, this.target.bounds());
    if (next !== undefined) {
      event.preventDefault();
      this.target.setActive(next, true);
    }
  }

  /** In an actions cell, Left and Right go through its buttons before leaving it. */
  private moveAmongActions(event: KeyboardEvent, element: HTMLElement): boolean {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') {
      return false;
    }
    const forward = event.key === 'ArrowRight';
    if (element.classList.contains('actions') && element.getAttribute('role') === 'gridcell') {
      const first = element.querySelector<HTMLElement>('button');
      if (forward && first !== null) {
        first.focus();
        return true;
      }
      return false;
    }
    if (element instanceof HTMLButtonElement && element.classList.contains('row-action')) {
      const sibling = forward ? element.nextElementSibling : element.previousElementSibling;
      const next = sibling instanceof HTMLElement ? sibling : forward ? undefined : element.parentElement;
      next?.focus();
      return true;
    }
    return false;
  }
}
