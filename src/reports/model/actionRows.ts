/** Row access to an actions report for a view that pages: grouped rows or the actions, sorted, a slice at a time. */
import type { ActionItem } from '../../api/types';
import type { ActionGrouping, ActionGroupRow, ActionReport } from './actionReport';
import { amountIn, currencyKey } from './currencyAmounts';
import { TOTAL_LABEL } from './reportLabels';
import { ReportRows } from './reportRows';
import { readersByName, type RowSort, type SortValue } from './sortedRows';

export type ActionRowGrouping = ActionGrouping | 'none';
export type ActionGroupColumn = 'label' | 'actions' | 'share' | 'commission' | 'earnedCommission';
export type ActionItemColumn =
  | 'date'
  | 'status'
  | 'orderType'
  | ActionGrouping
  | 'currency'
  | 'commission'
  | 'revenue'
  | 'paidOut'
  | 'createdAt'
  | 'updatedAt'
  | 'id';

const GROUP_FIGURES = readersByName<ActionGroupRow>({
  label: (row) => row.label,
  actions: (row) => row.actions,
  share: (row) => row.share,
});

function groupReader(sort: RowSort): ((row: ActionGroupRow) => SortValue) | undefined {
  if (sort.column !== 'commission' && sort.column !== 'earnedCommission') {
    return GROUP_FIGURES(sort);
  }
  if (sort.currencyCode === undefined) {
    throw new RangeError(`sorting by ${sort.column} needs a currency (currencyCode; null for the unknown currency)`);
  }
  const currency = currencyKey(sort.currencyCode);
  return sort.column === 'commission'
    ? (row) => amountIn(row.commission, currency)
    : (row) => amountIn(row.earnedCommission, currency);
}

const ITEM_FIELDS = readersByName<ActionItem>({
  date: (item) => item.date ?? item.createdAt,
  status: (item) => item.status,
  orderType: (item) => item.orderType,
  program: (item) => item.programName ?? item.programId,
  subId: (item) => item.subId,
  platform: (item) => item.adspaceName ?? item.adspaceId,
  product: (item) => item.productId,
  currency: (item) => item.currencyCode,
  paidOut: (item) => (item.paidOut === null ? null : Number(item.paidOut)),
  createdAt: (item) => item.createdAt,
  updatedAt: (item) => item.updatedAt,
  id: (item) => item.id ?? item.actionId,
});

/** An amount of the action; with a currency in the sort, empty for actions in other currencies. */
function itemReader(sort: RowSort): ((item: ActionItem) => SortValue) | undefined {
  if (sort.column !== 'commission' && sort.column !== 'revenue') {
    return ITEM_FIELDS(sort);
  }
  const amount =
    sort.column === 'commission' ? (item: ActionItem) => item.commission : (item: ActionItem) => item.revenue;
  if (sort.currencyCode === undefined) {
    return amount;
  }
  const currency = currencyKey(sort.currencyCode);
  return (item) => (currencyKey(item.currencyCode) === currency ? amount(item) : null);
}

/**
 * The totals row comes on its own. Amount columns sort within one currency (`RowSort.currencyCode`):
 * a grouped row holds one amount per currency, and amounts of two currencies are never compared.
 */
export class ActionReportRows extends ReportRows<ActionItem, ActionGroupRow, ActionGrouping> {
  constructor(private readonly report: ActionReport) {
    super(report.items, report.groups, itemReader, groupReader, 'an actions report');
  }

  rows(grouping: 'none', sort: RowSort<ActionItemColumn> | undefined, offset: number, count: number): ActionItem[];
  rows(
    grouping: ActionGrouping,
    sort: RowSort<ActionGroupColumn> | undefined,
    offset: number,
    count: number,
  ): ActionGroupRow[];
  rows(
    grouping: ActionRowGrouping,
    sort: RowSort | undefined,
    offset: number,
    count: number,
  ): ActionItem[] | ActionGroupRow[];
  rows(
    grouping: ActionRowGrouping,
    sort: RowSort | undefined,
    offset: number,
    count: number,
  ): ActionItem[] | ActionGroupRow[] {
    return this.slice(grouping, sort, offset, count);
  }

  /** The report's totals as a row of the grouped tables, to show under them. */
  totals(): ActionGroupRow {
    const { actions, commission, earnedCommission } = this.report.totals;
    return {
      key: null,
      label: TOTAL_LABEL,
      actions,
      share: actions > 0 ? 1 : 0,
      commission,
      earnedCommission,
    };
  }
}
