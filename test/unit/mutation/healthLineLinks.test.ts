/**
 * The links of one line (src/health/lineLinks.ts) and the tag syntax they rest on
 * (src/health/tagSyntax.ts), which `npm run mutate` found untested: each URL's kind, where its construct
 * starts, the address it stands for (character references decoded in HTML only, backslash escapes in
 * Markdown only), where a tag ends and what its `rel` is.
 */
import assert from 'node:assert/strict';
import type { HealthLanguage } from '../../../src/health/healthCodes';
import { InlineReader, inlineRegions } from '../../../src/health/inlineRegions';
import { lineLinks, NO_LINKS } from '../../../src/health/lineLinks';
import { REL, relOf, tagEnd } from '../../../src/health/tagSyntax';
import { UrlScanner } from '../../../src/links/urlFinder';

/** [kind, context, start, end, constructStart, target, tag name]. */
type Seen = [string, string, number, number, number, string, string | undefined];

function links(text: string, language: HealthLanguage, paragraph?: boolean, destinationFirst?: boolean): Seen[] {
  const regions = inlineRegions(text, language, { kind: 'text' }, new InlineReader());
  const urls = new UrlScanner();
  const found =
    paragraph === undefined
      ? lineLinks(text, language, regions.excluded, regions.tags, urls)
      : lineLinks(text, language, regions.excluded, regions.tags, urls, paragraph, destinationFirst);
  return found.map((l) => [l.kind, l.context, l.start, l.end, l.constructStart, l.target, l.tag?.name]);
}

const CASES: [name: string, text: string, language: HealthLanguage, expected: Seen[]][] = [
  [
    'a definition',
    '[a]: https://x.test/',
    'markdown',
    [['definition', 'markdown-link', 5, 20, 0, 'https://x.test/', undefined]],
  ],
  [
    'a definition indented by a tab',
    '\t[a]: https://x.test/',
    'markdown',
    [['definition', 'markdown-link', 6, 21, 0, 'https://x.test/', undefined]],
  ],
  [
    'a URL alone, the line before no label',
    'https://x.test/',
    'markdown',
    [['bare', 'bare', 0, 15, 0, 'https://x.test/', undefined]],
  ],
  [
    'a link, then a bare URL',
    '[a](https://y.test/) https://x.test/',
    'markdown',
    [
      ['inline', 'markdown-link', 4, 19, 0, 'https://y.test/', undefined],
      ['bare', 'bare', 21, 36, 21, 'https://x.test/', undefined],
    ],
  ],
  [
    'an autolink',
    'see <https://x.test/>',
    'markdown',
    [['autolink', 'autolink', 5, 20, 4, 'https://x.test/', undefined]],
  ],
  [
    'an image',
    '![i](https://x.test/a.png)',
    'markdown',
    [['image', 'markdown-link', 5, 25, 0, 'https://x.test/a.png', undefined]],
  ],
  [
    'an image after text',
    'See ![i](https://x.test/a.png)',
    'markdown',
    [['image', 'markdown-link', 9, 29, 4, 'https://x.test/a.png', undefined]],
  ],
  [
    'a link after an escaped `!`',
    '\\![a](https://x.test/)',
    'markdown',
    [['inline', 'markdown-link', 6, 21, 2, 'https://x.test/', undefined]],
  ],
  [
    'a destination without its `[`',
    'text](https://x.test/)',
    'markdown',
    [['inline', 'markdown-link', 6, 21, 6, 'https://x.test/', undefined]],
  ],
  [
    'a Markdown link, escapes and references decoded',
    '[a](https://x.test/a\\_b&amp;c)',
    'markdown',
    [['inline', 'markdown-link', 4, 29, 0, 'https://x.test/a_b&c', undefined]],
  ],
  [
    'an anchor, references decoded, backslashes kept',
    '<a href="https://x.test/a\\_b&amp;c">t</a>',
    'markdown',
    [['anchor', 'href', 9, 34, 0, 'https://x.test/a\\_b&c', 'a']],
  ],
  [
    "an area's href",
    'Map <area href="https://x.test/">',
    'markdown',
    [['anchor', 'href', 16, 31, 4, 'https://x.test/', 'area']],
  ],
  [
    "an anchor's other attribute",
    '<a title="https://x.test/">t</a>',
    'markdown',
    [['attribute', 'bare', 10, 25, 0, 'https://x.test/', 'a']],
  ],
  [
    "an image tag's src",
    '<img src="https://x.test/a\\_b&amp;c">',
    'markdown',
    [['attribute', 'bare', 10, 35, 0, 'https://x.test/a\\_b&c', 'img']],
  ],
  [
    'an href outside a tag',
    'x HREF="https://x.test/?a&amp;b"',
    'markdown',
    [['text', 'href', 8, 31, 2, 'https://x.test/?a&b', undefined]],
  ],
  [
    'an href of HTML text',
    'HREF="https://x.test/"',
    'html',
    [['text', 'href', 6, 21, 0, 'https://x.test/', undefined]],
  ],
  [
    'a URL of HTML text',
    '<p>https://x.test/a\\_b&amp;c</p>',
    'html',
    [['text', 'bare', 3, 28, 3, 'https://x.test/a\\_b&c', undefined]],
  ],
];

describe('the links of a line', () => {
  for (const [name, text, language, expected] of CASES) {
    it(`${language}: ${name}`, () => {
      assert.deepEqual(links(text, language), expected);
      assert.deepEqual(links(text, language, false, false), expected);
    });
  }

  it('gives the shared empty list for a line without `://`', () => {
    const urls = new UrlScanner();
    assert.equal(lineLinks('plain words', 'markdown', [], [], urls), NO_LINKS);
    assert.equal(lineLinks('<a href="/x">t</a>', 'html', [], [], urls), NO_LINKS);
    assert.deepEqual(NO_LINKS, []);
  });

  it("reads a definition's label in a paragraph as words and its URL as a bare one", () => {
    assert.deepEqual(links('[a]: https://x.test/', 'markdown', true), [
      // The scanner read a destination (its context); in a paragraph it is a bare URL (its kind).
      ['bare', 'markdown-link', 5, 20, 5, 'https://x.test/', undefined],
    ]);
  });

  it("reads a line after a label alone as the definition's destination, begun on the line before", () => {
    assert.deepEqual(links('https://x.test/', 'markdown', false, true), [
      ['definition', 'markdown-link', 0, 15, -1, 'https://x.test/', undefined],
    ]);
    assert.deepEqual(links('  <https://x.test/> "t"', 'markdown', false, true), [
      ['definition', 'markdown-link', 3, 18, -1, 'https://x.test/', undefined],
    ]);
    // What follows a destination must be a title: here the line is a paragraph's, an autolink and a URL.
    assert.deepEqual(links('  <https://x.test/> https://y.test/', 'markdown', false, true), [
      ['autolink', 'autolink', 3, 18, 2, 'https://x.test/', undefined],
      ['bare', 'bare', 20, 35, 20, 'https://y.test/', undefined],
    ]);
  });

  it('reads no destination first in HTML, which has no definitions', () => {
    assert.deepEqual(links('https://x.test/ "t"', 'html', false, true), [
      ['text', 'bare', 0, 15, 0, 'https://x.test/', undefined],
    ]);
  });
});

describe('the syntax of a tag', () => {
  const END_CASES: [line: string, from: number, end: number][] = [
    ['<a>', 2, 3],
    ['<a href=x>t', 2, 10],
    ['<a title=">" href=x>', 2, 20],
    ["<a title='>' b>", 2, 15],
    ['<a onClick={() => 1} b>', 2, 23],
    ['<a title="it\'s>">', 2, 17],
    ['<a b', 2, -1],
    ['<a title="x>', 2, -1],
    ["<a t='x>", 2, -1],
    ['<a t={x>', 2, -1],
  ];
  for (const [line, from, end] of END_CASES) {
    it(`ends ${JSON.stringify(line)} at ${end}`, () => {
      assert.equal(tagEnd(line, from), end);
    });
  }

  it('reads the rel attribute of a tag, quoted, unquoted or an expression, only before `to`', () => {
    const rel = new RegExp(REL, 'gi');
    const line = '<a href="x">t</a> <b rel="nofollow">';
    assert.equal(relOf(line, 0, 12, rel), undefined);
    assert.deepEqual(relOf(line, 0, line.length, rel), { start: 26, end: 34, value: 'nofollow', quote: '"' });
    assert.equal(relOf('<a rel="x">', 0, 9, rel), undefined);
    assert.deepEqual(relOf('<a rel=nofollow>', 0, 16, rel), { start: 7, end: 15, value: 'nofollow', quote: '' });
    assert.deepEqual(relOf("<a rel='x y'>", 0, 13, rel), { start: 8, end: 11, value: 'x y', quote: "'" });
    assert.deepEqual(relOf('<a rel={r}>', 0, 11, rel), { start: 8, end: 9, value: 'r', quote: '{' });
  });
});
