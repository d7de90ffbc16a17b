/**
 * The link finder held to a reference parser over the CommonMark spec's examples (the `commonmark-spec` package):
 * markdown-it with linkify reads each example, and the finder must find the same http(s) links on the same lines
 * (test/common/referenceLinks.ts). Relative destinations are made absolute first, so that the finder, which looks
 * for http(s) URLs, has every link of the spec to find.
 */
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import * as spec from 'commonmark-spec';
import { documentLinks } from '../../../src/health/documentLinks';
import { compareWithReference, FINDER_KIND } from '../../common/referenceLinks';

const BASE = 'https://spec.example/';
const SCHEME = String.raw`[A-Za-z][A-Za-z0-9+.-]*:`;

/** The example's text with relative destinations (inline, definitions, HTML `href`/`src`) made absolute. */
export function madeAbsolute(markdown: string): string {
  return markdown
    .replace(new RegExp(String.raw`(\]\([ \t\n]*<?)(?!${SCHEME}|[)>\s])/?`, 'g'), `$1${BASE}`)
    .replace(
      new RegExp(String.raw`(^[ \t>]*\[[^\]\n]+\]:[ \t]*\n?[ \t]*<?)(?!${SCHEME}|["'(\s>])/?`, 'gm'),
      `$1${BASE}`,
    )
    .replace(new RegExp(String.raw`((?:href|src)[ \t]*=[ \t]*["']?)(?!${SCHEME}|["'\s>])/?`, 'gi'), `$1${BASE}`);
}

/** What the finder and the reference disagree on in one text, or '' when they agree. */
function disagreement(text: string): string {
  const doc = documentLinks(text, 'markdown');
  for (const link of doc.links) {
    assert.equal(text.slice(link.start, link.end), link.url, 'the finder’s own offsets');
  }
  const { missed, extra, matched } = compareWithReference(text, doc.links);
  const kinds = matched.filter(({ reference, found }) => FINDER_KIND[reference.source] !== found.kind);
  return [
    ...missed.map((r) => `missed ${r.source} ${r.href} (lines ${r.first}-${r.last})`),
    ...extra.map((f) => `extra ${f.kind} ${f.url} (line ${f.line})`),
    ...kinds.map(({ reference, found }) => `${found.kind} for ${reference.source} ${reference.href}`),
  ].join('; ');
}

/**
 * Examples where the finder knowingly differs from the reference, and why. It reads one line at a time (a
 * link never crosses a line, and a link's text may have opened on an earlier one), and it reads HTML tags as
 * browsers do, more leniently than CommonMark's raw HTML.
 */
const KNOWN: Record<number, string> = {
  14: 'an escaped `\\[`: the text may have opened on an earlier line, so `](` is taken as a link (a kind apart)',
  197: 'a title with a blank line in it makes no definition: the blank line is two lines on',
  217: 'a title alone on its line continues the definition above, and the next definition is taken for words',
  490: 'a destination then a line break: the `)` may follow on the next line, so it is taken as a link',
  494: 'linkify-it ends `https://…/b)c` at `)`, where GFM keeps `)c`; `<…>` not closed on the line',
  497: 'linkify-it drops the last `)` of a balanced `(and(bar))`, which GFM keeps; taken as a link at the line end',
  513: '`[link] bar](…)`: the `[` may be on an earlier line, so it is taken as a link (a kind apart)',
  600: '`https://../` has no letter or digit in its host: not an address the finder reports',
  620: 'an unclosed quote in a tag: no tag for CommonMark, an anchor for the finder',
  622: "`href='…'title=…` without a space: no tag for CommonMark, an anchor for the finder",
  624: 'a closing tag with attributes: no tag for CommonMark, the finder reads it as a tag',
  632: '`href="\\""`: no tag for CommonMark, an anchor for the finder',
  642: 'an attribute value over a line break: links never cross a line',
  643: 'an attribute value over a line break: links never cross a line',
};

/** Documents of the kinds real ones hold, where the finder was found wrong (issue 32): it must agree with the reference on each. */
const DOCUMENTS = [
  '<p>The PR https://github.com/org/repo/pull/1 has been stale for a while.</p>',
  '<p align="center">\n  <a href="https://a.example/"><img src="https://a.example/logo.png"></a>\n  https://a.example/text\n</p>\n\nhttps://after.example/',
  '# Title\n<a href="https://promises.example/spec">\n  <img src="https://promises.example/logo.png">\n</a> [![Build](https://ci.example/b.svg)](https://ci.example/)',
  '<h3 align="center">Bench: <a href="https://a.example/bench.html">https://a.example/bench.html</a></h3>',
  '<pre>\n<a href="https://in-pre.example/1">1</a> https://pre-text.example/\n\n<a href="https://in-pre.example/2">2</a>\n</pre>',
  'Text <code><a href="https://in-code.example/">c</a></code> and <kbd><a href="https://in-kbd.example/">k</a></kbd>.',
  '<table><tr><td><code><a href="https://cell.example/">x</a></code></td></tr></table>',
  '<!-- a comment --> https://after-comment.example/\n\n<script>\nvar u = "https://script.example/";\n</script>',
  '[![CI](https://github.com/o/r/workflows/test/badge.svg)](https://github.com/o/r/actions?query=workflow%3A"test")',
  '[https://a.example/][label]\n\n[label]: https://b.example/',
  '[a](https://a.example "see https://b.example") [https://c.example/](https://c.example)',
  '[a](https://a.example/bar\\*) [b](https://b.example/f&ouml;&ouml;) <a href="https://c.example/&ouml&hellip;">c</a>',
  '<https://foo.bar.`baz>`',
  '[x]:\nhttps://x.example/ "title"\n\n[x]',
  'Text\n[y]: https://y.example/\n\n[l]: LICENSE\n[z]: https://z.example/',
  'See git+https://github.com/o/r.git and <git+https://github.com/o/r.git>.',
  '- typed PartialObservable<T ([7b6da90](https://github.com/r/commit/7b6da90))\n- next ([44dfa07](https://github.com/r/commit/44dfa07))',
];

const examples = spec.tests.map((example) => ({ ...example, markdown: example.markdown.replace(/→/g, '\t') }));

describe('the link finder against the CommonMark spec’s examples', () => {
  it('has an oracle that renders the spec’s examples as the spec says (markdown-it, CommonMark mode)', () => {
    const md = new MarkdownIt('commonmark');
    const failing = examples
      .filter((example) => md.render(example.markdown) !== example.html.replace(/→/g, '\t'))
      .map((example) => example.number);
    // markdown-it 14.3.3 differs on three examples, none of them about links: 218 and 239-240 (HTML blocks' ends).
    assert.deepEqual(failing, [218, 239, 240]);
  });

  it('makes the examples’ relative destinations absolute, so that they hold links to find', () => {
    assert.equal(madeAbsolute('[a](/url "t") [b](<foo bar>)'), `[a](${BASE}url "t") [b](<${BASE}foo bar>)`);
    assert.equal(madeAbsolute('[x]:\n/url\n[y]: <u>'), `[x]:\n${BASE}url\n[y]: <${BASE}u>`);
    assert.equal(madeAbsolute('<a href="/u"> [m](mailto:a@b.c)'), `<a href="${BASE}u"> [m](mailto:a@b.c)`);
    const links = examples.reduce((sum, example) => {
      const text = madeAbsolute(example.markdown);
      return sum + compareWithReference(text, []).reference.length;
    }, 0);
    assert.ok(links >= 180, `${links} links in the spec's examples`);
  });

  it('finds the links the reference finds in documents where the finder was wrong (issue 32)', () => {
    for (const text of DOCUMENTS) {
      assert.equal(disagreement(text), '', JSON.stringify(text));
    }
    const links = DOCUMENTS.reduce((sum, text) => sum + compareWithReference(text, []).reference.length, 0);
    assert.ok(links >= 20, `${links} links in the documents`);
  });

  it('finds the links the reference finds on every example, on the same lines and of the same kind', () => {
    const differing: Record<number, string> = {};
    for (const example of examples) {
      const found = disagreement(madeAbsolute(example.markdown));
      if (found !== '') {
        differing[example.number] = found;
      }
    }
    assert.deepEqual(
      Object.keys(differing).map(Number),
      Object.keys(KNOWN).map(Number),
      JSON.stringify(differing, null, 1),
    );
  });
});
