/**
 * The site index file (src/health/siteIndexFormat.ts), which `npm run mutate` found weakly
 * tested: a header line then one checked line per file, read back exactly, and every kind of
 * damaged, foreign or ill-typed line refusing the whole file with its reason.
 */
import assert from 'node:assert/strict';
import { checkedLine } from '../../../src/common/checkedLines';
import { HEALTH_CODES } from '../../../src/health/healthCodes';
import { SiteIndex, type IndexedFile, type IndexedLink } from '../../../src/health/siteIndex';
import {
  readSiteIndex,
  SITE_INDEX_FORMAT,
  SITE_INDEX_VERSION,
  siteIndexLines,
} from '../../../src/health/siteIndexFormat';

const KEY = 'key-1';

function link(overrides: Partial<IndexedLink> = {}): IndexedLink {
  return {
    target: 'https://shop.example/a',
    start: 10,
    end: 32,
    line: 2,
    column: 4,
    kind: 'bare',
    context: 'markdown-link',
    constructStart: 9,
    ignoredByComment: false,
    inTag: false,
    rel: undefined,
    ...overrides,
  };
}

function file(path: string, overrides: Partial<IndexedFile> = {}): IndexedFile {
  return {
    path,
    size: 120,
    mtime: 1_700_000_000_000,
    language: 'markdown',
    links: [],
    disclosureEnd: -1,
    ...overrides,
  };
}

const textOf = (index: SiteIndex): string => [...siteIndexLines(index)].join('');

/** A file of the index format with `header` (fields over a valid header) and `rows` as file lines. */
function written(rows: Record<string, unknown>[], header: Record<string, unknown> = {}): string {
  const head = { format: SITE_INDEX_FORMAT, version: SITE_INDEX_VERSION, key: KEY, codes: 1, files: rows.length };
  return [checkedLine({ ...head, ...header }), ...rows.map((row) => checkedLine(row))].join('');
}

const goodRow = (): Record<string, unknown> => ({
  p: 'a.md',
  s: 1,
  m: 2,
  l: 'markdown',
  d: -1,
  k: [['https://x.example/', 0, 18, 0, 0, 'bare', 'bare', 0, 0]],
});

const reasonOf = (text: string, key = KEY): string => {
  const read = readSiteIndex(text, key);
  assert.equal(read.ok, false, 'the file should be refused');
  return (read as { reason: string }).reason;
};

describe('the site index file', () => {
  it('writes a header naming the format, version, key, health codes and file count', () => {
    const index = new SiteIndex(KEY);
    index.set(file('b.md'));
    index.set(file('a.md'));
    const lines = [...siteIndexLines(index)];
    assert.equal(lines.length, 3);
    const { crc32, ...header } = JSON.parse(lines[0]) as Record<string, unknown>;
    assert.match(String(crc32), /^[0-9a-f]{8}$/);
    assert.deepEqual(header, {
      format: 'affiliate-links-site-index',
      version: 1,
      key: KEY,
      codes: HEALTH_CODES.length,
      files: 2,
    });
    assert.deepEqual(
      lines.slice(1).map((line) => (JSON.parse(line) as { p: string }).p),
      ['a.md', 'b.md'],
    );
  });

  it('writes front matter only for a file that has it', () => {
    const index = new SiteIndex(KEY);
    index.set(file('a.md'));
    index.set(file('b.md', { frontMatter: { slug: 'shoes' } }));
    const [, plain, withFront] = [...siteIndexLines(index)].map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal('f' in plain, false);
    assert.deepEqual(withFront.f, { slug: 'shoes' });
  });

  it('reads back what it wrote: files, links, flags, rel and its quoting', () => {
    const index = new SiteIndex(KEY);
    const files = [
      file('z.html', {
        language: 'html',
        disclosureEnd: 40,
        links: [
          link({ inTag: true, rel: { value: 'sponsored', quote: '"' }, context: 'href' }),
          link({ inTag: true, rel: { value: 'nofollow', quote: "'" }, context: 'href', start: 50 }),
          link({ inTag: true, rel: { value: 'ugc', quote: '' }, context: 'href', start: 60 }),
          link({ inTag: true, rel: undefined, ignoredByComment: true, context: 'href', start: 70 }),
        ],
      }),
      file('m.mdx', {
        language: 'mdx',
        links: [link({ inTag: true, rel: { value: 'sponsored', quote: '{' } })],
        frontMatter: { title: 'Shoes', slug: 'best-shoes' },
      }),
      file('a.md', { links: [link({ ignoredByComment: true }), link({ kind: 'bare', context: 'autolink' })] }),
    ];
    files.forEach((f) => index.set(f));
    const read = readSiteIndex(textOf(index), KEY);
    assert.equal(read.ok, true);
    const back = (read as { index: SiteIndex }).index;
    assert.equal(back.readKey, KEY);
    assert.deepEqual(back.entries(), index.entries());
    assert.deepEqual(back.get('z.html')?.links[1].rel, { value: 'nofollow', quote: "'" });
    assert.equal(back.get('z.html')?.links[3].ignoredByComment, true);
    assert.equal(back.get('a.md')?.links[0].ignoredByComment, true);
    assert.equal(back.get('a.md')?.links[1].ignoredByComment, false);
  });

  it('reads a file whose last line has no newline, and an empty index', () => {
    const text = written([goodRow(), { ...goodRow(), p: 'b.md' }]);
    const read = readSiteIndex(text.slice(0, -1), KEY);
    assert.equal(read.ok, true);
    assert.equal((read as { index: SiteIndex }).index.size, 2);
    assert.equal(readSiteIndex(textOf(new SiteIndex(KEY)), KEY).ok, true);
  });

  it('refuses a damaged header, another format or version, another key, a missing line', () => {
    assert.equal(reasonOf(''), 'the header line is damaged');
    assert.equal(reasonOf('null\n'), 'the header line is damaged');
    assert.equal(reasonOf('[1]\n'), 'the header line is damaged');
    assert.equal(reasonOf(written([]).replace('"files"', '"Files"')), 'the header line is damaged');
    assert.equal(reasonOf(written([], { format: 'other-index' })), 'another format (other-index 1)');
    assert.equal(reasonOf(written([], { version: 2 })), `another format (${SITE_INDEX_FORMAT} 2)`);
    assert.equal(reasonOf(written([], { format: 'x', version: 3 })), 'another format (x 3)');
    assert.equal(reasonOf(written([]), 'key-2'), 'it was read with other settings');
    assert.equal(reasonOf(written([goodRow()], { files: 2 })), 'it holds 1 files of 2');
  });

  it('names the first damaged file line by its line number', () => {
    const rows = [goodRow(), { ...goodRow(), p: 'b.md' }, { ...goodRow(), p: 'c.md' }];
    const lines = written(rows).split('\n');
    lines[2] = lines[2].replace('b.md', 'B.md');
    assert.equal(reasonOf(lines.join('\n')), 'line 3 is damaged');
    lines[1] = lines[1].slice(0, -3);
    assert.equal(reasonOf(lines.join('\n')), 'line 2 is damaged');
  });

  const badFiles: [string, Record<string, unknown>][] = [
    ['a path that is not text', { p: 5 }],
    ['a size that is not a number', { s: '1' }],
    ['an mtime that is not a number', { m: null }],
    ['a disclosure end that is not a number', { d: '-1' }],
    ['links that are not a list', { k: {} }],
    ['another language', { l: 'text' }],
    ['no language', { l: undefined }],
    ['front matter that is not a record', { f: ['a'] }],
    ['front matter with a value that is not text', { f: { a: 1 } }],
    ['a link that is not a list', { k: [{}] }],
    ['a link of 8 fields', { k: [['https://x.example/', 0, 18, 0, 0, 'bare', 'bare', 0]] }],
    ['a link whose target is not text', { k: [[1, 0, 18, 0, 0, 'bare', 'bare', 0, 0]] }],
    ['a link whose start is not a number', { k: [['t', '0', 18, 0, 0, 'bare', 'bare', 0, 0]] }],
    ['a link whose end is not a number', { k: [['t', 0, null, 0, 0, 'bare', 'bare', 0, 0]] }],
    ['a link whose line is not a number', { k: [['t', 0, 18, '0', 0, 'bare', 'bare', 0, 0]] }],
    ['a link whose column is not a number', { k: [['t', 0, 18, 0, [], 'bare', 'bare', 0, 0]] }],
    ['a link whose kind is not text', { k: [['t', 0, 18, 0, 0, 1, 'bare', 0, 0]] }],
    ['a link whose context is not text', { k: [['t', 0, 18, 0, 0, 'bare', 2, 0, 0]] }],
    ['a link whose construct start is not a number', { k: [['t', 0, 18, 0, 0, 'bare', 'bare', '0', 0]] }],
    ['a link whose flags are not a number', { k: [['t', 0, 18, 0, 0, 'bare', 'bare', 0, false]] }],
    ['a bad link after a good one', { k: [['https://x.example/', 0, 18, 0, 0, 'bare', 'bare', 0, 0], ['t']] }],
  ];
  for (const [what, fields] of badFiles) {
    it(`refuses a file line with ${what}`, () => {
      const row = { ...goodRow(), ...fields };
      assert.equal(reasonOf(written([goodRow(), row])), 'line 3 is damaged');
    });
  }

  it('reads rel only with text and a known quoting, and the flags bit by bit', () => {
    const rows: [unknown[], Partial<IndexedLink>][] = [
      [['t', 0, 1, 0, 0, 'anchor', 'href', 0, 0], { rel: undefined, ignoredByComment: false, inTag: false }],
      [['t', 0, 1, 0, 0, 'anchor', 'href', 0, 1], { ignoredByComment: true, inTag: false }],
      [['t', 0, 1, 0, 0, 'anchor', 'href', 0, 2], { ignoredByComment: false, inTag: true }],
      [['t', 0, 1, 0, 0, 'anchor', 'href', 0, 3], { ignoredByComment: true, inTag: true }],
      [['t', 0, 1, 0, 0, 'anchor', 'href', 0, 2, 'ugc', '"'], { rel: { value: 'ugc', quote: '"' } }],
      [['t', 0, 1, 0, 0, 'anchor', 'href', 0, 2, 'ugc', "'"], { rel: { value: 'ugc', quote: "'" } }],
      [['t', 0, 1, 0, 0, 'anchor', 'href', 0, 2, 'ugc', ''], { rel: { value: 'ugc', quote: '' } }],
      [['t', 0, 1, 0, 0, 'anchor', 'href', 0, 2, 'ugc', '{'], { rel: { value: 'ugc', quote: '{' } }],
      [['t', 0, 1, 0, 0, 'anchor', 'href', 0, 2, 'ugc', '`'], { rel: undefined }],
      [['t', 0, 1, 0, 0, 'anchor', 'href', 0, 2, 'ugc'], { rel: undefined }],
      [['t', 0, 1, 0, 0, 'anchor', 'href', 0, 2, 7, '"'], { rel: undefined }],
    ];
    for (const [row, expected] of rows) {
      const read = readSiteIndex(written([{ ...goodRow(), k: [row] }]), KEY);
      assert.equal(read.ok, true, JSON.stringify(row));
      const got = (read as { index: SiteIndex }).index.get('a.md')?.links[0];
      for (const [field, value] of Object.entries(expected)) {
        assert.deepEqual(got?.[field as keyof IndexedLink], value, `${JSON.stringify(row)} ${field}`);
      }
    }
  });
});
