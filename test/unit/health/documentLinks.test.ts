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

  it('skips code spans, fenced and indented code, HTML and MDX comments, and raw elements', () => {
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
      '--> https://keep.com/3 <code>https://code.com</code> <pre>',
      'https://pre.com',
      '</pre> https://keep.com/4',
      '<script>var a = "https://script.com"</script>',
    ].join('\n');
    assert.deepEqual(links(text), [
      'bare https://keep.com/1',
      'bare https://keep.com/2',
      'bare https://keep.com/3',
      'bare https://keep.com/4',
    ]);
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
});
