/** What the clicks and actions row views share: grouped rows or items, sorted through one `SortedRows`. */
import { SortedRows, type ColumnReaderOf, type RowSort } from './sortedRows';

export abstract class ReportRows<Item, Group, Grouping extends string> {
  private readonly groupRows = new Map<Grouping, SortedRows<Group>>();
  private itemRows: SortedRows<Item> | undefined;

  protected constructor(
    private readonly items: readonly Item[],
    private readonly groups: Readonly<Record<Grouping, readonly Group[]>>,
    private readonly itemReader: ColumnReaderOf<Item>,
    private readonly groupReader: ColumnReaderOf<Group>,
    /** "a clicks report", for the message of a grouping it does not have. */
    private readonly what: string,
  ) {}

  rowCount(grouping: Grouping | 'none'): number {
    return grouping === 'none' ? this.items.length : this.groupsOf(grouping).count;
  }

  protected slice(
    grouping: Grouping | 'none',
    sort: RowSort | undefined,
    offset: number,
    count: number,
  ): Item[] | Group[] {
    if (grouping === 'none') {
      this.itemRows ??= new SortedRows(this.items, this.itemReader);
      return this.itemRows.slice(sort, offset, count);
    }
    return this.groupsOf(grouping).slice(sort, offset, count);
  }

  private groupsOf(grouping: Grouping): SortedRows<Group> {
    let rows = this.groupRows.get(grouping);
    if (rows === undefined) {
      if (!Object.hasOwn(this.groups, grouping)) {
        throw new RangeError(`${this.what} has no grouping ${JSON.stringify(grouping)}`);
      }
      rows = new SortedRows(this.groups[grouping], this.groupReader);
      this.groupRows.set(grouping, rows);
    }
    return rows;
  }
}
