/**
 * The site's files from git's index are those the walk of the disk lists (its listing is the oracle): tracked files
 * a `.gitignore` now leaves out, deleted, modified and untracked ones, files.exclude, node_modules; with the blob id
 * of each file as the index holds it. Where git would list otherwise (a link, the site below the top of the
 * repository, no repository) the disk is walked.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { listSite, listSiteFiles } from '../../../src/cli/siteListing';
import { git, removeTemp, settingsOf as settings, tempFolder, writeFiles } from './cliFixture';

const COMMITTED: Record<string, string> = {
  'index.md': 'a',
  'about.html': 'a',
  'readme.txt': 'not an article',
  'drafts/one.md': 'tracked, then left out by a .gitignore',
  'blog/post/index.md': 'a',
  'blog/wip-a.md': 'tracked, then left out below',
  'blog/gone.md': 'deleted from the disk',
  'blog/changed.md': 'modified after',
  'node_modules/theme/README.md': 'tracked, never walked',
  'vendor/node_modules/x/README.md': 'tracked, never walked',
  'archive/2019/c.md': 'left out by search.exclude',
  'archive/2020/d.md': 'a',
  'notes/b.txt': 'brought in by the include setting',
  'ü/é.md': 'a',
};

const AFTER: Record<string, string> = {
  '.gitignore': 'drafts/\n*.tmp.md\n!keep.tmp.md\n',
  'blog/.gitignore': 'wip-*.md\n/local/\n',
  'blog/changed.md': 'modified',
  'new.md': 'untracked',
  'x.tmp.md': 'untracked, left out',
  'keep.tmp.md': 'untracked, brought back',
  'blog/local/x.md': 'untracked, left out below',
  'untracked/deep/page.mdx': 'untracked in an untracked folder',
};

const SETTINGS = `{
  "search.exclude": { "archive/2019/**": true, "**/node_modules": false },
  "files.exclude": { "blog/post": true },
  "affiliateLinks.linkHealth.include": ["notes/**/*.txt"],
}`;

describe('the site’s files from git’s index', () => {
  let dir: string | undefined;
  afterEach(() => removeTemp(dir));

  it('are the files the walk lists, with the blob id of each file as the index holds it', async () => {
    dir = tempFolder(COMMITTED);
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'base');
    writeFiles(dir, AFTER);
    fs.rmSync(path.join(dir, 'blog/gone.md'));
    for (const text of ['{}', SETTINGS]) {
      const walked: string[] = listSite(dir, settings(text)).files;
      const listed = await listSiteFiles(dir, settings(text));
      assert.deepEqual(listed.files, walked);
    }
    const { ids, files } = await listSiteFiles(dir, settings(SETTINGS));
    assert.ok(files.includes('new.md') && files.includes('notes/b.txt') && !files.includes('drafts/one.md'));
    const expected = files
      .filter((file) => !['blog/changed.md', 'new.md', 'keep.tmp.md', 'untracked/deep/page.mdx'].includes(file))
      .map((file) => [file, git(dir!, 'hash-object', file).trim()]);
    assert.deepEqual(
      [...ids].filter(([file]) => files.includes(file)).sort(),
      expected.sort(),
      'every tracked file as the index holds it has its blob id; modified and untracked ones none',
    );
  });

  it('walks the disk where git would list otherwise: a link, the site below the repository’s top, no repository', async () => {
    dir = tempFolder({ 'site/real/a.md': 'a', 'site/b.md': 'b' });
    const site = path.join(dir, 'site');
    assert.deepEqual(await listSiteFiles(site, settings()), { files: ['b.md', 'real/a.md'], ids: new Map() });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'base');
    fs.writeFileSync(path.join(dir, '.gitignore'), 'site/b.md\n');
    assert.deepEqual((await listSiteFiles(site, settings())).ids, new Map(), 'below the top: walked');
    assert.deepEqual((await listSiteFiles(site, settings())).files, ['b.md', 'real/a.md']);
    git(site, 'init', '-q', '-b', 'main');
    git(site, 'add', '-A');
    git(site, 'commit', '-q', '-m', 'site');
    assert.equal((await listSiteFiles(site, settings())).ids.size, 2, 'its own top: from git');
    fs.symlinkSync(path.join(site, 'real'), path.join(site, 'linked'));
    git(site, 'add', '-A');
    git(site, 'commit', '-q', '-m', 'link');
    assert.deepEqual(await listSiteFiles(site, settings()), {
      files: listSite(site, settings()).files,
      ids: new Map(),
    });
  });
});
