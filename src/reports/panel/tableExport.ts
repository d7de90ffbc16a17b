/** The report panel's table as text: CSV for Export CSV (RFC 4180) and tab-separated text for Copy Table. */
import type { Cell, ColumnInfo } from './protocol';

export interface ExportTable {
  columns: ColumnInfo[];
  rows: Cell[][];
  totals: Cell[] | null;
}

const FORMULA_START = /^[=+\-@\t\r\n]/;
const CSV_SPECIAL = /[",\r\n]/;

/**
 * The text with `'` in front when a spreadsheet would read it as a formula. Names come from merchants and publishers,
 * so a cell may read `=HYPERLINK(...)`: a text starting with `=`, `+`, `-`, `@`, a tab, CR or LF is neutralised as
 * OWASP advises against CSV injection (papaparse's escapeFormulae misses a leading LF and `"=1\n2"`; the tests try
 * both). Numbers stay numbers, written as JavaScript writes them.
 */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

function csvField(cell: Cell): string {
  if (cell === null) {
    return '';
  }
  if (typeof cell === 'number') {
    return numberText(cell);
  }
  const text = neutralise(cell);
  return text !== cell || CSV_SPECIAL.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function tsvField(cell: Cell): string {
  if (cell === null) {
    return '';
  }
  if (typeof cell === 'number') {
    return numberText(cell);
  }
  // Neutralised first, by what the text starts with, then flattened to one line and one cell.
  const text = neutralise(cell).replace(/[\t\r\n]/g, ' ');
  // A spreadsheet reads a pasted field with quotes as a quoted field: quote it to keep them.
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : text;
}

function linesOf(table: ExportTable, field: (cell: Cell) => string, separator: string): string[] {
  const records = [table.columns.map((column) => column.label), ...table.rows, ...(table.totals ? [table.totals] : [])];
  return records.map((record) => record.map(field).join(separator));
}

/** RFC 4180: a header row of the column labels, then every row, then the totals; CRLF after each record. */
export function toCsv(table: ExportTable): string {
  return linesOf(table, csvField, ',')
    .map((line) => `${line}\r\n`)
    .join('');
}

/** Tab-separated, one line per record (header, rows, totals), for pasting into a spreadsheet. */
export function toTsv(table: ExportTable): string {
  return linesOf(table, tsvField, '\t')
    .map((line) => `${line}\n`)
    .join('');
}
