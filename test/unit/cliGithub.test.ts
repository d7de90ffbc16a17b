/**
 * The github format (src/cli/format/github.ts): GitHub Actions workflow commands, read back the way the runner
 * reads them — `readCommand` follows actions/runner's `ActionCommand.TryParseV2` and its unescaping, and drops the
 * columns of a multi-line annotation as its `ValidateLinesAndColumns` does.
 */
import assert from 'node:assert/strict';
import { formatReport } from '../../src/cli/format';
import { escapeData, escapeProperty } from '../../src/cli/format/github';
import { printable } from '../../src/cli/format/printable';
import { RULE_HELP } from '../../src/cli/format/ruleHelp';
import { cleanReport, findingsReport, TRICKY_MESSAGE } from './helpers/checkReports';

interface Command {
  command: string;
  properties: Record<string, string>;
  data: string;
}

function unescape(text: string, mappings: ReadonlyArray<[string, string]>): string {
  return mappings.reduce((value, [token, replacement]) => value.split(replacement).join(token), text);
}

const DATA: Array<[string, string]> = [
  ['\r', '%0D'],
  ['\n', '%0A'],
  ['%', '%25'],
];
const PROPERTY: Array<[string, string]> = [
  ['\r', '%0D'],
  ['\n', '%0A'],
  [':', '%3A'],
  [',', '%2C'],
  ['%', '%25'],
];

/** A line as the runner reads it: a command, or undefined for a plain log line. */
function readCommand(line: string): Command | undefined {
  const message = line.trimStart();
  if (!message.startsWith('::')) {
    return undefined;
  }
  const end = message.indexOf('::', 2);
  if (end < 0) {
    return undefined;
  }
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!['error', 'warning', 'notice'].includes(command)) {
    return undefined;
  }
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info
      .slice(space + 1)
      .trim()
      .split(',')
      .filter(Boolean)) {
      const at = pair.indexOf('=');
      if (at > 0 && at < pair.length - 1) {
        properties[pair.slice(0, at)] = unescape(pair.slice(at + 1), PROPERTY);
      }
    }
  }
  if (properties['endLine'] !== undefined && properties['endLine'] !== properties['line']) {
    delete properties['col'];
    delete properties['endColumn'];
  }
  return { command, properties, data: unescape(message.slice(end + 2), DATA) };
}

const TITLES = new Map(RULE_HELP.map((help) => [help.code, `${help.summary} (${help.code})`]));

describe('the github format', () => {
  it('writes one command per finding, one notice per file not checked, and a summary line', () => {
    // Paths are absolute, the checked root joined with the finding's path: the runner makes them relative to the
    // repository.
    const lines = formatReport(findingsReport(), 'github', { color: false }).trimEnd().split('\n');
    assert.equal(lines.length, 7 + 2 + 1);
    assert.equal(
      lines[0],
      '::warning file=/work/site/blog/a b#1.md,line=3,endLine=3,col=14,endColumn=59,title=Link to an inactive merchant (inactive-merchant)::“Shop X” has been inactive since 2026-10-01: this link earns nothing.%0ASafe fix (--fix): Replace with the plain address “https://shop-x.example/”',
    );
    assert.equal(
      lines[7],
      '::notice file=/work/site/assets/dump.html,title=Not checked::over the size limit (9.1 MB, the limit: 8 MB)',
    );
    assert.equal(
      lines[9],
      'affiliate-links: 7 problems (1 error, 3 warnings, 2 info, 1 hint) in 3 of 120 files; 2 files skipped',
    );
    assert.equal(readCommand(lines[9]!), undefined);
  });

  it('reads back, as the runner reads it, to each finding’s file, place, title, severity and message', () => {
    const report = findingsReport();
    const lines = formatReport(report, 'github', { color: false }).trimEnd().split('\n');
    const commands = report.findings.map((finding, index) => ({ finding, read: readCommand(lines[index]!) }));
    for (const { finding, read } of commands) {
      assert.ok(read, finding.message);
      const expected = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' }[finding.severity];
      assert.equal(read.command, expected);
      assert.equal(read.properties['file'], `/work/site/${finding.file}`);
      assert.equal(read.properties['line'], String(finding.line));
      assert.equal(read.properties['endLine'], String(finding.endLine));
      assert.equal(read.properties['title'], TITLES.get(finding.code));
      const message = printable(finding.message, true);
      assert.equal(read.data, finding.fix ? `${message}\nSafe fix (--fix): ${finding.fix.title}` : message);
      if (finding.line === finding.endLine) {
        assert.equal(read.properties['col'], String(finding.column));
        assert.equal(read.properties['endColumn'], String(Math.max(finding.column, finding.endColumn - 1)));
      }
    }
    // The finding over lines 20–22 carries no columns, which the runner would drop anyway.
    assert.doesNotMatch(lines[4]!, /col=|endColumn=/);
    assert.match(lines[4]!, /^::notice file=\/work\/site\/docs\/guide\.mdx,line=20,endLine=22,title=/);
  });

  it('escapes what would end a command early or start another: %, CR, LF, and : and , in properties', () => {
    const line = formatReport(findingsReport(), 'github', { color: false }).split('\n')[5]!;
    assert.ok(line.startsWith('::warning file=/work/site/pages/50%25%2Coff%3Asale.html,line=7,'));
    assert.ok(line.includes('::Shop "A&B" <50%25 off>, now: gone%0D%0Asecond line \\u001b[31mred\\u001b[0m \\u0000'));
    assert.ok(line.includes(' %250A %2525 ::error::x%0ASafe fix (--fix): Remove the <a> & keep its text'));
    assert.doesNotMatch(line, /[\r\u0000\u001b]/);
    assert.equal(readCommand(line)!.data.split('\n')[0], printable('Shop "A&B" <50% off>, now: gone\r', true));
    assert.equal(escapeData('100% \r\n:,'), '100%25 %0D%0A:,');
    assert.equal(escapeProperty('100% \r\n:,'), '100%25 %0D%0A%3A%2C');
    assert.equal(escapeProperty('%3A'), '%253A');
    assert.equal(unescape(escapeProperty('a%3A:b,%2C%25'), PROPERTY), 'a%3A:b,%2C%25');
    assert.equal(unescape(escapeData(TRICKY_MESSAGE), DATA), TRICKY_MESSAGE);
  });

  it('breaks, read back, when a command is written without escaping (the oracle, on purpose)', () => {
    const finding = findingsReport().findings[5]!;
    const naive = `::warning file=${finding.file},line=${finding.line},title=x::${finding.message}`;
    const [first, second] = naive.split(/\r?\n/);
    const read = readCommand(first!)!;
    assert.notEqual(read.properties['file'], finding.file);
    assert.notEqual(read.data, finding.message);
    assert.equal(readCommand(second!), undefined);
    // And a message whose line break were not escaped would start a command of its own.
    assert.deepEqual(readCommand('::error::x'), { command: 'error', properties: {}, data: 'x' });
  });

  it('writes only the summary line for a clean run', () => {
    assert.equal(
      formatReport(cleanReport(), 'github', { color: false }),
      'affiliate-links: No problems in 120 files\n',
    );
  });
});
