/**
 * The github format: GitHub Actions workflow commands, which the runner turns into annotations on the run and on
 * the pull request's files.
 * - One command per finding: `::error` for errors, `::warning` for warnings, `::notice` for info and hints; with
 *   `file`, `line`, `endLine`, `col`, `endColumn` and `title` (the rule's summary and its code). The file is
 *   absolute (the checked root joined with the finding's path): the runner makes a path inside the workspace
 *   relative to the repository itself, so the annotation lands on the right file whatever folder was checked,
 *   where a path relative to the checked root would be read from the repository's root. The runner drops
 *   the columns of a finding over several lines, so they are written only for one on a single line, its end as the
 *   last column of the finding. A safe fix is named on the message's second line.
 * - One `::notice` per file that could not be checked, with the reason.
 * - Then a plain summary line.
 * Escaping as the runner unescapes (actions/runner `ActionCommand`): in the message `%` → `%25`, CR → `%0D`,
 * LF → `%0A`; in a property also `:` → `%3A` and `,` → `%2C`. So no text of the site can end a command early or
 * start another. Other control characters of a message (an ANSI escape in a merchant's name would colour the log)
 * are written as `\uXXXX`; a path is left exact, since the annotation must name the very file.
 */
import path from 'node:path';
import * as l10n from '@vscode/l10n';
import type { CheckReport, ReportedSeverity, ReportFinding } from '../checkReport';
import { printable } from './printable';
import { countReport, summaryLine } from './reportSummary';
import { RULE_HELP } from './ruleHelp';

type Command = 'error' | 'warning' | 'notice';

const COMMANDS: Record<ReportedSeverity, Command> = {
  error: 'error',
  warning: 'warning',
  info: 'notice',
  hint: 'notice',
};

/** A command's message. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A command's property value. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function command(name: Command, properties: ReadonlyArray<[string, string | number]>, message: string): string {
  const props = properties.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(',');
  return `::${name} ${props}::${escapeData(printable(message, true))}`;
}

const TITLES = new Map(RULE_HELP.map((help) => [help.code, `${help.summary} (${help.code})`]));

function findingCommand(root: string, finding: ReportFinding): string {
  const properties: Array<[string, string | number]> = [
    ['file', path.resolve(root, finding.file)],
    ['line', finding.line],
    ['endLine', finding.endLine],
  ];
  if (finding.endLine === finding.line) {
    properties.push(['col', finding.column], ['endColumn', Math.max(finding.column, finding.endColumn - 1)]);
  }
  properties.push(['title', TITLES.get(finding.code) ?? finding.code]);
  const message = finding.fix
    ? `${finding.message}\n${l10n.t('Safe fix (--fix): {0}', finding.fix.title)}`
    : finding.message;
  return command(COMMANDS[finding.severity], properties, message);
}

export function formatGithub(report: CheckReport): string {
  const lines = report.findings.map((finding) => findingCommand(report.root, finding));
  for (const skipped of report.skipped) {
    lines.push(
      command(
        'notice',
        [
          ['file', path.resolve(report.root, skipped.file)],
          ['title', l10n.t('Not checked')],
        ],
        skipped.reason,
      ),
    );
  }
  lines.push(`${report.tool.name}: ${summaryLine(countReport(report))}`);
  return `${lines.join('\n')}\n`;
}
