/**
 * The actions tab's tables: by a grouping (actions, share, commission and earned commission per currency), by day, or
 * the actions as the service sent them.
 */
import * as l10n from '@vscode/l10n';
import type { ActionItem } from '../../api/types';
import type { GroupBy } from './protocol';
import type { ActionDay, ActionGrouping, ActionGroupRow, ActionReport } from '../model/actionReport';
import { amountIn, type CurrencyAmount } from '../model/currencyAmounts';
import { PAYMENT_LABELS, STATUS_LABELS, TOTAL_LABEL } from '../model/reportLabels';
import {
  groupRowActions,
  idRanks,
  PanelTable,
  shareColumn,
  timeOf,
  titledColumn,
  type ColumnDef,
  type TableContext,
} from './panelTable';
import { currencyId, currencyTitle, GROUPING_LABELS, tidyAmount, type CurrencyFigure } from './panelWords';

const COMMISSION_TITLE = l10n.t('Commission of every action, whatever its status');
const EARNED_TITLE = l10n.t('Commission of pending and confirmed actions, canceled left out: what EPC counts');
const IN_ITS_CURRENCY = l10n.t("In the action's currency");

const amountOrNull = (amounts: readonly CurrencyAmount[], code: string | null): number | null => {
  const amount = amountIn(amounts, code);
  return amount === null ? null : tidyAmount(amount);
};

/** One amount column per currency of `totals`, read from each row's list of amounts. */
function amountColumns(
  prefix: string,
  figure: CurrencyFigure,
  title: string,
  totals: readonly CurrencyAmount[],
  read: (row: ActionGroupRow) => readonly CurrencyAmount[],
): ColumnDef<ActionGroupRow>[] {
  return totals.map(({ currencyCode }) => ({
    info: {
      id: currencyId(prefix, currencyCode),
      label: currencyTitle(figure, currencyCode),
      kind: 'amount',
      currencyCode,
      title,
    },
    cell: (row: ActionGroupRow) => amountOrNull(read(row), currencyCode),
  }));
}

function groupTable(report: ActionReport, grouping: ActionGrouping, context: TableContext): PanelTable<ActionGroupRow> {
  const { actions, commission, earnedCommission } = report.totals;
  const columns: ColumnDef<ActionGroupRow>[] = [
    { info: { id: 'label', label: GROUPING_LABELS[grouping], kind: 'text' }, cell: (row) => row.label },
    { info: { id: 'actions', label: l10n.t('Actions'), kind: 'count' }, cell: (row) => row.actions },
    shareColumn(l10n.t("Share of the period's actions")),
    ...amountColumns('commission', 'commission', COMMISSION_TITLE, commission, (row) => row.commission),
    ...amountColumns('earnedCommission', 'earned', EARNED_TITLE, earnedCommission, (row) => row.earnedCommission),
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
      ...earnedCommission.map((entry) => tidyAmount(entry.amount)),
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
      {
        info: { id: 'date', label: GROUPING_LABELS.day, kind: 'date' },
        cell: (row) => row.day.date,
        sortValue: (row) => timeOf(row.day.date),
      },
      { info: { id: 'actions', label: l10n.t('Actions'), kind: 'count' }, cell: (row) => row.day.actions },
      ...series.map(
        ({ currencyCode, values }): ColumnDef<DayRow> => ({
          info: {
            id: currencyId('commission', currencyCode),
            label: currencyTitle('commission', currencyCode),
            kind: 'amount',
            currencyCode,
            title: COMMISSION_TITLE,
          },
          cell: (row) => tidyAmount(values[row.position]!),
        }),
      ),
    ],
    rows: report.days.map((day, position) => ({ day, position })),
    keyOf: (row) => row.day.date,
    actionsOf: () => [],
    provisionalOf: (row) => row.day.provisional,
    totals: [
      TOTAL_LABEL,
      report.totals.actions,
      ...series.map(({ values }) => tidyAmount(values.reduce((sum, value) => sum + value, 0))),
    ],
  });
}

const actionId = (item: ActionItem): string | null => item.id ?? item.actionId;

function itemTable(report: ActionReport): PanelTable<ActionItem> {
  const text = (id: string, label: string, cell: (item: ActionItem) => string | null): ColumnDef<ActionItem> => ({
    info: { id, label, kind: 'text' },
    cell,
  });
  const amount = (id: string, label: string, cell: (item: ActionItem) => number | null): ColumnDef<ActionItem> =>
    titledColumn(id, label, 'amount', IN_ITS_CURRENCY, cell);
  const time = (id: string, label: string, read: (item: ActionItem) => string | null): ColumnDef<ActionItem> => ({
    info: { id, label, kind: 'date' },
    cell: read,
    sortValue: (item) => timeOf(read(item)),
  });
  return new PanelTable<ActionItem>({
    columns: [
      // The day the model counts the action on: its date, else the day it was performed.
      time('date', GROUPING_LABELS.day, (item) => item.date ?? item.createdAt?.slice(0, 10) ?? null),
      text('status', l10n.t({ message: 'Status', comment: ['Column header.'] }), (item) =>
        item.status === null ? null : (STATUS_LABELS[item.status] ?? item.status),
      ),
      text('orderType', l10n.t({ message: 'Order type', comment: ['Column header.'] }), (item) => item.orderType),
      text('program', GROUPING_LABELS.program, (item) => item.programName || item.programId),
      text('subId', GROUPING_LABELS.subId, (item) => item.subId),
      text('platform', GROUPING_LABELS.platform, (item) => item.adspaceName || item.adspaceId),
      text('product', GROUPING_LABELS.product, (item) => item.productId),
      amount('commission', l10n.t({ message: 'Commission', comment: ['Column header.'] }), (item) => item.commission),
      amount('revenue', l10n.t({ message: 'Revenue', comment: ['Column header.'] }), (item) => item.revenue),
      text('currency', l10n.t({ message: 'Currency', comment: ['Column header.'] }), (item) => item.currencyCode),
      text(
        'paidOut',
        l10n.t({ message: 'Payment', comment: ['Column header: whether the commission was paid out.'] }),
        (item) => (item.paidOut === null ? null : item.paidOut ? PAYMENT_LABELS.paid : PAYMENT_LABELS.unpaid),
      ),
      time(
        'createdAt',
        l10n.t({ message: 'Performed', comment: ['Column header: when the action was made.'] }),
        (item) => item.createdAt,
      ),
      time(
        'updatedAt',
        l10n.t({ message: 'Updated', comment: ['Column header: when the item last changed.'] }),
        (item) => item.updatedAt,
      ),
      {
        info: { id: 'id', label: l10n.t({ message: 'Id', comment: ['Column header.'] }), kind: 'text' },
        cell: actionId,
        sortValue: idRanks(report.items, actionId),
      },
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
