/** The choices of the report panel's filters: the platforms, programs and SubIDs of a report, most clicks first. */
import type { ActionReport } from './actionReport';
import type { ClickReport } from './clickReport';

export interface FilterChoice {
  /** What the query's filter takes (`ReportFilters`). */
  value: string;
  label: string;
  clicks: number;
  actions: number;
}

export interface FilterChoices {
  platforms: FilterChoice[];
  programs: FilterChoice[];
  subIds: FilterChoice[];
}

interface Seen {
  key: string | null;
  label: string;
}

/**
 * Choices of one filter: in the order of the clicks report's rows (most clicks first), then
 * what only the actions report holds, in its order (most actions first).
 */
function choicesOf(
  clickRows: ReadonlyArray<Seen & { clicks: number }>,
  actionRows: ReadonlyArray<Seen & { actions: number }>,
): FilterChoice[] {
  const choices = new Map<string, FilterChoice>();
  for (const row of clickRows) {
    if (row.key !== null) {
      choices.set(row.key, { value: row.key, label: row.label, clicks: row.clicks, actions: 0 });
    }
  }
  for (const row of actionRows) {
    if (row.key === null) {
      continue;
    }
    const choice = choices.get(row.key);
    if (choice === undefined) {
      choices.set(row.key, { value: row.key, label: row.label, clicks: 0, actions: row.actions });
    } else {
      choice.actions = row.actions;
    }
  }
  return [...choices.values()];
}

/** Only values the service can filter by are offered, so the groups without an id ("No SubID") are left out. */
export function filterChoices(clicks: ClickReport | undefined, actions?: ActionReport): FilterChoices {
  return {
    platforms: choicesOf(clicks?.groups.platform ?? [], actions?.groups.platform ?? []),
    programs: choicesOf(clicks?.groups.program ?? [], actions?.groups.program ?? []),
    subIds: choicesOf(clicks?.groups.subId ?? [], actions?.groups.subId ?? []),
  };
}
