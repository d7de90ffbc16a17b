import assert from 'node:assert/strict';
import { documentLinks } from '../../../src/health/documentLinks';
import { HEALTH_CODES, type HealthCode } from '../../../src/health/healthCodes';
import { fixesFor, type FixKind, type HealthFix } from '../../../src/health/healthFixes';
import type { HealthOptions } from '../../../src/health/healthRules';
import { applyEdits } from './applyEdits';
import { deeplink, rules, SUBID } from './healthCatalog';

const amp = (url: string) => url.replace(/&/g, '&amp;');
const SNIPPET = 'This article has affiliate links.';

function fixes(text: string, languageId: string, code: HealthCode, options: Partial<HealthOptions> = {}): HealthFix[] {
  const health = rules(options);
  const doc = documentLinks(text, languageId);
  const finding = health.check(doc, SUBID).find((f) => f.code === code);
  assert.ok(finding, `no ${code} in ${text}`);
  return fixesFor(health, doc, finding, { expectedSubId: SUBID, disclosureSnippet: SNIPPET });
}

/** The text after the fix of `kind` for the first finding of `code`; checks that the finding is gone. */
function fixed(
  text: string,
  languageId: string,
  code: HealthCode,
  kind: FixKind,
  options: Partial<HealthOptions> = {},
) {
  const fix = fixes(text, languageId, code, options).find((f) => f.kind === kind);
  assert.ok(fix, `no ${kind} fix for ${code} in ${text}`);
  const after = applyEdits(text, fix.edits);
  const left = rules(options).check(documentLinks(after, languageId), SUBID);
  assert.ok(!left.some((f) => f.code === code && f.start <= fix.edits[0].start + 40), `${code} still in ${after}`);
  return after;
}

const oldDeep = deeplink('old', 'https://old.example.org/p');
const heirDeep = deeplink('heir', 'https://old.example.org/p');

describe('link health fixes', () => {
  it('replaces a dead deeplink with the one merchant left for its domain (preferred), escaped per language', () => {
    assert.equal(
      fixed(`See [a](${oldDeep}).`, 'markdown', 'inactive-merchant', 'replace-deeplink'),
      `See [a](${heirDeep}).`,
    );
    assert.equal(fixed(`See ${oldDeep} now`, 'mdx', 'inactive-merchant', 'replace-deeplink'), `See ${heirDeep} now`);
    assert.equal(
      fixed(`<a href="${amp(oldDeep)}" rel="sponsored">a</a>`, 'html', 'inactive-merchant', 'replace-deeplink'),
      `<a href="${amp(heirDeep)}" rel="sponsored">a</a>`,
    );
    assert.equal(fixes(`[a](${oldDeep})`, 'markdown', 'inactive-merchant')[0].preferred, true);
  });

  it('offers each merchant when several fit, none preferred', () => {
    const off = deeplink('shop', 'https://twins.example.com/t');
    const found = fixes(off, 'markdown', 'target-off-merchant');
    assert.deepEqual(
      found.map((f) => [f.kind, f.merchantKey, f.preferred]),
      [
        ['replace-deeplink', 'twinA', false],
        ['replace-deeplink', 'twinB', false],
        ['unwrap', undefined, false],
        ['ignore-link', undefined, false],
      ],
    );
  });

  it('unwraps a dead link to its target, or its merchant’s home page', () => {
    const gone = deeplink('gone', 'https://gone.example.org/a_(b');
    assert.equal(
      fixed(`[g](${gone})`, 'markdown', 'inactive-merchant', 'unwrap'),
      '[g](https://gone.example.org/a_%28b)',
    );
    assert.equal(fixed(`<${gone}>`, 'markdown', 'inactive-merchant', 'unwrap'), '<https://gone.example.org/a_(b>');
    assert.equal(
      fixed('<a href="https://trk.example.net/click/solo?x=1&amp;s=a">s</a>', 'html', 'inactive-merchant', 'unwrap'),
      '<a href="https://solo.example.com/">s</a>',
    );
    const unknown = 'https://trk.example.net/click/left?url=https%3A%2F%2Fx.com%2F%3Fa%3D1%26b%3D%7B2%7D';
    assert.equal(fixed(`x ${unknown} y`, 'mdx', 'unknown-tracking-link', 'unwrap'), 'x https://x.com/?a=1&b=%7B2%7D y');
    assert.equal(
      fixed(`<a href="${unknown}">x</a>`, 'html', 'unknown-tracking-link', 'unwrap'),
      '<a href="https://x.com/?a=1&amp;b={2}">x</a>',
    );
  });

  it('replaces a deeplink of a merchant that allows none with its tracking link', () => {
    const nodeep = deeplink('nodeep', 'https://nodeep.example.com/a');
    assert.equal(
      fixed(`[n](${nodeep})`, 'markdown', 'deeplinks-not-allowed', 'replace-tracking-link'),
      `[n](https://trk.example.net/click/nodeep?s=${SUBID})`,
    );
  });

  it('sets the SubID, keeping the rest of the link and its escaping', () => {
    const other = deeplink('shop', 'https://shop.example.com/x', 'other');
    const right = deeplink('shop', 'https://shop.example.com/x');
    assert.equal(fixed(`[a](${other})`, 'markdown', 'subid-mismatch', 'fix-subid'), `[a](${right})`);
    assert.equal(fixed(`{/* c */} ${other}`, 'mdx', 'subid-mismatch', 'fix-subid'), `{/* c */} ${right}`);
    assert.equal(
      fixed(`<a rel="sponsored" href='${amp(other)}'>a</a>`, 'html', 'subid-mismatch', 'fix-subid'),
      `<a rel="sponsored" href='${amp(right)}'>a</a>`,
    );
    assert.equal(fixes(other, 'markdown', 'subid-mismatch')[0].safe, true);
  });

  it('adds rel="sponsored", merging into an existing rel', () => {
    const link = deeplink('shop', 'https://shop.example.com/x');
    const add = (tag: string, languageId = 'html') => fixed(tag, languageId, 'rel-sponsored-missing', 'add-rel');
    assert.equal(add(`<a href="${amp(link)}">a</a>`), `<a rel="sponsored" href="${amp(link)}">a</a>`);
    assert.equal(
      add(`<a href="${amp(link)}" rel="nofollow">a</a>`),
      `<a href="${amp(link)}" rel="nofollow sponsored">a</a>`,
    );
    assert.equal(
      add(`<a href="${amp(link)}" REL=nofollow>a</a>`),
      `<a href="${amp(link)}" REL="nofollow sponsored">a</a>`,
    );
    assert.equal(add(`<a href="${amp(link)}" rel=''>a</a>`), `<a href="${amp(link)}" rel='sponsored'>a</a>`);
    assert.equal(
      add(`<a\n  href="${link}"\n  rel="noopener">a</a>`, 'mdx'),
      `<a\n  href="${link}"\n  rel="noopener sponsored">a</a>`,
    );
    assert.equal(add(`Text <a href="${link}">a</a>`, 'markdown'), `Text <a rel="sponsored" href="${link}">a</a>`);
  });

  it('makes a plain URL a deeplink with the article’s SubID', () => {
    const made = deeplink('shop', 'https://shop.example.com/a?b=1&c=2');
    assert.equal(
      fixed('[a](https://shop.example.com/a?b=1&c=2)', 'markdown', 'not-monetized', 'monetize'),
      `[a](${made})`,
    );
    assert.equal(fixed('go https://shop.example.com/a?b=1&c=2.', 'mdx', 'not-monetized', 'monetize'), `go ${made}.`);
    assert.equal(
      fixed(
        '<a href="https://shop.example.com/a?b=1&amp;c=2" rel="sponsored">a</a>',
        'html',
        'not-monetized',
        'monetize',
      ),
      `<a href="${amp(made)}" rel="sponsored">a</a>`,
    );
  });

  it('inserts the disclosure at the top, after front matter or the body tag', () => {
    const options = { disclosurePatterns: ['affiliate links'] };
    const link = deeplink('shop', 'https://shop.example.com/x');
    assert.equal(
      fixed(`---\ntitle: t\n---\nSee [a](${link})`, 'markdown', 'disclosure-missing', 'insert-disclosure', options),
      `---\ntitle: t\n---\n${SNIPPET}\n\nSee [a](${link})`,
    );
    assert.equal(
      fixed(`See ${link}`, 'mdx', 'disclosure-missing', 'insert-disclosure', options),
      `${SNIPPET}\n\nSee ${link}`,
    );
    const html = `<html><body class="x">\n<a href="${amp(link)}" rel="sponsored">a</a></body></html>`;
    assert.equal(
      fixed(html, 'html', 'disclosure-missing', 'insert-disclosure', options),
      html.replace('<body class="x">', `<body class="x">\n${SNIPPET}`),
    );
  });

  it('adds rel="sponsored" in the same fix when it writes an affiliate link into an <a> without it, never to a plain link', () => {
    const nofollow = (url: string) => `<a href="${amp(url)}" rel="nofollow">a</a>`;
    assert.equal(
      fixed(`<a href="${amp(oldDeep)}">a</a>`, 'html', 'inactive-merchant', 'replace-deeplink'),
      `<a rel="sponsored" href="${amp(heirDeep)}">a</a>`,
    );
    assert.equal(
      fixed(nofollow(oldDeep), 'html', 'inactive-merchant', 'replace-deeplink'),
      `<a href="${amp(heirDeep)}" rel="nofollow sponsored">a</a>`,
    );
    assert.equal(
      fixed(nofollow('https://shop.example.com/a'), 'html', 'not-monetized', 'monetize'),
      `<a href="${amp(deeplink('shop', 'https://shop.example.com/a'))}" rel="nofollow sponsored">a</a>`,
    );
    assert.equal(
      fixed(nofollow(deeplink('shop', 'https://shop.example.com/x', 'other')), 'html', 'subid-mismatch', 'fix-subid'),
      `<a href="${amp(deeplink('shop', 'https://shop.example.com/x'))}" rel="nofollow sponsored">a</a>`,
    );
    assert.equal(
      fixed(
        `<a href="${amp(deeplink('gone', 'https://gone.example.org/a'))}">g</a>`,
        'html',
        'inactive-merchant',
        'unwrap',
      ),
      '<a href="https://gone.example.org/a">g</a>',
    );
    // With its rule off, nothing asks for rel="sponsored": the fix writes the link alone.
    const text = `<a href="${amp(oldDeep)}">a</a>`;
    const doc = documentLinks(text, 'html');
    const finding = rules().check(doc, SUBID)[0];
    const replace = fixesFor(rules(), doc, finding, { expectedSubId: SUBID, relSponsored: false })[0];
    assert.equal(applyEdits(text, replace.edits), `<a href="${amp(heirDeep)}">a</a>`);
  });

  it('marks safe, per rule, only the fixes that cannot change where a reader lands', () => {
    const options = { disclosurePatterns: ['affiliate links'] };
    const link = deeplink('shop', 'https://shop.example.com/x');
    const safety = (text: string, languageId: string, code: HealthCode) =>
      fixes(text, languageId, code, code === 'disclosure-missing' ? options : {}).map((f) => `${f.kind} ${f.safe}`);
    const cases: Array<[HealthCode, string, string, string[]]> = [
      // The one merchant left for the page's domain: the same page, through a live merchant.
      [
        'inactive-merchant',
        `[a](${oldDeep})`,
        'markdown',
        ['replace-deeplink true', 'unwrap false', 'ignore-link false'],
      ],
      // Two merchants fit: which one is the writer's choice.
      [
        'target-off-merchant',
        deeplink('shop', 'https://twins.example.com/t'),
        'markdown',
        ['replace-deeplink false', 'replace-deeplink false', 'unwrap false', 'ignore-link false'],
      ],
      // No merchant left: unwrapping drops the earning link, and a home page is not the linked page.
      [
        'inactive-merchant',
        `[g](${deeplink('gone', 'https://gone.example.org/a')})`,
        'markdown',
        ['unwrap false', 'ignore-link false'],
      ],
      [
        'deeplinks-not-allowed',
        `[n](${deeplink('nodeep', 'https://nodeep.example.com/a')})`,
        'markdown',
        ['replace-tracking-link false', 'unwrap false', 'ignore-link false'],
      ],
      [
        'unknown-tracking-link',
        'x https://trk.example.net/click/left?url=https%3A%2F%2Fx.com%2F y',
        'markdown',
        ['unwrap false', 'ignore-link false'],
      ],
      [
        'subid-mismatch',
        deeplink('shop', 'https://shop.example.com/x', 'other'),
        'markdown',
        ['fix-subid true', 'ignore-link false'],
      ],
      ['not-monetized', '[a](https://shop.example.com/a)', 'markdown', ['monetize false', 'ignore-link false']],
      ['rel-sponsored-missing', `<a href="${amp(link)}">a</a>`, 'html', ['add-rel true', 'ignore-link false']],
      ['disclosure-missing', `See [a](${link})`, 'markdown', ['insert-disclosure false']],
    ];
    for (const [code, text, languageId, expected] of cases) {
      assert.deepEqual(safety(text, languageId, code), expected, `${code} in ${text}`);
    }
    const covered = new Set(cases.map(([code]) => code));
    assert.deepEqual(
      HEALTH_CODES.filter((code) => !covered.has(code)),
      [],
      'every rule’s fixes are marked',
    );
  });

  it('ignores a link with a comment that keeps the link a link', () => {
    const ignore = (text: string, languageId = 'markdown') =>
      fixed(text, languageId, 'inactive-merchant', 'ignore-link');
    const c = '<!-- affiliate-links-ignore-next -->';
    assert.equal(ignore(`See [a](${oldDeep})`), `See ${c}[a](${oldDeep})`);
    assert.equal(ignore(`Some text\n[a](${oldDeep}) more`), `Some text ${c}\n[a](${oldDeep}) more`);
    assert.equal(ignore(`Title\n===\n[a](${oldDeep})`), `Title\n===\n${c}\n[a](${oldDeep})`);
    assert.equal(ignore(`Para\n\n> [a](${oldDeep})`), `Para\n\n> ${c}\n> [a](${oldDeep})`);
    // A definition stands after a blank line (it cannot interrupt a paragraph): its comment goes on a line of its own.
    assert.equal(ignore(`Text\n\n[r]: ${oldDeep}`), `Text\n\n${c}\n[r]: ${oldDeep}`);
    assert.equal(ignore(`![x](https://img.test/i.png) ${oldDeep}`), `![x](https://img.test/i.png) ${c}${oldDeep}`);
    assert.equal(ignore(`[a](${oldDeep})`, 'mdx'), `{/* affiliate-links-ignore-next */}[a](${oldDeep})`);
    assert.equal(
      ignore(`<p><a href="${amp(oldDeep)}">a</a></p>`, 'html'),
      `<p>${c}<a href="${amp(oldDeep)}">a</a></p>`,
    );
  });
});
