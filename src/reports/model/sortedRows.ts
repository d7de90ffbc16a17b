/** Rows a view pages through (up to hundreds of thousands): their number, and one slice in a chosen order. */
import { compareLabels } from './groupTable';

export type SortDirection = 'asc' | 'desc';

export interface RowSort<C extends string = string> {
  column: C;
  direction: SortDirection;
  /**
   * For amount columns: the currency whose amounts are sorted by; rows without an amount in it
   * sort as empty. Amounts of different currencies are never compared with each other.
   */
  currencyCode?: string | null;
}

export type SortValue = number | string | null;

/**
 * How to read a column's sort value from a row; undefined: not a column of these rows. It may
 * throw a RangeError of its own to say what the sort lacks (a currency, for amounts).
 */
export type ColumnReaderOf<Row> = (sort: RowSort) => ((row: Row) => SortValue) | undefined;

function checkRange(offset: number, count: number): void {
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(count) || count < 0) {
    throw new RangeError(`a slice needs a whole offset and count, 0 or more; got offset ${offset}, count ${count}`);
  }
}

/**
 * Sort keys as numbers: text is replaced by its rank among the distinct texts of the column
 * (few distinct values in grouped columns, so the collator runs on those only). Descending
 * negates the key, so one ascending order serves both; empty is +Infinity, always last.
 */
function sortKeys<Row>(rows: readonly Row[], read: (row: Row) => SortValue, direction: SortDirection): Float64Array {
  const keys = new Float64Array(rows.length);
  const sign = direction === 'asc' ? 1 : -1;
  // Texts are numbered as met (one Map lookup per row), then the numbers are put in order.
  let textNumbers: Map<string, number> | undefined;
  const texts: string[] = [];
  let numbers = false;
  for (let position = 0; position < rows.length; position++) {
    const value = read(rows[position]!);
    if (typeof value === 'number') {
      keys[position] = Number.isFinite(value) ? sign * value : Infinity;
      numbers = true;
    } else if (value === null) {
      keys[position] = Infinity;
    } else {
      textNumbers ??= new Map();
      let number = textNumbers.get(value);
      if (number === undefined) {
        number = texts.length;
        textNumbers.set(value, number);
        texts.push(value);
      }
      // Marked by a negative key until the ranks are known (a column reads numbers or texts, not both).
      keys[position] = -1 - number;
    }
  }
  if (texts.length > 0 && numbers) {
    throw new RangeError('a sort column read both numbers and texts');
  }
  if (texts.length > 0) {
    const order = texts.map((_, number) => number).sort((a, b) => compareLabels(texts[a]!, texts[b]!));
    // Texts the collator finds equal ("news", "News") share a rank, so they tie like equal numbers.
    const rankOfNumber = new Float64Array(texts.length);
    let rank = 0;
    for (let i = 0; i < order.length; i++) {
      if (i > 0 && compareLabels(texts[order[i - 1]!]!, texts[order[i]!]!) !== 0) {
        rank += 1;
      }
      rankOfNumber[order[i]!] = rank;
    }
    for (let position = 0; position < rows.length; position++) {
      const key = keys[position]!;
      if (key !== Infinity) {
        keys[position] = sign * rankOfNumber[-1 - key]!;
      }
    }
  }
  return keys;
}

/** The first position of `key` in the ascending `values[0..count)`, which holds it. */
function rankOf(values: Float64Array, count: number, key: number): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < key) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

/**
 * Each key as a small whole number in the same order (equal keys equal), and how many there
 * can be. Whole keys in a narrow range (click counts, text ranks) are used as they are, offset
 * from the smallest; any other keys (amounts) are ranked among their distinct values, which
 * takes one native sort of the keys.
 */
function denseRanks(keys: Float64Array): { ranks: Uint32Array; size: number } {
  const count = keys.length;
  let lowest = Infinity;
  let highest = -Infinity;
  let whole = true;
  for (let i = 0; i < count; i++) {
    const key = keys[i]!;
    if (key !== Infinity) {
      lowest = Math.min(lowest, key);
      highest = Math.max(highest, key);
      whole &&= Number.isInteger(key);
    }
  }
  const ranks = new Uint32Array(count);
  if (lowest === Infinity) {
    return { ranks, size: 1 };
  }
  if (whole && highest - lowest <= 2 * count + 1024) {
    // Empty values (Infinity) take the one rank after every value.
    const empty = highest - lowest + 1;
    for (let i = 0; i < count; i++) {
      const key = keys[i]!;
      ranks[i] = key === Infinity ? empty : key - lowest;
    }
    return { ranks, size: empty + 1 };
  }
  const distinct = keys.slice().sort();
  let distinctCount = 0;
  for (let i = 0; i < count; i++) {
    if (distinctCount === 0 || distinct[i] !== distinct[distinctCount - 1]) {
      distinct[distinctCount++] = distinct[i]!;
    }
  }
  for (let i = 0; i < count; i++) {
    ranks[i] = rankOf(distinct, distinctCount, keys[i]!);
  }
  return { ranks, size: distinctCount };
}

/**
 * Row positions in ascending order of `keys`, equal keys in position order: a counting sort of
 * the keys' dense ranks, which is stable and linear. A comparison sort would call a function
 * about 1.7 million times for 100,000 rows, several times slower.
 */
function sortedPositions(keys: Float64Array): Uint32Array {
  const { ranks, size } = denseRanks(keys);
  const starts = new Uint32Array(size + 1);
  for (let i = 0; i < ranks.length; i++) {
    starts[ranks[i]! + 1]! += 1;
  }
  for (let rank = 1; rank <= size; rank++) {
    starts[rank]! += starts[rank - 1]!;
  }
  const index = new Uint32Array(ranks.length);
  for (let position = 0; position < ranks.length; position++) {
    index[starts[ranks[position]!]!++] = position;
  }
  return index;
}

/**
 * Sorting builds an index of row positions (a Uint32Array) once per sort and keeps it; a slice reads
 * just its part of the index and never copies the whole list. Order: empty values (null, or a
 * number that is not finite) last in both directions; equal values keep the rows' own order, so
 * paging is stable. Text sorts as a reader expects (case-insensitive, "2" before "10").
 */
export class SortedRows<Row> {
  private readonly indexes = new Map<string, Uint32Array>();

  constructor(
    private readonly rows: readonly Row[],
    private readonly readerOf: ColumnReaderOf<Row>,
  ) {}

  get count(): number {
    return this.rows.length;
  }

  /** Rows `offset` to `offset + count` (fewer at the end, none past it), in `sort` order or as they are. */
  slice(sort: RowSort | undefined, offset: number, count: number): Row[] {
    checkRange(offset, count);
    const end = Math.min(this.rows.length, offset + count);
    if (offset >= end) {
      return [];
    }
    if (sort === undefined) {
      return this.rows.slice(offset, end);
    }
    const index = this.indexFor(sort);
    const slice: Row[] = new Array(end - offset);
    for (let position = offset; position < end; position++) {
      slice[position - offset] = this.rows[index[position]!]!;
    }
    return slice;
  }

  private indexFor(sort: RowSort): Uint32Array {
    // A currency of null (the unknown currency) is not the same sort as no currency at all.
    const cacheKey = JSON.stringify([
      sort.column,
      sort.direction,
      sort.currencyCode === undefined ? 0 : [sort.currencyCode],
    ]);
    let index = this.indexes.get(cacheKey);
    if (index === undefined) {
      if (sort.direction !== 'asc' && sort.direction !== 'desc') {
        throw new RangeError(`sort direction must be asc or desc; got ${String(sort.direction)}`);
      }
      const read = this.readerOf(sort);
      if (read === undefined) {
        throw new RangeError(
          `these rows have no column ${JSON.stringify(sort.column)}${sort.currencyCode === undefined ? '' : ` in currency ${String(sort.currencyCode)}`}`,
        );
      }
      index = sortedPositions(sortKeys(this.rows, read, sort.direction));
      this.indexes.set(cacheKey, index);
    }
    return index;
  }
}

/** Columns named by a table of readers; any other name (a view may send anything) is none. */
export function readersByName<Row>(readers: Record<string, (row: Row) => SortValue>): ColumnReaderOf<Row> {
  return (sort: RowSort) => (Object.hasOwn(readers, sort.column) ? readers[sort.column] : undefined);
}
