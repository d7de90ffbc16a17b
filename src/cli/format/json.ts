/**
 * The json format: the report as one JSON document, its fields always in the order of `JsonReport` below (each
 * object is built field by field, whatever order the report's objects hold them in), two-space indented, ending
 * with a newline. `reportVersion` changes only when a field changes meaning or goes away; new fields may be added.
 */
import type { CheckReport, FilePlace, ReportedSeverity } from '../checkReport';
import type { HealthCode } from '../../health/healthCodes';
import { countReport } from './reportSummary';

export const JSON_REPORT_VERSION = 1;

interface JsonPlace {
  /** 1-based, UTF-16 columns as VS Code counts them; the end is exclusive. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface JsonFinding extends JsonPlace {
  /** Relative to `root`, with `/` separators. */
  file: string;
  code: HealthCode;
  severity: ReportedSeverity;
  message: string;
  /** The safe fix that `--fix` applies, when there is one: edits of this file. */
  fix?: { title: string; edits: Array<JsonPlace & { newText: string }> };
}

/** The json format's document. */
export interface JsonReport {
  reportVersion: typeof JSON_REPORT_VERSION;
  tool: { name: string; version: string };
  /** The checked root (absolute). */
  root: string;
  /** The catalog snapshot's date (ISO 8601) and how many merchants it held. */
  catalog: { takenAt: string; merchants: number };
  filesChecked: number;
  durationMs: number;
  summary: {
    problems: number;
    errors: number;
    warnings: number;
    info: number;
    hints: number;
    filesWithFindings: number;
    skipped: number;
  };
  /** In file order, then line and column. */
  findings: JsonFinding[];
  /** Files that could not be checked (unreadable, binary, over the size limit, invalid UTF-8). */
  skipped: Array<{ file: string; reason: string }>;
}

function place(of: FilePlace): JsonPlace {
  return { line: of.line, column: of.column, endLine: of.endLine, endColumn: of.endColumn };
}

export function toJsonReport(report: CheckReport): JsonReport {
  const counts = countReport(report);
  return {
    reportVersion: JSON_REPORT_VERSION,
    tool: { name: report.tool.name, version: report.tool.version },
    root: report.root,
    catalog: { takenAt: report.catalog.takenAt, merchants: report.catalog.merchants },
    filesChecked: report.filesChecked,
    durationMs: report.durationMs,
    summary: {
      problems: counts.problems,
      errors: counts.bySeverity.error,
      warnings: counts.bySeverity.warning,
      info: counts.bySeverity.info,
      hints: counts.bySeverity.hint,
      filesWithFindings: counts.filesWithFindings,
      skipped: counts.skipped,
    },
    findings: report.findings.map((finding) => ({
      file: finding.file,
      ...place(finding),
      code: finding.code,
      severity: finding.severity,
      message: finding.message,
      ...(finding.fix && {
        fix: {
          title: finding.fix.title,
          edits: finding.fix.edits.map((edit) => ({ ...place(edit), newText: edit.newText })),
        },
      }),
    })),
    skipped: report.skipped.map((skipped) => ({ file: skipped.file, reason: skipped.reason })),
  };
}

export function formatJson(report: CheckReport): string {
  return `${JSON.stringify(toJsonReport(report), null, 2)}\n`;
}
