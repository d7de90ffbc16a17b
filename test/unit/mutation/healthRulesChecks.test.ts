/**
 * The link health rules (src/health/healthRules.ts), which `npm run mutate` found weakly tested:
 * the disclosure phrases and where a disclosure must stand, the SubID check, the data and words of
 * dead links, the not-monetized commission floor, and when a link needs `rel="sponsored"`.
 */
import assert from 'node:assert/strict';
import { documentLinks } from '../../../src/health/documentLinks';
import { findingWords } from '../../../src/health/healthMessages';
import { DEFAULT_HEALTH_OPTIONS, LinkHealthRules, type HealthOptions } from '../../../src/health/healthRules';
import { catalogIndex, deeplink, findings, rules } from '../health/healthCatalog';

const TRK = 'https://trk.example.net/click';
const shopDeep = (subId: string | null = 'my-article') => deeplink('shop', 'https://shop.example.com/x', subId);

/** The findings of a Markdown text as `code` lines, with the given options and expected SubID. */
const codes = (text: string, options = {}, subId?: string, language = 'markdown') =>
  rules(options)
    .check(documentLinks(text, language), subId)
    .map((f) => f.code);

describe('the link health rules', () => {
  it('reads disclosure phrases trimmed, leaves out blank ones, and matches them literally', () => {
    const link = `[deal](${shopDeep()})`;
    const cases: [string[], string, boolean][] = [
      [['  ', ''], `Nothing here. ${link}`, false],
      [['  ', 'paid links'], `Nothing here. ${link}`, true],
      [['', 'paid links'], `Nothing here. ${link}`, true],
      [[' paid links '], `These are paid links. ${link}`, false],
      [['ads (paid)'], `These are ads (paid). ${link}`, false],
      [['ads (paid)'], `These are ads paid. ${link}`, true],
      [['a.d'], `An aXd. ${link}`, true],
    ];
    for (const [patterns, text, missing] of cases) {
      const got = codes(text, { disclosurePatterns: patterns }, 'my-article').includes('disclosure-missing');
      assert.equal(got, missing, `${JSON.stringify(patterns)} ${text}`);
    }
  });

  it('tells where the first disclosure phrase ends, and whether there is one', () => {
    const withPhrase = rules({ disclosurePatterns: ['affiliate links'] });
    assert.equal(withPhrase.disclosureEnd('Some affiliate links here'), 20);
    assert.equal(withPhrase.disclosureEnd('None here'), -1);
    assert.equal(withPhrase.hasDisclosure('Contains Affiliate Links.'), true);
    assert.equal(withPhrase.hasDisclosure('Contains affiliate linkage.'), false);
    const without = rules({ disclosurePatterns: [] });
    assert.equal(without.disclosureEnd('affiliate links'), -1);
    assert.equal(without.hasDisclosure('affiliate links'), false);
    assert.equal(without.disclosureEnd('a, b'), -1);
    assert.equal(without.hasDisclosure('a, b'), false);
  });

  it('puts the missing disclosure at the first affiliate link, not one in front matter', () => {
    const text = `---\nlink: ${shopDeep()}\n---\nFirst [a](${shopDeep()}) then [b](${shopDeep()}).`;
    const doc = documentLinks(text, 'markdown');
    const found = rules({ disclosurePatterns: ['affiliate links'] }).check(doc, 'my-article');
    const disclosure = found.filter((f) => f.code === 'disclosure-missing');
    assert.equal(disclosure.length, 1);
    assert.equal(disclosure[0].link, 1);
    assert.equal(disclosure[0].start, doc.links[1].start);
    assert.equal(disclosure[0].end, doc.links[1].end);
    assert.deepEqual(disclosure[0].data, {});
    assert.equal(disclosure[0].message, findingWords.disclosureMissing());
  });

  it('puts it at the first of several affiliate links', () => {
    const text = `First [a](${shopDeep()}) then [b](${shopDeep()}).`;
    const found = rules({ disclosurePatterns: ['affiliate links'] }).check(
      documentLinks(text, 'markdown'),
      'my-article',
    );
    assert.deepEqual(
      found.map((f) => [f.code, f.link]),
      [['disclosure-missing', 0]],
    );
  });

  it('reports a merchant without a commission figure unless a floor is set', () => {
    const figureless = {
      plain: {
        name: 'Plain',
        defaultDomain: 'plain.example',
        deeplinkAllowed: true,
        averageCommission: null,
        trackingLink: `${TRK}/plain`,
      },
    };
    const check = (options: Partial<HealthOptions>) =>
      new LinkHealthRules({ index: catalogIndex(figureless) }, { ...DEFAULT_HEALTH_OPTIONS, ...options }).check(
        documentLinks('See https://plain.example/a', 'markdown'),
      );
    const found = check({});
    assert.deepEqual(
      found.map((f) => [f.code, f.message, f.data]),
      [['not-monetized', findingWords.notMonetized('Plain', undefined), { commission: null }]],
    );
    assert.deepEqual(check({ notMonetizedMinCommission: 0 }), []);
  });

  it('wants the disclosure before the link’s whole construct', () => {
    const options = { disclosurePatterns: ['affiliate links'] };
    assert.deepEqual(codes(`[affiliate links](${shopDeep()})`, options, 'my-article'), ['disclosure-missing']);
    assert.deepEqual(codes(`Affiliate links: [deal](${shopDeep()})`, options, 'my-article'), []);
    // A definition whose address is on the next line: the disclosure may stand before the address.
    assert.deepEqual(codes(`Affiliate links below.\n\n[deal]:\n  ${shopDeep()}\n`, options, 'my-article'), []);
  });

  it('takes a disclosure the index kept only when it ends before the first link', () => {
    const text = `Intro text. [deal](${shopDeep()})`;
    const doc = documentLinks(text, 'markdown');
    const cut = text.indexOf('[');
    const check = (end: number) => rules({ disclosurePatterns: ['x'] }).check(doc, 'my-article', end).length;
    assert.equal(check(-1), 1);
    assert.equal(check(cut + 1), 1);
    assert.equal(check(cut), 0);
    assert.equal(check(3), 0);
  });

  it('checks the SubIDs of a deeplink against the expected one, trimmed', () => {
    assert.deepEqual(codes(`[d](${shopDeep()})`, {}, ' my-article '), []);
    assert.deepEqual(codes(`[d](${shopDeep()})`, {}, undefined), []);
    assert.deepEqual(codes(`[d](${shopDeep()})`, {}, '   '), []);
    assert.deepEqual(codes(`[d](${shopDeep()}&s=other)`, {}, 'my-article'), ['subid-mismatch']);
    assert.deepEqual(codes(`[d](${shopDeep('other')})`, {}, 'my-article'), ['subid-mismatch']);
    const found = rules().check(documentLinks(`[d](${shopDeep(null)})`, 'markdown'), 'my-article');
    assert.equal(found.length, 1);
    assert.equal(found[0].code, 'subid-mismatch');
    assert.deepEqual(found[0].data, { subIds: [], expectedSubId: 'my-article' });
    assert.equal(found[0].message, findingWords.subIdMismatch([], 'my-article'));
    assert.equal(found[0].merchantKey, 'shop');
  });

  it('gives dead links their words and the deeplink target as data', () => {
    const nodeep = deeplink('nodeep', 'https://nodeep.example.com/p');
    const off = deeplink('shop', 'https://books.example/a');
    const check = rules().check(documentLinks(`[a](${nodeep}) [b](${off}) [c](${TRK}/nobody)`, 'markdown'));
    assert.deepEqual(
      check.map((f) => [f.code, f.merchantKey, f.message, f.data]),
      [
        [
          'deeplinks-not-allowed',
          'nodeep',
          findingWords.deeplinksNotAllowed('NoDeep'),
          { deeplinkTarget: 'https://nodeep.example.com/p' },
        ],
        [
          'target-off-merchant',
          'shop',
          findingWords.targetOffMerchant('Shop', 'https://books.example/a'),
          { deeplinkTarget: 'https://books.example/a' },
        ],
        [
          'unknown-tracking-link',
          undefined,
          findingWords.unknownTrackingLink(`${TRK}/nobody`),
          { deeplinkTarget: undefined },
        ],
      ],
    );
  });

  it('reports plain merchant links by commission, and only links a reader clicks', () => {
    assert.deepEqual(findings('See https://shop.example.com/a and https://cheap.example.com/b'), [
      'not-monetized https://shop.example.com/a',
      'not-monetized https://cheap.example.com/b',
    ]);
    assert.deepEqual(
      findings('See https://shop.example.com/a and https://cheap.example.com/b', 'markdown', {
        notMonetizedMinCommission: 5,
      }),
      ['not-monetized https://shop.example.com/a'],
    );
    assert.deepEqual(findings('<p>https://shop.example.com/a <a href="https://shop.example.com/b">b</a></p>', 'html'), [
      'not-monetized https://shop.example.com/b',
    ]);
    const found = rules().check(documentLinks('https://shop.example.com/a', 'markdown'));
    assert.deepEqual(found[0].data, { commission: 8 });
    assert.equal(found[0].message, findingWords.notMonetized('Shop', '8%'));
  });

  it('needs rel="sponsored" on an <a> without that word, in Markdown only by the setting', () => {
    const cases: [string, string, object, boolean][] = [
      ['markdown', `[d](${shopDeep()})`, { relSponsoredInMarkdown: true }, true],
      ['markdown', `[d](${shopDeep()})`, {}, false],
      ['html', `<p>${shopDeep()}</p>`, { relSponsoredInMarkdown: true }, false],
      ['html', `<a href="${shopDeep()}" rel="nofollow sponsored">d</a>`, {}, false],
      ['html', `<a href="${shopDeep()}" rel="nofollow">d</a>`, {}, true],
      ['html', `<a href="${shopDeep()}" rel='"sponsored"'>d</a>`, {}, true],
      ['html', `<a href="${shopDeep()}">d</a>`, {}, true],
      ['mdx', `<a href="${shopDeep()}" rel={["nofollow","sponsored"].join(" ")}>d</a>`, {}, false],
      ['mdx', `<a href="${shopDeep()}" rel={"sponsored"}>d</a>`, {}, false],
      ['mdx', `<a href="${shopDeep()}" rel={"unsponsored"}>d</a>`, {}, true],
    ];
    for (const [language, text, options, needed] of cases) {
      const got = codes(text.replace(/&/g, language === 'markdown' ? '&' : '&amp;'), options, 'my-article', language);
      assert.equal(got.includes('rel-sponsored-missing'), needed, `${language} ${text}`);
    }
  });

  it('leaves alone a link after an ignore comment or matching the ignored links', () => {
    const rulesIgnoring = rules({ ignoredLinks: ['shop.example.com/skip*'] });
    const doc = documentLinks(
      '<!-- affiliate-links-ignore-next -->\nhttps://shop.example.com/a\n\nhttps://shop.example.com/skip-me https://shop.example.com/b',
      'markdown',
    );
    assert.deepEqual(
      doc.links.map((link) => [link.target, rulesIgnoring.isIgnored(link)]),
      [
        ['https://shop.example.com/a', true],
        ['https://shop.example.com/skip-me', true],
        ['https://shop.example.com/b', false],
      ],
    );
    assert.deepEqual(
      rulesIgnoring.check(doc).map((f) => f.code),
      ['not-monetized'],
    );
  });
});
