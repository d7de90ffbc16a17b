/**
 * PLACEHOLDER (issue 36, the check command's branch): a minimal JSON fallback so that `affiliate-links check` runs
 * before the output formats are merged. The formats' own module (text, json, sarif, junit, github) replaces this file
 * whole; its one entry keeps this signature.
 */
import type { CheckReport } from '../checkReport';

export function formatReport(report: CheckReport, _format: string, _options: { color: boolean }): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
