/**
 * The rules' help that SARIF and the annotations carry (src/cli/format/ruleHelp.ts): one for every link health
 * code, each explanation the setting's description of package.nls.json (less its last sentence, about the
 * Problems panel), and a help URI whose anchor is a heading of the README.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPOSITORY_URL, RULE_HELP, ruleHelpText } from '../../src/cli/format/ruleHelp';
import { DEFAULT_SEVERITIES, HEALTH_CODES } from '../../src/health/healthCodes';
import { LINK_HEALTH_RULE_SETTINGS } from '../../src/ids';

const ROOT = path.resolve(__dirname, '../..');

/** GitHub's anchor of a heading: lower case, punctuation but `-` dropped, spaces as `-`. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');
}

const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The anchors of the headings of a Markdown text, its fenced code left out. */
function anchorsOf(markdown: string): Set<string> {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
  return new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

describe('the rules’ help of the command line', () => {
  it('has one entry for every link health code, in the order of the codes', () => {
    assert.deepEqual(
      RULE_HELP.map((help) => help.code),
      [...HEALTH_CODES],
    );
    for (const help of RULE_HELP) {
      assert.ok(help.summary.length > 0 && help.summary.length < 70, help.code);
      assert.match(help.name, /^[A-Z][A-Za-z]+$/, help.code);
    }
    assert.equal(new Set(RULE_HELP.map((help) => help.summary)).size, HEALTH_CODES.length);
    assert.equal(new Set(RULE_HELP.map((help) => help.name)).size, HEALTH_CODES.length);
    assert.equal(RULE_HELP.find((help) => help.code === 'subid-mismatch')!.name, 'SubIdMismatch');
  });

  it('explains each rule as its setting’s description does', () => {
    const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
    for (const help of RULE_HELP) {
      const setting = LINK_HEALTH_RULE_SETTINGS[help.code].replace(/^affiliateLinks\./, '');
      const description = nls[`configuration.${setting}.markdownDescription`];
      assert.ok(description, help.code);
      const expected = description
        .replace(/ How the Problems panel shows it: .*$/, '')
        .replace(/`#([\w.]+)#`/g, '`$1`')
        .replace(/#([\w.]+)#/g, '`$1`');
      assert.equal(help.explanation, expected, help.code);
    }
  });

  it('says how to set the rule’s severity and how to leave a link alone', () => {
    const text = ruleHelpText(RULE_HELP.find((help) => help.code === 'subid-mismatch')!);
    assert.ok(text.includes('`affiliateLinks.linkHealth.subIdMismatch`'));
    assert.ok(text.includes('by default `info`'));
    assert.ok(text.includes('`<!-- affiliate-links-ignore-next -->`'));
    assert.ok(text.includes('`affiliateLinks.linkHealth.ignoredLinks`'));
  });

  it('links to a heading of the README that exists', () => {
    const anchors = anchorsOf(README);
    for (const help of RULE_HELP) {
      assert.ok(help.helpUri.startsWith(`${REPOSITORY_URL}#`), help.code);
      const anchor = help.helpUri.slice(REPOSITORY_URL.length + 1);
      assert.ok(anchors.has(anchor), `the README has no heading for #${anchor}`);
    }
    // The oracle, broken on purpose: an anchor the README lacks is found missing, a comment in code is no heading.
    assert.ok(!anchors.has('the-rules-and-their-codez'));
    assert.ok(!anchors.has('sandbox-listening-on-http1270018787-2000-merchants-5000-clicks-2000-actions-seed-1'));
    assert.ok(anchorsOf('```sh\n# Sandbox listening\n```\n').size === 0);
    assert.equal(anchorOf('Link health in CI'), 'link-health-in-ci');
  });

  it('is listed in the README’s table of the rules, each with its default severity', () => {
    const section = README.split(/^### /m).find((part) => part.startsWith('The rules and their codes\n'));
    assert.ok(section, 'the README has "### The rules and their codes"');
    const rows = [...section.matchAll(/^\| `([a-z-]+)` \| `([a-z]+)` \| (.+) \|$/gm)].map((m) => [m[1], m[2]]);
    assert.deepEqual(
      rows,
      HEALTH_CODES.map((code) => [code, DEFAULT_SEVERITIES[code]]),
    );
  });
});
