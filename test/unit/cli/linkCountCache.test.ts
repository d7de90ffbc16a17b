/**
 * `--cache`: the links per merchant of the files a run does not report are taken from an earlier run's cache when
 * the file is as it was (its blob id in git's index; out of git, its size and time, or its text), so `--changed-since`
 * reads only the files it reports and still counts the whole site. Another snapshot, other settings, or a file
 * changed: counted anew. A damaged cache, or one that cannot be written: a line on stderr, the report as without it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { checkedLine } from '../../../src/common/checkedLines';
import type { CheckReport } from '../../../src/cli/checkReport';
import { entryOf, entryText, totalsText } from '../../../src/cli/cacheEntries';
import { merchantLinkTotals, type FileMerchantLinks } from '../../../src/health/merchantLinkTally';
import { blobIdOf } from '../../../src/cli/linkCountCache';
import type { MerchantKey } from '../../../src/merchant/merchantKey';
import { deeplink, git, removeTemp, reportIn, snapshotText, TAKEN_AT, tempFolder, writeFiles } from './cliFixture';

const dead = (subId: string) => `[Old](${deeplink('old', 'https://old.example.org/p', subId)})\n`;
const CACHE = '.affiliate-links-cache';

/** The links to the one merchant the site links to. */
const linksOf = (run: { report: CheckReport }) => run.report.merchantLinks?.[0]?.links;

/** A site at the top of a git repository: three committed articles, each with one link to Old. */
function repository(): string {
  const dir = tempFolder({
    '.vscode/settings.json': '{}',
    'a.md': dead('a'),
    'b.md': dead('b'),
    'c.md': `${dead('c')}${dead('c2')}`,
  });
  fs.writeFileSync(path.join(dir, '..', `${path.basename(dir)}.snap`), snapshotText());
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  return dir;
}

const snapshotOf = (dir: string) => path.join(dir, '..', `${path.basename(dir)}.snap`);

type Entry = [string, Array<[string, number, number]>, string?];
interface CacheFile {
  format: string;
  version: number;
  key: string;
  files: Record<string, Entry>;
}

/** The cache with each file's entry read as `[id, [key, links, deeplinks][], stamp?]`. */
function readCache(file: string): CacheFile {
  const { crc32, files, ...fields } = JSON.parse(fs.readFileSync(file, 'utf8')) as Omit<CacheFile, 'files'> & {
    crc32: string;
    files: Record<string, string>;
  };
  void crc32;
  const entries = Object.entries(files).map(([name, text]): [string, Entry] => {
    const { id, stamp, links } = entryOf(text);
    const counts = [...links].map(([key, count]): [string, number, number] => [key, count.links, count.deeplinks]);
    return [name, stamp === '' ? [id, counts] : [id, counts, stamp]];
  });
  return { ...fields, files: Object.fromEntries(entries) };
}

/**
 * Writes the cache back with `change` applied, its site's totals summed anew over the entries and its check made anew
 * (as a tool that wrote it so would).
 */
function rewriteCache(file: string, change: (cache: CacheFile) => void): void {
  const { crc32, ...raw } = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  void crc32;
  const cache = readCache(file);
  change(cache);
  const files = Object.entries(cache.files).map(([name, [id, counts, stamp]]): [string, string, FileMerchantLinks] => {
    const links = new Map(counts.map(([key, links, deeplinks]) => [key as MerchantKey, { links, deeplinks }]));
    return [name, entryText(id, links, stamp), links];
  });
  const totals = totalsText(merchantLinkTotals(files.map(([, , links]) => links)));
  const entries = Object.fromEntries(files.map(([name, entry]) => [name, entry]));
  fs.writeFileSync(file, checkedLine({ ...raw, files: entries, ...(raw.totals === undefined ? {} : { totals }) }));
}

describe('affiliate-links check --cache', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) {
      fs.rmSync(snapshotOf(dir), { force: true });
    }
    removeTemp(dir);
  });

  const check = (...args: string[]) => reportIn(dir!, ['--catalog', snapshotOf(dir!), ...args]);

  it('keeps each file’s links per merchant under its blob id, and takes them unread for a file git says is as it was', async () => {
    dir = repository();
    const full = await check('--cache');
    assert.deepEqual(full.report.merchantLinks, [{ merchant: 'Old', key: 'id:1001', links: 4, articles: 3 }]);
    const cache = readCache(path.join(dir, CACHE));
    assert.deepEqual(Object.keys(cache.files).sort(), ['a.md', 'b.md', 'c.md']);
    assert.equal(cache.files['c.md']![0], git(dir, 'rev-parse', 'HEAD:c.md').trim(), 'the id is git’s blob id');
    assert.deepEqual(cache.files['c.md']![1], [['id:1001', 2, 2]]);

    // What the cache says of c.md (unchanged) is what the run counts: the file is not read.
    rewriteCache(path.join(dir, CACHE), (kept) => (kept.files['c.md']![1] = [['id:1001', 7, 7]]));
    writeFiles(dir, { 'a.md': `Changed.\n\n${dead('a')}` });
    const since = await check('--cache', '--changed-since', 'HEAD');
    assert.equal(since.report.filesChecked, 1);
    assert.deepEqual(since.report.merchantLinks, [{ merchant: 'Old', key: 'id:1001', links: 9, articles: 3 }]);
    assert.equal(since.stderr, '');

    // Changed since the cache was written: counted from the file, whatever the cache says.
    rewriteCache(path.join(dir, CACHE), (kept) => (kept.files['b.md']![1] = [['id:1001', 7, 7]]));
    writeFiles(dir, { 'b.md': `${dead('b')}${dead('b2')}` });
    git(dir, 'add', 'b.md');
    const staged = await check('--cache', '--changed-since', 'HEAD', 'a.md');
    assert.deepEqual(staged.report.merchantLinks, [{ merchant: 'Old', key: 'id:1001', links: 10, articles: 3 }]);
  });

  it('counts the whole site as a run without a cache does, with --changed-since and PATHs', async () => {
    dir = repository();
    await check('--cache');
    writeFiles(dir, { 'b.md': 'No link left.\n', 'new.md': dead('new') });
    const cached = await check('--cache', '--changed-since', 'HEAD');
    const uncached = await check('--changed-since', 'HEAD');
    assert.deepEqual(cached.report.findings, uncached.report.findings);
    assert.deepEqual(cached.report.merchantLinks, uncached.report.merchantLinks);
    assert.deepEqual(cached.report.merchantLinks, [{ merchant: 'Old', key: 'id:1001', links: 4, articles: 3 }]);
    assert.equal(readCache(path.join(dir, CACHE)).files['new.md']![0], blobIdOf(dead('new')));
  });

  it('is read as none for another snapshot or other settings, and written anew', async () => {
    dir = repository();
    await check('--cache');
    const tampered = (cache: CacheFile) => (cache.files['c.md']![1] = [['id:1001', 7, 7]]);
    rewriteCache(path.join(dir, CACHE), tampered);
    const { key } = readCache(path.join(dir, CACHE));
    fs.writeFileSync(snapshotOf(dir), snapshotText(new Date(Date.parse(TAKEN_AT) + 1000).toISOString()));
    const otherSnapshot = await check('--cache', 'a.md');
    assert.equal(linksOf(otherSnapshot), 4);
    assert.notEqual(readCache(path.join(dir, CACHE)).key, key);

    rewriteCache(path.join(dir, CACHE), tampered);
    writeFiles(dir, {
      '.vscode/settings.json': '{ "affiliateLinks.linkHealth.ignoredLinks": ["https://x.example/*"] }',
    });
    const otherSettings = await check('--cache', 'a.md');
    assert.equal(linksOf(otherSettings), 4);
  });

  it('out of git, takes a file by its size and time, or by its text when only its time changed', async () => {
    dir = tempFolder({ '.vscode/settings.json': '{}', 'a.md': dead('a'), 'b.md': dead('b') });
    fs.writeFileSync(snapshotOf(dir), snapshotText());
    await check('--cache-location', 'kept/cache.json');
    const file = path.join(dir, 'kept/cache.json');
    const entry = readCache(file).files['b.md']!;
    assert.equal(entry[0], blobIdOf(dead('b')));
    const stats = fs.statSync(path.join(dir, 'b.md'));
    assert.equal(entry[2], `${stats.size}:${stats.mtimeMs}`);
    rewriteCache(file, (kept) => (kept.files['b.md']![1] = [['id:1001', 7, 7]]));
    assert.equal(linksOf(await check('--cache-location', 'kept/cache.json', 'a.md')), 8);

    // Touched, the same text: still the cache's; changed: counted.
    rewriteCache(file, (kept) => (kept.files['b.md']![1] = [['id:1001', 7, 7]]));
    fs.utimesSync(path.join(dir, 'b.md'), new Date(2020, 1, 1), new Date(2020, 1, 1));
    assert.equal(linksOf(await check('--cache-location', 'kept/cache.json', 'a.md')), 8);
    rewriteCache(file, (kept) => (kept.files['b.md']![1] = [['id:1001', 7, 7]]));
    fs.writeFileSync(path.join(dir, 'b.md'), `${dead('b')}${dead('b3')}`);
    assert.equal(linksOf(await check('--cache-location', 'kept/cache.json', 'a.md')), 3);
  });

  it('says a damaged cache on stderr, reads every file, and writes it anew', async () => {
    dir = repository();
    const clean = await check();
    for (const damage of ['{"format":', 'x'.repeat(10), '']) {
      await check('--cache');
      const file = path.join(dir, CACHE);
      const text = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, damage === '' ? text.replace('id:1001,2', 'id:1001,9') : damage);
      const { report, stderr } = await check('--cache', 'a.md');
      assert.deepEqual(report.merchantLinks, clean.report.merchantLinks);
      assert.match(
        stderr,
        /^affiliate-links: the cache .*\.affiliate-links-cache is damaged \((not JSON|it does not match its check, crc32)\): every file is read, and the cache written anew\n$/,
      );
      assert.deepEqual(Object.keys(readCache(file).files).sort(), ['a.md', 'b.md', 'c.md']);
    }
  });

  it('says a cache that cannot be written, and reports as without it', async () => {
    dir = repository();
    const clean = await check();
    writeFiles(dir, { 'blocked.txt': 'a file where the cache’s folder would be' });
    const { report, stderr } = await check('--cache-location', 'blocked.txt/cache');
    assert.deepEqual(report.findings, clean.report.findings);
    assert.deepEqual(report.merchantLinks, clean.report.merchantLinks);
    assert.match(
      stderr,
      /cannot write the cache .*blocked\.txt\/cache \((ENOTDIR|EEXIST)\): the next run reads every file again\n$/,
    );
    assert.equal(fs.readFileSync(path.join(dir, 'blocked.txt'), 'utf8'), 'a file where the cache’s folder would be');
  });

  it('never checks its own file, whatever the include setting takes', async () => {
    dir = repository();
    writeFiles(dir, { '.vscode/settings.json': '{ "affiliateLinks.linkHealth.include": ["**/*cache*"] }' });
    const first = await check('--cache');
    const second = await check('--cache');
    assert.ok(fs.existsSync(path.join(dir, CACHE)));
    assert.equal(second.report.filesChecked, first.report.filesChecked);
    assert.equal(second.report.filesChecked, 3);
  });

  it('writes each file’s entry as one string, and reads back any merchant key and stamp', () => {
    const links = new Map([
      ['id:7' as MerchantKey, { links: 3, deeplinks: 1 }],
      ['fallback:a,b;c|d%7C%e' as MerchantKey, { links: 1, deeplinks: 0 }],
    ]);
    const text = entryText('0a1b', links, '12:1700000000000.5');
    assert.equal(text, '0a1b|12:1700000000000.5|id:7,3,1;fallback:a%2Cb%3Bc%7Cd%257C%25e,1,0');
    assert.deepEqual(entryOf(text), { id: '0a1b', stamp: '12:1700000000000.5', links });
    assert.deepEqual(entryOf(entryText('0a1b', new Map())), { id: '0a1b', stamp: '', links: new Map() });
  });

  it('keeps the cache under node_modules/.cache when the site has a node_modules folder', async () => {
    dir = repository();
    fs.mkdirSync(path.join(dir, 'node_modules'));
    await check('--cache');
    assert.ok(fs.existsSync(path.join(dir, 'node_modules/.cache/affiliate-links/check-cache')));
    assert.ok(!fs.existsSync(path.join(dir, CACHE)));
  });
});
