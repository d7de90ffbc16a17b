/** What a run found, counted, and the summary line that the text and github formats end with. */
import * as l10n from '@vscode/l10n';
import type { CheckReport, ReportedSeverity } from '../checkReport';

export interface ReportCounts {
  problems: number;
  bySeverity: Record<ReportedSeverity, number>;
  /** Files with at least one finding. */
  filesWithFindings: number;
  filesChecked: number;
  skipped: number;
}

export function countReport(report: CheckReport): ReportCounts {
  const bySeverity: Record<ReportedSeverity, number> = { error: 0, warning: 0, info: 0, hint: 0 };
  const files = new Set<string>();
  for (const finding of report.findings) {
    bySeverity[finding.severity] += 1;
    files.add(finding.file);
  }
  return {
    problems: report.findings.length,
    bySeverity,
    filesWithFindings: files.size,
    filesChecked: report.filesChecked,
    skipped: report.skipped.length,
  };
}

function severityCounts(counts: ReportCounts): string {
  const { error, warning, info, hint } = counts.bySeverity;
  const parts = [
    error === 1 ? l10n.t('1 error') : l10n.t('{0} errors', error),
    warning === 1 ? l10n.t('1 warning') : l10n.t('{0} warnings', warning),
  ];
  if (info > 0) {
    parts.push(l10n.t('{0} info', info));
  }
  if (hint > 0) {
    parts.push(hint === 1 ? l10n.t('1 hint') : l10n.t('{0} hints', hint));
  }
  return parts.join(', ');
}

/**
 * One line, without a symbol: `12 problems (3 errors, 9 warnings) in 7 of 120 files; 2 files skipped`, or
 * `No problems in 120 files`.
 */
export function summaryLine(counts: ReportCounts): string {
  let line: string;
  if (counts.problems === 0) {
    line =
      counts.filesChecked === 1
        ? l10n.t('No problems in 1 file')
        : l10n.t('No problems in {0} files', counts.filesChecked);
  } else {
    const problems = counts.problems === 1 ? l10n.t('1 problem') : l10n.t('{0} problems', counts.problems);
    line =
      counts.filesChecked === 1
        ? l10n.t('{0} ({1}) in {2} of 1 file', problems, severityCounts(counts), counts.filesWithFindings)
        : l10n.t(
            '{0} ({1}) in {2} of {3} files',
            problems,
            severityCounts(counts),
            counts.filesWithFindings,
            counts.filesChecked,
          );
  }
  if (counts.skipped > 0) {
    const skipped = counts.skipped === 1 ? l10n.t('1 file skipped') : l10n.t('{0} files skipped', counts.skipped);
    line = `${line}; ${skipped}`;
  }
  return line;
}
