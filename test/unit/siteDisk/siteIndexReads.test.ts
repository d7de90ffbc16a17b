/**
 * The site read from disk into the index in plain Node (src/siteDisk/), as the extension, the benchmark and a
 * command line read it: only what changed, a file open in an editor left to its document, a file too large
 * for an article left out and logged, each text indexed with its disclosure and front matter.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SiteTextReader } from '../../../src/health/siteIndex';
import { SiteIndex } from '../../../src/health/siteIndex';
import { LARGEST_FILE_BYTES, readLocalSiteFile } from '../../../src/siteDisk/siteFileReads';
import { LOCAL_SITE_FILES, readIntoIndex } from '../../../src/siteDisk/siteIndexReads';

const CLOCK = { now: () => performance.now(), pause: () => new Promise<void>((resolve) => setImmediate(resolve)) };
const READER: SiteTextReader = {
  disclosureEnd: (text) => {
    const at = text.indexOf('affiliate links');
    return at < 0 ? -1 : at + 'affiliate links'.length;
  },
  frontMatter: (text) => {
    const slug = /^slug: (.+)$/m.exec(text)?.[1];
    return slug === undefined ? undefined : { slug };
  },
};

describe('the site read from disk into the index (src/siteDisk)', () => {
  let dir: string;
  let lines: string[];
  const log = {
    warn: (line: string) => lines.push(`warn ${line}`),
    info: (line: string) => lines.push(`info ${line}`),
  };
  const write = (name: string, text: string | Buffer) => {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
  };
  const read = (index: SiteIndex, files: string[], open: ReadonlySet<string> = new Set()) =>
    readIntoIndex(files, {
      index,
      files: LOCAL_SITE_FILES,
      reader: () => READER,
      isOpen: (key) => open.has(key),
      log,
      clock: CLOCK,
    });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-disk-'));
    lines = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('indexes each text with its links, language, disclosure and front matter, and reads again only what changed', async () => {
    const article = write(
      'blog/a.md',
      '---\nslug: first\n---\nThis page has affiliate links.\n\n[shop](https://shop.example.com/x)\n',
    );
    const page = write('page.html', '<p><a href="https://a.example/?x=1&amp;y=2">a</a></p>\n');
    const index = new SiteIndex('k');
    const first = await read(index, [article, page]);
    assert.deepEqual(first, { cancelled: false, read: 2, failed: 0, changed: [article, page] });
    const entry = index.get(article)!;
    assert.equal(entry.language, 'markdown');
    assert.deepEqual(entry.frontMatter, { slug: 'first' });
    assert.equal(entry.disclosureEnd, fs.readFileSync(article, 'utf8').indexOf('affiliate links') + 15);
    assert.deepEqual(
      entry.links.map((link) => link.target),
      ['https://shop.example.com/x'],
    );
    assert.equal(index.get(page)!.language, 'html');
    assert.deepEqual(
      index.get(page)!.links.map((link) => link.target),
      ['https://a.example/?x=1&y=2'],
    );
    assert.equal(entry.size, fs.statSync(article).size);

    const again = await read(index, [article, page]);
    assert.deepEqual(again, { cancelled: false, read: 0, failed: 0, changed: [] }, 'nothing changed, nothing read');
    fs.appendFileSync(page, '<a href="https://b.example/">b</a>\n');
    assert.deepEqual((await read(index, [article, page])).changed, [page]);
    assert.equal(index.get(page)!.links.length, 2);
    assert.deepEqual(lines, []);
  });

  it('leaves a file open in an editor to its document', async () => {
    const open = write('open.md', '[a](https://a.example/)\n');
    const index = new SiteIndex('k');
    assert.deepEqual(await read(index, [open], new Set([open])), {
      cancelled: false,
      read: 0,
      failed: 0,
      changed: [],
    });
    assert.equal(index.get(open), undefined);
  });

  it('leaves out a file too large for an article, logged, whether new or indexed before', async () => {
    const large = write('large.md', Buffer.alloc(LARGEST_FILE_BYTES + 1, 'a'));
    const small = write('small.md', '[a](https://a.example/)\n');
    const index = new SiteIndex('k');
    assert.deepEqual(await read(index, [large, small]), { cancelled: false, read: 1, failed: 0, changed: [small] });
    assert.equal(index.get(large), undefined);
    assert.deepEqual(lines, [
      `info Link health: left out ${large}, ${LARGEST_FILE_BYTES + 1} bytes: too large for an article.`,
    ]);
    // Stated first when the index holds it: still left out once it grew past the limit.
    const grown = write('grown.md', 'small\n');
    await read(index, [grown]);
    fs.writeFileSync(grown, Buffer.alloc(LARGEST_FILE_BYTES + 1, 'b'));
    const stated = await readLocalSiteFile(grown, () => false, true);
    assert.deepEqual(stated, { size: LARGEST_FILE_BYTES + 1, mtime: stated.mtime, text: undefined, tooLarge: true });
  });

  it('drops and logs a file it cannot read, and stops when the reader is gone', async () => {
    const gone = path.join(dir, 'gone.md');
    const index = new SiteIndex('k');
    const outcome = await read(index, [gone]);
    assert.deepEqual(outcome, { cancelled: false, read: 0, failed: 1, changed: [gone] });
    assert.match(lines.join('\n'), /warn Link health: could not read .*gone\.md: Error: ENOENT/);
    const files = Array.from({ length: 3 }, (_, i) => write(`${i}.md`, `[a](https://a.example/${i})\n`));
    const stopped = await readIntoIndex(files, {
      index,
      files: LOCAL_SITE_FILES,
      reader: () => undefined,
      isOpen: () => false,
      log,
      clock: CLOCK,
    });
    assert.equal(stopped.cancelled, true);
    assert.equal(index.size, 0);
  });
});
