/**
 * Each report the panel shows aggregated once, kept per report object in a WeakMap and worked out again when the local
 * date moves.
 */
import type { ClientLogger } from '../../api/types';
import { aggregateActions, type ActionReport } from '../model/actionReport';
import { aggregateClicks, type ClickReport } from '../model/clickReport';
import { DEFAULT_PROVISIONAL_DAYS } from '../model/reportDays';
import type { ReportKind, ReportPeriod } from '../model/reportTypes';
import type { ReportState } from '../store/reportStore';

export type StoredReport = NonNullable<ReportState['report']>;
export type StoredReportOf<K extends ReportKind> = NonNullable<ReportState<K>['report']>;

export type Aggregate = ClickReport | ActionReport;

interface Entry {
  today: string;
  aggregate: Aggregate;
  /** Whatever a selection works out once per report (charts per grouping), by name. */
  derived: Map<string, unknown>;
}

export class ReportAggregates {
  private readonly entries = new WeakMap<StoredReport, Entry>();

  constructor(private readonly provisionalDays: number) {}

  clicks(report: StoredReportOf<'clicks'>, period: ReportPeriod, today: string): ClickReport {
    return this.entryOf(report, period, today).aggregate as ClickReport;
  }

  actions(report: StoredReportOf<'actions'>, period: ReportPeriod, today: string): ActionReport {
    return this.entryOf(report, period, today).aggregate as ActionReport;
  }

  of(report: StoredReport, period: ReportPeriod, today: string): Aggregate {
    return this.entryOf(report, period, today).aggregate;
  }

  /** A value derived from the report's aggregate, worked out once per report, date and `name`. */
  derived<T>(
    report: StoredReport,
    period: ReportPeriod,
    today: string,
    name: string,
    make: (aggregate: Aggregate) => T,
  ): T {
    const entry = this.entryOf(report, period, today);
    if (!entry.derived.has(name)) {
      entry.derived.set(name, make(entry.aggregate));
    }
    return entry.derived.get(name) as T;
  }

  private entryOf(report: StoredReport, period: ReportPeriod, today: string): Entry {
    let entry = this.entries.get(report);
    if (entry === undefined || entry.today !== today) {
      const options = { provisionalDays: this.provisionalDays, today };
      const aggregate =
        report.kind === 'clicks'
          ? aggregateClicks(
              (report as StoredReportOf<'clicks'>).windows.flatMap((window) => window.items),
              period,
              options,
            )
          : aggregateActions(
              (report as StoredReportOf<'actions'>).windows.flatMap((window) => window.items),
              period,
              options,
            );
      entry = { today, aggregate, derived: new Map() };
      this.entries.set(report, entry);
    }
    return entry;
  }
}

/** The setting of provisional days as the aggregates count them: a whole number of 0 or more, else the default (said in the log). */
export function validProvisionalDays(days: number, logger: ClientLogger): number {
  if (Number.isInteger(days) && days >= 0) {
    return days;
  }
  logger.warn(
    `The setting of provisional days must be a whole number, 0 or more; got ${String(days)}. Using ${DEFAULT_PROVISIONAL_DAYS}.`,
  );
  return DEFAULT_PROVISIONAL_DAYS;
}
