import assert from 'node:assert/strict';
import { DocumentLinkScanner, documentLinks } from '../../../src/health/documentLinks';
import { checkedLine } from '../../../src/common/checkedLines';
import fc from 'fast-check';
import { gitignoreExcluder, gitignoreGlobs, gitignoreRules } from '../../../src/health/gitignoreGlobs';
import { ignoredLinksMatcher } from '../../../src/health/ignoredLinks';
import { DEFAULT_HEALTH_OPTIONS } from '../../../src/health/healthRules';
import {
  documentOfIndexed,
  indexedFileOf,
  languageOfPath,
  positionOfIndexed,
  SiteIndex,
  type IndexedFile,
} from '../../../src/health/siteIndex';
import { readSiteIndex, siteIndexLines } from '../../../src/health/siteIndexFormat';
import { deeplink, rules, SUBID } from './healthCatalog';

const oldDeep = deeplink('old', 'https://old.example.org/p');
const shopDeep = deeplink('shop', 'https://shop.example.com/x', 'other-article');
const withDisclosure = () => rules({ disclosurePatterns: DEFAULT_HEALTH_OPTIONS.disclosurePatterns });

const ARTICLE = [
  '---',
  'title: Shoes',
  '---',
  '# Best shoes',
  '',
  `Read [the review](${oldDeep}) and https://shop.example.com/sale.`,
  '',
  `<a href="${shopDeep.replace(/&/g, '&amp;')}">deal</a>`,
  '',
  '```',
  oldDeep,
  '```',
].join('\n');
const HTML = `<p>Affiliate links below.</p>\n<a rel="nofollow" href="${oldDeep.replace(/&/g, '&amp;')}">x</a>\n`;

function indexText(path: string, text: string, scanner?: DocumentLinkScanner): IndexedFile {
  const doc = (scanner ?? new DocumentLinkScanner(languageOfPath(path))).scan(text);
  return indexedFileOf(path, { size: text.length, mtime: 1 }, doc, withDisclosure().disclosureEnd(text));
}

/** The findings as the Problems panel shows them: code, line:column-line:column, message. */
function shown(file: IndexedFile): string[] {
  return withDisclosure()
    .check(documentOfIndexed(file), SUBID, file.disclosureEnd)
    .map((f) => {
      const from = positionOfIndexed(file, f.link, f.start);
      const to = positionOfIndexed(file, f.link, f.end);
      return `${f.code} ${from.line}:${from.column}-${to.line}:${to.column} ${f.message}`;
    });
}

function shownFromText(path: string, text: string): string[] {
  const doc = documentLinks(text, languageOfPath(path));
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length - 1;
  const columnOf = (offset: number) => offset - (text.lastIndexOf('\n', offset - 1) + 1);
  return withDisclosure()
    .check(doc, SUBID)
    .map((f) => `${f.code} ${lineOf(f.start)}:${columnOf(f.start)}-${lineOf(f.end)}:${columnOf(f.end)} ${f.message}`);
}

describe('the site link index', () => {
  it('reads a file by its extension', () => {
    assert.deepEqual(['a.md', 'b.MARKDOWN', 'c.mdx', 'd.html', 'e.HTM', 'f.txt'].map(languageOfPath), [
      'markdown',
      'markdown',
      'mdx',
      'html',
      'html',
      'markdown',
    ]);
  });

  it('gives a file that is not open the findings, ranges and messages of its text', () => {
    for (const [path, text] of [
      ['post.md', ARTICLE],
      ['post.mdx', ARTICLE],
      ['page.html', HTML],
      ['bare.md', `${oldDeep}\n\n[x][1]\n\n[1]: ${shopDeep}\n`],
    ] as const) {
      const expected = shownFromText(path, text);
      assert.ok(expected.length > 0, `${path} has findings`);
      assert.deepEqual(shown(indexText(path, text)), expected, path);
    }
    // The disclosure rule reads the phrase's place: before the first affiliate link or not.
    assert.ok(!shown(indexText('page.html', HTML)).some((line) => line.startsWith('disclosure-missing')));
    assert.ok(shown(indexText('post.md', ARTICLE)).some((line) => line.startsWith('disclosure-missing')));
  });

  it('updated by edits with a reused scanner, equals a fresh scan of the last text', () => {
    const scanner = new DocumentLinkScanner('markdown');
    const lines = ARTICLE.split('\n');
    const edits: Array<(l: string[]) => void> = [
      (l) => l.splice(4, 0, `New ${oldDeep} line`),
      (l) => (l[0] = 'not front matter'),
      (l) => l.splice(9, 1),
      (l) => (l[l.length - 1] = `${l[l.length - 1]} <!-- affiliate-links-ignore-next -->`),
      (l) => l.push(shopDeep, '```', '<a>'),
      (l) => l.splice(0, 3),
    ];
    const index = new SiteIndex('k');
    const fresh = new SiteIndex('k');
    for (const edit of edits) {
      edit(lines);
      const text = lines.join('\n');
      index.set(indexText('post.md', text, scanner));
      fresh.set(indexText('post.md', text));
      assert.deepEqual(index.entries(), fresh.entries());
    }
  });

  it('knows which files changed, and drops the ones gone', () => {
    const index = new SiteIndex('k');
    index.set(indexText('a.md', ARTICLE));
    index.set(indexText('b.html', HTML));
    assert.equal(index.isCurrent('a.md', ARTICLE.length, 1), true);
    assert.equal(index.isCurrent('a.md', ARTICLE.length, 2), false);
    assert.equal(index.isCurrent('a.md', ARTICLE.length + 1, 1), false);
    assert.equal(index.isCurrent('c.md', 0, 1), false);
    assert.deepEqual(index.keepOnly(new Set(['b.html'])), ['a.md']);
    assert.deepEqual(
      index.entries().map((file) => file.path),
      ['b.html'],
    );
  });

  describe('on disk', () => {
    const saved = () => {
      const index = new SiteIndex('patterns-1');
      index.set(indexText('posts/a.md', ARTICLE));
      index.set(indexText('b.html', HTML));
      index.set(indexText('c.mdx', 'no links here'));
      return { index, text: [...siteIndexLines(index)].join('') };
    };

    it('reads back what it wrote', () => {
      const { index, text } = saved();
      const read = readSiteIndex(text, 'patterns-1');
      assert.ok(read.ok);
      assert.deepEqual(read.index.entries(), index.entries());
      assert.deepEqual(shown(read.index.get('posts/a.md')!), shown(index.get('posts/a.md')!));
    });

    it('keeps the front matter values an entry was read with, and refuses values that are not strings', () => {
      const index = new SiteIndex('patterns-1');
      const doc = documentLinks(ARTICLE, 'markdown');
      index.set(indexedFileOf('posts/a.md', { size: 1, mtime: 1 }, doc, -1, { slug: 'shoes', 'two words': 'a "b"' }));
      index.set(indexedFileOf('posts/b.md', { size: 1, mtime: 1 }, doc, -1, {}));
      index.set(indexedFileOf('posts/c.md', { size: 1, mtime: 1 }, doc, -1));
      const text = [...siteIndexLines(index)].join('');
      const read = readSiteIndex(text, 'patterns-1');
      assert.ok(read.ok);
      assert.deepEqual(read.index.get('posts/a.md')!.frontMatter, { slug: 'shoes', 'two words': 'a "b"' });
      assert.deepEqual(read.index.get('posts/b.md')!.frontMatter, {});
      assert.equal(read.index.get('posts/c.md')!.frontMatter, undefined);
      // The same file with other values (each line's check made right): strings read, anything else refused.
      const withValues = (values: unknown) => {
        const lines = text.split('\n');
        const at = lines.findIndex((line) => line.includes('"slug":"shoes"'));
        const row = JSON.parse(lines[at]!) as Record<string, unknown>;
        delete row.crc32;
        lines[at] = checkedLine({ ...row, f: values }).trimEnd();
        return readSiteIndex(lines.join('\n'), 'patterns-1');
      };
      assert.ok(withValues({ slug: 'other' }).ok, 'the line rewritten as it was written is read');
      for (const wrong of [{ slug: 1 }, ['shoes'], null, 'shoes']) {
        assert.ok(!withValues(wrong).ok, JSON.stringify(wrong));
      }
    });

    it('refuses a damaged, cut, foreign or differently read file as a whole', () => {
      const { text } = saved();
      const refused = (damaged: string, key = 'patterns-1') => {
        const read = readSiteIndex(damaged, key);
        return read.ok ? 'accepted' : read.reason;
      };
      assert.match(refused(text.replace('"s":', '"s": ')), /damaged/);
      assert.match(refused(text.replace('old.example.org', 'old.example.orh')), /line \d+ is damaged/);
      assert.match(refused(text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1)), /holds 2 files of 3/);
      assert.match(refused(text.slice(0, 20)), /header/);
      assert.match(refused(''), /header/);
      assert.match(refused('\u0000'.repeat(100)), /header/);
      assert.match(refused(text, 'patterns-2'), /other settings/);
      assert.match(refused(text.replace(/"version":1/, '"version":2')), /damaged/);
      // Every single changed byte is refused.
      for (let at = 0; at < text.length; at += 7) {
        if (text[at] === '\n') {
          continue;
        }
        const changed = text.slice(0, at) + (text[at] === 'x' ? 'y' : 'x') + text.slice(at + 1);
        assert.notEqual(refused(changed), 'accepted', `a change at ${at} was read`);
      }
    });
  });
});

describe('.gitignore files as exclude globs', () => {
  it('reads folders and files, anchored or at any depth, and leaves out comments and negations', () => {
    assert.deepEqual(
      gitignoreGlobs('# build output\nnode_modules/\n/dist\npublic/generated/\n*.log\n!keep.log\n\n  .cache  \n*\n'),
      ['**/node_modules', 'dist', 'public/generated', '**/*.log', '**/.cache'],
    );
  });

  it('reads a .gitignore below the root relative to its own folder', () => {
    const text = 'node_modules/\n/dist\npublic/generated/\n*.log\n!keep.log\n';
    const expected = ['docs/**/node_modules', 'docs/dist', 'docs/public/generated', 'docs/**/*.log'];
    assert.deepEqual(gitignoreGlobs(text, 'docs'), expected);
    assert.deepEqual(gitignoreGlobs(text, '/docs/'), expected);
    assert.deepEqual(gitignoreGlobs('/dist\n', 'site/blog'), ['site/blog/dist']);
    assert.deepEqual(gitignoreGlobs(text, ''), gitignoreGlobs(text));
  });
});

describe('.gitignore files as git reads them, `!` lines included', () => {
  const excluder = (...files: Array<[string, string]>) =>
    gitignoreExcluder(files.flatMap(([base, text]) => gitignoreRules(text, base)))!;

  it('reads `!` lines in order, and `\\!` and `\\#` as the characters themselves', () => {
    assert.deepEqual(gitignoreRules('*.log\n!keep.log\n\\!bang.md\n\\#hash.md\n!/docs/a.md\n', 'blog'), [
      { glob: 'blog/**/*.log', negated: false },
      { glob: 'blog/**/keep.log', negated: true },
      { glob: 'blog/**/!bang.md', negated: false },
      { glob: 'blog/**/#hash.md', negated: false },
      { glob: 'blog/docs/a.md', negated: true },
    ]);
    assert.equal(gitignoreExcluder([]), undefined);
  });

  it('lets the last line that matches decide, and brings nothing back from a folder left out', () => {
    const leftOut = excluder(['', 'wip-*.md\n!wip-ready.md\nbuild/*\n!build/keep.md\ndrafts/\n!drafts/back.md\n']);
    const verdicts = Object.fromEntries(
      [
        'wip-a.md',
        'wip-ready.md',
        'posts/wip-ready.md',
        'posts/wip-b.md',
        'build/x.md',
        'build/keep.md',
        'build',
        'drafts/back.md',
        'posts/drafts/back.md',
        'post.md',
      ].map((path) => [path, leftOut(path)]),
    );
    assert.deepEqual(verdicts, {
      'wip-a.md': true,
      'wip-ready.md': false,
      'posts/wip-ready.md': false,
      'posts/wip-b.md': true,
      'build/x.md': true,
      'build/keep.md': false,
      build: false,
      'drafts/back.md': true,
      'posts/drafts/back.md': true,
      'post.md': false,
    });
  });

  it('reads a folder’s .gitignore after its parents’, so its lines win below it', () => {
    const leftOut = excluder(['', 'notes/*.md\n'], ['notes', '!keep.md\n']);
    assert.equal(leftOut('notes/keep.md'), false);
    assert.equal(leftOut('notes/other.md'), true);
    const parentLast = excluder(['notes', '!keep.md\n'], ['', 'notes/*.md\n']);
    assert.equal(parentLast('notes/keep.md'), true, 'the order given is the order read');
  });

  it('without `!` lines, leaves out exactly what the plain globs leave out (a path or any of its folders)', () => {
    const segment = fc.constantFrom('a', 'b', 'node_modules', 'dist', 'x.md', 'y.log', 'docs');
    const line = fc.constantFrom('node_modules/', '/dist', '*.log', 'docs/a', 'b/', 'x.md', '/a/b');
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 5 }),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        (lines, parts) => {
          const text = lines.join('\n');
          const globs = gitignoreGlobs(text);
          const plain = ignoredLinksMatcher(globs);
          const path = parts.join('/');
          const expected =
            plain !== undefined &&
            parts.some((_, i) => {
              const prefix = parts.slice(0, i + 1).join('/');
              return plain(prefix) || plain(`/${prefix}`);
            });
          assert.equal(
            gitignoreExcluder(gitignoreRules(text))?.(path) ?? false,
            expected,
            `${path} with ${globs.join()}`,
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
