/**
 * The text format, for people, in the manner of ESLint's `stylish`: the findings grouped by file, one row each
 * (`  line:col  severity  message  code`, the columns aligned within a file), the files that could not be checked
 * with their reasons, and a summary line. ANSI colours only when asked (the command asks when its output is a
 * terminal). Control characters of a message or a path (a merchant's name from the catalog, a file name) are
 * written as `\u001b` and the like, so no text of the site or the catalog can move the terminal's cursor.
 */
import * as l10n from '@vscode/l10n';
import type { CheckReport, ReportedSeverity, ReportFinding } from '../checkReport';
import { printable } from './printable';
import { countReport, summaryLine } from './reportSummary';

type Paint = (text: string) => string;

function ansi(open: number, close: number): Paint {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

interface Palette {
  file: Paint;
  place: Paint;
  code: Paint;
  severity: Record<ReportedSeverity, Paint>;
  failed: Paint;
  warned: Paint;
  noted: Paint;
  clean: Paint;
}

const plain: Paint = (text) => text;

const NO_COLOUR: Palette = {
  file: plain,
  place: plain,
  code: plain,
  severity: { error: plain, warning: plain, info: plain, hint: plain },
  failed: plain,
  warned: plain,
  noted: plain,
  clean: plain,
};

const red = ansi(31, 39);
const yellow = ansi(33, 39);
const blue = ansi(34, 39);
const green = ansi(32, 39);
const dim = ansi(2, 22);
const bold = ansi(1, 22);

const COLOUR: Palette = {
  file: ansi(4, 24),
  place: dim,
  code: dim,
  severity: { error: red, warning: yellow, info: blue, hint: dim },
  failed: (text) => red(bold(text)),
  warned: (text) => yellow(bold(text)),
  noted: (text) => blue(bold(text)),
  clean: (text) => green(bold(text)),
};

/** The length of the longest text (a loop: a site can skip more files than a spread call takes arguments). */
function widest(texts: readonly string[]): number {
  return texts.reduce((width, text) => Math.max(width, text.length), 0);
}

function groupByFile(findings: readonly ReportFinding[]): Map<string, ReportFinding[]> {
  const groups = new Map<string, ReportFinding[]>();
  for (const finding of findings) {
    const group = groups.get(finding.file);
    if (group) {
      group.push(finding);
    } else {
      groups.set(finding.file, [finding]);
    }
  }
  return groups;
}

/** Adds a file's block to `lines` (pushed one by one: a file can have more rows than a spread call takes). */
function addFileBlock(lines: string[], file: string, findings: readonly ReportFinding[], palette: Palette): void {
  const rows = findings.map((finding) => ({
    place: `${finding.line}:${finding.column}`,
    severity: finding.severity,
    message: printable(finding.message),
    code: finding.code,
  }));
  const placeWidth = widest(rows.map((row) => row.place));
  const severityWidth = widest(rows.map((row) => row.severity));
  const messageWidth = widest(rows.map((row) => row.message));
  lines.push(palette.file(printable(file)));
  for (const row of rows) {
    lines.push(
      [
        '',
        palette.place(row.place.padEnd(placeWidth)),
        palette.severity[row.severity](row.severity.padEnd(severityWidth)),
        row.message.padEnd(messageWidth),
        palette.code(row.code),
      ].join('  '),
    );
  }
  lines.push('');
}

function addSkippedBlock(lines: string[], report: CheckReport, palette: Palette): void {
  const files = report.skipped.map((skipped) => printable(skipped.file));
  const width = widest(files);
  lines.push(l10n.t('Not checked:'));
  for (const [index, skipped] of report.skipped.entries()) {
    const file = files[index]!;
    lines.push(`  ${palette.file(file)}${' '.repeat(width - file.length)}  ${printable(skipped.reason)}`);
  }
  lines.push('');
}

export function formatText(report: CheckReport, options: { color: boolean }): string {
  const palette = options.color ? COLOUR : NO_COLOUR;
  const counts = countReport(report);
  const lines: string[] = [];
  for (const [file, findings] of groupByFile(report.findings)) {
    addFileBlock(lines, file, findings, palette);
  }
  if (report.skipped.length > 0) {
    addSkippedBlock(lines, report, palette);
  }
  const summary = summaryLine(counts);
  if (counts.problems === 0) {
    lines.push(palette.clean(`\u2714 ${summary}`));
  } else {
    const paint =
      counts.bySeverity.error > 0 ? palette.failed : counts.bySeverity.warning > 0 ? palette.warned : palette.noted;
    lines.push(paint(`\u2716 ${summary}`));
    const fixable = report.findings.filter((finding) => finding.fix !== undefined).length;
    if (fixable > 0) {
      lines.push(
        fixable === 1
          ? l10n.t('1 problem has a safe fix: `--fix` applies it.')
          : l10n.t('{0} problems have a safe fix: `--fix` applies them.', fixable),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
