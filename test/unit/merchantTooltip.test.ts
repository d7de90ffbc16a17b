import assert from 'node:assert/strict';
import type { Merchant } from '../../src/api/types';
import { escapeMarkdownText, merchantTooltipMarkdown } from '../../src/catalog/present/merchantTooltip';
import { blankMerchant } from './helpers/merchants';

function merchant(overrides: Partial<Merchant> = {}): Merchant {
  return blankMerchant({
    merchantId: 1,
    name: 'Bookworm',
    defaultDomain: 'bookworm.de',
    domains: ['bookworm.de', 'bookworm.at'],
    deeplinkAllowed: true,
    countryCodes: ['DE', 'AT'],
    averageBasketValue: 179.28,
    averageCommission: 4.2,
    averageConfirmationTime: 37,
    averageCancellationRate: 0.16,
    commissionRates: [
      { fixedCommission: 2.5, percentageCommission: 0 },
      { fixedCommission: 0, percentageCommission: 5 },
    ],
    paymentModels: ['CPA', 'CPC'],
    updatedAt: '2026-01-10T08:00:00Z',
    ...overrides,
  });
}

const ROW_LABELS = [
  'Commission rates',
  'Average commission',
  'Average basket value',
  'Confirmation time',
  'Cancellation rate',
  'Countries',
  'Payment models',
  'Domains',
  'Last update',
];

/** What a reader sees: backslash escapes and the three entities undone. */
function plain(markdown: string): string {
  return markdown
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The characters Markdown would still act on: escaped ones and entities removed. */
function active(markdown: string): string {
  return markdown.replace(/\\[!-/:-@[-`{-~]/g, '').replace(/&(?:lt|gt|amp);/g, '');
}

/** The figure rows as label → value, read from the last paragraph. */
function rows(markdown: string): Map<string, string> {
  const lastParagraph = markdown.split('\n\n').at(-1)!;
  return new Map(
    lastParagraph.split('  \n').map((line) => {
      const at = line.indexOf(': ');
      return [line.slice(0, at), plain(line.slice(at + 2))];
    }),
  );
}

describe('merchant tooltip', () => {
  describe('service text never becomes markup', () => {
    const hostile = [
      '<img src=x onerror=alert(1)>',
      '<script>alert(1)</script>',
      '[x](command:workbench.action.terminal.new)',
      '![img](https://evil.example/x.png)',
      'javascript:alert(1)',
      '<https://evil.example>',
      'https://evil.example/path?q=1',
      'see www.evil.example now',
      'mail@evil.example',
      '`code` and ``double``',
      '| a | b |\n|---|---|',
      'line one\n# heading\n- item\n> quote\r\n1. one',
      '&lt;b&gt; &#x3C;script&#x3E; &amp;',
      '*bold* _em_ ~~strike~~ **x**',
      '[ref]: https://evil.example',
      '$(alert) {{x}} \\[x\\](command:foo)',
      'evil\u202egnp.exe\u2028next',
    ];
    for (const text of hostile) {
      const title = JSON.stringify(text).replace(/[\u2028\u202a-\u202e]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
      it(title, () => {
        const m = merchant({
          name: text,
          description: text,
          defaultDomain: text,
          domains: [text, 'ok.example'],
          countryCodes: [text],
          paymentModels: [text],
          currencyCode: text,
          updatedAt: text,
          commissionRates: [{ fixedCommission: 3, percentageCommission: 2 }],
        });
        const markdown = merchantTooltipMarkdown(m, 'en-US');
        const live = active(markdown);
        assert.doesNotMatch(markdown, /[<>]/, 'no raw angle bracket, so no HTML tag or autolink');
        assert.doesNotMatch(live, /&/, "no entity of the service's own");
        assert.doesNotMatch(
          live,
          /[[\]()`|!<>#~_{}$\\]/,
          'no live link, image, code, table, heading or emphasis syntax',
        );
        assert.doesNotMatch(live, /(command|javascript|https?|data|mailto):/i, 'no live URI scheme');
        assert.doesNotMatch(live, /www\.|evil\.example|@/i, 'nothing a linkifier would take for a link');
        const body = markdown.split('\n');
        assert.match(body[0]!, /^\*\*.*\*\*$/, 'the name is one bold line');
        assert.equal(live.replace(/^\*\*|\*\*$/gm, '').includes('*'), false, 'no other emphasis');
        assert.equal(body.length, 6 + ROW_LABELS.length, 'line breaks in service text add no lines');
        assert.deepEqual([...rows(markdown).keys()], ROW_LABELS);
        const flat = text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '').replace(/[\r\n\u2028]+/g, ' ');
        assert.equal(plain(body[0]!), `**${flat}**`, 'the text itself is kept, only escaped');
      });
    }

    it('escapes every ASCII punctuation character and nothing else', () => {
      const punctuation = '!"#$%\'()*+,-./:;=?@[\\]^_`{|}~';
      assert.equal(escapeMarkdownText(punctuation), [...punctuation].map((c) => `\\${c}`).join(''));
      assert.equal(escapeMarkdownText('a & b < c > d'), 'a &amp; b &lt; c &gt; d');
      assert.equal(escapeMarkdownText('Café 42 Ünïcödé 京东'), 'Café 42 Ünïcödé 京东');
      assert.equal(escapeMarkdownText('  two\n\nlines\t '), 'two lines');
    });

    it('cuts very long text', () => {
      const markdown = merchantTooltipMarkdown(merchant({ name: 'x'.repeat(5000) }), 'en-US');
      const nameLine = markdown.split('\n')[0]!;
      assert.ok(nameLine.length <= 310, `name line of ${nameLine.length}`);
      assert.ok(nameLine.endsWith('…**'));
    });
  });

  it("shows every figure a publisher chooses by, in the merchant's currency", () => {
    const markdown = merchantTooltipMarkdown(merchant({ description: 'Books & more.' }), 'en-US');
    const paragraphs = markdown.split('\n\n').map(plain);
    assert.deepEqual(paragraphs.slice(0, 3), ['**Bookworm**', 'Active · deeplinks allowed', 'Books & more.']);
    assert.deepEqual(Object.fromEntries(rows(markdown)), {
      'Commission rates': '€2.50 · 5%',
      'Average commission': '4.2%',
      'Average basket value': '€179.28',
      'Confirmation time': '37 days',
      'Cancellation rate': '16%',
      Countries: 'DE, AT',
      'Payment models': 'CPA, CPC',
      Domains: 'bookworm.de, bookworm.at',
      'Last update': '2026-01-10',
    });
  });

  it('says how many articles link to the merchant once link health counted them, and nothing before', () => {
    const lines = (linked?: number) =>
      plain(merchantTooltipMarkdown(merchant(), 'en-US', undefined, linked)).split('\n\n');
    assert.ok(!lines().some((line) => line.includes('Linked')));
    assert.ok(lines(0).includes('Not linked from any article'));
    assert.ok(lines(1).includes('Linked from 1 article'));
    assert.ok(lines(1_234).includes('Linked from 1,234 articles'), lines(1_234).join(' | '));
  });

  it('marks figures the service left out with —', () => {
    const markdown = merchantTooltipMarkdown(
      merchant({
        isActive: false,
        deeplinkAllowed: false,
        defaultDomain: '',
        domains: [],
        countryCodes: [],
        paymentModels: [],
        currencyCode: null,
        averageBasketValue: null,
        averageCommission: null,
        averageConfirmationTime: null,
        averageCancellationRate: null,
        commissionRates: [{ fixedCommission: null, percentageCommission: null }],
        updatedAt: null,
      }),
      'en-US',
    );
    assert.equal(plain(markdown.split('\n\n')[1]!), 'Inactive · no deeplinks');
    assert.deepEqual(
      [...rows(markdown).values()],
      ROW_LABELS.map(() => '—'),
    );
  });

  it('counts ad campaigns in the status line and reads a cancellation rate above 1 as a percentage', () => {
    const campaign = { name: 'C', activeFrom: null, activeTo: null, allowDeeplink: true, rates: [] };
    const markdown = merchantTooltipMarkdown(
      merchant({ adCampaigns: [campaign, campaign], averageCancellationRate: 12.5, averageConfirmationTime: 1 }),
      'en-US',
    );
    assert.equal(plain(markdown.split('\n\n')[1]!), 'Active · deeplinks allowed · 2 ad campaigns');
    assert.equal(rows(markdown).get('Cancellation rate'), '12.5%');
    assert.equal(rows(markdown).get('Confirmation time'), '1 day');
  });

  describe('a currency code that is not ISO 4217', () => {
    const cases: Array<{ code: string | null; basket: string }> = [
      { code: 'EU', basket: '12.5 EU' },
      { code: 'EURO', basket: '12.5 EURO' },
      { code: '€', basket: '12.5 €' },
      { code: 'E1R', basket: '12.5 E1R' },
      { code: '', basket: '12.5' },
      { code: null, basket: '12.5' },
      { code: '<b>', basket: '12.5 <b>' },
      { code: 'usd', basket: '$12.50' },
    ];
    for (const { code, basket } of cases) {
      it(`${JSON.stringify(code)} gives ${JSON.stringify(basket)}`, () => {
        const markdown = merchantTooltipMarkdown(merchant({ currencyCode: code, averageBasketValue: 12.5 }), 'en-US');
        assert.equal(rows(markdown).get('Average basket value'), basket);
      });
    }

    it('does not throw with a locale tag that is not valid either', () => {
      assert.doesNotThrow(() => merchantTooltipMarkdown(merchant({ currencyCode: '??' }), 'not a locale!'));
    });
  });
});
