/**
 * The quick fixes of each finding (src/health/healthFixes.ts), which `npm run mutate` found weakly
 * tested: every fix offered, with its title, text, preferred and safe flags and merchant; the
 * SubID and snippet inputs trimmed; and the candidates a dead deeplink may be replaced with.
 */
import assert from 'node:assert/strict';
import type { Merchant } from '../../../src/api/types';
import { documentLinks } from '../../../src/health/documentLinks';
import { fixesFor, type FixInputs } from '../../../src/health/healthFixes';
import { fixWords } from '../../../src/health/healthMessages';
import { DEFAULT_HEALTH_OPTIONS, LinkHealthRules, type HealthOptions } from '../../../src/health/healthRules';
import { applyEdits } from '../health/applyEdits';
import { catalogIndex } from '../health/healthCatalog';

const TRK = 'https://trk.example.net/click';

/** One domain several merchants claim, in every situation the replacements tell apart. */
const CATALOG: Record<string, Partial<Merchant>> = {
  owner: {
    name: 'Owner',
    defaultDomain: 'shoes.example',
    isActive: false,
    deeplinkAllowed: true,
    trackingLink: `${TRK}/owner`,
  },
  asleep: {
    name: 'Asleep',
    domains: ['shoes.example'],
    isActive: false,
    deeplinkAllowed: true,
    trackingLink: `${TRK}/asleep`,
  },
  closed: { name: 'Closed', domains: ['shoes.example'], deeplinkAllowed: false, trackingLink: `${TRK}/closed` },
  heir: {
    name: 'Heir',
    domains: ['shoes.example'],
    deeplinkAllowed: true,
    averageCommission: 4,
    trackingLink: `${TRK}/heir`,
  },
  solo: {
    name: 'Solo',
    defaultDomain: 'solo.example',
    deeplinkAllowed: true,
    averageCommission: 3,
    trackingLink: `${TRK}/solo?pid=7`,
  },
  spaced: { name: 'Spaced', defaultDomain: '  spaced.example ', isActive: false, trackingLink: `${TRK}/spaced` },
  broken: { name: 'Broken', defaultDomain: 'not a domain', isActive: false, trackingLink: `${TRK}/broken` },
  nodeep: { name: 'NoDeep', defaultDomain: 'nodeep.example', trackingLink: `${TRK}/nodeep?pid=9` },
};

function rulesWith(options: Partial<HealthOptions> = {}): LinkHealthRules {
  return new LinkHealthRules(
    { index: catalogIndex(CATALOG) },
    { ...DEFAULT_HEALTH_OPTIONS, disclosurePatterns: [], ...options },
  );
}

/** Each fix of the first finding of `code` as [kind, title, text after it, preferred, safe, merchant]. */
function offered(
  text: string,
  code: string,
  inputs: FixInputs,
  options: Partial<HealthOptions> = {},
  checkSubId = 'art',
) {
  const rules = rulesWith(options);
  const doc = documentLinks(text, 'markdown');
  const finding = rules.check(doc, checkSubId).find((f) => f.code === code);
  assert.ok(finding, `no ${code} in ${text}`);
  return fixesFor(rules, doc, finding, inputs).map((f) => [
    f.kind,
    f.title,
    applyEdits(text, f.edits),
    f.preferred,
    f.safe,
    f.merchantKey,
  ]);
}

const IGNORE = '<!-- affiliate-links-ignore-next -->';
const ignoreFix = (after: string) => ['ignore-link', fixWords.ignoreLink(), after, false, false, undefined];
const target = encodeURIComponent('https://shoes.example/boots');

describe('the fixes of each finding', () => {
  it('replaces a dead deeplink with the one active merchant with deeplinks on its domain', () => {
    const text = `See [b](${TRK}/owner?url=${target}).`;
    assert.deepEqual(offered(text, 'inactive-merchant', { expectedSubId: ' art ' }), [
      [
        'replace-deeplink',
        fixWords.replaceWithDeeplink('Heir'),
        `See [b](${TRK}/heir?url=${target}&s=art).`,
        true,
        true,
        'heir',
      ],
      [
        'unwrap',
        fixWords.unwrap('https://shoes.example/boots'),
        'See [b](https://shoes.example/boots).',
        false,
        false,
        undefined,
      ],
      ignoreFix(`See ${IGNORE}[b](${TRK}/owner?url=${target}).`),
    ]);
    assert.equal(offered(text, 'inactive-merchant', {})[0][2], `See [b](${TRK}/heir?url=${target}).`);
  });

  it('unwraps a dead tracking link to its merchant’s home page when no one else fits', () => {
    const text = `Go ${TRK}/nodeep?pid=9&url=${encodeURIComponent('https://nodeep.example/p')} now`;
    assert.deepEqual(offered(text, 'deeplinks-not-allowed', {}), [
      [
        'replace-tracking-link',
        fixWords.replaceWithTrackingLink('NoDeep'),
        `Go ${TRK}/nodeep?pid=9 now`,
        false,
        false,
        'nodeep',
      ],
      [
        'unwrap',
        fixWords.unwrap('https://nodeep.example/p'),
        'Go https://nodeep.example/p now',
        true,
        false,
        undefined,
      ],
      ignoreFix(`Go ${IGNORE}${TRK}/nodeep?pid=9&url=${encodeURIComponent('https://nodeep.example/p')} now`),
    ]);
    const withSubId = offered(text, 'deeplinks-not-allowed', { expectedSubId: 'art' });
    assert.equal(withSubId[0][2], `Go ${TRK}/nodeep?pid=9&s=art now`);
  });

  it('offers only to ignore a tracking link of no merchant, or a deeplink to no web page', () => {
    const unknown = `See ${TRK}/nobody now`;
    assert.deepEqual(offered(unknown, 'unknown-tracking-link', {}), [ignoreFix(`See ${IGNORE}${TRK}/nobody now`)]);
    const odd = `See ${TRK}/solo?pid=7&url=${encodeURIComponent('ftp://files.example/a')} now`;
    assert.deepEqual(
      offered(odd, 'target-off-merchant', {}).map((f) => f[0]),
      ['ignore-link'],
    );
  });

  it('unwraps a plain tracking link to the home page of its merchant’s default domain, trimmed', () => {
    assert.deepEqual(
      offered(`See ${TRK}/spaced now`, 'inactive-merchant', {}).map((f) => [f[0], f[2]]),
      [
        ['unwrap', 'See https://spaced.example/ now'],
        ['ignore-link', `See ${IGNORE}${TRK}/spaced now`],
      ],
    );
    assert.deepEqual(
      offered(`See ${TRK}/broken now`, 'inactive-merchant', {}).map((f) => f[0]),
      ['ignore-link'],
    );
  });

  it('writes no SubID into the tracking link when the settings name no SubID parameter', () => {
    const text = `Go ${TRK}/nodeep?pid=9&url=${encodeURIComponent('https://nodeep.example/p')} now`;
    for (const subIdParameter of ['', '  ']) {
      const options = { deeplink: { urlParameter: 'url', subIdParameter } };
      assert.deepEqual(
        offered(text, 'deeplinks-not-allowed', { expectedSubId: 'art' }, options).map((f) => f[0]),
        ['unwrap', 'ignore-link'],
      );
    }
  });

  it('monetizes the link of its finding when a line holds two merchant pages', () => {
    const text = 'Both https://shoes.example/x and https://solo.example/y here.';
    const rules = rulesWith();
    const doc = documentLinks(text, 'markdown');
    const findings = rules.check(doc).filter((f) => f.code === 'not-monetized');
    assert.equal(findings.length, 2);
    const deep = (merchant: string, page: string) => `${TRK}/${merchant}?url=${encodeURIComponent(page)}`;
    assert.deepEqual(
      findings.map((f) => applyEdits(text, fixesFor(rules, doc, f)[0].edits)),
      [
        `Both ${deep('heir', 'https://shoes.example/x')} and https://solo.example/y here.`,
        `Both https://shoes.example/x and ${deep('solo', 'https://solo.example/y').replace('/solo?', '/solo?pid=7&')} here.`,
      ],
    );
  });

  it('sets the SubID, in the parameter the settings name, only when the article has one', () => {
    const text = `A\n\nSee [b](${TRK}/solo?pid=7&url=${target.replace('shoes', 'solo')}&s=old).`;
    const fixed = `A\n\nSee [b](${TRK}/solo?pid=7&url=${target.replace('shoes', 'solo')}&s=art).`;
    assert.deepEqual(offered(text, 'subid-mismatch', { expectedSubId: ' art ' })[0], [
      'fix-subid',
      fixWords.fixSubId('art'),
      fixed,
      true,
      true,
      undefined,
    ]);
    assert.deepEqual(
      offered(text, 'subid-mismatch', {}).map((f) => f[0]),
      ['ignore-link'],
    );
    const custom = { deeplink: { urlParameter: 'url', subIdParameter: ' sub ' } };
    const subText = `See [b](${TRK}/solo?pid=7&url=${target.replace('shoes', 'solo')}&sub=old).`;
    assert.equal(
      offered(subText, 'subid-mismatch', { expectedSubId: 'art' }, custom)[0][2],
      `See [b](${TRK}/solo?pid=7&url=${target.replace('shoes', 'solo')}&sub=art).`,
    );
  });

  it('makes a plain merchant link a deeplink, the right one of a line, on any line', () => {
    const text = 'Intro\n\nBoth https://nodeep.example/x and https://solo.example/y here.\nEnd';
    const fixes = offered(text, 'not-monetized', { expectedSubId: 'art' });
    assert.deepEqual(fixes[0], [
      'monetize',
      fixWords.monetize('Solo'),
      `Intro\n\nBoth https://nodeep.example/x and ${TRK}/solo?pid=7&url=${encodeURIComponent('https://solo.example/y')}&s=art here.\nEnd`,
      true,
      false,
      'solo',
    ]);
    assert.equal(fixes.length, 2);
  });

  it('inserts the disclosure snippet, trimmed, only when there is one', () => {
    const text = `Intro [b](${TRK}/solo?pid=7)`;
    const disclosure = { disclosurePatterns: ['affiliate links'] };
    assert.deepEqual(offered(text, 'disclosure-missing', { disclosureSnippet: '  Affiliate links.  ' }, disclosure), [
      ['insert-disclosure', fixWords.insertDisclosure(), `Affiliate links.\n\n${text}`, true, false, undefined],
    ]);
    assert.deepEqual(offered(text, 'disclosure-missing', { disclosureSnippet: '   ' }, disclosure), []);
    assert.deepEqual(offered(text, 'disclosure-missing', {}, disclosure), []);
  });

  it('adds rel="sponsored" as a safe, preferred fix', () => {
    const rules = rulesWith();
    const text = `<a href="${TRK}/solo?pid=7">b</a>`;
    const doc = documentLinks(text, 'html');
    const finding = rules.check(doc).find((f) => f.code === 'rel-sponsored-missing');
    assert.ok(finding);
    const [fix] = fixesFor(rules, doc, finding);
    assert.deepEqual(
      [fix.kind, fix.title, applyEdits(text, fix.edits), fix.preferred, fix.safe],
      ['add-rel', fixWords.addRelSponsored(), `<a rel="sponsored" href="${TRK}/solo?pid=7">b</a>`, true, true],
    );
  });
});
