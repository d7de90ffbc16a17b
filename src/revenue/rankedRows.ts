/**
 * Rows kept in rank order while a few of them change: a changed row leaves its place and the new one goes where it
 * belongs (binary search), so a file's edit costs a few searches, not a sort of thousands of merchants.
 */
export class RankedRows<T> {
  private rows: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number) {}

  /** All rows at once, sorted (a full build); `sorted` when they are in rank order already. */
  reset(rows: T[], sorted = false): void {
    this.rows = sorted ? rows : rows.sort(this.compare);
  }

  remove(row: T): void {
    const at = this.indexOf(row);
    if (at >= 0) {
      this.rows.splice(at, 1);
    }
  }

  insert(row: T): void {
    let low = 0;
    let high = this.rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.rows[middle]!, row) <= 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    this.rows.splice(low, 0, row);
  }

  /** The rows in rank order as they stand, not to be changed (a copy: `list`). */
  inOrder(): readonly T[] {
    return this.rows;
  }

  /** A copy in rank order: reports keep theirs while later changes move the rows. */
  list(): T[] {
    return this.rows.slice();
  }

  get size(): number {
    return this.rows.length;
  }

  /** Where `row` itself is: the first row that ranks the same, then on among its equals. */
  private indexOf(row: T): number {
    let low = 0;
    let high = this.rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.rows[middle]!, row) < 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    for (let at = low; at < this.rows.length && this.compare(this.rows[at]!, row) === 0; at++) {
      if (this.rows[at] === row) {
        return at;
      }
    }
    return this.rows.indexOf(row);
  }
}

/**
 * Every item's row ranked: the items go to the sort in the order of the last ranking of them all (`lastRank`, the
 * new ones after), and the sort, stable, finds runs where little moved; each item's new place noted. `make` makes
 * an item's `row`.
 */
export function rankByLastOrder<Row, Item extends { lastRank: number; row: Row | undefined }>(
  items: Iterable<Item>,
  size: number,
  make: (item: Item) => void,
  compare: (a: Row, b: Row) => number,
): Row[] {
  const placed = new Array<Item | undefined>(size).fill(undefined);
  const order: Item[] = [];
  const rest: Item[] = [];
  for (const item of items) {
    make(item);
    if (item.lastRank >= 0 && item.lastRank < size && placed[item.lastRank] === undefined) {
      placed[item.lastRank] = item;
    } else {
      rest.push(item);
    }
  }
  for (const item of placed) {
    if (item !== undefined) {
      order.push(item);
    }
  }
  order.push(...rest);
  order.sort((a, b) => compare(a.row!, b.row!));
  return order.map((item, rank) => {
    item.lastRank = rank;
    return item.row!;
  });
}
