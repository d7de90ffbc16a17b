/**
 * Report items as the report cache stores them: a row per item, every text an index into one list of distinct strings.
 */
import type { ActionItem, ClickItem } from '../../api/types';

type Cell = 'text' | 'number' | 'flag';

/** The columns of each kind of item, in row order. Adding a field to an item type breaks the build until it is listed. */
export const CLICK_COLUMNS = {
  id: 'text',
  adspaceId: 'text',
  adspaceName: 'text',
  programId: 'text',
  programName: 'text',
  subId: 'text',
  date: 'text',
  count: 'number',
  productId: 'text',
  merchantId: 'number',
  couponId: 'text',
  updatedAt: 'text',
} as const satisfies Record<keyof ClickItem, Cell>;

export const ACTION_COLUMNS = {
  id: 'text',
  actionId: 'text',
  status: 'text',
  orderType: 'text',
  adspaceId: 'text',
  adspaceName: 'text',
  programId: 'text',
  programName: 'text',
  subId: 'text',
  currencyCode: 'text',
  commission: 'number',
  revenue: 'number',
  productId: 'text',
  paidOut: 'flag',
  invoiceNumber: 'text',
  date: 'text',
  days: 'number',
  createdAt: 'text',
  updatedAt: 'text',
} as const satisfies Record<keyof ActionItem, Cell>;

export type Columns<T> = { readonly [K in keyof T]: Cell };

/**
 * Items encoded: the distinct strings, and one row of cells per item. A report of 100,000 click
 * items names a few hundred programs, platforms, SubIDs and dates thousands of times; this way each
 * string exists once, in the file and in memory, and the rows parse as plain arrays. Every cell is
 * checked when read, so a file edited by hand or damaged never puts a wrong type into a report.
 */
export interface EncodedItems {
  strings: string[];
  rows: unknown[][];
}

/** Encodes items into rows sharing one string list (`strings` may already hold some, e.g. from other windows). */
export function encodeItems<T extends object>(
  items: readonly T[],
  columns: Columns<T>,
  strings: string[],
  indexOf = new Map(strings.map((text, i) => [text, i])),
): unknown[][] {
  const names = Object.keys(columns) as Array<keyof T & string>;
  const cells = names.map((name) => columns[name]);
  return items.map((item) =>
    names.map((name, column) => {
      const value = item[name] as unknown;
      if (value === null || value === undefined || cells[column] !== 'text') {
        return value ?? null;
      }
      const text = value as string;
      let index = indexOf.get(text);
      if (index === undefined) {
        index = strings.length;
        strings.push(text);
        indexOf.set(text, index);
      }
      return index;
    }),
  );
}

/**
 * Decodes rows back to items; the first bad row or cell gives the reason instead. A text cell
 * is an index into `strings` or null, a number cell a finite number or null, a flag cell
 * true, false or null.
 */
export function decodeItems<T>(rows: unknown, columns: Columns<T>, strings: readonly string[]): T[] | string {
  if (!Array.isArray(rows)) {
    return 'the rows are not a list';
  }
  const names = Object.keys(columns);
  const cells = names.map((name) => columns[name as keyof T]);
  const items: T[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row: unknown = rows[r];
    if (!Array.isArray(row) || row.length !== names.length) {
      return `row ${r} is not a list of ${names.length} cells`;
    }
    const item: Record<string, unknown> = {};
    for (let c = 0; c < names.length; c++) {
      const value: unknown = row[c];
      const problem = cellProblem(value, cells[c]!, strings.length);
      if (problem !== undefined) {
        return `row ${r}, ${names[c]}: ${problem}`;
      }
      item[names[c]!] = value === null ? null : cells[c] === 'text' ? strings[value as number] : value;
    }
    items.push(item as T);
  }
  return items;
}

function cellProblem(value: unknown, cell: Cell, stringCount: number): string | undefined {
  if (value === null) {
    return undefined;
  }
  switch (cell) {
    case 'text':
      return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < stringCount
        ? undefined
        : 'not a string of the list';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'not a number';
    case 'flag':
      return typeof value === 'boolean' ? undefined : 'not true or false';
  }
}
