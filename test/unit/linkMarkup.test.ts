import assert from 'node:assert/strict';
import { linkMarkup } from '../../src/links/linkMarkup';

const LINK = 'https://t.example/c?p=1&url=https%3A%2F%2Fs.example%2F';
const SPONSORED = { rel: 'sponsored' };

const CASES: { name: string; languageId: string; link?: string; text: string; rel?: string; expected: string }[] = [
  // Markdown and MDX
  { name: 'plain text', languageId: 'markdown', text: 'Buy the book', expected: `[Buy the book](${LINK})` },
  { name: 'mdx', languageId: 'mdx', text: 'Buy', expected: `[Buy](${LINK})` },
  { name: 'brackets and backslash', languageId: 'markdown', text: 'a]b[c\\', expected: `[a\\]b\\[c\\\\](${LINK})` },
  {
    name: 'link injection',
    languageId: 'markdown',
    text: 'x](javascript:alert(1))',
    expected: `[x\\](javascript:alert(1))](${LINK})`,
  },
  {
    name: 'script tag',
    languageId: 'markdown',
    text: '<script>alert(1)</script>',
    expected: `[\\<script\\>alert(1)\\</script\\>](${LINK})`,
  },
  {
    name: 'entity and quotes',
    languageId: 'markdown',
    text: 'Tom & "Jerry\'s" &amp;',
    expected: `[Tom \\& "Jerry's" \\&amp;](${LINK})`,
  },
  {
    name: 'emphasis, code, strike, table',
    languageId: 'markdown',
    text: '*a* _b_ `c` ~~d~~ e|f',
    expected: `[\\*a\\* \\_b\\_ \\\`c\\\` \\~\\~d\\~\\~ e\\|f](${LINK})`,
  },
  {
    name: 'MDX expression and JSX',
    languageId: 'mdx',
    text: '{alert(1)} <Comp/>',
    expected: `[\\{alert(1)\\} \\<Comp/\\>](${LINK})`,
  },
  { name: 'line breaks collapse', languageId: 'markdown', text: ' a\n\nb\r\n\tc ', expected: `[a b c](${LINK})` },
  {
    name: 'empty text uses the link',
    languageId: 'markdown',
    link: 'https://t.example/a_b',
    text: ' ',
    expected: '[https://t.example/a\\_b](https://t.example/a_b)',
  },
  {
    name: 'balanced parentheses stay bare',
    languageId: 'markdown',
    link: 'https://t.example/a_(b)',
    text: 'x',
    expected: '[x](https://t.example/a_(b))',
  },
  {
    name: 'unbalanced ) wrapped',
    languageId: 'markdown',
    link: 'https://t.example/a)',
    text: 'x',
    expected: '[x](<https://t.example/a)>)',
  },
  {
    name: 'unbalanced ( wrapped',
    languageId: 'markdown',
    link: 'https://t.example/(a',
    text: 'x',
    expected: '[x](<https://t.example/(a>)',
  },
  {
    name: ')( wrapped',
    languageId: 'markdown',
    link: 'https://t.example/)(',
    text: 'x',
    expected: '[x](<https://t.example/)(>)',
  },
  {
    name: 'space wrapped, <> escaped',
    languageId: 'markdown',
    link: 'https://t.example/a b<c>',
    text: 'x',
    expected: '[x](<https://t.example/a b\\<c\\>>)',
  },
  {
    name: 'backslash in link doubled',
    languageId: 'markdown',
    link: 'https://t.example/?a=\\(',
    text: 'x',
    expected: '[x](<https://t.example/?a=\\\\(>)',
  },
  {
    name: 'entity-like & in link escaped',
    languageId: 'markdown',
    link: 'https://t.example/?a=1&copy;&b=2',
    text: 'x',
    expected: '[x](https://t.example/?a=1\\&copy;&b=2)',
  },
  {
    name: 'line break in link encoded',
    languageId: 'markdown',
    link: 'https://t.example/a\nb',
    text: 'x',
    expected: '[x](https://t.example/a%0Ab)',
  },
  // HTML
  {
    name: 'html',
    languageId: 'html',
    text: 'Buy',
    expected: `<a href="${LINK.replace(/&/g, '&amp;')}" rel="sponsored">Buy</a>`,
  },
  {
    name: 'html hostile text',
    languageId: 'html',
    link: 'https://t.example/',
    text: '<script>"x" & \'y\'</script>]',
    expected:
      '<a href="https://t.example/" rel="sponsored">&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;]</a>',
  },
  {
    name: 'html hostile link',
    languageId: 'html',
    link: "https://t.example/\"onmouseover='x'<>",
    text: 'x',
    expected: '<a href="https://t.example/&quot;onmouseover=&#39;x&#39;&lt;&gt;" rel="sponsored">x</a>',
  },
  {
    name: 'html custom rel escaped',
    languageId: 'html',
    link: 'https://t.example/',
    text: 'x',
    rel: 'sponsored noopener"',
    expected: '<a href="https://t.example/" rel="sponsored noopener&quot;">x</a>',
  },
  {
    name: 'html empty rel omitted',
    languageId: 'html',
    link: 'https://t.example/',
    text: 'x',
    rel: ' ',
    expected: '<a href="https://t.example/">x</a>',
  },
  {
    name: 'html empty text uses the link',
    languageId: 'html',
    link: 'https://t.example/?a&b',
    text: '',
    expected: '<a href="https://t.example/?a&amp;b" rel="sponsored">https://t.example/?a&amp;b</a>',
  },
  // Everything else: the bare link
  { name: 'plaintext', languageId: 'plaintext', text: '<script>x</script>](', expected: LINK },
  { name: 'php', languageId: 'php', text: 'x', expected: LINK },
  { name: 'vue', languageId: 'vue', text: 'x', expected: LINK },
  { name: 'Markdown in the wrong case is not markdown', languageId: 'Markdown', text: 'x', expected: LINK },
];

describe('linkMarkup', () => {
  for (const c of CASES) {
    it(`${c.languageId}: ${c.name}`, () => {
      assert.equal(
        linkMarkup(c.languageId, c.link ?? LINK, c.text, c.rel === undefined ? SPONSORED : { rel: c.rel }),
        c.expected,
      );
    });
  }
});
