/**
 * What a report asks for: its kind, its period and its filters. The store keys its cache and
 * its requests by a `ReportQuery`; the model aggregates the items that answer it.
 */

export type ReportKind = 'clicks' | 'actions';

export type PeriodPreset =
  | 'today'
  | 'yesterday'
  | 'last7'
  | 'last30'
  | 'thisMonth'
  | 'lastMonth'
  | 'last90'
  | 'last120'
  | 'last12Months'
  | 'custom';

/** Inclusive calendar dates, `YYYY-MM-DD`. */
export interface ReportPeriod {
  from: string;
  to: string;
}

/** The service's own filters (spec 4.2); absent means "all". */
export interface ReportFilters {
  adspaceId?: string;
  programId?: string;
  subId?: string;
}

export interface ReportQuery {
  kind: ReportKind;
  period: ReportPeriod;
  filters: ReportFilters;
}
