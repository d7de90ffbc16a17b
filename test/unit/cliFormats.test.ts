/**
 * The output formats of `affiliate-links check` (src/cli/format/): the text format for people and the json
 * format, over fixed reports; the other formats have their own files (cliGithub, cliJunit, cliSarif).
 */
import assert from 'node:assert/strict';
import type { CheckReport, ReportFinding } from '../../src/cli/checkReport';
import { formatReport, isOutputFormat, OUTPUT_FORMATS } from '../../src/cli/format';
import { JSON_REPORT_VERSION, type JsonReport } from '../../src/cli/format/json';
import { printable } from '../../src/cli/format/printable';
import { cleanReport, findingsReport, TRICKY_MESSAGE } from './helpers/checkReports';

const SGR = /\u001b\[\d+m/g;

/** Raw control characters (other than line feeds) and lone surrogates: what the text format must never print. */
function rawControls(text: string): string[] {
  return [...text.matchAll(/(?!\n)[\p{Cc}\p{Cs}]/gu)].map((match) => match[0]);
}

function smallReport(findings: ReportFinding[], filesChecked: number): CheckReport {
  return { ...cleanReport(), findings, filesChecked };
}

const finding = (overrides: Partial<ReportFinding>): ReportFinding => ({
  file: 'a.md',
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 5,
  code: 'inactive-merchant',
  severity: 'warning',
  message: 'Dead link.',
  ...overrides,
});

describe('the check command’s output formats', () => {
  it('offers the five formats, and formats a report in each, ending with a newline', () => {
    assert.deepEqual([...OUTPUT_FORMATS], ['text', 'json', 'sarif', 'junit', 'github']);
    assert.ok(isOutputFormat('sarif'));
    assert.ok(!isOutputFormat('xml'));
    for (const format of OUTPUT_FORMATS) {
      const out = formatReport(findingsReport(), format, { color: false });
      assert.ok(out.endsWith('\n'), format);
      assert.equal(formatReport(findingsReport(), format, { color: false }), out, `${format} is deterministic`);
    }
  });

  it('writes a site of many findings and files, more than a spread call takes arguments', () => {
    const skipped = Array.from({ length: 150_000 }, (_, index) => ({ file: `f${index}.bin`, reason: 'binary' }));
    const findings = Array.from({ length: 150_000 }, (_, index) => finding({ line: index + 1 }));
    const report = { ...smallReport(findings, 300_000), skipped };
    const text = formatReport(report, 'text', { color: false });
    assert.ok(text.includes('\n  f149999.bin  binary\n'));
    assert.ok(text.includes('\n  150000:1  warning  Dead link.  inactive-merchant\n'));
    // JUnit's suites: a rule's, and the files not checked.
    const junit = formatReport({ ...report, findings: findings.slice(0, 10) }, 'junit', { color: false });
    assert.ok(
      junit.includes(
        '<testsuites name="affiliate-links check" tests="150017" failures="10" errors="0" skipped="150000"',
      ),
    );
  });

  describe('text', () => {
    it('groups by file, aligns the columns of each file, and ends with the summary', () => {
      const report = smallReport(
        [
          finding({ line: 3, column: 14, message: 'Dead link.' }),
          finding({ line: 12, column: 2, severity: 'error', code: 'subid-mismatch', message: 'Wrong SubID here.' }),
          finding({ file: 'b/c.md', line: 1, column: 1, severity: 'info', code: 'rel-sponsored-missing' }),
        ],
        10,
      );
      assert.equal(
        formatReport(report, 'text', { color: false }),
        [
          'a.md',
          '  3:14  warning  Dead link.         inactive-merchant',
          '  12:2  error    Wrong SubID here.  subid-mismatch',
          '',
          'b/c.md',
          '  1:1  info  Dead link.  rel-sponsored-missing',
          '',
          '\u2716 3 problems (1 error, 1 warning, 1 info) in 2 of 10 files',
          '',
        ].join('\n'),
      );
    });

    it('lists the files it could not check with their reasons, and counts what a fix can mend', () => {
      const lines = formatReport(findingsReport(), 'text', { color: false }).split('\n');
      assert.deepEqual(
        lines.filter((line) => !line.startsWith('  ') && line !== ''),
        [
          'blog/a b#1.md',
          'docs/guide.mdx',
          'pages/50%,off:sale.html',
          'Not checked:',
          '\u2716 7 problems (1 error, 3 warnings, 2 info, 1 hint) in 3 of 120 files; 2 files skipped',
          '5 problems have a safe fix: `--fix` applies them.',
        ],
      );
      assert.ok(lines.includes('  assets/dump.html  over the size limit (9.1 MB, the limit: 8 MB)'));
      assert.ok(lines.includes('  notes/latin1.md   invalid UTF-8 at byte 1024'));
      assert.equal(lines.filter((line) => /^ {2}\d+:\d+ /.test(line)).length, 7);
    });

    it('says so in one line when the site is clean, in the singular where it should', () => {
      assert.equal(formatReport(cleanReport(), 'text', { color: false }), '\u2714 No problems in 120 files\n');
      const one = { ...smallReport([finding({})], 1), skipped: [{ file: 'x.md', reason: 'binary' }] };
      assert.match(
        formatReport(one, 'text', { color: false }),
        /\n\u2716 1 problem \(0 errors, 1 warning\) in 1 of 1 file; 1 file skipped\n$/,
      );
      assert.equal(
        formatReport({ ...cleanReport(), filesChecked: 1 }, 'text', { color: false }),
        '\u2714 No problems in 1 file\n',
      );
    });

    it('colours only when asked, and the colours are all it adds', () => {
      const plain = formatReport(findingsReport(), 'text', { color: false });
      const coloured = formatReport(findingsReport(), 'text', { color: true });
      assert.doesNotMatch(plain, SGR);
      assert.match(coloured, /\u001b\[31merror/);
      assert.match(coloured, /\u001b\[33mwarning/);
      assert.match(coloured, /\u001b\[1m\u2716 7 problems/);
      assert.equal(coloured.replace(SGR, ''), plain);
      assert.match(formatReport(cleanReport(), 'text', { color: true }), /^\u001b\[32m\u001b\[1m\u2714 No problems/);
    });

    it('prints no control character of a message or a path: each is written as \\uXXXX', () => {
      const report = findingsReport();
      report.findings[0]!.file = 'blog/\u202eevil\u0007.md';
      const plain = formatReport(report, 'text', { color: false });
      assert.deepEqual(rawControls(plain), []);
      assert.deepEqual(rawControls(formatReport(report, 'text', { color: true }).replace(SGR, '')), []);
      assert.ok(plain.includes('blog/\\u202eevil\\u0007.md\n'));
      assert.ok(plain.includes(printable(TRICKY_MESSAGE)));
      assert.ok(printable(TRICKY_MESSAGE).includes('gone\\u000d\\u000asecond line \\u001b[31mred\\u001b[0m \\u0000'));
      // The oracle, broken on purpose: the message as it came finds its controls.
      assert.deepEqual(rawControls(TRICKY_MESSAGE), ['\r', '\u001b', '\u001b', '\u0000', '\ud800']);
    });
  });

  describe('json', () => {
    const KEYS = [
      'reportVersion',
      'tool',
      'root',
      'catalog',
      'filesChecked',
      'durationMs',
      'summary',
      'findings',
      'skipped',
    ];
    const FINDING_KEYS = ['file', 'line', 'column', 'endLine', 'endColumn', 'code', 'severity', 'message'];

    it('writes the report in the documented shape and order, with its counts', () => {
      const out = formatReport(findingsReport(), 'json', { color: false });
      const doc = JSON.parse(out) as JsonReport;
      assert.deepEqual(Object.keys(doc), KEYS);
      assert.equal(doc.reportVersion, JSON_REPORT_VERSION);
      assert.deepEqual(doc.summary, {
        problems: 7,
        errors: 1,
        warnings: 3,
        info: 2,
        hints: 1,
        filesWithFindings: 3,
        skipped: 2,
      });
      assert.deepEqual(Object.keys(doc.findings[2]!), FINDING_KEYS);
      assert.deepEqual(Object.keys(doc.findings[0]!), [...FINDING_KEYS, 'fix']);
      assert.deepEqual(doc.findings[0]!.fix, findingsReport().findings[0]!.fix);
      assert.equal(doc.findings[5]!.message, TRICKY_MESSAGE);
      assert.deepEqual(doc.skipped, findingsReport().skipped);
      assert.deepEqual(doc.catalog, { takenAt: '2026-11-20T08:00:00.000Z', merchants: 2000 });
      assert.ok(out.startsWith('{\n  "reportVersion": 1,\n  "tool": {\n    "name": "affiliate-links",'));
    });

    it('keeps its order whatever order the report’s objects hold their fields in, and nothing else of them', () => {
      const report = findingsReport();
      const [first] = report.findings;
      const shuffled = Object.fromEntries(
        Object.entries({ ...first!, extra: 1 }).reverse(),
      ) as unknown as ReportFinding;
      const out = formatReport({ ...report, findings: [shuffled, ...report.findings.slice(1)] }, 'json', {
        color: false,
      });
      assert.equal(out, formatReport(findingsReport(), 'json', { color: false }));
      // The oracle, broken on purpose: JSON.stringify of the shuffled finding itself has another order.
      assert.notDeepEqual(Object.keys(JSON.parse(JSON.stringify(shuffled)) as object), [...FINDING_KEYS, 'fix']);
    });

    it('writes a clean report with empty lists', () => {
      const doc = JSON.parse(formatReport(cleanReport(), 'json', { color: false })) as JsonReport;
      assert.deepEqual(doc.findings, []);
      assert.deepEqual(doc.skipped, []);
      assert.equal(doc.summary.problems, 0);
    });
  });
});
