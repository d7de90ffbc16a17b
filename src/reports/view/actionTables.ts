/**
 * The actions tab's tables. By a grouping: the group, its actions and share, its commission per
 * currency (every status) and its pending + confirmed commission per currency (what EPC
 * counts). By day: the date, its actions and its commission per currency. With no grouping:
 * the actions as the service sent them, newest first, each amount in the action's own currency.
 */
import type { ActionItem } from '../../api/types';
import type { GroupBy } from '../../webviews/reports/protocol';
import type { ActionDay, ActionGrouping, ActionGroupRow, ActionReport } from '../model/actionReport';
import { amountIn, type CurrencyAmount } from '../model/currencyAmounts';
import { PAYMENT_LABELS, STATUS_LABELS, TOTAL_LABEL } from '../model/reportLabels';
import { groupRowActions, idRanks, PanelTable, timeOf, type ColumnDef, type TableContext } from './panelTable';
import { currencyId, currencyTitle, GROUPING_LABELS, tidyAmount } from './panelWords';

const COMMISSION_TITLE = 'Commission of every action, whatever its status';
const EARNED_TITLE = 'Commission of pending and confirmed actions, canceled left out: what EPC counts';

const amountOrNull = (amounts: readonly CurrencyAmount[], code: string | null): number | null => {
  const amount = amountIn(amounts, code);
  return amount === null ? null : tidyAmount(amount);
};

/** One amount column per currency of `totals`, read from each row's list of amounts. */
function amountColumns(prefix: string, label: string, title: string, totals: readonly CurrencyAmount[], read: (row: ActionGroupRow) => readonly CurrencyAmount[]): ColumnDef<ActionGroupRow>[] {
  return totals.map(({ currencyCode }) => ({
    info: { id: currencyId(prefix, currencyCode), label: currencyTitle(label, currencyCode), kind: 'amount', currencyCode, title },
    cell: (row: ActionGroupRow) => amountOrNull(read(row), currencyCode),
  }));
}

function groupTable(report: ActionReport, grouping: ActionGrouping, context: TableContext): PanelTable<ActionGroupRow> {
  const { actions, commission, pendingConfirmedCommission } = report.totals;
  const columns: ColumnDef<ActionGroupRow>[] = [
    { info: { id: 'label', label: GROUPING_LABELS[grouping], kind: 'text' }, cell: (row) => row.label },
    { info: { id: 'actions', label: 'Actions', kind: 'count' }, cell: (row) => row.actions },
    { info: { id: 'share', label: 'Share', kind: 'share', title: "Share of the period's actions" }, cell: (row) => row.share },
    ...amountColumns('commission', 'Commission', COMMISSION_TITLE, commission, (row) => row.commission),
    ...amountColumns('pendingConfirmedCommission', 'Pending + confirmed', EARNED_TITLE, pendingConfirmedCommission, (row) => row.pendingConfirmedCommission),
  ];
  return new PanelTable({
    columns,
    rows: report.groups[grouping],
    keyOf: (row) => row.key,
    actionsOf: (row) => groupRowActions(grouping, row.key, context),
    totals: [
      TOTAL_LABEL,
      actions,
      actions > 0 ? 1 : 0,
      ...commission.map((entry) => tidyAmount(entry.amount)),
      ...pendingConfirmedCommission.map((entry) => tidyAmount(entry.amount)),
    ],
  });
}

interface DayRow {
  day: ActionDay;
  position: number;
}

function dayTable(report: ActionReport): PanelTable<DayRow> {
  const series = report.commissionByDay;
  return new PanelTable<DayRow>({
    columns: [
      { info: { id: 'date', label: 'Date', kind: 'date' }, cell: (row) => row.day.date, sortValue: (row) => timeOf(row.day.date) },
      { info: { id: 'actions', label: 'Actions', kind: 'count' }, cell: (row) => row.day.actions },
      ...series.map(({ currencyCode, values }): ColumnDef<DayRow> => ({
        info: { id: currencyId('commission', currencyCode), label: currencyTitle('Commission', currencyCode), kind: 'amount', currencyCode, title: COMMISSION_TITLE },
        cell: (row) => tidyAmount(values[row.position]!),
      })),
    ],
    rows: report.days.map((day, position) => ({ day, position })),
    keyOf: (row) => row.day.date,
    actionsOf: () => [],
    provisionalOf: (row) => row.day.provisional,
    totals: [TOTAL_LABEL, report.totals.actions, ...series.map(({ values }) => tidyAmount(values.reduce((sum, value) => sum + value, 0)))],
  });
}

const actionId = (item: ActionItem): string | null => item.id ?? item.actionId;

function itemTable(report: ActionReport): PanelTable<ActionItem> {
  const text = (id: string, label: string, cell: (item: ActionItem) => string | null): ColumnDef<ActionItem> => ({ info: { id, label, kind: 'text' }, cell });
  const time = (id: string, label: string, read: (item: ActionItem) => string | null): ColumnDef<ActionItem> => ({
    info: { id, label, kind: 'date' },
    cell: read,
    sortValue: (item) => timeOf(read(item)),
  });
  return new PanelTable<ActionItem>({
    columns: [
      // The day the model counts the action on: its date, else the day it was performed.
      time('date', 'Date', (item) => item.date ?? item.createdAt?.slice(0, 10) ?? null),
      text('status', 'Status', (item) => (item.status === null ? null : (STATUS_LABELS[item.status] ?? item.status))),
      text('orderType', 'Order type', (item) => item.orderType),
      text('program', 'Program', (item) => item.programName || item.programId),
      text('subId', 'SubID', (item) => item.subId),
      text('platform', 'Platform', (item) => item.adspaceName || item.adspaceId),
      text('product', 'Product', (item) => item.productId),
      { info: { id: 'commission', label: 'Commission', kind: 'amount', title: "In the action's currency" }, cell: (item) => item.commission },
      { info: { id: 'revenue', label: 'Revenue', kind: 'amount', title: "In the action's currency" }, cell: (item) => item.revenue },
      text('currency', 'Currency', (item) => item.currencyCode),
      text('paidOut', 'Payment', (item) => (item.paidOut === null ? null : item.paidOut ? PAYMENT_LABELS.paid : PAYMENT_LABELS.unpaid)),
      time('createdAt', 'Performed', (item) => item.createdAt),
      time('updatedAt', 'Updated', (item) => item.updatedAt),
      { info: { id: 'id', label: 'Id', kind: 'text' }, cell: actionId, sortValue: idRanks(report.items, actionId) },
    ],
    rows: report.items,
    keyOf: () => null,
    actionsOf: () => [],
    totals: null,
    defaultSort: { column: 'date', direction: 'desc' },
  });
}

/** The actions table by `groupBy` ('merchant' is not a grouping of actions: shown by day). */
export function actionTable(report: ActionReport, groupBy: GroupBy, context: TableContext): PanelTable<unknown> {
  switch (groupBy) {
    case 'none':
      return itemTable(report) as PanelTable<unknown>;
    case 'program':
    case 'subId':
    case 'platform':
    case 'product':
      return groupTable(report, groupBy, context) as PanelTable<unknown>;
    default:
      return dayTable(report) as PanelTable<unknown>;
  }
}
