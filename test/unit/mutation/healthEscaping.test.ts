/**
 * A new address in a link's place (src/health/linkEscaping.ts), which `npm run mutate` found
 * weakly tested: how the address is escaped for HTML, Markdown destinations (balanced or not)
 * and MDX, and the edit refused when the line, read again, would not hold the same link.
 */
import assert from 'node:assert/strict';
import { documentLinks } from '../../../src/health/documentLinks';
import { replaceLink, writtenFor } from '../../../src/health/linkEscaping';

/** What `address` is written as in place of the link at `index` of the text. */
function written(text: string, language: string, address: string, index = 0): string {
  const doc = documentLinks(text, language);
  return writtenFor(doc, doc.links[index], address);
}

/** The text with the link at `index` replaced by `address`, or undefined when the edit is refused. */
function replaced(text: string, language: string, address: string, index = 0): string | undefined {
  const doc = documentLinks(text, language);
  const edit = replaceLink(doc, doc.links[index], address);
  return edit && text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
}

const MD_LINK = 'See [a](https://a.example/x) ok';

describe('a new address in a link’s place', () => {
  it('keeps balanced parentheses in a Markdown destination and encodes unbalanced ones', () => {
    const cases: [string, string][] = [
      ['https://c.example/a(b)', 'https://c.example/a(b)'],
      ['https://c.example/(a)(b)', 'https://c.example/(a)(b)'],
      ['https://c.example/((a))', 'https://c.example/((a))'],
      ['https://c.example/a(b', 'https://c.example/a%28b'],
      ['https://c.example/a)b', 'https://c.example/a%29b'],
      ['https://c.example/a)b(', 'https://c.example/a%29b%28'],
      ['https://c.example/a(b))', 'https://c.example/a%28b%29%29'],
      ['https://c.example/plain', 'https://c.example/plain'],
    ];
    for (const [address, expected] of cases) {
      assert.equal(written(MD_LINK, 'markdown', address), expected, address);
    }
  });

  it('leaves parentheses alone outside a Markdown destination', () => {
    assert.equal(written('See <https://a.example/x> ok', 'markdown', 'https://c.example/a(b'), 'https://c.example/a(b');
    assert.equal(written('See https://a.example/x ok', 'markdown', 'https://c.example/a)b'), 'https://c.example/a)b');
  });

  it('percent-encodes what would end the URL or read as Markdown, braces in MDX only', () => {
    const address = 'https://c.example/a b\\c`d<e>f"g{h}';
    assert.equal(written(MD_LINK, 'markdown', address), 'https://c.example/a%20b%5Cc%60d%3Ce%3Ef%22g{h}');
    assert.equal(written(MD_LINK, 'mdx', address), 'https://c.example/a%20b%5Cc%60d%3Ce%3Ef%22g%7Bh%7D');
    assert.equal(written(MD_LINK, 'markdown', 'https://c.example/?a=1&b=2'), 'https://c.example/?a=1&b=2');
  });

  it('writes character references in HTML attributes and HTML text', () => {
    const address = 'https://c.example/?a=1&b="2"';
    const html = '<img src="https://a.example/i.png"> https://b.example/x <a href="https://a.example/y">y</a>';
    assert.equal(written(html, 'html', address, 0), 'https://c.example/?a=1&amp;b=&quot;2&quot;');
    assert.equal(written(html, 'html', address, 1), 'https://c.example/?a=1&amp;b=&quot;2&quot;');
    assert.equal(written(html, 'html', address, 2), 'https://c.example/?a=1&amp;b=&quot;2&quot;');
    assert.equal(
      written('<a href="https://a.example/y">y</a>', 'mdx', address),
      'https://c.example/?a=1&amp;b=&quot;2&quot;',
    );
  });

  it('replaces a link on any line, and the second link of a line', () => {
    const text = 'Line one\nSee https://a.example/x and https://b.example/y.\nLast line';
    assert.equal(
      replaced(text, 'markdown', 'https://c.example/p q', 1),
      'Line one\nSee https://a.example/x and https://c.example/p%20q.\nLast line',
    );
    assert.equal(
      replaced(text, 'markdown', 'https://c.example/z', 0),
      'Line one\nSee https://c.example/z and https://b.example/y.\nLast line',
    );
    assert.equal(
      replaced('A\n\nB [a](https://a.example/x) [b](https://b.example/y)\n', 'markdown', 'https://c.example/(x', 1),
      'A\n\nB [a](https://a.example/x) [b](https://c.example/%28x)\n',
    );
    assert.equal(
      replaced('<p>\n<a href="https://a.example/x">x</a></p>', 'html', 'https://c.example/?a&b'),
      '<p>\n<a href="https://c.example/?a&amp;b">x</a></p>',
    );
  });

  it('refuses an address the line would not read back as the same link', () => {
    const text = 'Line one\nSee https://a.example/x and https://b.example/y.\nLast line';
    assert.equal(replaced(text, 'markdown', 'https://c.example/p.', 1), undefined);
    assert.equal(replaced(text, 'markdown', 'https://c.example/p)', 1), undefined);
    assert.equal(replaced(text, 'markdown', 'mailto:x@example.com', 1), undefined);
    assert.equal(replaced(text, 'markdown', 'not an address', 0), undefined);
  });
});
