/** EPC, earnings per click, per program or SubID and per currency: earned commission over clicks, one period. */
import type { ActionReport } from './actionReport';
import type { ClickReport } from './clickReport';
import type { CurrencyAmount } from './currencyAmounts';
import { EPC_LABEL, TOTAL_LABEL } from './reportLabels';

export type EpcGrouping = 'program' | 'subId';

export interface EpcRow {
  key: string | null;
  label: string;
  clicks: number;
  earnedCommission: CurrencyAmount[];
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
  return { key, label, clicks, earnedCommission: earned, epc };
}

/**
 * The earned (PENDING, CONFIRMED and SETTLED) commission of a group's actions divided by its clicks. A group without
 * clicks has no EPC (null), never Infinity or NaN; a group with clicks and no earned commission
 * has an empty list (nothing earned in any currency).
 */
export function earningsPerClick(clicks: ClickReport, actions: ActionReport, grouping: EpcGrouping): EpcTable {
  if (clicks.period.from !== actions.period.from || clicks.period.to !== actions.period.to) {
    throw new RangeError(
      `EPC needs clicks and actions of the same period; got clicks ${clicks.period.from}..${clicks.period.to} and actions ${actions.period.from}..${actions.period.to}`,
    );
  }
  const actionGroups = new Map(actions.groups[grouping].map((row) => [row.key, row]));
  const rows: EpcRow[] = [];
  for (const group of clicks.groups[grouping]) {
    rows.push(epcRow(group.key, group.label, group.clicks, actionGroups.get(group.key)?.earnedCommission ?? []));
    actionGroups.delete(group.key);
  }
  for (const group of actionGroups.values()) {
    rows.push(epcRow(group.key, group.label, 0, group.earnedCommission));
  }
  return {
    label: EPC_LABEL,
    rows,
    total: epcRow(null, TOTAL_LABEL, clicks.totals.clicks, actions.totals.earnedCommission),
  };
}
