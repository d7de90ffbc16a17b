import assert from 'node:assert/strict';
import type { CatalogMerchant } from '../../src/merchant/merchantFields';
import { DEFAULT_DEEPLINK_OPTIONS } from '../../src/links/deeplink';
import { MerchantDomainIndex } from '../../src/links/domainIndex';
import { describeSkipped, planMonetize } from '../../src/links/monetizePlan';
import { escapeHtml } from '../../src/links/linkMarkup';
import { decodeAttribute } from '../../src/links/urlDecoding';
import { blankMerchant } from './helpers/merchants';
import { merchantKeyOfId, type MerchantKey } from '../../src/merchant/merchantKey';

const catalog = new Map<MerchantKey, CatalogMerchant>([
  [
    merchantKeyOfId(1),
    blankMerchant({
      merchantId: 1,
      name: 'Shoe Shop',
      defaultDomain: 'shoes.example',
      domains: ['shoes.example'],
      deeplinkAllowed: true,
      trackingLink: 'https://go.track.example/shoe?aff=1',
    }),
  ],
  [
    merchantKeyOfId(2),
    blankMerchant({
      merchantId: 2,
      name: 'Old Books',
      defaultDomain: 'books.example',
      domains: ['books.example'],
      isActive: false,
      deeplinkAllowed: true,
      trackingLink: 'https://go.track.example/books',
    }),
  ],
  [
    merchantKeyOfId(3),
    blankMerchant({
      merchantId: 3,
      name: 'No Deeplinks',
      defaultDomain: 'nodeep.example',
      domains: ['nodeep.example'],
      trackingLink: 'https://go.track.example/nodeep',
    }),
  ],
  [
    merchantKeyOfId(4),
    blankMerchant({
      merchantId: 4,
      name: 'Twin A',
      defaultDomain: 'twins.example',
      domains: ['twins.example'],
      deeplinkAllowed: true,
      trackingLink: 'https://go.track.example/a',
    }),
  ],
  [
    merchantKeyOfId(5),
    blankMerchant({
      merchantId: 5,
      name: 'Twin B',
      defaultDomain: 'twins.example',
      domains: ['twins.example'],
      deeplinkAllowed: true,
      trackingLink: 'https://go.track.example/b',
    }),
  ],
  [
    merchantKeyOfId(6),
    blankMerchant({
      merchantId: 6,
      name: 'Broken Link',
      defaultDomain: 'broken.example',
      domains: ['broken.example'],
      deeplinkAllowed: true,
      trackingLink: 'javascript:alert(1)',
    }),
  ],
]);
const index = new MerchantDomainIndex(catalog);
const plan = (text: string, spans?: Array<{ start: number; end: number }>) =>
  planMonetize(text, index, { spans, deeplink: DEFAULT_DEEPLINK_OPTIONS });
const targetOfLink = (link: string) => new URL(link).searchParams.get('url');

describe('monetize plan', () => {
  const cases: Array<
    [title: string, text: string, candidates: string[], skipped: Array<[url: string, reason: string]>]
  > = [
    [
      'a bare URL of an active, deeplink-capable merchant',
      'See https://shoes.example/red.',
      ['https://shoes.example/red'],
      [],
    ],
    [
      'a Markdown link target and an autolink',
      '[red](https://shoes.example/red) <https://www.shoes.example/>',
      ['https://shoes.example/red', 'https://www.shoes.example/'],
      [],
    ],
    ['an inactive merchant', 'https://books.example/x', [], [['https://books.example/x', 'inactive']]],
    ['a merchant without deeplinks', 'https://nodeep.example/x', [], [['https://nodeep.example/x', 'no-deeplinks']]],
    [
      'a tracking link already',
      'https://go.track.example/shoe?url=x',
      [],
      [['https://go.track.example/shoe?url=x', 'tracking-link']],
    ],
    ['a domain two equal merchants share', 'https://twins.example/', [], [['https://twins.example/', 'shared-domain']]],
    [
      'a merchant whose tracking link is unusable',
      'https://broken.example/',
      [],
      [['https://broken.example/', 'refused']],
    ],
    ['a URL of no merchant is neither', 'https://elsewhere.example/ and mailto:x@shoes.example', [], []],
  ];
  for (const [title, text, candidates, skipped] of cases) {
    it(title, () => {
      const result = plan(text);
      assert.deepEqual(
        result.candidates.map((c) => c.found.url),
        candidates,
      );
      assert.deepEqual(
        result.skipped.map((s) => [s.found.url, s.reason]),
        skipped,
      );
      for (const candidate of result.candidates) {
        assert.equal(targetOfLink(candidate.link), new URL(candidate.found.url).href);
        assert.equal(candidate.replacement, candidate.link);
      }
    });
  }

  it('decodes an href’s entities for the target and escapes the deeplink for the attribute', () => {
    const [candidate] = plan('<a href="https://shoes.example/p?a=1&amp;b=2">x</a>').candidates;
    assert.equal(targetOfLink(candidate!.link), 'https://shoes.example/p?a=1&b=2');
    assert.equal(candidate!.replacement, escapeHtml(candidate!.link));
    assert.ok(candidate!.replacement.includes('&amp;url='), candidate!.replacement);
  });

  it('keeps to the selected spans', () => {
    const text = 'https://shoes.example/a\nhttps://shoes.example/b\n';
    const second = text.indexOf('https://shoes.example/b');
    assert.deepEqual(
      plan(text, [{ start: second, end: text.length }]).candidates.map((c) => c.found.url),
      ['https://shoes.example/b'],
    );
  });

  it('counts the skipped by reason', () => {
    const result = plan(
      'https://books.example/1 https://books.example/2 https://go.track.example/a https://nodeep.example/',
    );
    assert.equal(
      describeSkipped(result.skipped),
      '4 skipped: 2 merchant inactive, 1 already a tracking link, 1 merchant allows no deeplinks.',
    );
    assert.equal(describeSkipped([]), '');
  });
});

describe('HTML attribute values', () => {
  const decoded: Array<[string, string]> = [
    ['a=1&amp;b=2', 'a=1&b=2'],
    ['&#38;&#x26;&quot;&apos;&lt;&gt;', '&&"\'<>'],
    // As HTML reads them: a reference to no character is U+FFFD.
    ['&unknown; &#0; &#x110000;', '&unknown; \ufffd \ufffd'],
    // Every named reference of HTML5, and the legacy ones without `;` where an attribute reads them.
    ['&ouml;&Ouml;&eacute;&hellip;&NotNestedGreaterGreater;&fjlig;', '\u00f6\u00d6\u00e9\u2026\u2aa2\u0338fj'],
    ['?a=1&copy=2&para&amp', '?a=1&copy=2\u00b6&'],
    ['no entities', 'no entities'],
  ];
  for (const [input, output] of decoded) {
    it(`decodes ${JSON.stringify(input)}`, () => assert.equal(decodeAttribute(input), output));
  }
  it('escapes what would end or break an attribute', () => {
    assert.equal(escapeHtml(`a&b"c'd<e>`), 'a&amp;b&quot;c&#39;d&lt;e&gt;');
  });
});
