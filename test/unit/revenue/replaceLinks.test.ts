/**
 * Replace Links to Merchant's pure core (issue 33 §3): the choices (same page, ranked alternatives: history
 * first, then the catalog), the replacement text per markup, and that an edit changes nothing but the links it
 * replaces (a fast-check property).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Merchant } from '../../../src/api/types';
import { documentLinks } from '../../../src/health/documentLinks';
import { DEFAULT_HEALTH_OPTIONS, LinkHealthRules } from '../../../src/health/healthRules';
import { MerchantDomainIndex } from '../../../src/links/domainIndex';
import { asMerchantKey, type MerchantKey } from '../../../src/merchant/merchantKey';
import type { CatalogMerchant } from '../../../src/merchant/merchantFields';
import type { CurrencyAmount } from '../../../src/reports/model/currencyAmounts';
import { replaceInText, targetsOfLinks } from '../../../src/revenue/linkReplacement';
import {
  cancelledShare,
  catalogScore,
  rankCurrencyOf,
  replacementChoices,
  type CatalogRef,
  type ReplacementChoice,
} from '../../../src/revenue/replacementChoices';
import { applyEdits } from '../health/applyEdits';
import { blankMerchant } from '../helpers/merchants';
import { checkProperty } from '../properties/propertyRun';

const TRK = 'https://trk.example.net/click';
const SUBID = 'my-article';

/** Every merchant active with deeplinks in category 5, unless it says otherwise. */
const MERCHANTS: Record<string, Partial<Merchant>> = {
  old: { merchantId: 1, name: 'Old', defaultDomain: 'old.example.org', isActive: false, countryCodes: ['DE', 'AT'] },
  heir: { merchantId: 2, name: 'Heir', defaultDomain: 'heir.example.org', domains: ['old.example.org'] },
  altA: { merchantId: 3, name: 'Alt A', averageCommission: 10, averageCancellationRate: 0.5, countryCodes: ['DE'] },
  altB: { merchantId: 4, name: 'Alt B', averageCommission: 8, averageCancellationRate: 10, countryCodes: ['at'] },
  altC: { merchantId: 5, name: 'Alt C', averageCommission: 4, countryCodes: ['DE'] },
  altD: { merchantId: 6, name: 'Alt D', averageCommission: 20, countryCodes: ['DE'] },
  altE: { merchantId: 7, name: 'Alt E', averageCommission: 3, countryCodes: ['DE'], averageConfirmationTime: 30 },
  altF: { merchantId: 8, name: 'Alt F', countryCodes: ['DE'] },
  far: { merchantId: 9, name: 'Far', averageCommission: 50, countryCodes: ['FR'] },
  otherCategory: { merchantId: 10, name: 'Other', averageCommission: 50, countryCodes: ['DE'], categoryIds: [9] },
  asleep: { merchantId: 11, name: 'Asleep', averageCommission: 50, countryCodes: ['DE'], isActive: false },
  noDeep: { merchantId: 12, name: 'NoDeep', averageCommission: 50, countryCodes: ['DE'], deeplinkAllowed: false },
  shop: { merchantId: 13, name: 'Shop', defaultDomain: 'shop.example.com', categoryIds: [1] },
};

function catalogOf(merchants: Record<string, Partial<Merchant>> = MERCHANTS): Map<MerchantKey, CatalogMerchant> {
  return new Map(
    Object.entries(merchants).map(([key, m]): [MerchantKey, CatalogMerchant] => [
      asMerchantKey(key),
      blankMerchant({
        defaultDomain: `${key.toLowerCase()}.example.com`,
        trackingLink: `${TRK}/${key}`,
        isActive: true,
        deeplinkAllowed: true,
        categoryIds: [5],
        ...m,
      }),
    ]),
  );
}

const catalog = catalogOf();
const rules = new LinkHealthRules(
  { index: new MerchantDomainIndex(catalog) },
  { ...DEFAULT_HEALTH_OPTIONS, disclosurePatterns: [] },
);
const refs = (): CatalogRef[] => [...catalog].map(([key, merchant]) => ({ key, merchant }));
const ref = (key: string): CatalogRef => ({ key: asMerchantKey(key), merchant: catalog.get(asMerchantKey(key))! });

function deeplink(key: string, target: string, subId: string | null = SUBID): string {
  const url = new URL(catalog.get(asMerchantKey(key))!.trackingLink!);
  url.searchParams.set('url', new URL(target).href);
  if (subId !== null) {
    url.searchParams.set('s', subId);
  }
  return url.href;
}

const amp = (url: string) => url.replace(/&/g, '&amp;');
const EUR = (amount: number): CurrencyAmount => ({ currencyCode: 'EUR', label: 'EUR', amount });
const USD = (amount: number): CurrencyAmount => ({ currencyCode: 'USD', label: 'USD', amount });

function replaced(text: string, language: string, choice: ReplacementChoice, subId: string | null = SUBID) {
  const result = replaceInText(text, language, {
    rules,
    owner: asMerchantKey('old'),
    choice,
    expectedSubId: subId ?? undefined,
  });
  return { text: applyEdits(text, result.edits), ...result };
}

const heirChoice: ReplacementChoice = { kind: 'same-page', ref: ref('heir') };
const unwrap: ReplacementChoice = { kind: 'unwrap' };

describe('Replace Links to Merchant: the choices', () => {
  const epc: Record<number, readonly CurrencyAmount[]> = { 7: [EUR(0.2)], 5: [EUR(0.05), USD(0.9)], 6: [USD(0.5)] };
  const offer = () =>
    replacementChoices({
      owner: ref('old'),
      targets: ['https://old.example.org/p', 'https://old.example.org/'],
      catalog: refs(),
      rules,
      epcOf: (id) => epc[id],
    });

  it('offers first the merchants whose domains hold every target page', () => {
    assert.deepEqual(
      offer().samePage.map((c) => c.ref.key),
      ['heir'],
    );
    // A target on no other merchant's domains: no same-page choice.
    const none = replacementChoices({
      owner: ref('old'),
      targets: ['https://old.example.org/p', 'https://elsewhere.example.net/'],
      catalog: refs(),
      rules,
      epcOf: () => undefined,
    });
    assert.deepEqual(none.samePage, []);
  });

  it('ranks alternatives of the same category and countries: EPC history first (one currency), then the catalog', () => {
    const choices = offer();
    assert.equal(choices.rankCurrency, 'EUR', 'two candidates have EUR, one USD');
    assert.deepEqual(
      choices.alternatives.map((c) => [c.ref.key, c.rankedEpc, c.catalogScore]),
      [
        ['altE', 0.2, 3],
        ['altC', 0.05, 4],
        // Only a USD history: not comparable with EUR, ranked by the catalog.
        ['altD', undefined, 20],
        ['altB', undefined, 7.2],
        ['altA', undefined, 5],
        ['altF', undefined, null],
      ],
    );
    const altE = choices.alternatives[0]!;
    assert.deepEqual([altE.confirmationDays, altE.countryCodes, altE.epc], [30, ['DE'], [EUR(0.2)]]);
  });

  it('counts an empty history (clicks that earned nothing) as an EPC of 0, still before the catalog', () => {
    const choices = replacementChoices({
      owner: ref('old'),
      targets: ['https://old.example.org/p'],
      catalog: refs(),
      rules,
      epcOf: (id) => (id === 3 ? [] : undefined),
    });
    assert.deepEqual(
      choices.alternatives.map((c) => c.ref.key),
      ['altA', 'altD', 'altB', 'altC', 'altE', 'altF'],
    );
    assert.equal(choices.alternatives[0]!.rankedEpc, 0);
  });

  it('reads the cancellation rate as a fraction up to 1 and a percentage above', () => {
    assert.equal(cancelledShare(0.16), 0.16);
    assert.equal(cancelledShare(16), 0.16);
    assert.equal(cancelledShare(null), null);
    assert.equal(cancelledShare(250), 1);
    assert.equal(catalogScore({ averageCommission: 8, averageCancellationRate: 0.25 }), 6);
    assert.equal(catalogScore({ averageCommission: 8, averageCancellationRate: null }), 8);
    assert.equal(catalogScore({ averageCommission: null, averageCancellationRate: 0.1 }), null);
  });

  it('compares EPCs in the currency most candidates have, ties broken alphabetically', () => {
    assert.equal(rankCurrencyOf([[EUR(1)], [USD(1)]]), 'EUR');
    assert.equal(rankCurrencyOf([[USD(1)], [USD(2), EUR(1)]]), 'USD');
    assert.equal(rankCurrencyOf([undefined, []]), undefined);
  });

  it('finds the plain target of each link: the deeplink’s page, else the merchant’s home page', () => {
    assert.deepEqual(
      targetsOfLinks(
        rules,
        [deeplink('old', 'https://old.example.org/p'), `${TRK}/old`, deeplink('shop', 'https://shop.example.com/x')],
        asMerchantKey('old'),
      ),
      ['https://old.example.org/p', 'https://old.example.org/'],
    );
  });
});

describe('Replace Links to Merchant: the replacement text', () => {
  it('writes Markdown links with the article’s SubID, and keeps parentheses a destination can hold', () => {
    const old = deeplink('old', 'https://old.example.org/p_(x)', 'stale');
    const text = `See [a](${old}) and <${old}> and ${old}.\n\n[ref]: ${old}\n`;
    const heir = deeplink('heir', 'https://old.example.org/p_(x)');
    assert.equal(
      replaced(text, 'markdown', heirChoice).text,
      `See [a](${heir}) and <${heir}> and ${heir}.\n\n[ref]: ${heir}\n`,
    );
    assert.equal(
      replaced(`[a](${old})`, 'markdown', unwrap).text,
      '[a](https://old.example.org/p_(x))',
      'balanced parentheses stay',
    );
    const unbalanced = deeplink('old', 'https://old.example.org/p_(x', 'stale');
    assert.equal(replaced(`[a](${unbalanced})`, 'markdown', unwrap).text, '[a](https://old.example.org/p_%28x)');
  });

  it('keeps the SubID the link carried when the article has none', () => {
    const old = deeplink('old', 'https://old.example.org/p', 'carried');
    assert.equal(
      replaced(`[a](${old})`, 'markdown', heirChoice, null).text,
      `[a](${deeplink('heir', 'https://old.example.org/p', 'carried')})`,
    );
  });

  it('writes MDX with braces encoded, and JSX attributes', () => {
    const old = deeplink('old', 'https://old.example.org/{x}');
    const text = `Read ${old} and <a href="${old}">b</a>\n`;
    const out = replaced(text, 'mdx', unwrap).text;
    assert.equal(out, 'Read https://old.example.org/%7Bx%7D and <a href="https://old.example.org/%7Bx%7D">b</a>\n');
  });

  it('writes HTML with character references, and adds rel="sponsored" once to an <a> that now holds an affiliate link', () => {
    const old = deeplink('old', 'https://old.example.org/p?a=1&b=2', 'stale');
    const heir = deeplink('heir', 'https://old.example.org/p?a=1&b=2');
    const text = `<p><a href="${amp(old)}">a</a> <a href="${amp(old)}" rel="sponsored">b</a></p>\n`;
    const out = replaced(text, 'html', heirChoice);
    assert.equal(
      out.text,
      `<p><a rel="sponsored" href="${amp(heir)}">a</a> <a href="${amp(heir)}" rel="sponsored">b</a></p>\n`,
    );
    assert.equal(out.replaced, 2);
    // A tag read with two addresses (a repeated href) gets rel="sponsored" once.
    const twice = replaced(`<a href="${amp(old)}" href="${amp(old)}">a</a>`, 'html', heirChoice);
    assert.equal(twice.text, `<a rel="sponsored" href="${amp(heir)}" href="${amp(heir)}">a</a>`);
    assert.equal(
      replaced(`<a href="${amp(old)}">a</a>`, 'html', unwrap).text,
      '<a href="https://old.example.org/p?a=1&amp;b=2">a</a>',
      'a plain link gets no rel',
    );
    // A link unwrapped to its plain page is no paid link: `sponsored` leaves its rel, the other words stay.
    const unwrapped = (rel: string) => replaced(`<a href="${amp(old)}" ${rel}>a</a>`, 'html', unwrap).text;
    const plain = 'href="https://old.example.org/p?a=1&amp;b=2"';
    assert.equal(unwrapped('rel="sponsored"'), `<a ${plain}>a</a>`);
    assert.equal(unwrapped('rel="nofollow Sponsored noopener"'), `<a ${plain} rel="nofollow noopener">a</a>`);
    assert.equal(unwrapped("rel='sponsored nofollow'"), `<a ${plain} rel='nofollow'>a</a>`);
    assert.equal(unwrapped('rel=sponsored'), `<a ${plain}>a</a>`);
    assert.equal(unwrapped('REL = "Sponsored"'), `<a ${plain}>a</a>`);
    assert.equal(
      replaced(`<a rel="sponsored"\n  href="${amp(old)}">a</a>`, 'html', unwrap).text,
      `<a\n  ${plain}>a</a>`,
      'the attribute goes with the white space before it; the line break before href stays',
    );
    assert.equal(unwrapped('rel=nofollow'), `<a ${plain} rel=nofollow>a</a>`);
    // One change per link, its address and its rel together (the refactor preview shows one row per link).
    const [before, after] = [
      `<a rel="sponsored" href="${amp(old)}">a</a>`,
      `<a href="${amp(old)}" rel="sponsored">b</a>`,
    ];
    for (const text of [before, after]) {
      assert.equal(replaced(text, 'html', unwrap).edits.length, 1, text);
    }
  });

  it('sends an alternative’s links to its home page, or keeps a page it has', () => {
    const altChoice = (key: string): ReplacementChoice => {
      const choices = replacementChoices({
        owner: ref('old'),
        targets: ['https://old.example.org/p'],
        catalog: refs(),
        rules,
        epcOf: () => undefined,
      });
      return choices.alternatives.find((c) => c.ref.key === key)!;
    };
    const text = `[a](${deeplink('old', 'https://old.example.org/p')})`;
    assert.equal(
      replaced(text, 'markdown', altChoice('altA')).text,
      `[a](${deeplink('altA', 'https://alta.example.com/')})`,
    );
  });

  it('leaves links that are not the merchant’s, ignored ones and code alone, and places each edit by line', () => {
    const old = deeplink('old', 'https://old.example.org/p');
    const shop = deeplink('shop', 'https://shop.example.com/x');
    const text = `[s](${shop})\n\`${old}\`\n<!-- affiliate-links-ignore-next -->\n[i](${old})\n\n[a](${old})\n`;
    const out = replaced(text, 'markdown', unwrap);
    assert.equal(out.replaced, 1);
    assert.equal(out.text, text.replace(`[a](${old})`, '[a](https://old.example.org/p)'));
    assert.deepEqual(
      out.edits.map((e) => [e.startLine, e.startCharacter, e.endLine, e.endCharacter]),
      [[5, 4, 5, 4 + old.length]],
    );
  });
});

describe('Replace Links to Merchant: an edit changes nothing but the links it replaces', () => {
  const targets = ['https://old.example.org/p', 'https://old.example.org/a(b)', 'https://old.example.org/q?x=1&y=2'];
  const prose = [
    'Plain words.',
    'Some (parens) & ampersands < here.',
    '`code with https://old.example.org/in-code`',
    '**bold**',
    '# Heading',
    '- item',
    '> quoted',
  ];
  const markdownSegment = fc.oneof(
    fc.constantFrom(...prose),
    fc.constantFrom(...targets).map((t) => `[a](${deeplink('old', t, 'x')})`),
    fc.constantFrom(...targets).map((t) => `<${deeplink('old', t, 'x')}>`),
    fc.constantFrom(...targets).map((t) => `<a href="${amp(deeplink('old', t, 'x'))}">h</a>`),
    fc.constantFrom(...targets).map((t) => `\`${deeplink('old', t, 'x')}\``),
    fc.constant(`[s](${deeplink('shop', 'https://shop.example.com/x')})`),
    fc.constant(`${TRK}/old`),
  );
  const htmlSegment = fc.oneof(
    fc.constantFrom('<p>Text &amp; more</p>', '<!-- comment -->', '<code>x</code>', 'words'),
    fc.constantFrom(...targets).map((t) => `<a href="${amp(deeplink('old', t, 'x'))}">h</a>`),
    fc.constantFrom(...targets).map((t) => `<a class="c" rel="nofollow" href='${amp(deeplink('old', t, 'x'))}'>h</a>`),
    fc.constant(`<a href="${amp(deeplink('shop', 'https://shop.example.com/x'))}">s</a>`),
  );
  const documentOf = (segment: fc.Arbitrary<string>) =>
    fc
      .array(fc.tuple(segment, fc.constantFrom(' ', '\n', '\n\n', '\r\n')), { minLength: 1, maxLength: 12 })
      .map((parts) => parts.map(([s, gap]) => s + gap).join(''));
  const choice = fc.constantFrom<ReplacementChoice>(unwrap, heirChoice);

  /** The owner's links and each one's construct (its tag when it has one). */
  function ownerSpans(text: string, language: string) {
    const doc = documentLinks(text, language);
    return doc.links
      .filter((l) => {
        const v = rules.verdicts.of(l.target);
        return !l.ignoredByComment && v.kind === 'tracking' && v.owner?.key === 'old';
      })
      .map((l) => ({
        start: l.tag !== undefined && l.tag.start >= 0 ? Math.min(l.tag.start, l.start) : l.start,
        end: l.tag !== undefined && l.tag.end >= 0 ? Math.max(l.tag.end, l.end) : l.end,
      }));
  }

  for (const [language, segment] of [
    ['markdown', markdownSegment],
    ['html', htmlSegment],
  ] as const) {
    it(`in ${language}`, async () => {
      await checkProperty(
        fc.property(documentOf(segment), choice, (text, chosen) => {
          const spans = ownerSpans(text, language);
          const out = replaceInText(text, language, {
            rules,
            owner: asMerchantKey('old'),
            choice: chosen,
            expectedSubId: SUBID,
          });
          // Every edit lies inside one of the owner's links (or its tag, for rel="sponsored").
          for (const edit of out.edits) {
            assert.ok(
              spans.some((s) => s.start <= edit.start && edit.end <= s.end),
              `edit ${JSON.stringify(edit)} outside the merchant's links of ${JSON.stringify(text)}`,
            );
          }
          assert.equal(out.replaced + out.kept, spans.length);
          const after = applyEdits(text, out.edits);
          // The text between the owner's links is the same, piece by piece.
          const gaps = (t: string, s: Array<{ start: number; end: number }>) =>
            s.map((span, i) => t.slice(i === 0 ? 0 : s[i - 1]!.end, span.start)).concat(t.slice(s.at(-1)?.end ?? 0));
          const afterSpans = ownerSpansAfter(after, language, chosen);
          assert.deepEqual(gaps(after, afterSpans), gaps(text, spans), JSON.stringify(text));
          // No link to the merchant is left, and every other link is as it was.
          assert.equal(ownerSpans(after, language).length, out.kept);
          const others = (t: string) =>
            documentLinks(t, language)
              .links.filter((l) => {
                const v = rules.verdicts.of(l.target);
                return (
                  !(v.kind === 'tracking' && v.owner?.key === 'old') &&
                  !l.target.includes('old.example.org') &&
                  !l.target.includes('/heir')
                );
              })
              .map((l) => l.url);
          assert.deepEqual(others(after), others(text));
        }),
      );
    });
  }

  /** The replaced links' constructs in the text after the edit (the new merchant's, or plain target pages). */
  function ownerSpansAfter(text: string, language: string, chosen: ReplacementChoice) {
    const doc = documentLinks(text, language);
    return doc.links
      .filter((l) => {
        if (chosen.kind === 'unwrap') {
          return l.target.startsWith('https://old.example.org/') && !l.url.includes('in-code');
        }
        const v = rules.verdicts.of(l.target);
        return (v.kind === 'tracking' && v.owner?.key === 'heir') || (v.kind === 'tracking' && v.owner?.key === 'old');
      })
      .map((l) => ({
        start: l.tag !== undefined && l.tag.start >= 0 ? Math.min(l.tag.start, l.start) : l.start,
        end: l.tag !== undefined && l.tag.end >= 0 ? Math.max(l.tag.end, l.end) : l.end,
      }));
  }
});
