/** SubIDs for every site layout (issue 25 §5): the folder's name, the front matter, and the articles a template confuses. */
import assert from 'node:assert/strict';
import {
  articleSubIdVariables,
  frontMatterKeys,
  frontMatterValues,
  subIdCollisions,
  usesFileVariables,
} from '../../src/links/articleSubId';
import { frontMatterOf } from '../../src/links/frontMatter';
import { expandSubId } from '../../src/links/subId';

const DATE = new Date(2026, 0, 5, 12, 0);
const PLACE = { workspaceFolderBasename: 'site', date: DATE };
const subIdOf = (template: string, path: string, text?: string) =>
  expandSubId(template, articleSubIdVariables(template, { path, text }, PLACE));

describe('front matter for the SubID', () => {
  it('reads the top-level scalars of YAML and TOML front matter', () => {
    const yaml = ['---', 'title: "Best shoes: tested"', "slug: 'best-shoes'", 'draft: false # not yet', '---', 'x'];
    assert.deepEqual(
      [...frontMatterOf(yaml.join('\n'))],
      [
        ['title', 'Best shoes: tested'],
        ['slug', 'best-shoes'],
        ['draft', 'false'],
      ],
    );
    assert.deepEqual(
      [...frontMatterOf('\uFEFF+++\r\nslug = "toml-post"\r\ntitle: no\r\n+++\r\n')],
      [['slug', 'toml-post']],
    );
  });

  it('leaves lists, maps, nested keys and block scalars out, keeps a key’s first value, and needs the closing line', () => {
    const text = [
      '---',
      'tags: [a, b]',
      'params:',
      '  slug: nested',
      'summary: |',
      '  text',
      'slug: one',
      'slug: two',
      '---',
    ];
    assert.deepEqual([...frontMatterOf(text.join('\n'))], [['slug', 'one']]);
    assert.equal(frontMatterOf('---\nslug: open\n').size, 0);
    assert.equal(frontMatterOf('# Title\n---\nslug: x\n---').size, 0);
    assert.equal(frontMatterOf('<!doctype html>').size, 0);
  });
});

describe('SubID variables of a site layout', () => {
  const bundle = ['---', 'title: My post', '---', 'Text'].join('\n');

  it('names a page bundle by its folder with ${fileDirnameBasename}', () => {
    assert.deepEqual(subIdOf('${fileDirnameBasename}', '/site/posts/my-post/index.md'), { ok: true, subId: 'my-post' });
    assert.deepEqual(subIdOf('${fileBasenameNoExtension}', '/site/posts/my-post/index.md'), {
      ok: true,
      subId: 'index',
    });
  });

  it('takes ${frontMatter:KEY}, else its fallback variable, else says which key is missing', () => {
    const slugged = '---\nslug: from-front-matter\n---\n';
    assert.deepEqual(subIdOf('${frontMatter:slug}', '/blog/2026-01-05-post.md', slugged), {
      ok: true,
      subId: 'from-front-matter',
    });
    assert.deepEqual(subIdOf('${frontMatter:slug:fileDirnameBasename}', '/posts/my-post/index.md', bundle), {
      ok: true,
      subId: 'my-post',
    });
    assert.deepEqual(subIdOf('blog-${frontMatter:slug:fileBasenameNoExtension}', '/blog/flat.mdx'), {
      ok: true,
      subId: 'blog-flat',
    });
    assert.deepEqual(subIdOf('${frontMatter:slug}', '/posts/my-post/index.md', bundle), {
      ok: false,
      message:
        'The setting affiliateLinks.subId uses ${frontMatter:slug}, but this file\'s front matter has no "slug". Add "slug" to the front matter, or give a fallback such as ${frontMatter:slug:fileDirnameBasename}.',
    });
    const refused = subIdOf('${frontMatter:title}', '/posts/my-post/index.md', bundle);
    assert.ok(!refused.ok && refused.message.includes('"My post"'), 'a value with a space is refused like any');
  });

  it('refuses a front-matter variable whose fallback is no variable, and one without a key', () => {
    for (const template of ['${frontMatter:slug:nothing}', '${frontMatter:}', '${frontMatter}']) {
      const result = subIdOf(template, '/a/b.md', '---\nslug: s\n---');
      assert.ok(!result.ok && result.message.includes('not a known variable'), template);
    }
  });

  it('gives a closed file the SubID of its text from the front matter values kept of it', () => {
    const text = '---\nslug: kept-slug\ntitle: T\n__proto__: x\n---\nBody';
    for (const template of [
      '${frontMatter:slug}',
      'a-${frontMatter:slug:fileDirnameBasename}-${frontMatter:missing:fileBasenameNoExtension}',
    ]) {
      const keys = frontMatterKeys(template);
      const kept = frontMatterValues(text, keys);
      assert.ok(!('title' in kept), 'only the keys the template reads are kept');
      const fromKept = expandSubId(
        template,
        articleSubIdVariables(template, { path: '/p/b/index.md', frontMatter: kept }, PLACE),
      );
      assert.deepEqual(fromKept, subIdOf(template, '/p/b/index.md', text), template);
    }
    assert.deepEqual(frontMatterKeys('${frontMatter:slug}-${frontMatter:id:fileDirnameBasename}-${frontMatter:slug}'), [
      'id',
      'slug',
    ]);
    assert.deepEqual(frontMatterKeys('${fileBasenameNoExtension}'), []);
    assert.deepEqual(Object.entries(frontMatterValues(text, ['__proto__', 'slug'])), [
      ['__proto__', 'x'],
      ['slug', 'kept-slug'],
    ]);
    // Kept values without the key: the fallback, as with the text.
    assert.deepEqual(
      expandSubId(
        '${frontMatter:slug:fileDirnameBasename}',
        articleSubIdVariables(
          '${frontMatter:slug:fileDirnameBasename}',
          { path: '/p/b/index.md', frontMatter: {} },
          PLACE,
        ),
      ),
      { ok: true, subId: 'b' },
    );
  });

  it('says no file is open when the folder’s name is asked for without a file', () => {
    const result = expandSubId(
      '${fileDirnameBasename}',
      articleSubIdVariables('${fileDirnameBasename}', undefined, PLACE),
    );
    assert.ok(!result.ok && result.message.includes('no file is open'));
  });
});

describe('SubID collisions', () => {
  const files = [
    { path: '/site/posts/first/index.md', text: '---\nslug: first\n---' },
    { path: '/site/posts/second/index.md', text: '---\ntitle: no slug\n---' },
    { path: '/site/guides/third/index.html', text: '<!doctype html>' },
    { path: '/site/blog/fourth.md', text: '---\nslug: fourth\n---' },
    { path: '/site/blog/index.md' },
  ];

  it('finds the page bundles ${fileBasenameNoExtension} names alike, most files first', () => {
    assert.deepEqual(subIdCollisions('${fileBasenameNoExtension}', files, PLACE), [
      {
        subId: 'index',
        paths: [
          '/site/posts/first/index.md',
          '/site/posts/second/index.md',
          '/site/guides/third/index.html',
          '/site/blog/index.md',
        ],
      },
    ]);
  });

  it('finds none with the folder or the front matter as the fallback of the folder', () => {
    assert.deepEqual(subIdCollisions('${frontMatter:slug:fileDirnameBasename}', files.slice(0, 3), PLACE), []);
    assert.deepEqual(subIdCollisions('${fileDirnameBasename}', files.slice(0, 3), PLACE), []);
    assert.deepEqual(subIdCollisions('${fileDirnameBasename}', files, PLACE), [
      { subId: 'blog', paths: ['/site/blog/fourth.md', '/site/blog/index.md'] },
    ]);
  });

  it('says nothing of a template that names nothing of the file', () => {
    assert.equal(usesFileVariables('site-${date}'), false);
    assert.deepEqual(subIdCollisions('site-${workspaceFolderBasename}', files, PLACE), []);
    assert.deepEqual(subIdCollisions('', files, PLACE), []);
  });
});
