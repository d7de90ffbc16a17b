/**
 * The command line's exit codes, as lychee and ESLint use them: 0 clean, 1 findings at or above `--fail-on`, 2 a
 * usage, configuration or catalog problem.
 */
import type { ReportedSeverity, ReportFinding } from './checkReport';

export const EXIT_CLEAN = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_PROBLEM = 2;

/** The levels of `--fail-on`: a finding at or above the level fails the run; `never` fails none. */
export const FAIL_ON = ['error', 'warning', 'info', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** The severities from the most severe down (a hint is below every level of `--fail-on`). */
const RANK: Readonly<Record<ReportedSeverity, number>> = { error: 3, warning: 2, info: 1, hint: 0 };

/** Whether a finding of this severity fails a run with `--fail-on failOn`. */
export function fails(severity: ReportedSeverity, failOn: FailOn): boolean {
  return failOn !== 'never' && RANK[severity] >= RANK[failOn];
}

/** The exit code of a run that found `findings`. */
export function exitCodeOf(findings: readonly Pick<ReportFinding, 'severity'>[], failOn: FailOn): number {
  return findings.some((finding) => fails(finding.severity, failOn)) ? EXIT_FINDINGS : EXIT_CLEAN;
}
