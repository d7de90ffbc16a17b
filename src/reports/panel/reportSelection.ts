/**
 * What the person selected to see in the report panel (one panel state: tab, period, filters, grouping,
 * sort, and its selection id), the store queries that needs, and its snapshots; it keeps the table of
 * its latest snapshot, so the rows read later match the shape the webview was sent.
 */
import * as l10n from '@vscode/l10n';
import type { PanelSnapshot, PanelState } from './protocol';
import type { ActionReport } from '../model/actionReport';
import type { ClickReport } from '../model/clickReport';
import type { FilterChoices } from '../model/filterChoices';
import type { ReportKind, ReportPeriod } from '../model/reportTypes';
import type { ReportState, StoreQuery } from '../store/reportStore';
import { actionTable } from './actionTables';
import { actionChart, clickChart, groupSeries, isClickGrouping } from './panelChart';
import { panelErrorOf, refusedPeriodError, stoppedError } from './panelErrors';
import { filterOptionsOf } from './panelFilters';
import {
  groupingsOf,
  longerPeriod,
  normalizeState,
  planSelection,
  type PanelPlan,
  type PanelQueries,
} from './panelQueries';
import { summaryOf } from './panelSummary';
import { groupLabelOf, type PanelTable, type TableContext } from './panelTable';
import { formatDay } from './panelWords';
import type { ReportAggregates, StoredReport, StoredReportOf } from './reportAggregates';
import { clickTable } from './clickTables';

/** The store's states of a selection's queries, as they stand when a snapshot is built. */
export interface SelectionStates {
  current: ReportState | undefined;
  previous: ReportState | undefined;
  other: ReportState | undefined;
  choices: FilterChoices | undefined;
}

export interface SelectionDeps {
  aggregates: ReportAggregates;
  context: TableContext;
  /** The key the reports are asked with; an account key when not said. */
  askedWith?: { keyKind: 'account' | 'platform'; opensReports: boolean | undefined };
}

/**
 * What the person selected: a record the session keeps (the functions below read it and keep its latest table in
 * `shown`), not an object that answers messages itself.
 */
export interface ReportSelection {
  readonly selectionId: number;
  /** The panel state as asked for, with what its tab cannot show replaced. */
  readonly state: PanelState;
  /** The local date when the selection was made: its period and provisional days count from it. */
  readonly today: string;
  readonly plan: PanelPlan;
  /** Set by cancel(): a selection stopped before its report arrived says so instead of "loading". */
  stopped: boolean;
  /** The table of the latest snapshot and the reports it was made of, if it had one: the rows read later come from it. */
  shown: { report: StoredReport; other: StoredReport | undefined; table: PanelTable<unknown> } | undefined;
}

export function newSelection(selectionId: number, requested: PanelState, today: string): ReportSelection {
  const state = normalizeState(requested);
  return { selectionId, state, today, plan: planSelection(state, today), stopped: false, shown: undefined };
}

/** The store queries the selection reads: its report, the previous period's, the other kind's, and the unfiltered one whose choices it offers. */
export function storeQueries(selection: ReportSelection): StoreQuery[] {
  if (!selection.plan.ok) {
    return [];
  }
  const { current, previous, other, unfiltered } = selection.plan.queries;
  return [current, previous, other, unfiltered];
}

/** The selection's snapshot as the store's states stand; keeps its table in `selection.shown`. */
export function selectionSnapshot(
  selection: ReportSelection,
  states: SelectionStates,
  deps: SelectionDeps,
): PanelSnapshot {
  const { state, plan } = selection;
  const base = {
    selectionId: selection.selectionId,
    groupings: groupingsOf(state.tab),
    filterOptions: filterOptionsOf(states.choices, state.filters),
  };
  if (!plan.ok) {
    selection.shown = undefined;
    return { ...base, state, status: 'failed', error: refusedPeriodError(plan.message) };
  }
  const { queries } = plan;
  const current = states.current;
  const report = current?.report;
  const snapshot: PanelSnapshot = {
    ...base,
    state,
    period: queries.period,
    previousPeriod: queries.previousPeriod,
    status: current?.status ?? 'loading',
    ...(current?.asOf ? { asOf: current.asOf } : {}),
    ...(current?.source ? { source: current.source } : {}),
  };
  if (current?.error && (current.status === 'offline' || current.status === 'failed')) {
    const asked = deps.askedWith ?? { keyKind: 'account', opensReports: true };
    snapshot.error = panelErrorOf(
      current.error,
      { shown: report !== undefined, asOf: current.asOf },
      { ...asked, platformFiltered: state.filters.adspaceId !== undefined },
    );
  } else if (selection.stopped && report === undefined && snapshot.status === 'loading') {
    snapshot.status = 'failed';
    snapshot.error = stoppedError();
  }
  if (report === undefined) {
    // No table to check the sort against yet: the state keeps it as asked.
    selection.shown = undefined;
    return snapshot;
  }
  addReport(selection, queries, snapshot, report, states, deps);
  return snapshot;
}

function addReport(
  selection: ReportSelection,
  queries: PanelQueries,
  snapshot: PanelSnapshot,
  report: StoredReport,
  states: SelectionStates,
  deps: SelectionDeps,
): void {
  const { state, today } = selection;
  const { aggregates, context } = deps;
  const otherReport = states.other?.report;
  const aggregate = aggregates.of(report, queries.period, today);
  const other = otherReport ? aggregates.of(otherReport, queries.period, today) : undefined;
  const previousReport = states.previous?.report;
  const previous = previousReport ? aggregates.of(previousReport, queries.previousPeriod, today) : undefined;
  const clicks = (aggregate.kind === 'clicks' ? aggregate : other) as ClickReport | undefined;
  const actions = (aggregate.kind === 'actions' ? aggregate : other) as ActionReport | undefined;

  snapshot.summary = summaryOf(state.tab, { clicks, actions, previous, previousPeriod: queries.previousPeriod });
  if (aggregate.kind === 'clicks') {
    const groupBy = state.groupBy;
    const grouped = isClickGrouping(groupBy)
      ? aggregates.derived(report, queries.period, today, `series:${groupBy}`, () => groupSeries(aggregate, groupBy))
      : undefined;
    snapshot.chart = clickChart(aggregate, groupBy, (key, label) => groupLabelOf(groupBy, key, label, context), grouped);
  } else {
    snapshot.chart = aggregates.derived(report, queries.period, today, 'chart', () => actionChart(aggregate));
  }
  const epcSource = aggregate.kind === 'clicks' ? (otherReport as StoredReportOf<'actions'> | undefined) : undefined;
  const table = tableFor(selection, queries.period, deps, { report, epcSource, clicks, actions });
  snapshot.table = table.shape(state.sort);
  snapshot.state = { ...state, sort: snapshot.table.sort };

  const total = aggregate.kind === 'clicks' ? aggregate.totals.clicks : aggregate.totals.actions;
  if (snapshot.status === 'ready' && total === 0) {
    const suggestion = longerPeriod(state.period);
    snapshot.empty = {
      message: emptyMessage(
        aggregate.kind,
        formatDay(aggregate.period.from),
        formatDay(aggregate.period.to),
        Object.keys(state.filters).length > 0,
      ),
      ...(suggestion ? { suggestion } : {}),
    };
  }
}

/**
 * The table for the report (and, on the clicks tab, the actions report EPC reads): the same
 * table as long as they are the same, so sort indexes built for one snapshot serve the next.
 * Tables that do not read the other report are kept with the report itself, for later selections.
 */
function tableFor(
  selection: ReportSelection,
  period: ReportPeriod,
  { aggregates, context }: SelectionDeps,
  reports: {
    report: StoredReport;
    epcSource: StoredReport | undefined;
    clicks: ClickReport | undefined;
    actions: ActionReport | undefined;
  },
): PanelTable<unknown> {
  const { state, today } = selection;
  const { report, epcSource, clicks, actions } = reports;
  const usesOther = epcSource !== undefined && (state.groupBy === 'program' || state.groupBy === 'subId');
  const other = usesOther ? epcSource : undefined;
  if (selection.shown?.report === report && selection.shown.other === other) {
    return selection.shown.table;
  }
  let table: PanelTable<unknown>;
  if (state.tab === 'clicks') {
    const make = () => clickTable(clicks!, state.groupBy, usesOther ? actions : undefined, context);
    table = usesOther ? make() : aggregates.derived(report, period, today, `table:${state.groupBy}`, make);
  } else {
    table = aggregates.derived(report, period, today, `table:${state.groupBy}`, () =>
      actionTable(actions!, state.groupBy, context),
    );
  }
  selection.shown = { report, other, table };
  return table;
}

/** What an empty report says: no clicks or no actions in the period, with the filters or without. */
function emptyMessage(kind: ReportKind, from: string, to: string, filtered: boolean): string {
  if (kind === 'clicks') {
    return filtered
      ? l10n.t('No clicks from {0} to {1} with these filters.', from, to)
      : l10n.t('No clicks from {0} to {1}.', from, to);
  }
  return filtered
    ? l10n.t('No actions from {0} to {1} with these filters.', from, to)
    : l10n.t('No actions from {0} to {1}.', from, to);
}
