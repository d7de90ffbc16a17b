/**
 * `--changed-since REF` in a temporary git repository: only the findings of the files changed since REF (added,
 * modified, renamed, untracked; not deleted, not left out by a .gitignore), the links per merchant still over the
 * whole site; git missing, a REF git does not know, or no repository: exit 2 with a line saying what to do.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { changedFiles } from '../../../src/cli/changedFiles';
import {
  deeplink,
  findingLines,
  git,
  removeTemp,
  reportIn,
  runIn,
  snapshotText,
  tempFolder,
  writeFiles,
} from './cliFixture';

const dead = (subId: string) => `[Old](${deeplink('old', 'https://old.example.org/p', subId)})\n`;

/** A repository with a commit `base` of five articles, each with one finding, then changes of every kind. */
function repository(): string {
  const dir = tempFolder({
    'site/.gitignore': 'ignored/\n',
    'site/.vscode/settings.json': '{}',
    'site/snap.txt': snapshotText(),
    'site/kept.md': dead('kept'),
    'site/modified.md': dead('modified'),
    'site/renamed-from.md': dead('renamed'),
    'site/deleted.md': dead('deleted'),
    'site/staged.md': dead('staged'),
    'elsewhere/outside.md': dead('outside'),
  });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  git(dir, 'tag', 'base');
  writeFiles(dir, {
    'site/modified.md': `Changed.\n\n${dead('modified')}`,
    'site/untracked.md': dead('untracked'),
    'site/ignored/draft.md': dead('draft'),
    'site/staged.md': `Staged.\n\n${dead('staged')}`,
    'elsewhere/outside.md': `Outside the site.\n\n${dead('outside')}`,
  });
  git(dir, 'mv', 'site/renamed-from.md', 'site/renamed-to.md');
  git(dir, 'rm', '-q', 'site/deleted.md');
  git(dir, 'add', 'site/staged.md');
  return dir;
}

describe('affiliate-links check --changed-since', () => {
  let dir: string | undefined;
  afterEach(() => removeTemp(dir));

  it('lists what git lists as changed since REF, relative to the site’s folder', async () => {
    dir = repository();
    const changed = await changedFiles(path.join(dir, 'site'), 'base');
    assert.ok(changed.ok);
    assert.deepEqual(
      [...changed.files].sort(),
      ['modified.md', 'renamed-to.md', 'staged.md', 'untracked.md'],
      'kept, deleted and ignored files are not listed; nor is a file outside the site',
    );
  });

  it('reports only the changed files’ findings, and counts the links per merchant over the whole site', async () => {
    dir = repository();
    const site = path.join(dir, 'site');
    const { report } = await reportIn(site, ['--catalog', 'snap.txt', '--changed-since', 'base']);
    assert.deepEqual(findingLines(report), [
      'modified.md:3:7 inactive-merchant',
      'renamed-to.md:1:7 inactive-merchant',
      'staged.md:3:7 inactive-merchant',
      'untracked.md:1:7 inactive-merchant',
    ]);
    assert.equal(report.filesChecked, 4);
    // kept.md too: five files of the site link to Old.
    assert.deepEqual(report.merchantLinks, [{ merchant: 'Old', key: 'id:1001', links: 5, articles: 5 }]);
    const all = await reportIn(site, ['--catalog', 'snap.txt']);
    assert.equal(all.report.findings.length, 5);
    // HEAD: the work not yet committed.
    const head = await reportIn(site, ['--catalog', 'snap.txt', '--changed-since', 'HEAD']);
    assert.deepEqual(findingLines(head.report), findingLines(report));
  });

  it('narrows to the PATHs too, and fixes only the changed files', async () => {
    dir = repository();
    const site = path.join(dir, 'site');
    writeFiles(dir, { 'site/.vscode/settings.json': '{ "affiliateLinks.subId": "fixed" }' });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'settings');
    writeFiles(dir, { 'site/mismatch.md': `[Shop](${deeplink('shop', 'https://shop.example.com/x', 'other')})\n` });
    const { report } = await reportIn(site, ['--catalog', 'snap.txt', '--changed-since', 'HEAD', '--fix']);
    assert.deepEqual(findingLines(report), [], 'its SubID fixed');
    assert.equal(
      fs.readFileSync(path.join(site, 'mismatch.md'), 'utf8'),
      `[Shop](${deeplink('shop', 'https://shop.example.com/x', 'fixed')})\n`,
    );
    assert.equal(git(dir, 'status', '--porcelain', 'site/kept.md'), '', 'an unchanged file is not fixed');
    const narrowed = await reportIn(site, ['--catalog', 'snap.txt', '--changed-since', 'base', 'modified.md']);
    assert.deepEqual(findingLines(narrowed.report), ['modified.md:3:7 inactive-merchant']);
  });

  it('exits 2 on a REF git does not know, outside a repository, and without git', async () => {
    dir = repository();
    const unknown = await runIn(path.join(dir, 'site'), [
      'check',
      '--catalog',
      'snap.txt',
      '--changed-since',
      'origin/main',
    ]);
    assert.deepEqual(
      [unknown.code, unknown.stderr],
      [
        2,
        'affiliate-links: --changed-since origin/main: git knows no commit origin/main (in a shallow clone, fetch it first: git fetch origin origin/main)\n',
      ],
    );
    const option = await runIn(path.join(dir, 'site'), [
      'check',
      '--catalog',
      'snap.txt',
      '--changed-since=--output=x',
    ]);
    assert.equal(option.code, 2);
    fs.rmSync(path.join(dir, '.git'), { recursive: true });
    const outside = await changedFiles(path.join(dir, 'site'), 'base');
    assert.equal(outside.ok, false);
    assert.match(
      (outside as { problem: string }).problem,
      /^--changed-since needs a git repository, and .* is not in one/,
    );
    assert.deepEqual(await changedFiles(dir, 'base', 'git-is-not-installed-here'), {
      ok: false,
      problem: '--changed-since needs git, and git is not installed or not on the PATH',
    });
  });
});
