/**
 * The site's files as the command line lists them: the articles and the include setting's globs, less the excludes
 * and every `.gitignore` as git reads it (its own listing is the oracle), never node_modules or .git; PATHs narrow.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { listSite, narrowToPaths } from '../../../src/cli/siteListing';
import { removeTemp, settingsOf as settings, tempFolder } from './cliFixture';

/** A site with `.gitignore` files at the root and below, negations among them. */
const SITE: Record<string, string> = {
  '.gitignore': 'drafts/\n*.tmp.md\n/build\n!keep.tmp.md\npublic/*\n!public/keep/\n',
  'index.md': 'a',
  'about.html': 'a',
  'old.htm': 'a',
  'notes.markdown': 'a',
  'page.mdx': 'a',
  'readme.txt': 'not an article',
  'x.tmp.md': 'left out',
  'keep.tmp.md': 'brought back',
  'drafts/one.md': 'left out with its folder',
  'build/out.md': 'anchored at the root',
  'docs/build/in.md': 'not the root build',
  'public/gone.md': 'left out',
  'public/keep/kept.md': 'brought back with its folder',
  'blog/.gitignore': 'wip-*.md\n!wip-ready.md\n/local/\n!drafts/\n',
  'blog/wip-a.md': 'left out below',
  'blog/wip-ready.md': 'brought back below',
  'blog/local/x.md': 'anchored at blog/',
  'blog/post/index.md': 'a',
  'blog/drafts/back.md': 'its folder, left out above, brought back by the deeper .gitignore',
  'blog/local/drafts/x.md': 'in a folder left out: no negation brings it back',
  '.hidden/page.md': 'dot folders are read',
  'nested/deep/er/file.md': 'a',
};

describe('the site’s files as the command line lists them', () => {
  let dir: string | undefined;
  afterEach(() => removeTemp(dir));

  it('leaves out what the .gitignore files leave out, negations included, as git itself lists them', () => {
    dir = tempFolder(SITE);
    execFileSync('git', ['init', '-q', dir]);
    const gitListed = execFileSync('git', ['-C', dir, 'ls-files', '--others', '--exclude-standard', '-z'], {
      encoding: 'utf8',
    })
      .split('\0')
      .filter((file) => /\.(md|markdown|mdx|html|htm)$/.test(file))
      .sort();
    const listed = listSite(dir, settings()).files;
    assert.deepEqual(listed, gitListed);
    // And the oracle is not empty-handed: what it must hold and leave out.
    for (const kept of [
      'keep.tmp.md',
      'public/keep/kept.md',
      'blog/wip-ready.md',
      'blog/drafts/back.md',
      'docs/build/in.md',
      '.hidden/page.md',
    ]) {
      assert.ok(listed.includes(kept), kept);
    }
    for (const left of [
      'x.tmp.md',
      'drafts/one.md',
      'build/out.md',
      'blog/wip-a.md',
      'blog/local/x.md',
      'blog/local/drafts/x.md',
    ]) {
      assert.ok(!listed.includes(left), left);
    }
  });

  it('leaves out files.exclude and search.exclude, VS Code’s defaults merged in; never node_modules or .git', () => {
    dir = tempFolder({
      'a.md': '',
      'drafts/b.md': '',
      'archive/2019/c.md': '',
      'archive/2020/d.md': '',
      'node_modules/theme/README.md': '',
      'vendor/node_modules/x/README.md': '',
      'bower_components/y.md': '',
      '.git/description.md': '',
      'docs/e.md': '',
    });
    const excluded = settings(`{
      "files.exclude": { "drafts": true, "docs/e.md": false },
      "search.exclude": { "archive/2019/**": true, "**/node_modules": false },
    }`);
    assert.deepEqual(listSite(dir, excluded).files, ['archive/2020/d.md', 'docs/e.md', 'a.md'].sort());
    // With VS Code's defaults only, bower_components is left out by search.exclude.
    assert.deepEqual(listSite(dir, settings()).files, [
      'a.md',
      'archive/2019/c.md',
      'archive/2020/d.md',
      'docs/e.md',
      'drafts/b.md',
    ]);
  });

  it('adds the include setting’s globs to the articles', () => {
    dir = tempFolder({ 'a.md': '', 'notes/b.txt': '', 'c.txt': '', 'd.json': '' });
    const included = settings('{ "affiliateLinks.linkHealth.include": ["notes/**/*.txt", ""] }');
    assert.deepEqual(listSite(dir, included).files, ['a.md', 'notes/b.txt']);
  });

  it('follows a linked folder once, lists a link to a file or to nowhere, and ends on a loop', () => {
    dir = tempFolder({ 'real/a.md': '', 'outside.md': '' });
    fs.symlinkSync(path.join(dir, 'real'), path.join(dir, 'linked'));
    fs.symlinkSync(dir, path.join(dir, 'real', 'loop'));
    fs.symlinkSync(path.join(dir, 'outside.md'), path.join(dir, 'alias.md'));
    fs.symlinkSync(path.join(dir, 'missing.md'), path.join(dir, 'dangling.md'));
    assert.deepEqual(listSite(dir, settings()).files, ['alias.md', 'dangling.md', 'linked/a.md', 'outside.md']);
  });

  it('narrows the run to the PATHs given, files and folders, relative to the folder it runs in', () => {
    dir = tempFolder({ 'site/a.md': '', 'site/blog/b.md': '', 'site/blog/c.md': '', 'site/x.txt': '' });
    const root = path.join(dir, 'site');
    const files = listSite(root, settings()).files;
    assert.deepEqual(narrowToPaths(files, root, [], root), { ok: true, files, notes: [] });
    assert.deepEqual(narrowToPaths(files, root, ['blog', 'a.md'], root), {
      ok: true,
      files: ['a.md', 'blog/b.md', 'blog/c.md'],
      notes: [],
    });
    assert.deepEqual(narrowToPaths(files, root, ['site/blog/c.md', 'site/x.txt'], dir), {
      ok: true,
      files: ['blog/c.md'],
      notes: [
        "site/x.txt is not one of the site's files (not an article, or left out by the settings or a .gitignore): not checked",
      ],
    });
    assert.deepEqual(narrowToPaths(files, root, ['.'], root), { ok: true, files, notes: [] });
    assert.deepEqual(narrowToPaths(files, root, ['nope.md'], root), { ok: false, problem: 'nope.md does not exist' });
    assert.deepEqual(narrowToPaths(files, root, ['..'], root), {
      ok: false,
      problem: `.. is outside the site's folder ${root}: give paths inside it, or --root`,
    });
  });
});
