import assert from 'node:assert/strict';
import { ignoredLinksMatcher } from '../../../src/health/ignoredLinks';
import { documentLinks } from '../../../src/health/documentLinks';
import { DEFAULT_SEVERITIES, HEALTH_CODES } from '../../../src/health/healthCodes';
import { deeplink, findings, rules, SUBID } from './healthCatalog';

const amp = (url: string) => url.replace(/&/g, '&amp;');
const oldDeep = deeplink('old', 'https://old.example.org/p');
const shopDeep = deeplink('shop', 'https://shop.example.com/x');

describe('link health rules', () => {
  it('has a default severity for every code, the first four at least info', () => {
    assert.deepEqual(Object.keys(DEFAULT_SEVERITIES).sort(), [...HEALTH_CODES].sort());
    for (const code of HEALTH_CODES.slice(0, 4)) {
      assert.ok(['error', 'warning', 'info'].includes(DEFAULT_SEVERITIES[code]), code);
    }
  });

  it('inactive-merchant: deeplinks and tracking links of an inactive merchant, saying since when', () => {
    assert.deepEqual(findings(`[a](${oldDeep}) https://trk.example.net/click/old`), [
      `inactive-merchant ${oldDeep}`,
      'inactive-merchant https://trk.example.net/click/old',
    ]);
    const doc = documentLinks(`[a](${oldDeep})`, 'markdown');
    assert.match(rules().check(doc, SUBID)[0].message, /"Old".*2026-03-01/);
    assert.match(rules({}, '2026-05-02T00:00:00Z').check(doc, SUBID)[0].message, /since 2026-05-02/);
    assert.equal(rules().check(doc, SUBID)[0].merchantKey, 'old');
  });

  it('finds nothing in code spans, fenced code, comments, nor on look-alike hosts', () => {
    const text = [
      `\`${oldDeep}\``,
      '```',
      oldDeep,
      '```',
      `<!-- ${oldDeep} -->`,
      'https://trk.example.net.evil.test/click/old https://shop.example.com.evil.test/x',
      `{/* ${oldDeep} */}`,
    ].join('\n');
    assert.deepEqual(findings(text, 'mdx'), []);
    assert.deepEqual(findings(`<code>${oldDeep}</code><!--\n<a href="${amp(oldDeep)}">x</a>\n-->`, 'html'), []);
  });

  it('deeplinks-not-allowed: a deeplink only, not the plain tracking link', () => {
    const nodeep = deeplink('nodeep', 'https://nodeep.example.com/a');
    assert.deepEqual(findings(`${nodeep} https://trk.example.net/click/nodeep?s=${SUBID}`), [
      `deeplinks-not-allowed ${nodeep}`,
    ]);
  });

  it('unknown-tracking-link: a path of a tracking host that no merchant owns', () => {
    assert.deepEqual(
      findings('https://trk.example.net/click/left?url=https%3A%2F%2Fx.com https://trk.example.net/click/shop?pid=2'),
      ['unknown-tracking-link https://trk.example.net/click/left?url=https%3A%2F%2Fx.com'],
    );
    assert.deepEqual(
      findings('https://trk.example.net.evil.test/click/left https://evil.test/trk.example.net/click/x'),
      [],
    );
  });

  it('target-off-merchant: a target off every domain of the merchant, look-alikes included', () => {
    const evil = deeplink('shop', 'https://shop.example.com.evil.test/a');
    const other = deeplink('shop', 'https://cheap.example.com/a');
    const sub = deeplink('shop', 'https://www.shop.example.com/a');
    assert.deepEqual(findings(`${evil}\n${other}\n${sub}\n${shopDeep}`), [
      `target-off-merchant ${evil}`,
      `target-off-merchant ${other}`,
    ]);
  });

  it('subid-mismatch: another SubID or none, in HTML with &amp; too; nothing without an expected SubID', () => {
    const other = deeplink('shop', 'https://shop.example.com/x', 'other');
    const none = deeplink('shop', 'https://shop.example.com/x', null);
    assert.deepEqual(findings(`${other} ${none} ${shopDeep} https://trk.example.net/click/shop?pid=1&s=x`), [
      `subid-mismatch ${other}`,
      `subid-mismatch ${none}`,
    ]);
    const html = `<a href="${amp(other)}" rel="sponsored">a</a><a href="${amp(shopDeep)}" rel="sponsored">b</a>`;
    assert.deepEqual(findings(html, 'html'), [`subid-mismatch ${amp(other)}`]);
    const doc = documentLinks(html, 'html');
    assert.deepEqual(rules().check(doc, SUBID)[0].data.subIds, ['other']);
    assert.deepEqual(findings(other, 'markdown', {}, ''), []);
  });

  it('not-monetized: plain links of active merchants with deeplinks, by commission, never images or shared domains', () => {
    const text = [
      '[a](https://shop.example.com/a) https://shop.example.com/b <https://shop.example.com/c>',
      '[d]: https://shop.example.com/d',
      '![i](https://shop.example.com/i.png) https://twins.example.com/ https://nodeep.example.com/ https://solo.example.com/',
      'https://cheap.example.com/e https://old.example.org/heirs',
    ].join('\n');
    assert.deepEqual(findings(text), [
      'not-monetized https://shop.example.com/a',
      'not-monetized https://shop.example.com/b',
      'not-monetized https://shop.example.com/c',
      'not-monetized https://shop.example.com/d',
      'not-monetized https://cheap.example.com/e',
      'not-monetized https://old.example.org/heirs',
    ]);
    assert.deepEqual(findings(text, 'markdown', { notMonetizedMinCommission: 5 }).length, 5);
    const doc = documentLinks('https://shop.example.com/a', 'markdown');
    const [finding] = rules().check(doc, SUBID);
    assert.equal(finding.data.commission, 8);
    assert.match(finding.message, /"Shop" pays 8%/);
    assert.deepEqual(
      findings('<p>https://shop.example.com/t</p><img src="https://shop.example.com/i.png">', 'html'),
      [],
    );
    assert.deepEqual(findings('<a href="https://shop.example.com/t">t</a>', 'html'), [
      'not-monetized https://shop.example.com/t',
    ]);
  });

  it('rel-sponsored-missing: HTML and MDX anchors; Markdown links only when asked', () => {
    const bare = `<a href="${amp(shopDeep)}">a</a>`;
    const nofollow = `<a rel="nofollow" href="${amp(shopDeep)}">b</a>`;
    const fine = `<a rel="nofollow Sponsored" href="${amp(shopDeep)}">c</a>`;
    assert.deepEqual(findings(`${bare}\n${nofollow}\n${fine}`, 'html'), [
      `rel-sponsored-missing ${amp(shopDeep)}`,
      `rel-sponsored-missing ${amp(shopDeep)}`,
    ]);
    assert.deepEqual(findings(`<a href="${shopDeep}" rel={"sponsored"}>x</a> <a href="${shopDeep}">y</a>`, 'mdx'), [
      `rel-sponsored-missing ${shopDeep}`,
    ]);
    assert.deepEqual(findings(`[a](${shopDeep})`), []);
    assert.deepEqual(findings(`[a](${shopDeep})`, 'markdown', { relSponsoredInMarkdown: true }), [
      `rel-sponsored-missing ${shopDeep}`,
    ]);
    assert.deepEqual(findings(`<a href="${amp(oldDeep)}">dead</a>`, 'html'), [`inactive-merchant ${amp(oldDeep)}`]);
  });

  it('disclosure-missing: affiliate links with no disclosure phrase before the first', () => {
    const options = { disclosurePatterns: ['affiliate links', '#ad', 'Werbung'] };
    assert.deepEqual(findings(`Hi [a](${shopDeep}) affiliate links`, 'markdown', options), [
      `disclosure-missing ${shopDeep}`,
    ]);
    assert.deepEqual(findings(`WERBUNG: [a](${shopDeep})`, 'markdown', options), []);
    assert.deepEqual(findings(`#adventure [a](${shopDeep})`, 'markdown', options), [`disclosure-missing ${shopDeep}`]);
    assert.deepEqual(findings(`#ad [a](${shopDeep})`, 'markdown', options), []);
    assert.deepEqual(
      findings('https://shop.example.com/plain', 'markdown', { ...options, notMonetizedMinCommission: 99 }),
      [],
    );
    assert.deepEqual(findings(`[a](${shopDeep})`, 'markdown', { disclosurePatterns: [] }), []);
  });

  it('leaves ignored links alone: globs and the ignore comment', () => {
    const text = `[a](${oldDeep}) https://shop.example.com/x <!-- affiliate-links-ignore-next --> https://trk.example.net/click/gone`;
    assert.deepEqual(findings(text), [`inactive-merchant ${oldDeep}`, 'not-monetized https://shop.example.com/x']);
    assert.deepEqual(
      findings(text, 'markdown', { ignoredLinks: ['https://trk.example.net/click/old?**', 'shop.example.com/**'] }),
      [],
    );
    assert.deepEqual(findings(text, 'markdown', { ignoredLinks: ['https://trk.example.net/*'] }).length, 2);
    assert.deepEqual(findings(text, 'markdown', { ignoredLinks: ['{shop,other}.example.com/[xy]'] }), [
      `inactive-merchant ${oldDeep}`,
    ]);
  });
});

describe('link health: ignored-link globs', () => {
  it('reads `**` between slashes as any folders, none included, as VS Code’s globs do', () => {
    const matches = ignoredLinksMatcher(['blog/**/drafts', '**/node_modules', 'https://shop.example.com/**/sale'])!;
    for (const path of ['blog/drafts', 'blog/a/drafts', 'blog/a/b/drafts', 'node_modules', 'x/node_modules']) {
      assert.ok(matches(path), path);
    }
    assert.ok(matches('https://shop.example.com/sale') && matches('https://shop.example.com/de/summer/sale'));
    for (const path of [
      'blogx/drafts',
      'blog/drafts2',
      'blog/adrafts',
      'xnode_modules',
      'https://shop.example.com/wholesale',
    ]) {
      assert.ok(!matches(path), path);
    }
  });

  it('skips a glob that is no valid pattern instead of failing', () => {
    assert.deepEqual(
      findings('https://shop.example.com/x', 'markdown', { ignoredLinks: ['[z-a]', 'shop.example.com/*'] }),
      [],
    );
  });
});
