import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import { DocumentLinkScanner } from '../../../src/health/documentLinks';
import { indexedFileOf, SiteIndex } from '../../../src/health/siteIndex';
import { SiteIndexFile } from '../../../src/site/siteIndexFile';
import { FaultDisk, faultName } from '../disk/faultDisk';

function logger() {
  const lines: string[] = [];
  const log = { warn: (line: string) => lines.push(line) } as unknown as vscode.LogOutputChannel;
  return { log, lines };
}

const storageOf = (dir: string) => ({ scheme: 'file', fsPath: dir }) as vscode.Uri;
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

function siteOf(count: number, key = 'k'): SiteIndex {
  const index = new SiteIndex(key);
  for (let i = 0; i < count; i++) {
    const text = `# ${i}\n\n[a](https://trk.example.net/click/old?url=https%3A%2F%2Fold.example.org%2F${i}) <a href="https://x.example/${i}">x</a>\n`;
    const doc = new DocumentLinkScanner('markdown').scan(text);
    index.set(indexedFileOf(`file:///site/${i}.md`, { size: text.length, mtime: 1_000 + i }, doc, -1));
  }
  return index;
}

describe('the site index file in the workspace storage', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-index-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps what was read, so reopening reads only the files whose size or mtime changed', async () => {
    const { log, lines } = logger();
    const saved = siteOf(1_200);
    assert.equal(await new SiteIndexFile(storageOf(dir), log).save(saved, pause), true);
    const loaded = await new SiteIndexFile(storageOf(dir), log).load('k');
    assert.deepEqual(loaded.entries(), saved.entries());
    assert.equal(loaded.isCurrent('file:///site/7.md', saved.get('file:///site/7.md')!.size, 1_007), true);
    assert.equal(loaded.isCurrent('file:///site/7.md', saved.get('file:///site/7.md')!.size, 2_000), false);
    assert.deepEqual(lines, []);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'linkHealth')), ['site-index.jsonl'], 'no temporary file left');
  });

  it('refuses a damaged file, says so in the log, and starts afresh', async () => {
    const { log, lines } = logger();
    await new SiteIndexFile(storageOf(dir), log).save(siteOf(20), pause);
    const file = path.join(dir, 'linkHealth', 'site-index.jsonl');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('old.example.org%2F5', 'old.example.org%2F6'));
    const loaded = await new SiteIndexFile(storageOf(dir), log).load('k');
    assert.equal(loaded.size, 0);
    assert.match(lines.join('\n'), /refused \(line \d+ is damaged\); reading the site again/);
    // Read with other disclosure phrases: refused too.
    fs.writeFileSync(file, text);
    assert.equal((await new SiteIndexFile(storageOf(dir), log).load('other')).size, 0);
    assert.equal((await new SiteIndexFile(storageOf(dir), log).load('k')).size, 20);
  });

  // Real faults where this process may mount (root in CI: a full tmpfs, a read-only remount, a bind-mounted
  // target), which no permission bit can stand for; else injected through the file operations (faultDisk.ts).
  for (const fault of ['full', 'read-only', 'rename'] as const) {
    it(`keeps the previous file whole when the disk refuses the write: ${faultName(fault)}`, async () => {
      const disk = FaultDisk.create();
      try {
        const { log, lines } = logger();
        const storage = storageOf(disk.folder);
        const previous = siteOf(3);
        assert.equal(await new SiteIndexFile(storage, log, disk.files).save(previous, pause), true);
        const file = path.join(disk.folder, 'linkHealth', 'site-index.jsonl');
        const before = fs.readFileSync(file, 'utf8');
        // Room for a part of the new index only: a writer that wrote over the old file would leave it cut.
        disk.inject(fault, { room: Math.floor(before.length / 2), target: file });
        try {
          const newer = siteOf(400);
          assert.equal(await new SiteIndexFile(storage, log, disk.files).save(newer, pause), false);
        } finally {
          disk.clear();
        }
        assert.match(lines.join('\n'), /could not save the site index .*(ENOSPC|EROFS|EBUSY)/);
        assert.ok(fs.existsSync(file), 'the previous file is kept');
        assert.equal(fs.readFileSync(file, 'utf8'), before, 'the previous file, as it was');
        assert.deepEqual(
          fs.readdirSync(path.dirname(file)).filter((name) => name !== 'site-index.jsonl'),
          [],
          'no temporary file left',
        );
        const loaded = await new SiteIndexFile(storage, log).load('k');
        assert.deepEqual(loaded.entries(), previous.entries(), 'the previous index reads back whole');
      } finally {
        disk.dispose();
      }
    });
  }

  it('logs a write that cannot happen (storage under a file) and throws nothing', async () => {
    const { log, lines } = logger();
    const blocker = path.join(dir, 'not-a-folder');
    fs.writeFileSync(blocker, 'what was here');
    assert.equal(await new SiteIndexFile(storageOf(blocker), log).save(siteOf(2), pause), false);
    assert.match(lines.join('\n'), /could not save the site index .*ENOTDIR|could not save the site index .*EEXIST/);
    assert.equal(fs.readFileSync(blocker, 'utf8'), 'what was here', 'the file in the folder’s place is left as it was');
    assert.equal((await new SiteIndexFile(storageOf(blocker), log).load('k')).size, 0);
    assert.match(lines.join('\n'), /could not read the saved site index/);
    assert.equal((await new SiteIndexFile(undefined, log).load('k')).size, 0, 'no workspace: nothing saved');
  });
});
