/**
 * The junit format (src/cli/format/junit.ts), read back as XML: fast-xml-parser's validator and parser, plus the two
 * checks its validator leaves out (it lets a bare `&` or `<` in an attribute and XML 1.0's forbidden characters
 * through): every `&` starts a reference, no attribute holds a `<`, and every character is one XML 1.0 allows.
 */
import assert from 'node:assert/strict';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatReport } from '../../src/cli/format';
import { xmlAttribute, xmlText } from '../../src/cli/format/junit';
import { HEALTH_CODES } from '../../src/health/healthCodes';
import { cleanReport, findingsReport, TRICKY_MESSAGE } from './helpers/checkReports';

type Attributes = Record<string, string>;
interface TestCase {
  [attribute: string]: unknown;
  failure?: unknown;
  skipped?: unknown;
}
interface Suite {
  [attribute: string]: unknown;
  testcase: TestCase[];
}
interface Suites {
  [attribute: string]: unknown;
  testsuite: Suite[];
}

/** Characters outside XML 1.0's `Char` production (lone surrogates included). */
const NOT_XML_CHAR =
  /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;
const BARE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

/** The document, checked as XML and parsed: what a CI's JUnit reader would see. */
function readJunit(xml: string): Suites {
  const valid = XMLValidator.validate(xml);
  assert.equal(valid, true, JSON.stringify(valid));
  assert.doesNotMatch(xml, NOT_XML_CHAR, 'only characters XML 1.0 allows');
  assert.doesNotMatch(xml, BARE_AMPERSAND, 'every & starts a reference');
  assert.doesNotMatch(xml, /="[^"]*</, 'no < in an attribute');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    htmlEntities: true,
    trimValues: false,
    parseAttributeValue: false,
    isArray: (name) => name === 'testsuite' || name === 'testcase',
  });
  return (parser.parse(xml) as { testsuites: Suites }).testsuites;
}

/** The counts each element claims agree with the elements it holds. */
function checkCounts(suites: Suites): void {
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  for (const suite of suites.testsuite) {
    const suiteFailures = suite.testcase.filter((testCase) => testCase.failure !== undefined).length;
    const suiteSkipped = suite.testcase.filter((testCase) => testCase.skipped !== undefined).length;
    assert.equal(Number(suite['tests']), suite.testcase.length, `${String(suite['name'])} tests`);
    assert.equal(Number(suite['failures']), suiteFailures, `${String(suite['name'])} failures`);
    assert.equal(Number(suite['skipped']), suiteSkipped, `${String(suite['name'])} skipped`);
    tests += suite.testcase.length;
    failures += suiteFailures;
    skipped += suiteSkipped;
  }
  assert.equal(Number(suites['tests']), tests, 'tests');
  assert.equal(Number(suites['failures']), failures, 'failures');
  assert.equal(Number(suites['skipped']), skipped, 'skipped');
}

describe('the junit format', () => {
  it('is a suite per rule, each finding a failed case, files not checked skipped cases', () => {
    const suites = readJunit(formatReport(findingsReport(), 'junit', { color: false }));
    checkCounts(suites);
    assert.deepEqual(
      suites.testsuite.map((suite) => suite['name']),
      [...HEALTH_CODES, 'not-checked'],
    );
    assert.deepEqual(
      [suites['tests'], suites['failures'], suites['errors'], suites['skipped'], suites['time']],
      ['11', '7', '0', '2', '0.812'],
    );
    const unknown = suites.testsuite.find((suite) => suite['name'] === 'unknown-tracking-link')!;
    assert.deepEqual(
      unknown.testcase.map((testCase) => [testCase['classname'], testCase['name'], testCase['file'], testCase['line']]),
      [
        ['affiliate-links.unknown-tracking-link', 'pages/50%,off:sale.html:7:10', 'pages/50%,off:sale.html', '7'],
        ['affiliate-links.unknown-tracking-link', 'pages/50%,off:sale.html:8:10', 'pages/50%,off:sale.html', '8'],
      ],
    );
    const inactive = suites.testsuite[0]!.testcase[0]!;
    assert.deepEqual(inactive.failure, {
      message: '“Shop X” has been inactive since 2026-10-01: this link earns nothing.',
      type: 'warning',
      '#text':
        'blog/a b#1.md:3:14  warning  “Shop X” has been inactive since 2026-10-01: this link earns nothing.  (inactive-merchant)\nSafe fix (--fix): Replace with the plain address “https://shop-x.example/”',
    });
    const clean = suites.testsuite.find((suite) => suite['name'] === 'deeplinks-not-allowed')!;
    assert.deepEqual(clean.testcase, [
      { classname: 'affiliate-links.deeplinks-not-allowed', name: 'No findings', time: '0' },
    ]);
    const skipped = suites.testsuite.at(-1)!.testcase[0]!;
    assert.deepEqual(skipped.skipped, { message: 'over the size limit (9.1 MB, the limit: 8 MB)' });
  });

  it('escapes the markup, keeps line breaks in attributes, and writes what XML 1.0 cannot hold as \\uXXXX', () => {
    const xml = formatReport(findingsReport(), 'junit', { color: false });
    const failure = readJunit(xml).testsuite[2]!.testcase[0]!.failure as Attributes;
    const visible =
      'Shop "A&B" <50% off>, now: gone\r\nsecond line \\u001b[31mred\\u001b[0m \\u0000 \\ufffe \\ud800 %0A %25 ::error::x';
    assert.equal(failure['message'], visible);
    assert.equal(
      TRICKY_MESSAGE.replace(
        /[\u0000\u001b\ufffe\ud800]/g,
        (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
      visible,
    );
    assert.ok(failure['#text']!.endsWith('Safe fix (--fix): Remove the <a> & keep its text'));
    assert.equal(xmlAttribute('a&b<c>"d\'\te\nf\rg'), "a&amp;b&lt;c&gt;&quot;d'&#9;e&#10;f&#13;g");
    assert.equal(xmlText('a&b<c>"d\re\n'), 'a&amp;b&lt;c&gt;"d&#13;e\n');
    assert.equal(xmlText('\u{1F600} \ud83d'), '\u{1F600} \\ud83d');
  });

  it('is eight passing suites for a clean run', () => {
    const suites = readJunit(formatReport(cleanReport(), 'junit', { color: false }));
    checkCounts(suites);
    assert.equal(suites.testsuite.length, 8);
    assert.deepEqual([suites['tests'], suites['failures'], suites['skipped']], ['8', '0', '0']);
  });

  it('catches a document broken on purpose: a bare &, a forbidden character, a wrong count', () => {
    const xml = formatReport(findingsReport(), 'junit', { color: false });
    assert.throws(() => readJunit(xml.replace('Remove the &lt;a&gt;', 'Remove the <a>')), /InvalidTag/);
    assert.throws(() => readJunit(xml.replace('&lt;50%', '<50%')), /no < in an attribute/);
    assert.throws(() => readJunit(xml.replace('&quot;A&amp;B', '&quot;A&B')), /every & starts a reference/);
    assert.throws(() => readJunit(xml.replace('\\u0000', '\u0000')), /only characters XML 1.0 allows/);
    assert.throws(() => readJunit(xml.replace('\\ud800', '\ud800')), /only characters XML 1.0 allows/);
    assert.throws(() => checkCounts(readJunit(xml.replace('failures="7"', 'failures="6"'))), /failures/);
    assert.throws(
      () => checkCounts(readJunit(xml.replace('tests="2" failures="2"', 'tests="2" failures="1"'))),
      /failures/,
    );
  });
});
