/** Row access to a clicks report for a view that pages: grouped rows or items, sorted, a slice at a time. */
import type { ClickItem } from '../../api/types';
import type { ClickGrouping, ClickGroupRow, ClickReport } from './clickReport';
import { TOTAL_LABEL } from './reportLabels';
import { ReportRows } from './reportRows';
import { readersByName, type RowSort, type SortValue } from './sortedRows';

export type ClickRowGrouping = ClickGrouping | 'none';
export type ClickGroupColumn = 'label' | 'clicks' | 'items' | 'share';
/** An item's columns: its date, what it is grouped by, its count and its record. */
export type ClickItemColumn = 'date' | ClickGrouping | 'clicks' | 'updatedAt' | 'id';

const GROUP_COLUMNS: Record<ClickGroupColumn, (row: ClickGroupRow) => SortValue> = {
  label: (row) => row.label,
  clicks: (row) => row.clicks,
  items: (row) => row.items,
  share: (row) => row.share,
};

const ITEM_COLUMNS: Record<ClickItemColumn, (item: ClickItem) => SortValue> = {
  date: (item) => item.date,
  program: (item) => item.programName ?? item.programId,
  subId: (item) => item.subId,
  platform: (item) => item.adspaceName ?? item.adspaceId,
  product: (item) => item.productId,
  merchant: (item) => item.merchantId,
  clicks: (item) => item.count,
  updatedAt: (item) => item.updatedAt,
  id: (item) => item.id,
};

export class ClickReportRows extends ReportRows<ClickItem, ClickGroupRow, ClickGrouping> {
  constructor(private readonly report: ClickReport) {
    super(report.items, report.groups, readersByName(ITEM_COLUMNS), readersByName(GROUP_COLUMNS), 'a clicks report');
  }

  rows(grouping: 'none', sort: RowSort<ClickItemColumn> | undefined, offset: number, count: number): ClickItem[];
  rows(
    grouping: ClickGrouping,
    sort: RowSort<ClickGroupColumn> | undefined,
    offset: number,
    count: number,
  ): ClickGroupRow[];
  rows(
    grouping: ClickRowGrouping,
    sort: RowSort | undefined,
    offset: number,
    count: number,
  ): ClickItem[] | ClickGroupRow[];
  rows(
    grouping: ClickRowGrouping,
    sort: RowSort | undefined,
    offset: number,
    count: number,
  ): ClickItem[] | ClickGroupRow[] {
    return this.slice(grouping, sort, offset, count);
  }

  /** The report's totals as a row of the grouped tables, to show under them. */
  totals(): ClickGroupRow {
    const { clicks, items } = this.report.totals;
    return { key: null, label: TOTAL_LABEL, clicks, items, share: clicks > 0 ? 1 : 0 };
  }
}
