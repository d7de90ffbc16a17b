/** The report settings (`affiliateLinks.reports.*`): the provisional days, and the report cache's size and age. */
import * as vscode from 'vscode';
import { SETTINGS } from '../ids';

const MB = 1024 * 1024;
const DAY_MS = 86_400_000;

export interface ReportSettings {
  provisionalDays: number;
  maxBytes: number;
  maxAgeMs: number;
}

/** The report settings (`affiliateLinks.reports.*`), with the defaults `package.json` gives them. */
export function readReportSettings(): ReportSettings {
  const config = vscode.workspace.getConfiguration();
  return {
    provisionalDays: config.get<number>(SETTINGS.reportsProvisionalDays, 2),
    maxBytes: config.get<number>(SETTINGS.reportsCacheMaxMB, 200) * MB,
    maxAgeMs: config.get<number>(SETTINGS.reportsCacheMaxAgeDays, 30) * DAY_MS,
  };
}
