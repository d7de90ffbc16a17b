/**
 * The sarif format (src/cli/format/sarif.ts), validated against OASIS's SARIF 2.1.0 JSON schema with ajv.
 *
 * The schema (test/unit/fixtures/sarif-schema-2.1.0.json) is the Committee Specification's, kept byte for byte:
 * repository oasis-tcs/sarif-spec, `Documents/CommitteeSpecifications/2.1.0/sarif-schema-2.1.0.json`, commit
 * 3682e9ee648f2f3e11ba1fcd47fc390a0b8f9dab (draft-07, 112,318 bytes). The three formats it uses are checked here
 * with small validators of our own, since ajv leaves formats to a plugin.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import type { CheckReport } from '../../src/cli/checkReport';
import { formatReport } from '../../src/cli/format';
import { FINGERPRINT_KEY, relativeUri, SRCROOT, toSarif } from '../../src/cli/format/sarif';
import { RULE_HELP } from '../../src/cli/format/ruleHelp';
import { DEFAULT_SEVERITIES, HEALTH_CODES } from '../../src/health/healthCodes';
import { cleanReport, findingsReport } from './helpers/checkReports';

const SCHEMA_FILE = path.join(__dirname, 'fixtures/sarif-schema-2.1.0.json');

/** RFC 3986's characters of a URI reference: unreserved, reserved, and percent-encoded octets. */
const URI_REFERENCE = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/;

function validator(): ValidateFunction {
  const schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('uri', (value: string) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && URI_REFERENCE.test(value));
  ajv.addFormat('uri-reference', (value: string) => URI_REFERENCE.test(value));
  ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d\d-\d\dT/.test(value));
  return ajv.compile(schema);
}

const validate = validator();

function assertValid(document: unknown): void {
  const valid = validate(document);
  assert.ok(valid, JSON.stringify(validate.errors, null, 2));
}

type Sarif = ReturnType<typeof toSarif>;

function sarifOf(report: CheckReport): Sarif {
  return JSON.parse(formatReport(report, 'sarif', { color: false })) as Sarif;
}

describe('the sarif format', () => {
  it('keeps the whole OASIS SARIF 2.1.0 schema (draft-07)', () => {
    const text = fs.readFileSync(SCHEMA_FILE, 'utf8');
    assert.equal(text.length, 112_318);
    const schema = JSON.parse(text) as { $schema: string; $id: string; title: string; definitions: object };
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
    assert.equal(schema.title, 'Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema');
    assert.equal(
      schema.$id,
      'https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json',
    );
    assert.equal(Object.keys(schema.definitions).length, 52);
    for (const name of ['run', 'result', 'fix', 'replacement', 'notification', 'reportingDescriptor', 'region']) {
      assert.ok(name in schema.definitions, name);
    }
  });

  it('is valid SARIF 2.1.0, with findings, fixes and files not checked, and when clean', () => {
    assertValid(sarifOf(findingsReport()));
    assertValid(sarifOf(cleanReport()));
  });

  it('refuses documents broken on purpose (the oracle can fail)', () => {
    const broken: Array<(log: Sarif) => void> = [
      (log) => Reflect.deleteProperty(log, 'version'),
      (log) => Object.assign(log.runs[0]!.results[0]!, { level: 'info' }),
      (log) => (log.runs[0]!.results[0]!.locations[0]!.physicalLocation.region.startLine = 0),
      (log) => (log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri = 'blog/a b.md'),
      (log) => Object.assign(log.runs[0]!.results[0]!.fixes![0]!.artifactChanges[0]!, { replacements: [] }),
      (log) => Object.assign(log.runs[0]!.tool.driver, { rules: [{ shortDescription: { text: 'no id' } }] }),
      (log) => Object.assign(log.runs[0]!.invocations[0]!, { executionSuccessful: 'yes' }),
    ];
    for (const [index, breakIt] of broken.entries()) {
      const log = sarifOf(findingsReport());
      breakIt(log);
      assert.equal(validate(log), false, `broken document ${index} was accepted`);
    }
  });

  it('describes every rule: help, help URI and default level, in the order of the codes', () => {
    const { driver } = sarifOf(findingsReport()).runs[0]!.tool;
    assert.equal(driver.name, 'affiliate-links');
    assert.equal(driver.version, '1.2.3');
    assert.equal(driver.informationUri, 'https://github.com/affiliate-links/affiliate-links');
    assert.deepEqual(
      driver.rules.map((rule) => rule.id),
      [...HEALTH_CODES],
    );
    for (const [index, rule] of driver.rules.entries()) {
      assert.equal(rule.shortDescription.text, RULE_HELP[index]!.summary);
      assert.equal(rule.fullDescription.text, RULE_HELP[index]!.explanation);
      assert.ok(rule.help.text.startsWith(`${rule.fullDescription.text}\n\nSeverity: the setting \``));
      assert.match(rule.helpUri, /^https:\/\/github\.com\/affiliate-links\/affiliate-links#/);
    }
    const levels = Object.fromEntries(driver.rules.map((rule) => [rule.id, rule.defaultConfiguration]));
    assert.deepEqual(levels['inactive-merchant'], { level: 'warning' });
    assert.deepEqual(levels['subid-mismatch'], { level: 'note' });
    assert.deepEqual(levels['not-monetized'], { level: 'note' });
    assert.equal(DEFAULT_SEVERITIES['disclosure-missing'], 'off');
    assert.deepEqual(levels['disclosure-missing'], { level: 'note', enabled: false });
  });

  it('places each result: rule, level, relative URI against %SRCROOT%, region; and the root as a file URI', () => {
    const run = sarifOf(findingsReport()).runs[0]!;
    assert.deepEqual(run.originalUriBaseIds, { [SRCROOT]: { uri: 'file:///work/site/' } });
    assert.equal(run.columnKind, 'utf16CodeUnits');
    assert.deepEqual(
      run.results.map((result) => [result.ruleId, result.ruleIndex, result.level]),
      [
        ['inactive-merchant', 0, 'warning'],
        ['subid-mismatch', 4, 'error'],
        ['not-monetized', 5, 'note'],
        ['disclosure-missing', 7, 'note'],
        ['rel-sponsored-missing', 6, 'note'],
        ['unknown-tracking-link', 2, 'warning'],
        ['unknown-tracking-link', 2, 'warning'],
      ],
    );
    const [first] = run.results;
    assert.deepEqual(first!.locations[0]!.physicalLocation, {
      artifactLocation: { uri: 'blog/a%20b%231.md', uriBaseId: SRCROOT },
      region: { startLine: 3, startColumn: 14, endLine: 3, endColumn: 60 },
    });
    assert.equal(run.results[5]!.locations[0]!.physicalLocation.artifactLocation.uri, 'pages/50%25%2Coff%3Asale.html');
    assert.equal(run.results[5]!.message.text, findingsReport().findings[5]!.message);
    assert.equal(relativeUri('a/\ud800.md'), 'a/%EF%BF%BD.md');
  });

  it('writes each safe fix as a SARIF fix: replacements, insertions and deletions', () => {
    const run = sarifOf(findingsReport()).runs[0]!;
    assert.deepEqual(run.results[0]!.fixes, [
      {
        description: { text: 'Replace with the plain address “https://shop-x.example/”' },
        artifactChanges: [
          {
            artifactLocation: { uri: 'blog/a%20b%231.md', uriBaseId: SRCROOT },
            replacements: [
              {
                deletedRegion: { startLine: 3, startColumn: 14, endLine: 3, endColumn: 60 },
                insertedContent: { text: 'https://shop-x.example/' },
              },
            ],
          },
        ],
      },
    ]);
    const insertion = run.results[3]!.fixes![0]!.artifactChanges[0]!.replacements[0]!;
    assert.deepEqual(insertion, {
      deletedRegion: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 },
      insertedContent: { text: 'This article has affiliate links.\n\n' },
    });
    const deletion = run.results[5]!.fixes![0]!.artifactChanges[0]!.replacements[0]!;
    assert.deepEqual(deletion, { deletedRegion: { startLine: 7, startColumn: 10, endLine: 7, endColumn: 48 } });
    assert.equal(run.results[2]!.fixes, undefined);
  });

  it('fingerprints each result apart, the same from run to run and when lines move', () => {
    const prints = (report: CheckReport) =>
      sarifOf(report).runs[0]!.results.map((result) => result.partialFingerprints[FINGERPRINT_KEY]);
    const before = prints(findingsReport());
    assert.equal(new Set(before).size, before.length, 'two identical findings of one file differ');
    assert.deepEqual(prints(findingsReport()), before);
    const moved = findingsReport();
    for (const finding of moved.findings) {
      finding.line += 5;
      finding.endLine += 5;
    }
    assert.deepEqual(prints(moved), before);
    for (const print of before) {
      assert.match(print!, /^[0-9a-f]{32}$/);
    }
  });

  it('reports the files it could not check as notifications of a successful run', () => {
    const invocation = sarifOf(findingsReport()).runs[0]!.invocations[0]!;
    assert.equal(invocation.executionSuccessful, true);
    assert.deepEqual(invocation.toolExecutionNotifications[1], {
      descriptor: { id: 'file-not-checked' },
      level: 'warning',
      message: { text: 'Not checked: invalid UTF-8 at byte 1024' },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'notes/latin1.md', uriBaseId: SRCROOT } } }],
    });
    assert.deepEqual(sarifOf(cleanReport()).runs[0]!.invocations[0]!.toolExecutionNotifications, []);
  });
});
