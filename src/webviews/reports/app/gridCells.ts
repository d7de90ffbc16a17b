/**
 * The table's rows as elements: sortable header, body rows, placeholders while a block loads, and the totals row;
 * cells focusable by script only (roving tabindex).
 */
import * as l10n from '@vscode/l10n';
import type { ColumnInfo, PanelSort, RowAction, TableRow } from '../../../reports/panel/protocol';
import { codicon, h, setAttr } from './dom';
import type { Formatters } from './formatters';

/** Height of a row in CSS pixels; reports.css reads it as --row-height, set from here. */
export const ROW_HEIGHT = 24;

export interface RowContext {
  columns: ColumnInfo[];
  format: Formatters;
  actionsColumn: boolean;
  provisionalReason: string;
}

/** The (hidden) name of the column of the rows' buttons. */
function actionsColumnLabel(): string {
  return l10n.t({
    message: 'Actions',
    comment: ['The column of the buttons each row offers (Filter, Open file, Reveal), not the report of actions.'],
  });
}

/** A row action's button: its label and its tooltip. */
function actionText(action: RowAction): { label: string; title: string } {
  switch (action) {
    case 'filterPlatform':
      return { label: l10n.t('Filter'), title: l10n.t('Show only this platform') };
    case 'filterProgram':
      return { label: l10n.t('Filter'), title: l10n.t('Show only this program') };
    case 'filterSubId':
      return { label: l10n.t('Filter'), title: l10n.t('Show only this SubID') };
    case 'openSubIdFile':
      return { label: l10n.t('Open file'), title: l10n.t('Open the workspace file named after this SubID') };
    case 'revealMerchant':
      return { label: l10n.t('Reveal'), title: l10n.t('Reveal this merchant in the Merchants view') };
  }
}

function isNumeric(column: ColumnInfo): boolean {
  return column.kind === 'count' || column.kind === 'share' || column.kind === 'amount';
}

function cell(role: 'gridcell' | 'columnheader', col: number, className: string): HTMLDivElement {
  return h('div', { className, attrs: { role, 'data-col': String(col), tabindex: '-1' } });
}

function dataCellClass(column: ColumnInfo): string {
  return `cell kind-${column.kind}${isNumeric(column) ? ' numeric' : ''}`;
}

/** The narrowest each kind of column gets, in em of the table's font (an amount with its code, a timestamp, a percent). */
const MIN_WIDTHS: Readonly<Record<ColumnInfo['kind'], number>> = {
  text: 12,
  date: 10,
  amount: 9.5,
  count: 6.5,
  share: 5.5,
};
const ACTIONS_WIDTH = 11;

/** The CSS grid tracks of the columns: text takes the most room, numbers and dates share the rest, actions fixed. */
export function columnTracks(columns: ColumnInfo[], actionsColumn: boolean): { template: string; minWidth: string } {
  const tracks = columns.map((column): [string, number] => [
    `minmax(${MIN_WIDTHS[column.kind]}em, ${column.kind === 'text' ? 3 : 1}fr)`,
    MIN_WIDTHS[column.kind],
  ]);
  if (actionsColumn) {
    tracks.push([`${ACTIONS_WIDTH}em`, ACTIONS_WIDTH]);
  }
  return {
    template: tracks.map(([track]) => track).join(' '),
    minWidth: `${tracks.reduce((sum, [, em]) => sum + em, 0) + 1}em`,
  };
}

export function fillHeaderRow(
  element: HTMLElement,
  columns: ColumnInfo[],
  sort: PanelSort | null,
  actionsColumn: boolean,
): void {
  const cells = columns.map((column, index) => {
    const sorted = sort !== null && sort.column === column.id ? sort.direction : undefined;
    const header = cell('columnheader', index, `cell header sortable${isNumeric(column) ? ' numeric' : ''}`);
    header.dataset.testid = `header-${column.id}`;
    header.setAttribute('aria-sort', sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none');
    const sortBy = l10n.t('Sort by {0}', column.label);
    header.title = column.title === undefined ? sortBy : `${column.title}\n${sortBy}`;
    header.append(h('span', { className: 'header-label', text: column.label }));
    if (sorted !== undefined) {
      header.append(codicon(sorted === 'asc' ? 'arrow-up' : 'arrow-down'));
    }
    return header;
  });
  if (actionsColumn) {
    const actions = cell('columnheader', columns.length, 'cell header actions');
    actions.append(h('span', { className: 'visually-hidden', text: actionsColumnLabel() }));
    cells.push(actions);
  }
  element.replaceChildren(...cells);
}

function rowCells(row: TableRow, context: RowContext, firstCellMarker: boolean): HTMLDivElement[] {
  const cells = context.columns.map((column, index) => {
    const element = cell('gridcell', index, dataCellClass(column));
    const text = context.format.cell(row.cells[index] ?? null, column);
    element.append(h('span', { className: 'cell-text', text }));
    // What may not fit its column (long names, SubIDs, ids, timestamps) can be read in full as a tooltip.
    if ((column.kind === 'text' && text.length > 24) || (column.kind === 'date' && text.length > 16)) {
      element.title = text;
    }
    if (index === 0 && firstCellMarker && row.provisional === true) {
      const marker = codicon('history', l10n.t('Provisional: {0}', context.provisionalReason));
      marker.classList.add('provisional-marker');
      element.append(marker);
    }
    return element;
  });
  if (context.actionsColumn) {
    const actions = cell('gridcell', context.columns.length, 'cell actions');
    for (const action of row.actions) {
      const { label, title } = actionText(action);
      actions.append(
        h('button', {
          className: 'row-action',
          testId: `row-action-${action}`,
          text: label,
          title,
          attrs: { type: 'button', tabindex: '-1', 'data-action': action },
        }),
      );
    }
    cells.push(actions);
  }
  return cells;
}

/** A body row with its data; `index` counts from 0. */
export function fillDataRow(element: HTMLElement, index: number, row: TableRow, context: RowContext): void {
  element.dataset.testid = 'row';
  element.className = `grid-row${row.provisional === true ? ' provisional' : ''}`;
  element.removeAttribute('aria-busy');
  setAttr(element, 'data-key', row.key);
  setAttr(element, 'aria-rowindex', String(index + 2));
  element.replaceChildren(...rowCells(row, context, true));
}

/** A body row whose block is still being read. */
export function fillPlaceholderRow(element: HTMLElement, index: number, context: RowContext): void {
  element.dataset.testid = 'row-placeholder';
  element.className = 'grid-row placeholder';
  element.setAttribute('aria-busy', 'true');
  element.removeAttribute('data-key');
  setAttr(element, 'aria-rowindex', String(index + 2));
  const count = context.columns.length + (context.actionsColumn ? 1 : 0);
  const cells: HTMLDivElement[] = [];
  for (let col = 0; col < count; col++) {
    const placeholder = cell('gridcell', col, 'cell');
    placeholder.append(h('span', { className: 'loading-bar', attrs: { 'aria-hidden': 'true' } }));
    if (col === 0) {
      placeholder.append(h('span', { className: 'visually-hidden', text: l10n.t('Loading…') }));
    }
    cells.push(placeholder);
  }
  element.replaceChildren(...cells);
}

/** The totals row, after the body. */
export function fillTotalsRow(element: HTMLElement, rowCount: number, totals: TableRow, context: RowContext): void {
  setAttr(element, 'aria-rowindex', String(rowCount + 2));
  element.replaceChildren(...rowCells({ ...totals, actions: [] }, context, false));
}
