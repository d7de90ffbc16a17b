/**
 * `affiliate-links check` over a small site: its findings at their places with their first safe fixes, the SubID
 * each file should carry from the template, the links per merchant over the whole site; and bad input (binary,
 * invalid UTF-8, over the size limit, unreadable in ways that stop root too) skipped with a clear line while the
 * run goes on and nothing is written.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { firstInvalidUtf8, readFileText } from '../../../src/cli/fileText';
import { LARGEST_FILE_BYTES } from '../../../src/siteDisk/siteFileReads';
import { deeplink, findingLines, removeTemp, reportIn, snapshotText, tempFolder } from './cliFixture';

const OLD = deeplink('old', 'https://old.example.org/p', 'a');
const SHOP_WRONG = deeplink('shop', 'https://shop.example.com/x', 'wrong');
const SHOP_RIGHT = deeplink('shop', 'https://shop.example.com/y', 'b');
const A = `---\ntitle: A\n---\nThis page has affiliate links.\n\nGet it at [Old](${OLD}) today.\n`;
const B = `No word of it here.\n\n[Shop](${SHOP_WRONG}) and\n<a href="${SHOP_RIGHT}">this</a>.\n`;

const SITE = {
  '.vscode/settings.json': `{
    // Each article's SubID is its file's name.
    "affiliateLinks.subId": "\${fileBasenameNoExtension}",
    "affiliateLinks.linkHealth.disclosureMissing": "warning",
  }`,
  'posts/a.md': A,
  'posts/b.md': B,
  'snap.txt': snapshotText(),
};

/** Each file's text and mtime: what a run must leave as it was. */
function state(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((file) => {
      const full = path.join(dir, file);
      const stats = fs.lstatSync(full);
      return stats.isFile() ? `${file} ${stats.mtimeMs} ${fs.readFileSync(full, 'base64')}` : `${file} ${stats.mode}`;
    });
}

describe('affiliate-links check over a site', () => {
  let dir: string | undefined;
  afterEach(() => removeTemp(dir));

  it('finds each rule’s findings at their lines and columns, with the first safe fix and the file’s own SubID', async () => {
    dir = tempFolder(SITE);
    const { report } = await reportIn(dir, ['--catalog', 'snap.txt']);
    const col = (text: string, url: string) =>
      text
        .split('\n')
        .find((line) => line.includes(url))!
        .indexOf(url) + 1;
    assert.deepEqual(findingLines(report), [
      `posts/a.md:6:${col(A, OLD)} inactive-merchant`,
      `posts/b.md:3:${col(B, SHOP_WRONG)} subid-mismatch`,
      `posts/b.md:3:${col(B, SHOP_WRONG)} disclosure-missing`,
      `posts/b.md:4:${col(B, SHOP_RIGHT)} rel-sponsored-missing`,
    ]);
    const [inactive, mismatch, disclosure, rel] = report.findings;
    assert.equal(inactive!.severity, 'warning');
    assert.equal(inactive!.endColumn - inactive!.column, OLD.length);
    // The one other merchant of the domain: its deeplink to the same page, with the article's SubID.
    assert.deepEqual(inactive!.fix, {
      title: 'Replace with a deeplink of "Heir"',
      edits: [
        {
          line: 6,
          column: col(A, OLD),
          endLine: 6,
          endColumn: col(A, OLD) + OLD.length,
          newText: deeplink('heir', 'https://old.example.org/p', 'a'),
        },
      ],
    });
    assert.equal(mismatch!.severity, 'info');
    assert.match(mismatch!.message, /carries the SubID "wrong", not the article’s "b"/);
    assert.deepEqual(mismatch!.fix, {
      title: 'Set the SubID to "b"',
      edits: [
        {
          line: 3,
          column: col(B, SHOP_WRONG),
          endLine: 3,
          endColumn: col(B, SHOP_WRONG) + SHOP_WRONG.length,
          newText: SHOP_WRONG.replace('s=wrong', 's=b'),
        },
      ],
    });
    assert.equal(disclosure!.severity, 'warning');
    assert.equal(rel!.fix?.edits[0]?.newText, ' rel="sponsored"');
    assert.equal(report.filesChecked, 2);
    assert.deepEqual(report.skipped, []);
    assert.deepEqual(report.catalog, { takenAt: '2026-11-20T12:00:00.000Z', merchants: 9 });
    assert.deepEqual(report.merchantLinks, [
      { merchant: 'Shop', key: 'id:1000', links: 2, articles: 1 },
      { merchant: 'Old', key: 'id:1001', links: 1, articles: 1 },
    ]);
  });

  it('skips a binary file, invalid UTF-8, a file over the size limit and files no one can read, and goes on', async () => {
    dir = tempFolder({
      ...SITE,
      'bad/binary.md': Buffer.from([0x23, 0x20, 0x41, 0x00, 0x42]),
      'bad/latin1.md': Buffer.concat([Buffer.from('# Caf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]),
      'bad/overlong.md': Buffer.from([0x41, 0xc0, 0xaf]),
    });
    fs.writeFileSync(path.join(dir, 'bad', 'large.md'), '');
    fs.truncateSync(path.join(dir, 'bad', 'large.md'), LARGEST_FILE_BYTES + 1); // sparse: costs no disk
    // What stops root too: a link to nowhere, a link to itself, a link to a named pipe (never waited on).
    fs.symlinkSync(path.join(dir, 'missing.md'), path.join(dir, 'bad', 'dangling.md'));
    fs.symlinkSync(path.join(dir, 'bad', 'loop.md'), path.join(dir, 'bad', 'loop.md'));
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);
    fs.symlinkSync(path.join(dir, 'pipe'), path.join(dir, 'bad', 'pipe.md'));
    const before = state(dir);
    const { report, stderr } = await reportIn(dir, ['--catalog', 'snap.txt']);
    assert.deepEqual(report.skipped, [
      { file: 'bad/binary.md', reason: 'a binary file: it holds a NUL byte (at byte 3)' },
      { file: 'bad/dangling.md', reason: 'cannot be read: it is gone, or a link that leads nowhere (ENOENT)' },
      {
        file: 'bad/large.md',
        reason: `over the size limit: ${(LARGEST_FILE_BYTES + 1).toLocaleString('en-US')} bytes, more than 8,388,608 (not an article)`,
      },
      { file: 'bad/latin1.md', reason: 'not valid UTF-8: the bytes at 5 are no character' },
      { file: 'bad/loop.md', reason: 'cannot be read: a link that leads back to itself (ELOOP)' },
      { file: 'bad/overlong.md', reason: 'not valid UTF-8: the bytes at 1 are no character' },
      { file: 'bad/pipe.md', reason: 'cannot be read: it is not a regular file' },
    ]);
    assert.deepEqual(
      stderr.trim().split('\n'),
      report.skipped.map((skipped) => `affiliate-links: skipped ${skipped.file}: ${skipped.reason}`),
    );
    // The run went on: the good files' findings, all four.
    assert.equal(report.filesChecked, 2);
    assert.equal(report.findings.length, 4);
    assert.deepEqual(state(dir), before, 'nothing written but the output');
  });

  it('reads a folder named like an article as no article', async () => {
    dir = tempFolder({ 'folder.md/inside.txt': '' });
    assert.deepEqual(readFileText(path.join(dir, 'folder.md')), {
      ok: false,
      reason: 'cannot be read: it is a folder',
    });
  });

  it('finds the first byte that is no UTF-8, as the strict decoder refuses it', () => {
    const cases: Array<[number[], number]> = [
      [[0x41, 0x42], 2],
      [[0xc3, 0xa9], 2], // é
      [[0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80], 7], // € and an emoji
      [[0x41, 0xe9, 0x41], 1], // Latin-1 é
      [[0xc0, 0xaf], 0], // overlong
      [[0xed, 0xa0, 0x80], 0], // a surrogate
      [[0xf4, 0x90, 0x80, 0x80], 0], // above U+10FFFF
      [[0x41, 0xe2, 0x82], 1], // cut short
      [[0x80], 0], // a continuation alone
    ];
    const strict = new TextDecoder('utf-8', { fatal: true });
    for (const [bytes, at] of cases) {
      const valid = (() => {
        try {
          strict.decode(Uint8Array.from(bytes));
          return true;
        } catch {
          return false;
        }
      })();
      assert.equal(firstInvalidUtf8(Uint8Array.from(bytes)), at, JSON.stringify(bytes));
      assert.equal(at === bytes.length, valid, `the decoder agrees on ${JSON.stringify(bytes)}`);
    }
  });
});
