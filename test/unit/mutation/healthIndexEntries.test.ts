/**
 * The site index's entries (src/health/siteIndex.ts), which `npm run mutate` found weakly tested:
 * what an entry keeps of a file's links (tag, rel), the document the rules read back from it,
 * the index kept by path and listed in path order, and the language read from a file's extension.
 */
import assert from 'node:assert/strict';
import { documentLinks } from '../../../src/health/documentLinks';
import {
  documentOfIndexed,
  indexedFileOf,
  indexedTextOf,
  languageOfPath,
  SiteIndex,
  type IndexedFile,
  type IndexedLink,
} from '../../../src/health/siteIndex';

const HTML = [
  '<p>Intro</p>',
  '<a href="https://one.example/a" rel="sponsored">one</a>',
  '<a href="https://two.example/b">two</a> and https://three.example/c',
].join('\n');

function entryOf(path: string, text: string): IndexedFile {
  return indexedFileOf(path, { size: text.length, mtime: 5 }, documentLinks(text, 'html'), -1);
}

const baseLink: IndexedLink = {
  target: 'https://one.example/a',
  start: 22,
  end: 43,
  line: 1,
  column: 9,
  kind: 'attribute',
  context: 'href',
  constructStart: 13,
  ignoredByComment: false,
  inTag: true,
  rel: { value: 'sponsored', quote: '"' },
};

describe('the entries of the site index', () => {
  it('keeps whether a link stands in a tag, and that tag’s rel', () => {
    const entry = entryOf('page.html', HTML);
    assert.deepEqual(
      entry.links.map((l) => [l.target, l.line, l.column, l.inTag, l.rel]),
      [
        ['https://one.example/a', 1, 9, true, { value: 'sponsored', quote: '"' }],
        ['https://two.example/b', 2, 9, true, undefined],
        ['https://three.example/c', 2, 44, false, undefined],
      ],
    );
    assert.deepEqual([entry.path, entry.size, entry.mtime, entry.language], ['page.html', HTML.length, 5, 'html']);
  });

  it('keeps front matter only from a reader that reads it', () => {
    const doc = documentLinks('Hello https://x.example/', 'markdown');
    const plain = indexedTextOf('a.md', { size: 1, mtime: 2 }, doc, 'Hello', { disclosureEnd: () => 7 });
    assert.equal('frontMatter' in plain, false);
    assert.equal(plain.disclosureEnd, 7);
    const reader = { disclosureEnd: () => -1, frontMatter: (text: string) => ({ first: text.slice(0, 2) }) };
    const withFront = indexedTextOf('a.md', { size: 1, mtime: 2 }, doc, 'Hello', reader);
    assert.deepEqual(withFront.frontMatter, { first: 'He' });
  });

  it('gives the rules a document of the links alone, tags without positions', () => {
    const file: IndexedFile = {
      path: 'p.html',
      size: 9,
      mtime: 1,
      language: 'html',
      disclosureEnd: 4,
      links: [baseLink, { ...baseLink, rel: undefined }, { ...baseLink, inTag: false, rel: undefined, kind: 'bare' }],
    };
    const doc = documentOfIndexed(file);
    assert.deepEqual(
      { ...doc, links: [] },
      { text: '', language: 'html', links: [], lineKinds: [], lineStarts: [], lineStates: [], bodyStart: 0 },
    );
    const link = { url: baseLink.target, start: 22, end: 43, target: baseLink.target, context: 'href' };
    const rest = { line: 1, constructStart: 13, ignoredByComment: false };
    const tag = { name: 'a', start: -1, end: -1, nameEnd: -1 };
    assert.deepEqual(doc.links, [
      {
        ...link,
        kind: 'attribute',
        ...rest,
        tag: { ...tag, rel: { value: 'sponsored', quote: '"', start: -1, end: -1 } },
      },
      { ...link, kind: 'attribute', ...rest, tag: { ...tag, rel: undefined } },
      { ...link, kind: 'bare', ...rest, tag: undefined },
    ]);
  });

  it('keeps one entry per path, lists them by path, and knows which are current', () => {
    const index = new SiteIndex('k');
    const at = (path: string, size = 1): IndexedFile => ({
      path,
      size,
      mtime: 10,
      language: 'markdown',
      links: [],
      disclosureEnd: -1,
    });
    for (const path of ['m.md', 'z.md', 'a.md', 'b/c.md', 'B.md']) {
      index.set(at(path));
    }
    index.set(at('m.md', 7));
    assert.equal(index.size, 5);
    assert.equal(index.get('m.md')?.size, 7);
    assert.deepEqual(
      index.entries().map((e) => e.path),
      ['B.md', 'a.md', 'b/c.md', 'm.md', 'z.md'],
    );
    assert.equal(index.isCurrent('m.md', 7, 10), true);
    assert.equal(index.isCurrent('m.md', 1, 10), false);
    assert.equal(index.isCurrent('m.md', 7, 11), false);
    assert.equal(index.isCurrent('q.md', 7, 10), false);
    assert.deepEqual(
      index.keepOnly(new Set(['a.md', 'z.md'])),
      ['m.md', 'z.md', 'b/c.md', 'B.md'].filter((p) => p !== 'z.md'),
    );
    assert.deepEqual(
      index.entries().map((e) => e.path),
      ['a.md', 'z.md'],
    );
    assert.equal(index.delete('a.md'), true);
    assert.equal(index.delete('a.md'), false);
    assert.equal(index.get('a.md'), undefined);
  });

  it('reads the language from the last extension only', () => {
    const cases: [string, string][] = [
      ['notes', 'markdown'],
      ['README', 'markdown'],
      ['page.html.md', 'markdown'],
      ['post.mdx.html', 'html'],
      ['a.htm', 'html'],
      ['a.HTML', 'html'],
      ['a.MdX', 'mdx'],
      ['a.html/notes', 'markdown'],
    ];
    for (const [path, language] of cases) {
      assert.equal(languageOfPath(path), language, path);
    }
  });
});
