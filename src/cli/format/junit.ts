/**
 * The junit format: JUnit XML, as Jenkins, GitLab, Azure Pipelines and CircleCI read test reports.
 *
 * One `<testsuite>` per rule, all eight in every run (in the order of `HEALTH_CODES`), not one per file: a rule is
 * the test and each finding a failed case of it (`classname` `affiliate-links.<code>`, named `file:line:col`, with
 * `file` and `line` attributes). The suites are then the same from run to run, so a CI's test history follows
 * each rule (3 failures of `inactive-merchant` yesterday, none today); and a rule without findings is a suite with
 * one passing case, `No findings`, so a clean run is eight passing suites rather than an empty report, which
 * Jenkins fails by default. A suite per file could not do either: the report names only the files with findings.
 * Files that could not be checked are skipped cases of a ninth suite, `not-checked`, present only when there are
 * some. Every finding is a `<failure>` whatever its severity (its `type`); `--fail-on` decides the exit code.
 *
 * Characters that XML 1.0 cannot hold (controls other than tab, line feed and carriage return; U+FFFE, U+FFFF;
 * lone surrogates) are written as `\uXXXX`; `&`, `<`, `>` and `"` as entities, and tabs and line breaks inside
 * attributes as character references, which a parser would otherwise turn into spaces.
 */
import * as l10n from '@vscode/l10n';
import { HEALTH_CODES } from '../../health/healthCodes';
import type { CheckReport, ReportFinding } from '../checkReport';

const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function xmlChars(text: string): string {
  return text.replace(NOT_XML, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function entity(ch: string): string {
  return ENTITIES[ch] ?? `&#${ch.charCodeAt(0)};`;
}

/** Text content: `&`, `<`, `>` and carriage returns (which a parser would fold into line feeds) escaped. */
export function xmlText(text: string): string {
  return xmlChars(text).replace(/[&<>\r]/g, entity);
}

/** An attribute value, for double quotes. */
export function xmlAttribute(text: string): string {
  return xmlChars(text).replace(/[&<>"\t\n\r]/g, entity);
}

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`)
    .join('');
}

interface Case {
  attributes: Record<string, string | number>;
  /** The case's child element, if any. */
  body?: string;
}

/** Adds a suite to `lines`, line by line (a suite can have more cases than a spread call takes). */
function addSuite(lines: string[], name: string, cases: readonly Case[], failures: number, skipped: number): void {
  lines.push(`  <testsuite${attributes({ name, tests: cases.length, failures, errors: 0, skipped, time: 0 })}>`);
  for (const testCase of cases) {
    lines.push(
      testCase.body === undefined
        ? `    <testcase${attributes(testCase.attributes)}/>`
        : `    <testcase${attributes(testCase.attributes)}>${testCase.body}</testcase>`,
    );
  }
  lines.push('  </testsuite>');
}

function failureCase(tool: string, finding: ReportFinding): Case {
  const place = `${finding.file}:${finding.line}:${finding.column}`;
  let details = `${place}  ${finding.severity}  ${finding.message}  (${finding.code})`;
  if (finding.fix) {
    details += `\n${l10n.t('Safe fix (--fix): {0}', finding.fix.title)}`;
  }
  return {
    attributes: { classname: `${tool}.${finding.code}`, name: place, file: finding.file, line: finding.line, time: 0 },
    body: `<failure${attributes({ message: finding.message, type: finding.severity })}>${xmlText(details)}</failure>`,
  };
}

export function formatJunit(report: CheckReport): string {
  const tool = report.tool.name;
  const lines: string[] = [];
  let tests = 0;
  for (const code of HEALTH_CODES) {
    const findings = report.findings.filter((finding) => finding.code === code);
    const cases =
      findings.length > 0
        ? findings.map((finding) => failureCase(tool, finding))
        : [{ attributes: { classname: `${tool}.${code}`, name: l10n.t('No findings'), time: 0 } }];
    tests += cases.length;
    addSuite(lines, code, cases, findings.length, 0);
  }
  if (report.skipped.length > 0) {
    const cases = report.skipped.map((skipped) => ({
      attributes: { classname: `${tool}.not-checked`, name: skipped.file, file: skipped.file, time: 0 },
      body: `<skipped${attributes({ message: skipped.reason })}/>`,
    }));
    tests += cases.length;
    addSuite(lines, 'not-checked', cases, 0, cases.length);
  }
  const totals = {
    name: `${tool} check`,
    tests,
    failures: report.findings.length,
    errors: 0,
    skipped: report.skipped.length,
    time: (report.durationMs / 1000).toFixed(3),
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes(totals)}>`,
    ...lines,
    '</testsuites>',
    '',
  ].join('\n');
}
