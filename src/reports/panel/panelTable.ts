/**
 * One table of the report panel: its columns, rows and cells, sorted by any column through the model's `SortedRows`;
 * what the tables of each kind share.
 */
import * as l10n from '@vscode/l10n';
import type { Cell, ColumnInfo, PanelSort, RowAction, TableRow, TableShape } from './protocol';
import { SortedRows, type RowSort, type SortValue } from '../model/sortedRows';
import type { ExportTable } from './tableExport';

export interface ColumnDef<Row> {
  info: ColumnInfo;
  cell: (row: Row) => Cell;
  /** The value sorted by, when it is not the cell (dates sort as times, not as text). */
  sortValue?: (row: Row) => SortValue;
}

export interface TableDef<Row> {
  columns: ColumnDef<Row>[];
  rows: readonly Row[];
  keyOf: (row: Row) => string | null;
  actionsOf: (row: Row) => RowAction[];
  provisionalOf?: (row: Row) => boolean;
  /** The totals row's cells, in column order; null: the table has none. */
  totals: Cell[] | null;
  /** The order when the panel state sets none; undefined: the rows' own order. */
  defaultSort?: RowSort;
}

/** A column of `kind` whose header explains it (`title`, the tooltip), each cell read from the row. */
export function titledColumn<Row>(
  id: string,
  label: string,
  kind: ColumnInfo['kind'],
  title: string,
  cell: (row: Row) => Cell,
): ColumnDef<Row> {
  return { info: { id, label, kind, title }, cell };
}

/** A grouped table's Share column: each group's part of the total, `title` saying of what. */
export function shareColumn<Row extends { share: number }>(title: string): ColumnDef<Row> {
  const label = l10n.t({ message: 'Share', comment: ['Column header: the part of the total.'] });
  return titledColumn<Row>('share', label, 'share', title, (row) => row.share);
}

/** Dates and times sort as times; a date that cannot be read sorts as empty (last). */
export function timeOf(text: string | null): SortValue {
  if (text === null) {
    return null;
  }
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : time;
}

/**
 * Sort values of a column of many distinct texts (ids): their ranks in plain order (by value
 * when every id is a whole number), worked out on the first sort. The collator's reading order
 * suits names, but takes over half a second for 100,000 distinct ids.
 */
export function idRanks<Row>(rows: readonly Row[], read: (row: Row) => string | null): (row: Row) => SortValue {
  let ranks: Map<string, number> | undefined;
  return (row) => {
    const value = read(row);
    if (value === null) {
      return null;
    }
    if (ranks === undefined) {
      const ids = [...new Set(rows.map(read))].filter((id): id is string => id !== null);
      const numeric = ids.every((id) => /^\d{1,15}$/.test(id));
      ids.sort(numeric ? (a, b) => Number(a) - Number(b) : undefined);
      ranks = new Map(ids.map((id, rank) => [id, rank]));
    }
    return ranks.get(value) ?? null;
  };
}

export class PanelTable<Row> {
  private readonly sorted: SortedRows<Row>;
  private readonly byId: Map<string, ColumnDef<Row>>;

  constructor(private readonly def: TableDef<Row>) {
    this.byId = new Map(def.columns.map((column) => [column.info.id, column]));
    this.sorted = new SortedRows(def.rows, (sort) => {
      const column = this.byId.get(sort.column);
      return column === undefined ? undefined : (column.sortValue ?? column.cell);
    });
  }

  get columns(): ColumnInfo[] {
    return this.def.columns.map((column) => column.info);
  }

  get rowCount(): number {
    return this.sorted.count;
  }

  /** The sort if this table can apply it, else null (the table's own order). */
  effectiveSort(sort: PanelSort | null | undefined): PanelSort | null {
    if (
      !sort ||
      typeof sort.column !== 'string' ||
      !this.byId.has(sort.column) ||
      (sort.direction !== 'asc' && sort.direction !== 'desc')
    ) {
      return null;
    }
    return { column: sort.column, direction: sort.direction };
  }

  shape(sort: PanelSort | null): TableShape {
    const totals = this.def.totals;
    return {
      columns: this.columns,
      rowCount: this.rowCount,
      totals: totals === null ? null : { key: null, cells: totals, actions: [] },
      sort: this.effectiveSort(sort),
    };
  }

  /** Rows `offset` to `offset + count` in `sort` order (an unknown sort: the table's own order). */
  rows(sort: PanelSort | null, offset: number, count: number): TableRow[] {
    return this.sorted.slice(this.rowSort(sort), offset, count).map((row) => this.tableRow(row));
  }

  /** Every row's cells, in `sort` order, with the totals: for Export CSV and Copy Table. */
  export(sort: PanelSort | null): ExportTable {
    const columns = this.def.columns;
    const rows = this.sorted
      .slice(this.rowSort(sort), 0, this.rowCount)
      .map((row) => columns.map((column) => column.cell(row)));
    return { columns: this.columns, rows, totals: this.def.totals };
  }

  private rowSort(sort: PanelSort | null): RowSort | undefined {
    const effective = this.effectiveSort(sort);
    return effective ?? this.def.defaultSort;
  }

  private tableRow(row: Row): TableRow {
    const tableRow: TableRow = {
      key: this.def.keyOf(row),
      cells: this.def.columns.map((column) => column.cell(row)),
      actions: this.def.actionsOf(row),
    };
    if (this.def.provisionalOf?.(row)) {
      tableRow.provisional = true;
    }
    return tableRow;
  }
}

/** What the host knows that the report does not: the catalog's merchant names, the workspace's SubID files. */
export interface TableContext {
  merchantName?(merchantId: string): string | undefined;
  hasSubIdFile?(subId: string): boolean;
}

/** What choosing a grouped row can do; nothing for the rows without an id ("No SubID"). */
export function groupRowActions(grouping: string, key: string | null, context: TableContext): RowAction[] {
  if (key === null) {
    return [];
  }
  switch (grouping) {
    case 'program':
      return ['filterProgram'];
    case 'subId':
      return context.hasSubIdFile?.(key) ? ['filterSubId', 'openSubIdFile'] : ['filterSubId'];
    case 'platform':
      return ['filterPlatform'];
    case 'merchant':
      return ['revealMerchant'];
    default:
      return [];
  }
}

/** A group's label; merchants by the catalog's name when it has one. */
export function groupLabelOf(grouping: string, key: string | null, label: string, context: TableContext): string {
  return grouping === 'merchant' && key !== null ? (context.merchantName?.(key) ?? label) : label;
}
