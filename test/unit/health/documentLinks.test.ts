import assert from 'node:assert/strict';
import { documentLinks } from '../../../src/health/documentLinks';

/** Each link of the text as `kind url`, with `!` before an ignored one. */
function links(text: string, languageId = 'markdown'): string[] {
  const doc = documentLinks(text, languageId);
  for (const link of doc.links) {
    assert.equal(text.slice(link.start, link.end), link.url, 'offsets');
  }
  return doc.links.map((l) => `${l.ignoredByComment ? '!' : ''}${l.kind} ${l.url}`);
}

describe('link health: a document’s links', () => {
  it('reads each Markdown construct as its kind', () => {
    const text = [
      '[a](https://a.com/x "t") ![i](https://img.com/p.png) <https://auto.com/z> https://bare.com/y.',
      '[![logo](https://img.com/l.png)](https://outer.com/)',
      '',
      '[ref]: https://def.com/r "title"',
      '> [quoted]: <https://def2.com/r>',
    ].join('\n');
    assert.deepEqual(links(text), [
      'inline https://a.com/x',
      'image https://img.com/p.png',
      'autolink https://auto.com/z',
      'bare https://bare.com/y',
      'image https://img.com/l.png',
      'inline https://outer.com/',
      'definition https://def.com/r',
      'definition https://def2.com/r',
    ]);
  });

  it('reads a paragraph’s line as ending indented code and a list, so an indented line after it goes on the paragraph', () => {
    const text = [
      '    https://code.com/1',
      'Words https://after-code.com/2',
      '    https://continued.com/3',
      '',
      '- item',
      '',
      'Paragraph https://after-list.com/4',
      '    https://continued.com/5',
    ].join('\n');
    assert.deepEqual(links(text), [
      'bare https://after-code.com/2',
      'bare https://continued.com/3',
      'bare https://after-list.com/4',
      'bare https://continued.com/5',
    ]);
  });

  it('skips code spans, fenced and indented code, HTML and MDX comments, and raw text elements', () => {
    const text = [
      'Before `https://span.com` and ``x `https://span2.com` y`` then https://keep.com/1',
      '```js',
      'https://fenced.com',
      '````',
      '~~~~',
      'https://tilde.com',
      '```',
      '~~~~',
      '',
      '    https://indented.com',
      '',
      'text <!-- https://comment.com --> https://keep.com/2 <!-- open',
      'https://comment2.com',
      '--> https://keep.com/3 <textarea>https://textarea.com</textarea> <title>',
      'https://title.com',
      '</title> https://keep.com/4',
      '<style>a { background: url(https://style.com/a.png) }</style> <script>var a = "https://script.com"</script>',
    ].join('\n');
    assert.deepEqual(links(text), [
      'bare https://keep.com/1',
      'bare https://keep.com/2',
      'bare https://keep.com/3',
      'bare https://keep.com/4',
    ]);
  });

  it('reads the anchors inside <pre>, <code>, <kbd> and <samp> (not raw text in HTML), but not their text as HTML', () => {
    const html = [
      '<pre>https://pre-text.com <a href="https://in-pre.com/">a</a>',
      '<code>https://code-text.com</code> <a href="https://in-pre-2.com/">b</a></pre> https://after-pre.com',
      '<p><code><a href="https://in-code.com/">c</a> https://code-text.com</code> <kbd><a href="https://in-kbd.com">k</a></kbd>',
      '<samp>https://samp-text.com <a',
      ' href="https://in-samp.com">s</a></samp></p>',
    ].join('\n');
    assert.deepEqual(links(html, 'html'), [
      'anchor https://in-pre.com/',
      'anchor https://in-pre-2.com/',
      'text https://after-pre.com',
      'anchor https://in-code.com/',
      'anchor https://in-kbd.com',
      'anchor https://in-samp.com',
    ]);
    // In a Markdown HTML block alike; in a paragraph the tags are inline HTML and the text Markdown's.
    const markdown = `${html}\n\nWords <code>https://md-code.com</code> <pre><a href="https://md-pre.com">x</a></pre>`;
    assert.deepEqual(links(markdown).slice(6), ['bare https://md-code.com', 'anchor https://md-pre.com']);
  });

  it('keeps an indented line in a list and after a paragraph, and a fence of another char open', () => {
    assert.deepEqual(links('- item\n\n    https://in-list.com\n\nPara\n    https://lazy.com'), [
      'bare https://in-list.com',
      'bare https://lazy.com',
    ]);
    assert.deepEqual(links('~~~\n```\nhttps://still-code.com\n~~~\nhttps://after.com'), ['bare https://after.com']);
    assert.deepEqual(links('``` not `a` fence\nhttps://x.com'), ['bare https://x.com']);
  });

  it('reads front matter links as such, and only at the top', () => {
    assert.deepEqual(links('---\nbuy: https://fm.com/a\n---\nhttps://body.com\n---\nhttps://b2.com'), [
      'front-matter https://fm.com/a',
      'bare https://body.com',
      'bare https://b2.com',
    ]);
    assert.equal(documentLinks('---\na: 1\n---\nbody', 'markdown').bodyStart, 13);
  });

  it('reads HTML: anchors with their rel (over several lines too), other attributes, text; entities decoded', () => {
    const text = [
      '<p>Go <a class="b" href="https://a.com/?x=1&amp;y=2" rel="nofollow">here</a> or https://text.com</p>',
      '<a',
      '  href="https://multi.com/"',
      '  rel="sponsored noopener">m</a> <img src="https://img.com/i.png"> <link href="https://style.com/s.css">',
      '<!-- <a href="https://commented.com">x</a> -->',
    ].join('\n');
    const doc = documentLinks(text, 'html');
    assert.deepEqual(
      doc.links.map((l) => `${l.kind} ${l.target}`),
      [
        'anchor https://a.com/?x=1&y=2',
        'text https://text.com',
        'anchor https://multi.com/',
        'attribute https://img.com/i.png',
        'attribute https://style.com/s.css',
      ],
    );
    const [first, , multi] = doc.links;
    assert.equal(first.url, 'https://a.com/?x=1&amp;y=2');
    assert.equal(first.tag?.rel?.value, 'nofollow');
    assert.equal(text.slice(first.tag!.start, first.tag!.end), first.tag && text.slice(first.tag.start, first.tag.end));
    assert.equal(multi.tag?.rel?.value, 'sponsored noopener');
    assert.equal(text.slice(multi.tag!.start, multi.tag!.nameEnd), '<a');
    assert.ok(text.slice(multi.tag!.start, multi.tag!.end).endsWith('noopener">'));
  });

  it('reads MDX: JSX anchors, MDX comments, expressions left alone', () => {
    const text = '{/* https://c.com */} <a href="https://a.com/" rel={"sponsored"}>a</a> [b](https://b.com/)';
    const doc = documentLinks(text, 'mdx');
    assert.deepEqual(
      doc.links.map((l) => `${l.kind} ${l.url}`),
      ['anchor https://a.com/', 'inline https://b.com/'],
    );
    assert.equal(doc.links[0].tag?.rel?.quote, '{');
  });

  it('marks the next link after an ignore comment, on the same line or a later one, and only that one', () => {
    const md =
      'a <!-- affiliate-links-ignore-next --> https://one.com https://two.com\n<!-- affiliate-links-ignore-next -->\n\nhttps://three.com https://four.com\n`<!-- affiliate-links-ignore-next -->` https://five.com';
    assert.deepEqual(links(md), [
      '!bare https://one.com',
      'bare https://two.com',
      '!bare https://three.com',
      'bare https://four.com',
      'bare https://five.com',
    ]);
    assert.deepEqual(links('{/* affiliate-links-ignore-next */}[x](https://one.com) https://two.com', 'mdx'), [
      '!inline https://one.com',
      'bare https://two.com',
    ]);
    assert.deepEqual(links('<!-- affiliate-links-ignore-next --><a href="https://one.com">x</a>', 'html'), [
      '!anchor https://one.com',
    ]);
  });

  it('reads CRLF line ends and lines with the same text in different states', () => {
    const text = '```\r\nhttps://code.com\r\n```\r\nhttps://code.com\r\n';
    assert.deepEqual(links(text), ['bare https://code.com']);
    assert.equal(documentLinks(text, 'markdown').links[0].line, 3);
  });

  it('reads the text of a Markdown HTML block as HTML: its URLs are no links, its anchors are', () => {
    const text = [
      '<p>The PR https://github.com/org/repo/pull/1 has been stale, see [this](https://md-in-html.com).',
      'Still the block <a href="https://anchor.com/">here</a> https://block-text.com',
      '',
      'A paragraph https://paragraph.com',
      '<div align="center">',
      '  https://in-div.com `https://not-code.com`',
      '</div>',
      '',
      '<!-- a comment --> https://after-comment.com',
      'Paragraph again https://paragraph2.com',
      '<custom-element>',
      'https://interrupts-no-paragraph.com',
      '',
      '<custom-element>',
      'https://in-custom-block.com',
      '',
      '<pre>',
      '',
      'https://in-pre-block.com <a href="https://pre-anchor.com">x</a>',
      '</pre> https://pre-closing-line.com',
      'https://after-pre.com',
    ].join('\n');
    assert.deepEqual(links(text), [
      'text https://github.com/org/repo/pull/1',
      'text https://md-in-html.com',
      'anchor https://anchor.com/',
      'text https://block-text.com',
      'bare https://paragraph.com',
      'text https://in-div.com',
      'text https://not-code.com',
      'text https://after-comment.com',
      'bare https://paragraph2.com',
      'bare https://interrupts-no-paragraph.com',
      'text https://in-custom-block.com',
      'anchor https://pre-anchor.com',
      'text https://pre-closing-line.com',
      'bare https://after-pre.com',
    ]);
    const doc = documentLinks(text, 'markdown');
    assert.equal(doc.links[0].target, 'https://github.com/org/repo/pull/1');
    // Indented four columns, it is code, not an HTML block; in MDX, JSX holds Markdown.
    assert.deepEqual(links('\n    <div>\n    https://code.com\n'), []);
    assert.deepEqual(links('<div>\nhttps://jsx-child.com\n</div>', 'mdx'), ['bare https://jsx-child.com']);
  });

  it('takes a destination with `"` whole, the words and title of a link as no links, and `][` as a link text’s end', () => {
    const text = [
      '[![CI](https://github.com/o/r/workflows/test/badge.svg)](https://github.com/o/r/actions?query=workflow%3A"test")',
      '[a](https://a.example "see https://b.example") [https://c.example/](https://c.example)',
      '[https://d.example/][label] [e][] https://e.example/][x',
    ].join('\n');
    assert.deepEqual(links(text), [
      'image https://github.com/o/r/workflows/test/badge.svg',
      'inline https://github.com/o/r/actions?query=workflow%3A"test"',
      'inline https://a.example',
      'inline https://c.example',
      'bare https://e.example/',
    ]);
  });

  it('reads a Markdown destination as the address it stands for: backslash escapes and character references decoded', () => {
    const text = [
      '[a](https://a.example/bar\\*) [b](https://b.example/f&ouml;&#246;?q=1&amp;r=2) ![c](<https://c.example/x\\>y>)',
      '',
      '[d]: https://d.example/\\[x\\] "t"',
      '<https://e.example/\\*&ouml;> https://f.example/&amp;\\*x <a href="https://g.example/&ouml&hellip;">g</a>',
    ].join('\n');
    assert.deepEqual(
      documentLinks(text, 'markdown').links.map((l) => `${l.kind} ${l.target}`),
      [
        'inline https://a.example/bar*',
        'inline https://b.example/föö?q=1&r=2',
        'image https://c.example/x>y',
        'definition https://d.example/[x]',
        // Autolinks and bare URLs are taken as written (CommonMark; markdown-it's linkify too).
        'autolink https://e.example/\\*&ouml;',
        'bare https://f.example/&amp;\\*x',
        'anchor https://g.example/ö…',
      ],
    );
  });

  it('reads the spec’s corner cases: an autolink binds before a code span, a destination after `[x]:` on the next line', () => {
    assert.deepEqual(links('<https://foo.bar.`baz>`'), ['autolink https://foo.bar.`baz']);
    assert.deepEqual(links('`<https://foo.bar.`baz>`'), []);
    const definitions = [
      '[foo]:',
      'https://foo.example/ "title"',
      '> [bar]:',
      '>   <https://bar.example/x y>',
      '[baz]:',
      '',
      'https://not-a-destination.example/',
    ].join('\n');
    const doc = documentLinks(definitions, 'markdown');
    assert.deepEqual(
      doc.links.map((l) => `${l.kind} ${l.url} ${l.constructStart}`),
      [
        'definition https://foo.example/ -1',
        'definition https://bar.example/x y -1',
        'bare https://not-a-destination.example/ 37',
      ].map((line, i) => (i === 2 ? `bare https://not-a-destination.example/ ${doc.lineStarts[6]}` : line)),
    );
    assert.deepEqual(doc.lineKinds.slice(0, 2), ['text', 'definition']);
  });

  it('reads a definition as one only where it may stand: not inside a paragraph', () => {
    assert.deepEqual(links('Text\n[a]: https://a.example/\n\n[b]: https://b.example/\n[c]: https://c.example/'), [
      'bare https://a.example/',
      'definition https://b.example/',
      'definition https://c.example/',
    ]);
    // After a definition of a relative address, a heading, a block quote's empty line, a definition may stand.
    assert.deepEqual(
      links(
        '[l]: LICENSE\n[a]: https://a.example/\n# Links\n[b]: https://b.example/\n> x\n>\n> [c]: https://c.example/',
      ),
      ['definition https://a.example/', 'definition https://b.example/', 'definition https://c.example/'],
    );
  });

  it('reads as a tag in Markdown only what CommonMark reads as one: `<T (` in prose is text', () => {
    const text = [
      '- **Observer:** allow PartialObservable<T ([7b6da90](https://github.com/r/commit/7b6da90))',
      '- **Subject:** align ([44dfa07](https://github.com/r/commit/44dfa07)), closes [#1285](https://github.com/r/issues/1285)',
      '- **typings:** call<T, R> and <a',
      '  href="https://anchor.example/">a tag over two lines</a> <b class="x" (https://after-b.example/)',
    ].join('\n');
    assert.deepEqual(links(text), [
      'inline https://github.com/r/commit/7b6da90',
      'inline https://github.com/r/commit/44dfa07',
      'inline https://github.com/r/issues/1285',
      'anchor https://anchor.example/',
      'bare https://after-b.example/',
    ]);
    // HTML and MDX read tags as browsers and JSX do.
    assert.deepEqual(links('<p data-x=(y) title="https://title.example/">x</p>', 'html'), [
      'attribute https://title.example/',
    ]);
  });
});
