import assert from 'node:assert/strict';
import { findUrls, urlAt, type FoundUrl, type TextSpan, type UrlContext } from '../../src/links/urlFinder';

/** What a case expects: each URL as written, with its context, in document order. */
type Expected = Array<[url: string, context: UrlContext]>;
type Case = [text: string, expected: Expected];

/** Checks the invariants every result must keep: exact slices, document order, no overlaps. */
function assertWellFormed(text: string, found: FoundUrl[]): void {
  let previousEnd = -1;
  for (const url of found) {
    assert.equal(text.slice(url.start, url.end), url.url, `offsets of ${url.url}`);
    assert.ok(url.start < url.end, `non-empty ${url.url}`);
    assert.ok(url.start >= previousEnd, `in order and not overlapping: ${url.url}`);
    previousEnd = url.end;
  }
}

function check(text: string, expected: Expected): void {
  const found = findUrls(text);
  assertWellFormed(text, found);
  assert.deepEqual(
    found.map((url) => [url.url, url.context]),
    expected,
  );
}

function table(title: string, cases: Case[]): void {
  describe(title, () => {
    for (const [text, expected] of cases) {
      it(`${JSON.stringify(text)} -> ${JSON.stringify(expected.map(([url]) => url))}`, () => check(text, expected));
    }
  });
}

describe('urlFinder', () => {
  table('Markdown inline links and images', [
    ['[text](https://a.com/x "title")', [['https://a.com/x', 'markdown-link']]],
    ["[text](https://a.com/x 'title')", [['https://a.com/x', 'markdown-link']]],
    ['[text](https://a.com/x (title))', [['https://a.com/x', 'markdown-link']]],
    ['[text](https://a.com/x)', [['https://a.com/x', 'markdown-link']]],
    ['[t](<https://a.com/x y>)', [['https://a.com/x y', 'markdown-link']]],
    ['[t](<https://a.com/x> "title")', [['https://a.com/x', 'markdown-link']]],
    ['![alt](https://a.com/i.png)', [['https://a.com/i.png', 'markdown-link']]],
    ['![alt](https://a.com/i.png "Logo")', [['https://a.com/i.png', 'markdown-link']]],
    ['[w](https://en.wikipedia.org/wiki/Foo_(bar))', [['https://en.wikipedia.org/wiki/Foo_(bar)', 'markdown-link']]],
    ['[w](https://a.com/a_(b_(c))_d) after', [['https://a.com/a_(b_(c))_d', 'markdown-link']]],
    ['[t]( https://a.com/x )', [['https://a.com/x', 'markdown-link']]],
    ['[t](HTTP://A.COM/X)', [['HTTP://A.COM/X', 'markdown-link']]],
    ['[t](https://a.com/x\\))', [['https://a.com/x\\)', 'markdown-link']]],
    [
      '[![img](https://a.com/i.png)](https://b.com/page)',
      [
        ['https://a.com/i.png', 'markdown-link'],
        ['https://b.com/page', 'markdown-link'],
      ],
    ],
    // A URL in a link's text is its words, and one in its title too: the link is the destination alone.
    ['[https://a.com](https://b.com)', [['https://b.com', 'markdown-link']]],
    ['[see https://a.com/x](https://b.com "and https://c.com")', [['https://b.com', 'markdown-link']]],
    [
      'See [one](https://a.com/1), then https://b.com/2.',
      [
        ['https://a.com/1', 'markdown-link'],
        ['https://b.com/2', 'bare'],
      ],
    ],
    ['[t](https://a.com/x "see https://b.com/y")', [['https://a.com/x', 'markdown-link']]],
    [
      "[t](https://a.com/x 'see https://b.com/y') https://c.com",
      [
        ['https://a.com/x', 'markdown-link'],
        ['https://c.com', 'bare'],
      ],
    ],
    ['[t](https://a.com/x (see https://b.com/y))', [['https://a.com/x', 'markdown-link']]],
    // An image's text is its description: no URL in it is a link, a link's neither.
    ['![see [a](https://a.com) https://b.com](https://c.com/i.png)', [['https://c.com/i.png', 'markdown-link']]],
    [
      '[![logo https://a.com](https://b.com/i.png) https://c.com](https://d.com)',
      [
        ['https://b.com/i.png', 'markdown-link'],
        ['https://d.com', 'markdown-link'],
      ],
    ],
    // Links do not hold links: the outer brackets are words, and its destination a bare URL.
    [
      '[a [b](https://b.com)](https://c.com)',
      [
        ['https://b.com', 'markdown-link'],
        ['https://c.com', 'bare'],
      ],
    ],
    [
      '[<https://a.com>](https://c.com)',
      [
        ['https://a.com', 'autolink'],
        ['https://c.com', 'bare'],
      ],
    ],
    // A destination holds any character but spaces and controls, parentheses balanced.
    [
      '[CI](https://a.com/actions?query=workflow%3A"test") next',
      [['https://a.com/actions?query=workflow%3A"test"', 'markdown-link']],
    ],
    ['[t](https://a.com/x<y>z`w`]v)', [['https://a.com/x<y>z`w`]v', 'markdown-link']]],
    ['[t](https://a.com/x\u00a0"t")', [['https://a.com/x\u00a0"t"', 'markdown-link']]],
    ['[t](<https://a.com/x\\>y>)', [['https://a.com/x\\>y', 'markdown-link']]],
    // A title must follow a blank, and only the link's `)` the title.
    ['[t](https://a.com/x "t" junk)', [['https://a.com/x', 'bare']]],
    // The destination or its title may go on to the next line.
    ['[t](https://a.com/x\n"title")', [['https://a.com/x', 'markdown-link']]],
    [
      '[t](https://a.com/x "a long\ntitle https://b.com")',
      [
        ['https://a.com/x', 'markdown-link'],
        ['https://b.com', 'bare'],
      ],
    ],
    ['[t](/relative/path)', []],
    ['[t](mailto:someone@example.com)', []],
    ['[t](#anchor) and [u](./file.md)', []],
    // Not a link (words follow the destination), so the URL is bare and loses its trailing period.
    ['[t](https://a.com/x. More words', [['https://a.com/x', 'bare']]],
  ]);

  table('Markdown reference definitions', [
    ['[id]: https://a.com/x "title"', [['https://a.com/x', 'markdown-link']]],
    ["[id]: https://a.com/x 'title'", [['https://a.com/x', 'markdown-link']]],
    ['[id]: https://a.com/x', [['https://a.com/x', 'markdown-link']]],
    ['[id]:https://a.com/x', [['https://a.com/x', 'markdown-link']]],
    ['[id]: <https://a.com/x>', [['https://a.com/x', 'markdown-link']]],
    ['   [Some Label]: https://a.com/x', [['https://a.com/x', 'markdown-link']]],
    ['> [id]: https://a.com/x', [['https://a.com/x', 'markdown-link']]],
    ['Intro line\n[id]: https://a.com/x\nMore text', [['https://a.com/x', 'markdown-link']]],
    ['[id]: https://a.com/(x)', [['https://a.com/(x)', 'markdown-link']]],
    ['[^1]: https://a.com/x', [['https://a.com/x', 'bare']]],
    ['Text [id]: https://a.com/x', [['https://a.com/x', 'bare']]],
    ['[id]: https://a.com/x trailing words', [['https://a.com/x', 'bare']]],
    ['[id]: https://a.com/x "title" trailing words', [['https://a.com/x', 'bare']]],
    ['[id]: https://a.com/x "title https://b.com"', [['https://a.com/x', 'markdown-link']]],
    ['[id]: https://a.com/x"title"', [['https://a.com/x"title"', 'markdown-link']]],
    // A definition's destination on the line after its label, when the caller says so (see `findUrls`).
    ['[id]:\nhttps://a.com/x', [['https://a.com/x', 'bare']]],
    ['[id]: /local/path', []],
  ]);

  table('reference links', [
    // `[text][label]` and `[text][]` are links (their label taken as defined): a URL in the text is its words.
    ['[https://a.example/][label]', []],
    ['[see https://a.example/][]', []],
    ['[https://a.example/][label] and https://b.example/', [['https://b.example/', 'bare']]],
    // No `][`: the URL is a bare one, and it ends before the brackets.
    ['[https://a.example/]', [['https://a.example/', 'bare']]],
    ['https://a.example/][x', [['https://a.example/', 'bare']]],
    // A URL written as the label: a bare one (a label is no link's text).
    ['[GitHub][https://a.example/x]', [['https://a.example/x', 'bare']]],
  ]);

  table('autolinks', [
    ['<https://a.com/x>', [['https://a.com/x', 'autolink']]],
    ['Go to <http://a.com/x?y=1&z=2>.', [['http://a.com/x?y=1&z=2', 'autolink']]],
    ['<HTTPS://A.COM/X>', [['HTTPS://A.COM/X', 'autolink']]],
    ['<https://a.com/x_(y)>', [['https://a.com/x_(y)', 'autolink']]],
    [
      '<https://a.com><https://b.com>',
      [
        ['https://a.com', 'autolink'],
        ['https://b.com', 'autolink'],
      ],
    ],
    // A space ends an autolink; what is left is a bare URL.
    ['<https://a.com/x y>', [['https://a.com/x', 'bare']]],
    ['<https://>', []],
    ['<mailto:a@b.com>', []],
  ]);

  table('HTML href attributes', [
    ['<a href="https://a.com/x">link</a>', [['https://a.com/x', 'href']]],
    ["<a href='https://a.com/x'>link</a>", [['https://a.com/x', 'href']]],
    ['<a href=https://a.com/x>link</a>', [['https://a.com/x', 'href']]],
    ['<a href=https://a.com/x class=y>', [['https://a.com/x', 'href']]],
    ['<A HREF="https://a.com/x">link</A>', [['https://a.com/x', 'href']]],
    ['<a href = "https://a.com/x">', [['https://a.com/x', 'href']]],
    ["<a\thref\t=\t'https://a.com/x'>", [['https://a.com/x', 'href']]],
    ['<a href="https://a.com/it\'s(1).">', [["https://a.com/it's(1).", 'href']]],
    ['<a class="c" href="https://a.com/x?a=1&amp;b=2" rel="nofollow">', [['https://a.com/x?a=1&amp;b=2', 'href']]],
    [
      '<a href="https://a.com/x">https://a.com/x</a>',
      [
        ['https://a.com/x', 'href'],
        ['https://a.com/x', 'bare'],
      ],
    ],
    ['<a href="/local">x</a>', []],
    ['<a href="mailto:a@b.com">x</a>', []],
    ['<a href="#top">x</a>', []],
    // Only href is an attribute context; other attributes' URLs are plain text.
    ['<img src="https://a.com/i.png">', [['https://a.com/i.png', 'bare']]],
    ['<a data-href="https://a.com/x">', [['https://a.com/x', 'bare']]],
    ['<a data_href="https://a.com/x">', [['https://a.com/x', 'bare']]],
    ['<a xhref="https://a.com/x">', [['https://a.com/x', 'bare']]],
    ['<a ähref="https://a.com/x">', [['https://a.com/x', 'bare']]],
    ['<a 𝔘href="https://a.com/x">', [['https://a.com/x', 'bare']]],
    ['<a :href="https://a.com/x">', [['https://a.com/x', 'href']]],
    ['<a HrEf="https://a.com/x">', [['https://a.com/x', 'href']]],
  ]);

  table('bare URLs and where they end', [
    ['https://a.com', [['https://a.com', 'bare']]],
    ['Visit http://a.com/path?q=1#frag today', [['http://a.com/path?q=1#frag', 'bare']]],
    ['HTTPS://A.COM/X', [['HTTPS://A.COM/X', 'bare']]],
    [
      'https://a.com/x\nhttps://b.com/y',
      [
        ['https://a.com/x', 'bare'],
        ['https://b.com/y', 'bare'],
      ],
    ],
    ['https://a.com/x\r\n', [['https://a.com/x', 'bare']]],
    ['https://a.com/x\ty', [['https://a.com/x', 'bare']]],
    ['https://a.com/x<br>', [['https://a.com/x', 'bare']]],
    ['https://a.com/x>y', [['https://a.com/x', 'bare']]],
    ['"https://a.com/x"', [['https://a.com/x', 'bare']]],
    ['`https://a.com/x`', [['https://a.com/x', 'bare']]],
    ["https://a.com/a.b,c;d:e!f?g'h*i_j~k", [["https://a.com/a.b,c;d:e!f?g'h*i_j~k", 'bare']]],
    ['https://a.com:8080/x', [['https://a.com:8080/x', 'bare']]],
    ['https://user@a.com/x', [['https://user@a.com/x', 'bare']]],
    ['https://[::1]:8080/x', [['https://[::1]:8080/x', 'bare']]],
    ['https://a.com/?next=https://b.com/y', [['https://a.com/?next=https://b.com/y', 'bare']]],
  ]);

  table('bare URLs drop trailing punctuation', [
    ...[...'.,:;!?\'"*_~'].map((mark): Case => [`See https://a.com/x${mark}`, [['https://a.com/x', 'bare']]]),
    ['See https://a.com/x?!.', [['https://a.com/x', 'bare']]],
    ['(see https://a.com/x)', [['https://a.com/x', 'bare']]],
    ['(see https://a.com/x).', [['https://a.com/x', 'bare']]],
    ['https://a.com/x).', [['https://a.com/x', 'bare']]],
    ['https://a.com/x)).', [['https://a.com/x', 'bare']]],
    ['https://a.com/x_(y)', [['https://a.com/x_(y)', 'bare']]],
    ['(https://a.com/x_(y))', [['https://a.com/x_(y)', 'bare']]],
    ['(https://a.com/x_(y)).', [['https://a.com/x_(y)', 'bare']]],
    ['[see https://a.com/x]', [['https://a.com/x', 'bare']]],
    ['https://a.com/x_[y]', [['https://a.com/x_[y]', 'bare']]],
    ['[https://a.com/x_[y]].', [['https://a.com/x_[y]', 'bare']]],
    ['**https://a.com/x**', [['https://a.com/x', 'bare']]],
    ['~~https://a.com/x~~', [['https://a.com/x', 'bare']]],
    ['_https://a.com/x_', [['https://a.com/x', 'bare']]],
    ["'https://a.com/x'", [['https://a.com/x', 'bare']]],
  ]);

  table('URLs in HTML text', [
    ['<p>Visit https://a.com/x.</p>', [['https://a.com/x', 'bare']]],
    [
      '<li>https://a.com</li><li>https://b.com/</li>',
      [
        ['https://a.com', 'bare'],
        ['https://b.com/', 'bare'],
      ],
    ],
    ['<td>(https://a.com/x)</td>', [['https://a.com/x', 'bare']]],
  ]);

  table('scheme boundary and host', [
    ['xhttps://a.com', []],
    ['1https://a.com', []],
    ['éhttps://a.com', []],
    // Letters and numbers of any script, astral ones (a surrogate pair) included, go on a word.
    ['𝔘https://a.com', []],
    ['٣https://a.com', []],
    ['例https://a.com', []],
    ['Zhttps://a.com', []],
    ['HTTPS://A.COM/X', [['HTTPS://A.COM/X', 'bare']]],
    ['hTtP://a.com', [['hTtP://a.com', 'bare']]],
    // Neither a lone surrogate nor punctuation or a symbol is a letter.
    ['\udd18https://a.com', [['https://a.com', 'bare']]],
    ['_https://a.com', [['https://a.com', 'bare']]],
    ['😀https://a.com', [['https://a.com', 'bare']]],
    ['(https://a.com)', [['https://a.com', 'bare']]],
    ['-https://a.com', [['https://a.com', 'bare']]],
    // Another scheme's: `git+https://` is no http URL.
    ['git+https://a.com/x.git', []],
    ['<git+https://a.com/x.git>', []],
    ['https://', []],
    ['https://.', []],
    ['https:///x', []],
    ['http:// a.com', []],
    ['https:/a.com', []],
    ['ftp://a.com', []],
    [
      'https://a.com and https:// and https://b.com',
      [
        ['https://a.com', 'bare'],
        ['https://b.com', 'bare'],
      ],
    ],
  ]);

  table('Unicode and escapes are kept as written', [
    ['https://bücher.de/straße', [['https://bücher.de/straße', 'bare']]],
    ['https://例え.jp/パス?q=値', [['https://例え.jp/パス?q=値', 'bare']]],
    ['https://xn--bcher-kva.de/x', [['https://xn--bcher-kva.de/x', 'bare']]],
    ['https://a.com/%E2%82%AC?q=a%20b', [['https://a.com/%E2%82%AC?q=a%20b', 'bare']]],
    ['[t](https://bücher.de/über "t")', [['https://bücher.de/über', 'markdown-link']]],
    ['<https://例え.jp/パス>', [['https://例え.jp/パス', 'autolink']]],
    ['<a href="https://bücher.de/%C3%BC">', [['https://bücher.de/%C3%BC', 'href']]],
    ['https://☃.net/🍕', [['https://☃.net/🍕', 'bare']]],
  ]);

  describe('offsets', () => {
    const cases: Array<[text: string, expected: Array<[start: number, end: number]>]> = [
      ['see https://a.com/x now', [[4, 19]]],
      ['[t](https://a.com "x")', [[4, 17]]],
      ['<https://a.com>', [[1, 14]]],
      ['<a href="https://a.com">', [[9, 22]]],
      // UTF-16: the emoji before the URL is two code units.
      ['😀 https://a.com/😀 x', [[3, 19]]],
      ['ü\nhttps://ü.de', [[2, 14]]],
    ];
    for (const [text, expected] of cases) {
      it(JSON.stringify(text), () => {
        const found = findUrls(text);
        assertWellFormed(text, found);
        assert.deepEqual(
          found.map((url) => [url.start, url.end]),
          expected,
        );
      });
    }
  });

  describe('spans', () => {
    const text = 'a https://a.com b https://b.com c https://c.com';
    //            0 2           15  18          31  34          47
    const cases: Array<[title: string, spans: readonly TextSpan[] | undefined, expected: string[]]> = [
      ['no spans: everything', undefined, ['https://a.com', 'https://b.com', 'https://c.com']],
      ['empty list: nothing', [], []],
      ['exactly one URL', [{ start: 2, end: 15 }], ['https://a.com']],
      ['a span around two', [{ start: 0, end: 32 }], ['https://a.com', 'https://b.com']],
      ['a span cutting a URL drops it', [{ start: 3, end: 40 }], ['https://b.com']],
      ['a span ending one short drops it', [{ start: 18, end: 30 }], []],
      [
        'unsorted spans',
        [
          { start: 34, end: 47 },
          { start: 0, end: 16 },
        ],
        ['https://a.com', 'https://c.com'],
      ],
      [
        'overlapping spans',
        [
          { start: 0, end: 40 },
          { start: 16, end: 20 },
        ],
        ['https://a.com', 'https://b.com'],
      ],
      [
        'a URL across two spans is in neither',
        [
          { start: 0, end: 25 },
          { start: 25, end: 33 },
        ],
        ['https://a.com'],
      ],
    ];
    for (const [title, spans, expected] of cases) {
      it(title, () => {
        const found = findUrls(text, spans);
        assertWellFormed(text, found);
        assert.deepEqual(
          found.map((url) => url.url),
          expected,
        );
      });
    }

    it('keeps the context the whole text gives, even when the span holds only the destination', () => {
      const markdown = '[t](https://a.com/x)';
      assert.deepEqual(findUrls(markdown, [{ start: 4, end: 19 }]), [
        { url: 'https://a.com/x', start: 4, end: 19, context: 'markdown-link' },
      ]);
    });
  });

  describe('urlAt', () => {
    const text = 'see https://a.com/x now\n[t](https://b.com/y "title") <https://c.com>';
    //            0   4              19      24  28              43                 55           68
    const cases: Array<[title: string, offset: number, expected: [url: string, context: UrlContext] | undefined]> = [
      ['at the start', 4, ['https://a.com/x', 'bare']],
      ['in the middle', 10, ['https://a.com/x', 'bare']],
      ['just after the last character', 19, ['https://a.com/x', 'bare']],
      ['one before the start', 3, undefined],
      ['one past the end', 20, undefined],
      ['at the start of the second line, on link text', 24, undefined],
      ['on the Markdown destination', 30, ['https://b.com/y', 'markdown-link']],
      ['at the end of the destination', 43, ['https://b.com/y', 'markdown-link']],
      ['in the title', 47, undefined],
      ['in an autolink', 60, ['https://c.com', 'autolink']],
      ['at the very end of the text, just past the autolink bracket', text.length, undefined],
      ['negative offset', -1, undefined],
      ['beyond the text', text.length + 1, undefined],
      ['not a number', Number.NaN, undefined],
    ];
    for (const [title, offset, expected] of cases) {
      it(`${title} (${offset})`, () => {
        const found = urlAt(text, offset);
        assert.deepEqual(found && [found.url, found.context], expected);
        if (found) {
          assert.equal(text.slice(found.start, found.end), found.url);
        }
      });
    }

    it('finds a URL at the very start and at the very end of the text', () => {
      assert.equal(urlAt('https://a.com', 0)?.url, 'https://a.com');
      assert.equal(urlAt('https://a.com', 13)?.url, 'https://a.com');
      assert.equal(urlAt('x\nhttps://a.com', 2)?.start, 2);
      assert.equal(urlAt('https://a.com\nx', 13)?.end, 13);
      assert.equal(urlAt('', 0), undefined);
    });

    it('agrees with findUrls at every offset of a mixed document', () => {
      const doc = [
        '# Title with https://a.com/h',
        '',
        'Text [link](https://b.com/(x) "t https://c.com") and <https://d.com/e>.',
        '[ref]: <https://e.com/f g> "title"',
        '> [q]:https://f.com/g',
        '<a HREF = \'https://g.com\'>https://h.com/i</a> <img src="https://i.com/j.png">',
        '\r',
        '(see https://j.com/k). xhttps://no.com [https://k.com](https://l.com/m) 😀https://m.com/ü',
        '[^1]: https://n.com/o',
        'https://p.com/q',
      ].join('\n');
      const all = findUrls(doc);
      assert.deepEqual(
        all.map((url) => `${url.context} ${url.url}`),
        [
          'bare https://a.com/h',
          'markdown-link https://b.com/(x)',
          'autolink https://d.com/e',
          'markdown-link https://e.com/f g',
          'markdown-link https://f.com/g',
          'href https://g.com',
          'bare https://h.com/i',
          'bare https://i.com/j.png',
          'bare https://j.com/k',
          'markdown-link https://l.com/m',
          'bare https://m.com/ü',
          'bare https://n.com/o',
          'bare https://p.com/q',
        ],
      );
      for (let offset = 0; offset <= doc.length; offset++) {
        const expected = all.find((url) => url.start <= offset && offset <= url.end);
        assert.deepEqual(urlAt(doc, offset), expected, `offset ${offset}`);
      }
    });
  });

  describe('large and hostile input', () => {
    it('finds every URL of a 10,000-line Markdown document with 5,000 URLs (its speed is measured in npm run bench)', () => {
      const lines = Array.from({ length: 10_000 }, (_, i) =>
        i % 2 === 0
          ? `Plain line ${i} with no link in it at all.`
          : `Line ${i}: see [item ${i}](https://shop.example.com/p/${i}?ref=x "Item").`,
      );
      const doc = lines.join('\n');
      const found = findUrls(doc);
      assert.equal(found.length, 5_000);
      assert.equal(found[4_999].url, 'https://shop.example.com/p/9999?ref=x');
      // With a message: without one, assert.ok reads the source to describe the failure, which hangs under tsx.
      assert.ok(
        found.every((url) => url.context === 'markdown-link'),
        'every URL found as a Markdown destination',
      );
      assertWellFormed(doc, found);
    });

    const hostile: Array<[title: string, text: string]> = [
      ['opening parentheses', '('.repeat(100_000)],
      ['opening brackets', '['.repeat(100_000)],
      ['schemes', 'http://'.repeat(15_000)],
      ['parentheses, brackets and schemes', '((((('.repeat(7_000) + '[[[['.repeat(7_000) + 'http://'.repeat(7_000)],
      ['interleaved', '(((((' + '[[[[http://'.repeat(10_000)],
      ['link openers', '](http://'.repeat(12_000)],
      ['angle link openers', '](<http://'.repeat(10_000)],
      ['unclosed hrefs', 'href="http://a '.repeat(7_000)],
      ['mixed quotes', 'href=\'http://a"'.repeat(7_000) + ' x'],
      ['autolink openers', '<http://'.repeat(12_000)],
      ['closing parentheses after a URL', 'https://a.com/' + ')'.repeat(100_000)],
      ['definition openers', '[a]: '.repeat(20_000)],
      ['links that are not links', '](http://a](http://a'.repeat(5_000) + ' !'],
      ['unclosed labels on one line', ' [a'.repeat(33_000)],
      ['reference link ends', '[https://a]['.repeat(8_000)],
      ['link texts holding URLs', '[https://a '.repeat(10_000) + '](https://b)'],
      ['unclosed titles', '[a](https://a "'.repeat(7_000)],
      ['images in images', '![['.repeat(25_000) + '](https://b)'],
      ['destinations with quotes', '](https://a"'.repeat(8_000)],
    ];
    for (const [title, text] of hostile) {
      it(`finishes on a 100,000-character line of ${title}`, () => {
        const found = findUrls(text);
        assertWellFormed(text, found);
        const at = urlAt(text, text.length >> 1);
        assert.deepEqual(
          at,
          found.find((url) => url.start <= text.length >> 1 && text.length >> 1 <= url.end),
        );
      });
    }
  });
});
