/**
 * EPC, earnings per click, per program or SubID and per currency: the PENDING + CONFIRMED
 * commission of a group's actions divided by the group's clicks, both over the same period.
 * A group without clicks has no EPC (null), never Infinity or NaN; a group with clicks and no
 * earned commission has an empty list (nothing earned in any currency).
 */
import type { ActionReport } from './actionReport';
import type { ClickReport } from './clickReport';
import type { CurrencyAmount } from './currencyAmounts';
import { EPC_LABEL, TOTAL_LABEL } from './reportLabels';

export type EpcGrouping = 'program' | 'subId';

export interface EpcRow {
  key: string | null;
  label: string;
  clicks: number;
  pendingConfirmedCommission: CurrencyAmount[];
  /** Per currency; null when the group has no clicks. */
  epc: CurrencyAmount[] | null;
}

export interface EpcTable {
  /** What the figure means (EPC_LABEL), for the column header or its tooltip. */
  label: string;
  /** Groups with clicks, most clicks first, then groups with actions but no clicks. */
  rows: EpcRow[];
  total: EpcRow;
}

function epcRow(key: string | null, label: string, clicks: number, earned: CurrencyAmount[]): EpcRow {
  const epc = clicks > 0 ? earned.map((entry) => ({ ...entry, amount: entry.amount / clicks })) : null;
  return { key, label, clicks, pendingConfirmedCommission: earned, epc };
}

export function earningsPerClick(clicks: ClickReport, actions: ActionReport, grouping: EpcGrouping): EpcTable {
  if (clicks.period.from !== actions.period.from || clicks.period.to !== actions.period.to) {
    throw new RangeError(
      `EPC needs clicks and actions of the same period; got clicks ${clicks.period.from}..${clicks.period.to} and actions ${actions.period.from}..${actions.period.to}`,
    );
  }
  const actionGroups = new Map(actions.groups[grouping].map((row) => [row.key, row]));
  const rows: EpcRow[] = [];
  for (const group of clicks.groups[grouping]) {
    rows.push(
      epcRow(group.key, group.label, group.clicks, actionGroups.get(group.key)?.pendingConfirmedCommission ?? []),
    );
    actionGroups.delete(group.key);
  }
  for (const group of actionGroups.values()) {
    rows.push(epcRow(group.key, group.label, 0, group.pendingConfirmedCommission));
  }
  return {
    label: EPC_LABEL,
    rows,
    total: epcRow(null, TOTAL_LABEL, clicks.totals.clicks, actions.totals.pendingConfirmedCommission),
  };
}
