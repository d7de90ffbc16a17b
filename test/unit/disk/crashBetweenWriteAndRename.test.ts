/**
 * A writer that crashes between writing its temporary file and renaming it (issue 16, section
 * 3): a child process (`crashingWriter.ts`) killed at the rename of the catalog cache and of a
 * report. Its temporary file is ignored (the previous cache is what reads back) and removed by
 * the next window: when it loads the catalog cache, after it writes a report. A temporary file
 * a running writer may still be writing is left alone.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LEFTOVER_AFTER_MS, removeLeftoverTemps } from '../../../src/common/cacheFiles';
import { readReportCache } from '../../../src/reports/cache/reportCacheFile';
import { reliabilityTally } from '../reliability/reliabilityTally';
import { ReportWindows } from './reportWindows';
import { SharedCache } from './windows';

const WRITER = path.join(__dirname, 'crashingWriter.ts');

/** Runs the crashing writer; resolves with the signal that ended it. */
function crashWriter(args: string[]): Promise<{ signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ signal, stderr }));
  });
}

function countCrash(): void {
  const tally = reliabilityTally();
  tally.count('crashes between write and rename', { tried: 1, 'previous cache kept': 1, 'leftover removed': 1 });
  tally.real('crashes between write and rename', 'a writer process killed (SIGKILL) at its rename');
}

const temporaryFiles = (folder: string): string[] => fs.readdirSync(folder).filter((name) => name.endsWith('.tmp'));

describe('a writer that crashes between write and rename', function () {
  this.timeout(30_000);
  let folder: string;

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'crashed-writer-'));
  });
  afterEach(() => {
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('catalog cache: the previous cache reads back, and the next window removes the leftover', async () => {
    const shared = await SharedCache.start(folder);
    try {
      const { store } = shared.open();
      await store.sync();
      shared.advance(10, 3, 4);
      await store.sync();
      const previous = await shared.onDisk();
      const before = fs.readFileSync(shared.cacheFile);

      shared.advance(10, 5, 6);
      const crash = await crashWriter(['catalog', shared.cacheFile, shared.service.url, shared.service.key]);
      assert.equal(crash.signal, 'SIGKILL', crash.stderr);
      const [leftover] = temporaryFiles(folder);
      assert.ok(
        leftover !== undefined && fs.statSync(path.join(folder, leftover)).size > 100_000,
        'the crashed writer left its whole temporary file',
      );
      assert.deepEqual(fs.readFileSync(shared.cacheFile), before, 'the cache file is as it was');

      const next = await shared.onDisk();
      assert.deepEqual(
        next.merchants,
        previous.merchants,
        'the previous catalog reads back, the temporary file ignored',
      );
      assert.equal(next.syncedAt, previous.syncedAt);
      assert.match(
        next.log,
        /info Removed 1 temporary merchant cache file\(s\) left by a write that was interrupted\./,
      );
      assert.deepEqual(temporaryFiles(folder), [], 'the leftover is removed');
    } finally {
      await shared.close();
    }
    countCrash();
  });

  it('report cache: the previous report shows, and the next write removes the leftover', async () => {
    const reports = await ReportWindows.start(folder);
    try {
      await reports.open().store.open(reports.query);
      const file = reports.cacheFile();
      const before = fs.readFileSync(file);

      const crash = await crashWriter(['report', file]);
      assert.equal(crash.signal, 'SIGKILL', crash.stderr);
      assert.equal(temporaryFiles(folder).length, 1, 'the crashed writer left its temporary file');
      assert.deepEqual(fs.readFileSync(file), before, 'the report file is as it was');

      const next = reports.open();
      const shown: string[] = [];
      next.store.onDidChange((state) => shown.push(`${state.status} ${state.source}`));
      const state = await next.store.open(reports.query);
      assert.equal(shown[0], 'refreshing cache', 'the previous report shows first');
      assert.equal(state.status, 'ready');
      assert.deepEqual(temporaryFiles(folder), [], 'the leftover is removed');
      assert.equal((await readReportCache(file, 'clicks', state.key)).kind, 'ok');
    } finally {
      await reports.close();
    }
    countCrash();
  });

  it('leaves the temporary file of a writer that may still be writing: its process runs and it changed within the hour', async () => {
    const target = 'catalog-x.json';
    const name = (pid: number, n: number): string => `.${target}.${pid}.0000000${n}-0000-4000-8000-000000000000.tmp`;
    const running = path.join(folder, name(process.pid, 1));
    const stale = path.join(folder, name(process.pid, 2));
    const foreign = path.join(folder, `.report-y.json.${process.pid}.00000003-0000-4000-8000-000000000000.tmp`);
    for (const file of [running, stale, foreign]) {
      fs.writeFileSync(file, 'x');
    }
    const old = new Date(Date.now() - LEFTOVER_AFTER_MS - 60_000);
    fs.utimesSync(stale, old, old);
    fs.utimesSync(foreign, old, old);
    assert.deepEqual(await removeLeftoverTemps(folder, (file) => file === target), [stale]);
    assert.ok(
      fs.existsSync(running) && fs.existsSync(foreign),
      'a running writer’s file, and other files’ temporary files, stay',
    );
  });
});
