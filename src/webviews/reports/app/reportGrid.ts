/**
 * The report's table as an ARIA grid (vscode-elements' table neither sorts nor virtualizes): its
 * body holds only the rows in view, read from the host block by block; headers sort.
 */
import * as l10n from '@vscode/l10n';
import type { ColumnInfo, GroupBy, RowAction, TableRow, TableShape } from '../../../reports/panel/protocol';
import { h, setAttr, setText } from './dom';
import type { Formatters } from './formatters';
import {
  ROW_HEIGHT,
  columnTracks,
  fillDataRow,
  fillHeaderRow,
  fillPlaceholderRow,
  fillTotalsRow,
  type RowContext,
} from './gridCells';
import { GridFocus } from './gridFocus';
import { GridInput } from './gridInput';
import { clampPosition, type GridBounds, type GridPosition } from './gridKeyboard';
import { RowBlocks, type FetchRows } from './gridRows';
import { Disposable, listen, toDisposable } from './lifecycle';
import { groupLabel } from './panelState';
import { GROUPINGS_WITH_ACTIONS } from '../../../reports/model/reportVocabulary';

export interface GridHost {
  fetchRows: FetchRows;
  sortBy(column: ColumnInfo): void;
  rowAction(row: TableRow, action: RowAction): void;
}

/** Rows rendered above and below the ones in view, so a short scroll shows no placeholder. */
const MARGIN_ROWS = 8;
/** Groupings whose rows offer actions (filter, open the SubID's file, reveal the merchant). */
const ACTIONS_COLUMN: ReadonlySet<GroupBy> = new Set(GROUPINGS_WITH_ACTIONS);

export class ReportGrid extends Disposable {
  readonly element: HTMLElement;
  private readonly caption: HTMLElement;
  private readonly message: HTMLElement;
  private readonly grid: HTMLDivElement;
  private readonly head: HTMLDivElement;
  private readonly headRow: HTMLDivElement;
  private readonly body: HTMLDivElement;
  private readonly foot: HTMLDivElement;
  private readonly totalsRow: HTMLDivElement;
  private readonly blocks: RowBlocks;
  private readonly rendered = new Map<number, HTMLDivElement>();
  /** The row each element shows (null: a placeholder), so unchanged rows are not rebuilt. */
  private readonly shown = new WeakMap<HTMLElement, TableRow | null>();
  private table: TableShape | undefined;
  private context: RowContext;
  private selectionId = -1;
  private groupBy: GroupBy = 'day';
  private seenActions = false;
  private active: GridPosition = { row: 0, col: 0 };
  private readonly focus: GridFocus;
  private layoutKey = '';
  /** The grid had the focus when it was hidden (a new selection loading). */
  private focusLost = false;
  private frame = 0;

  constructor(
    host: GridHost,
    private readonly format: Formatters,
  ) {
    super();
    this.context = { columns: [], format, actionsColumn: false, provisionalReason: '' };
    this.blocks = new RowBlocks(host.fetchRows, () => this.scheduleRender());
    this.headRow = h('div', { className: 'grid-row header-row', attrs: { role: 'row', 'aria-rowindex': '1' } });
    this.head = h('div', { className: 'grid-head', attrs: { role: 'rowgroup' } }, [this.headRow]);
    this.body = h('div', { className: 'grid-body', attrs: { role: 'rowgroup' } });
    this.totalsRow = h('div', { className: 'grid-row totals-row', testId: 'totals', attrs: { role: 'row' } });
    this.foot = h('div', { className: 'grid-foot', attrs: { role: 'rowgroup' } }, [this.totalsRow]);
    this.caption = h('h2', { className: 'section-heading', attrs: { id: 'grid-caption' } });
    this.message = h('p', { className: 'grid-message', attrs: { role: 'alert' } });
    this.grid = h(
      'div',
      { className: 'grid', testId: 'grid', attrs: { role: 'grid', 'aria-labelledby': 'grid-caption', tabindex: '-1' } },
      [this.head, this.body, this.foot],
    );
    this.grid.style.setProperty('--row-height', `${ROW_HEIGHT}px`);
    this.element = h('section', { className: 'grid-section' }, [this.caption, this.message, this.grid]);
    this.focus = new GridFocus({
      grid: this.grid,
      headRow: this.headRow,
      totalsRow: this.totalsRow,
      rendered: this.rendered,
    });

    this._register(listen(this.grid, 'scroll', () => this.scheduleRender(), { passive: true }));
    this._register(
      new GridInput(this.grid, {
        columns: () => this.table?.columns ?? [],
        row: (index) => this.blocks.row(index),
        bounds: () => this.bounds(),
        active: () => this.active,
        setActive: (position, focus) => {
          this.active = position;
          if (focus) {
            this.focusActive();
          } else {
            this.focus.update(this.active, this.table?.rowCount, false);
          }
        },
        sortBy: (column) => host.sortBy(column),
        rowAction: (row, action) => host.rowAction(row, action),
      }),
    );
    const sizeWatch = new ResizeObserver(() => this.scheduleRender());
    sizeWatch.observe(this.grid);
    this._register(toDisposable(() => sizeWatch.disconnect()));
    this._register(toDisposable(() => cancelAnimationFrame(this.frame)));
  }

  /** Shows a snapshot's table: a new selection starts at the top; the same selection refreshed keeps its place. */
  update(selectionId: number, table: TableShape | undefined, provisionalReason: string, groupBy: GroupBy): void {
    if (table === this.table && selectionId === this.selectionId) {
      return; // the same snapshot drawn again (the controls changed)
    }
    if (table === undefined) {
      // A selection loading has no table yet: the focus comes back when it has one, unless the
      // user has put it elsewhere meanwhile.
      this.focusLost ||= this.grid.contains(document.activeElement);
      this.element.hidden = true;
      this.table = undefined;
      return;
    }
    this.element.hidden = false;
    this.table = table;
    const newSelection = selectionId !== this.selectionId;
    // Read before the header and rows are rebuilt, which takes the focus away with them.
    const nowhere = document.activeElement === null || document.activeElement === document.body;
    const hadFocus = this.grid.contains(document.activeElement) || (this.focusLost && nowhere);
    this.focusLost = false;
    this.selectionId = selectionId;
    this.groupBy = groupBy;
    if (newSelection) {
      // Another table starts at its top; the focus stays on the header or goes to the first row.
      this.seenActions = false;
      this.grid.scrollTop = 0;
      this.active = { row: Math.min(this.active.row, 0), col: this.active.col };
    }
    this.blocks.reset(selectionId, table.rowCount);
    this.context = {
      columns: table.columns,
      format: this.format,
      actionsColumn: ACTIONS_COLUMN.has(groupBy) || this.seenActions,
      provisionalReason,
    };
    this.layout(newSelection);
    this.render(hadFocus);
  }

  private layout(newSelection: boolean): void {
    const table = this.table;
    if (table === undefined) {
      return;
    }
    const { columns, rowCount, totals, sort } = table;
    const actionsColumn = this.context.actionsColumn;
    const colCount = columns.length + (actionsColumn ? 1 : 0);
    setText(this.caption, this.captionText(rowCount));
    setAttr(this.grid, 'aria-rowcount', String(rowCount + 1 + (totals === null ? 0 : 1)));
    setAttr(this.grid, 'aria-colcount', String(colCount));
    const key = JSON.stringify([columns, sort, actionsColumn]);
    if (key !== this.layoutKey || newSelection) {
      this.layoutKey = key;
      const tracks = columnTracks(columns, actionsColumn);
      this.grid.style.setProperty('--grid-columns', tracks.template);
      this.grid.style.setProperty('--grid-min-width', tracks.minWidth);
      fillHeaderRow(this.headRow, columns, sort, actionsColumn);
      this.body.replaceChildren();
      this.rendered.clear();
      this.focus.forget();
    }
    this.body.style.height = `${rowCount * ROW_HEIGHT}px`;
    this.foot.hidden = totals === null;
    if (totals !== null) {
      fillTotalsRow(this.totalsRow, rowCount, totals, this.context);
    }
    this.active = clampPosition(this.active, this.bounds());
  }

  /** "Grouped by Program · 42 rows", "Items · 1 row". */
  private captionText(rowCount: number): string {
    const rows = this.format.count(rowCount);
    if (this.groupBy === 'none') {
      return rowCount === 1 ? l10n.t('Items · 1 row') : l10n.t('Items · {0} rows', rows);
    }
    const grouping = groupLabel(this.groupBy);
    return rowCount === 1
      ? l10n.t('Grouped by {0} · 1 row', grouping)
      : l10n.t('Grouped by {0} · {1} rows', grouping, rows);
  }

  private bounds(): GridBounds {
    const table = this.table;
    const visible = this.grid.clientHeight - this.head.offsetHeight - (this.foot.hidden ? 0 : this.foot.offsetHeight);
    return {
      rowCount: table?.rowCount ?? 0,
      colCount: this.context.columns.length + (this.context.actionsColumn ? 1 : 0),
      hasTotals: table !== undefined && table.totals !== null,
      pageRows: Math.max(1, Math.floor(visible / ROW_HEIGHT)),
    };
  }

  private scheduleRender(): void {
    if (this.frame === 0) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.render();
      });
    }
  }

  /** Puts in the DOM the rows in view (plus margins and the focused row), and nothing else. */
  private render(hadFocus = this.grid.contains(document.activeElement)): void {
    const table = this.table;
    if (table === undefined) {
      return;
    }
    const top = this.grid.scrollTop - this.body.offsetTop;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - MARGIN_ROWS);
    const last = Math.min(table.rowCount - 1, Math.ceil((top + this.grid.clientHeight) / ROW_HEIGHT) + MARGIN_ROWS);
    this.blocks.ensure(first, last);
    const keep = (index: number): boolean => (index >= first && index <= last) || index === this.active.row;
    for (const [index, element] of this.rendered) {
      if (!keep(index) || index >= table.rowCount) {
        element.remove();
        this.rendered.delete(index);
      }
    }
    const indexes = [];
    for (let index = first; index <= last; index++) {
      indexes.push(index);
    }
    if (
      this.active.row >= 0 &&
      this.active.row < table.rowCount &&
      (this.active.row < first || this.active.row > last)
    ) {
      indexes.push(this.active.row);
    }
    for (const index of indexes) {
      if (!this.renderRow(index)) {
        return; // the layout changed (an actions column appeared): rendered again from scratch
      }
    }
    const error = this.blocks.error();
    setText(
      this.message,
      error === undefined ? '' : l10n.t('Some rows could not be read: {0} Refresh the report to try again.', error),
    );
    this.message.hidden = error === undefined;
    this.focus.update(this.active, this.table?.rowCount, hadFocus);
  }

  /** Shows row `index`; false when its actions called for a new layout (which rendered everything). */
  private renderRow(index: number): boolean {
    let element = this.rendered.get(index);
    if (element === undefined) {
      element = h('div', { attrs: { role: 'row' } });
      element.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
      this.rendered.set(index, element);
      this.body.append(element);
    }
    const row = this.blocks.row(index);
    if (row === undefined) {
      if (this.shown.get(element) !== null) {
        fillPlaceholderRow(element, index, this.context);
        this.shown.set(element, null);
      }
      return true;
    }
    if (row.actions.length > 0 && !this.context.actionsColumn) {
      this.seenActions = true;
      this.context = { ...this.context, actionsColumn: true };
      const hadFocus = this.grid.contains(document.activeElement);
      this.layout(false);
      this.render(hadFocus);
      return false;
    }
    if (this.shown.get(element) !== row) {
      fillDataRow(element, index, row, this.context);
      this.shown.set(element, row);
    }
    return true;
  }

  private focusActive(): void {
    this.focus.scrollTo(this.active, this.table?.rowCount, this.bounds().pageRows);
    this.render();
    this.focus.cellAt(this.active, this.table?.rowCount)?.focus();
  }
}
