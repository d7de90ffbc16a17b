/**
 * `affiliate-links check --fix`: the safe fixes of fix-all on save, written atomically (permissions kept, a link
 * written through), each said on stderr, then the report of the fixed site; a second run has nothing to fix.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { writeFixedFile } from '../../../src/cli/fixFiles';
import type { SiteCheck } from '../../../src/cli/fileCheck';
import { deeplink, findingLines, removeTemp, reportIn, snapshotText, tempFolder } from './cliFixture';

const OLD = deeplink('old', 'https://old.example.org/p', 'a');
const HEIR = deeplink('heir', 'https://old.example.org/p', 'a');
const SHOP_WRONG = deeplink('shop', 'https://shop.example.com/x', 'wrong');
const SHOP_A = deeplink('shop', 'https://shop.example.com/x', 'a');
const SHOP_NONE = deeplink('shop', 'https://shop.example.com/y', null);
const NODEEP = deeplink('nodeep', 'https://nodeep.example.com/z', 'a');

const HTML_SHOP = deeplink('shop', 'https://shop.example.com/h', 'wrong').replaceAll('&', '&amp;');

/** An article with a finding of each rule a safe fix clears, and of rules no safe fix clears. */
const ARTICLE = [
  'Intro without the word.',
  '',
  `1. [Old](${OLD}) is gone.`,
  `2. [Shop](${SHOP_WRONG}) carries another SubID.`,
  `3. <a href="${HTML_SHOP}">Shop in HTML</a> carries another SubID and no rel.`,
  `4. [Shop again](${SHOP_NONE}) carries none.`,
  `5. [NoDeep](${NODEEP}) allows no deeplinks.`,
  '',
].join('\n');

/** The same, fixed by hand as fix-all on save fixes it: replaced, SubIDs set, rel added; the rest as it was. */
const FIXED = [
  'Intro without the word.',
  '',
  `1. [Old](${HEIR}) is gone.`,
  `2. [Shop](${SHOP_A}) carries another SubID.`,
  `3. <a rel="sponsored" href="${deeplink('shop', 'https://shop.example.com/h', 'a').replaceAll('&', '&amp;')}">Shop in HTML</a> carries another SubID and no rel.`,
  `4. [Shop again](${deeplink('shop', 'https://shop.example.com/y', 'a')}) carries none.`,
  `5. [NoDeep](${NODEEP}) allows no deeplinks.`,
  '',
].join('\n');

const SETTINGS = `{
  "affiliateLinks.subId": "\${fileBasenameNoExtension}",
  "affiliateLinks.linkHealth.disclosureMissing": "warning",
}`;

describe('affiliate-links check --fix', () => {
  let dir: string | undefined;
  afterEach(() => removeTemp(dir));

  it('applies the safe fixes of fix-all on save, says each, and reports the fixed site', async () => {
    dir = tempFolder({ '.vscode/settings.json': SETTINGS, 'snap.txt': snapshotText(), 'posts/a.md': ARTICLE });
    const before = await reportIn(dir, ['--catalog', 'snap.txt']);
    assert.deepEqual(
      before.report.findings.map((f) => f.code),
      [
        'inactive-merchant',
        'disclosure-missing',
        'subid-mismatch',
        'subid-mismatch',
        'rel-sponsored-missing',
        'subid-mismatch',
        'deeplinks-not-allowed',
      ],
    );
    const file = path.join(dir, 'posts', 'a.md');
    fs.chmodSync(file, 0o640);
    const { report, stderr } = await reportIn(dir, ['--catalog', 'snap.txt', '--fix']);
    assert.equal(fs.readFileSync(file, 'utf8'), FIXED);
    assert.equal(fs.statSync(file).mode & 0o777, 0o640, 'its permissions kept');
    assert.deepEqual(fs.readdirSync(path.join(dir, 'posts')), ['a.md'], 'no temporary file left beside it');
    assert.deepEqual(stderr.trim().split('\n'), [
      'affiliate-links: fixed posts/a.md:3:10 inactive-merchant: Replace with a deeplink of "Heir"',
      'affiliate-links: fixed posts/a.md:4:11 subid-mismatch: Set the SubID to "a"',
      'affiliate-links: fixed posts/a.md:5:13 subid-mismatch: Set the SubID to "a"',
      'affiliate-links: fixed posts/a.md:6:17 subid-mismatch: Set the SubID to "a"',
      'affiliate-links: --fix wrote 1 file',
    ]);
    // What no safe fix clears is left, and reported where it now is.
    assert.deepEqual(findingLines(report), [
      'posts/a.md:3:10 disclosure-missing',
      'posts/a.md:7:13 deeplinks-not-allowed',
    ]);
    const again = await reportIn(dir, ['--catalog', 'snap.txt', '--fix']);
    assert.deepEqual(
      [again.stderr, findingLines(again.report)],
      ['affiliate-links: --fix wrote 0 files\n', findingLines(report)],
    );
  });

  it('writes through a link to the file it leads to', async () => {
    dir = tempFolder({ '.vscode/settings.json': SETTINGS, 'snap.txt': snapshotText(), 'shared/a.md': ARTICLE });
    fs.mkdirSync(path.join(dir, 'posts'));
    fs.symlinkSync(path.join(dir, 'shared', 'a.md'), path.join(dir, 'posts', 'a.md'));
    await reportIn(dir, ['--catalog', 'snap.txt', '--fix', 'posts']);
    assert.ok(fs.lstatSync(path.join(dir, 'posts', 'a.md')).isSymbolicLink(), 'still a link');
    assert.equal(fs.readFileSync(path.join(dir, 'shared', 'a.md'), 'utf8'), FIXED);
  });

  it('says when a fixed file cannot be written, and leaves it as it was', async () => {
    dir = tempFolder({ blocked: 'a file where a folder should be' });
    const written = await writeFixedFile({ root: dir } as SiteCheck, 'blocked/a.md', 'text');
    assert.deepEqual(written.ok, false);
    assert.match((written as { reason: string }).reason, /\(ENOTDIR\)$/);
    assert.equal(fs.readFileSync(path.join(dir, 'blocked'), 'utf8'), 'a file where a folder should be');
  });
});
