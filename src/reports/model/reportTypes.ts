/** What a report asks for: its kind, its period and its filters. */

import type { PanelFilters, PresetName, ReportTab } from './reportVocabulary';

/** A report's kind: the panel's tabs. */
export type ReportKind = ReportTab;

export type PeriodPreset = PresetName | 'custom';

/** Inclusive calendar dates, `YYYY-MM-DD`. */
export interface ReportPeriod {
  from: string;
  to: string;
}

/** The service's own filters (spec 4.2); absent means "all". */
export type ReportFilters = PanelFilters;

export interface ReportQuery {
  kind: ReportKind;
  period: ReportPeriod;
  filters: ReportFilters;
}
