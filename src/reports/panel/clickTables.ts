/**
 * The clicks tab's tables: by a grouping (clicks, share, and EPC per currency for programs and SubIDs), by day with
 * provisional days flagged, or the items as sent.
 */
import * as l10n from '@vscode/l10n';
import type { ClickItem } from '../../api/types';
import type { ColumnInfo, GroupBy } from './protocol';
import type { ActionReport } from '../model/actionReport';
import type { ClickDay, ClickGrouping, ClickGroupRow, ClickReport } from '../model/clickReport';
import { amountIn } from '../model/currencyAmounts';
import { earningsPerClick, type EpcRow } from '../model/earningsPerClick';
import { EPC_LABEL, merchantLabel, TOTAL_LABEL } from '../model/reportLabels';
import { earningCurrencies } from './panelSummary';
import {
  groupLabelOf,
  groupRowActions,
  idRanks,
  PanelTable,
  shareColumn,
  timeOf,
  type ColumnDef,
  type TableContext,
} from './panelTable';
import { currencyId, currencyTitle, GROUPING_LABELS, tidyAmount } from './panelWords';

const COUNT = (label: string): Pick<ColumnInfo, 'label' | 'kind'> => ({ label, kind: 'count' });
const SHARE_TITLE = l10n.t("Share of the period's clicks");
const CLICKS_LABEL = l10n.t('Clicks');
const UPDATED_LABEL = l10n.t({ message: 'Updated', comment: ['Column header: when the item last changed.'] });
const ID_LABEL = l10n.t({ message: 'Id', comment: ['Column header.'] });

function epcColumns(
  clicks: ClickReport,
  actions: ActionReport,
  grouping: 'program' | 'subId',
): { columns: ColumnDef<ClickGroupRow>[]; totals: Array<number | null> } {
  const table = earningsPerClick(clicks, actions, grouping);
  const byKey = new Map<string | null, EpcRow>(table.rows.map((row) => [row.key, row]));
  const codes = earningCurrencies(actions);
  // A group with clicks and nothing earned in a currency earned 0 per click in it; without clicks it has no EPC.
  const epcIn = (row: EpcRow | undefined, clicks: number, code: string | null) =>
    clicks > 0 ? tidyAmount(amountIn(row?.epc ?? [], code) ?? 0) : null;
  return {
    columns: codes.map((code) => ({
      info: {
        id: currencyId('epc', code),
        label: currencyTitle('epc', code),
        kind: 'amount',
        currencyCode: code,
        title: EPC_LABEL,
      },
      cell: (row: ClickGroupRow) => epcIn(byKey.get(row.key), row.clicks, code),
    })),
    totals: codes.map((code) => epcIn(table.total, table.total.clicks, code)),
  };
}

function groupTable(
  report: ClickReport,
  grouping: ClickGrouping,
  actions: ActionReport | undefined,
  context: TableContext,
): PanelTable<ClickGroupRow> {
  const epc =
    actions !== undefined && (grouping === 'program' || grouping === 'subId')
      ? epcColumns(report, actions, grouping)
      : undefined;
  const columns: ColumnDef<ClickGroupRow>[] = [
    {
      info: { id: 'label', label: GROUPING_LABELS[grouping], kind: 'text' },
      cell: (row) => groupLabelOf(grouping, row.key, row.label, context),
    },
    { info: { id: 'clicks', ...COUNT(CLICKS_LABEL) }, cell: (row) => row.clicks },
    shareColumn(SHARE_TITLE),
    ...(epc?.columns ?? []),
  ];
  const { clicks } = report.totals;
  return new PanelTable({
    columns,
    rows: report.groups[grouping],
    keyOf: (row) => row.key,
    actionsOf: (row) => groupRowActions(grouping, row.key, context),
    totals: [TOTAL_LABEL, clicks, clicks > 0 ? 1 : 0, ...(epc?.totals ?? [])],
  });
}

function dayTable(report: ClickReport): PanelTable<ClickDay> {
  return new PanelTable<ClickDay>({
    columns: [
      {
        info: { id: 'date', label: GROUPING_LABELS.day, kind: 'date' },
        cell: (day) => day.date,
        sortValue: (day) => timeOf(day.date),
      },
      { info: { id: 'clicks', ...COUNT(CLICKS_LABEL) }, cell: (day) => day.clicks },
    ],
    rows: report.days,
    keyOf: (day) => day.date,
    actionsOf: () => [],
    provisionalOf: (day) => day.provisional,
    totals: [TOTAL_LABEL, report.totals.clicks],
  });
}

function itemTable(report: ClickReport, context: TableContext): PanelTable<ClickItem> {
  const merchant = (item: ClickItem) => {
    if (item.merchantId === null) {
      return null;
    }
    const id = String(item.merchantId);
    return context.merchantName?.(id) ?? merchantLabel(id);
  };
  const text = (id: string, label: string, cell: (item: ClickItem) => string | null): ColumnDef<ClickItem> => ({
    info: { id, label, kind: 'text' },
    cell,
  });
  return new PanelTable<ClickItem>({
    columns: [
      {
        info: { id: 'date', label: GROUPING_LABELS.day, kind: 'date' },
        cell: (item) => item.date,
        sortValue: (item) => timeOf(item.date),
      },
      text('program', GROUPING_LABELS.program, (item) => item.programName || item.programId),
      text('subId', GROUPING_LABELS.subId, (item) => item.subId),
      text('platform', GROUPING_LABELS.platform, (item) => item.adspaceName || item.adspaceId),
      text('product', GROUPING_LABELS.product, (item) => item.productId),
      text('merchant', GROUPING_LABELS.merchant, merchant),
      { info: { id: 'clicks', ...COUNT(CLICKS_LABEL) }, cell: (item) => item.count },
      {
        info: { id: 'updatedAt', label: UPDATED_LABEL, kind: 'date' },
        cell: (item) => item.updatedAt,
        sortValue: (item) => timeOf(item.updatedAt),
      },
      {
        info: { id: 'id', label: ID_LABEL, kind: 'text' },
        cell: (item) => item.id,
        sortValue: idRanks(report.items, (item) => item.id),
      },
    ],
    rows: report.items,
    keyOf: () => null,
    actionsOf: () => [],
    totals: null,
    defaultSort: { column: 'date', direction: 'desc' },
  });
}

/** The clicks table by `groupBy`; `actions` (same period and filters) adds EPC to programs and SubIDs. */
export function clickTable(
  report: ClickReport,
  groupBy: GroupBy,
  actions: ActionReport | undefined,
  context: TableContext,
): PanelTable<unknown> {
  switch (groupBy) {
    case 'day':
      return dayTable(report) as PanelTable<unknown>;
    case 'none':
      return itemTable(report, context) as PanelTable<unknown>;
    default:
      return groupTable(report, groupBy, actions, context) as PanelTable<unknown>;
  }
}
