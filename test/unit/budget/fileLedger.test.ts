/**
 * The request ledger shared by windows (src/api/budget/fileLedger.ts), with real files: two
 * processes taking slots together stay within the windows together; truncation, garbage and
 * a writer killed mid-line spoil nothing beyond their own lines; a file that cannot be used is
 * started again; a folder that cannot be written leaves the window counting on its own, never
 * stopping requests; files older than the window are removed.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UNWRITTEN_COUNTS_MS, snapshotOf, type LedgerEntry } from '../../../src/api/budget/budgetLedger';
import { FileLedger, LEDGER_BUCKET_MS, ledgerLine, parseLedgerLine } from '../../../src/api/budget/fileLedger';
import { RequestBudget } from '../../../src/api/budget/requestBudget';

const ADDRESS = 'http://127.0.0.1:1';
const NOW = 1_800_000_100_000;

/** Runs budgetProcess.ts; resolves with the grant times it printed. */
function budgetProcess(folder: string, limit: string, count: number, crash = false): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(__dirname, 'budgetProcess.ts'),
        folder,
        limit,
        String(count),
        ...(crash ? ['crash'] : []),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(out.trim().split('\n').map(Number))
        : reject(new Error(`budget process exited ${code}: ${err}`)),
    );
  });
}

describe('request ledger in files', function () {
  this.timeout(60_000);
  let folder: string;
  const logs: string[] = [];
  const ledger = (now = () => NOW): FileLedger =>
    new FileLedger({ folder, address: ADDRESS, log: (line) => logs.push(line), now });
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'request-ledger-'));
    logs.length = 0;
  });
  afterEach(() => {
    fs.chmodSync(folder, 0o700);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('reads back what it appended, in order, across the bucket it falls in and the one before', async () => {
    const files = ledger();
    const entries: LedgerEntry[] = [
      { kind: 'send', t: NOW - LEDGER_BUCKET_MS, id: 'a:1' },
      { kind: 'send', t: NOW - 10, id: 'b:1' },
      { kind: 'cancel', t: NOW - 5, id: 'b:1' },
      { kind: 'hold', t: NOW, until: NOW + 4_000 },
      { kind: 'send', t: NOW - 400, id: 'c:1', pending: true },
      { kind: 'wrote', t: NOW - 100, id: 'c:1' },
      { kind: 'send', t: NOW - 300, id: 'c:2', pending: true },
    ];
    for (const entry of entries) {
      await files.append(entry);
    }
    assert.deepEqual(await files.read(NOW, 303_100), entries);
    // c:1 counts when it was written; c:2, not yet written, as going now.
    assert.deepEqual(snapshotOf(entries, NOW, 303_100), {
      sends: [NOW - LEDGER_BUCKET_MS, NOW - 100, NOW],
      holdUntil: NOW + 4_000,
    });
    for (const entry of entries) {
      assert.deepEqual(parseLedgerLine(ledgerLine(entry)), entry);
    }
  });

  it('counts a pending send at its write, as going now until then, and at its time once unwritten for UNWRITTEN_COUNTS_MS', () => {
    const pending: LedgerEntry = { kind: 'send', t: NOW, id: 'a:1', pending: true };
    assert.deepEqual(snapshotOf([pending], NOW + 200, 303_100).sends, [NOW + 200], 'going now');
    assert.deepEqual(snapshotOf([pending, { kind: 'wrote', t: NOW + 150, id: 'a:1' }], NOW + 200, 303_100).sends, [
      NOW + 150,
    ]);
    assert.deepEqual(snapshotOf([pending], NOW + UNWRITTEN_COUNTS_MS + 1, 303_100).sends, [NOW], 'its window closed');
    // A send of an earlier version, or one written at its grant, counts at its time.
    assert.deepEqual(snapshotOf([{ kind: 'send', t: NOW, id: 'a:2' }], NOW + 200, 303_100).sends, [NOW]);
    // A write that stands after the send of `before` still tells when the sends before it went.
    assert.deepEqual(
      snapshotOf(
        [pending, { kind: 'send', t: NOW + 100, id: 'b:1', pending: true }, { kind: 'wrote', t: NOW + 50, id: 'a:1' }],
        NOW + 200,
        303_100,
        'b:1',
      ).sends,
      [NOW + 50],
    );
  });

  it('keeps two processes taking slots at once within the windows together', async () => {
    const [a, b] = await Promise.all([budgetProcess(folder, '3/1', 6), budgetProcess(folder, '3/1', 6)]);
    assert.equal(a!.length + b!.length, 12);
    // The sends as the ledger holds them (a process's own clock readings lag under load; the ledger's times are the slots).
    const now = Date.now();
    const sends = snapshotOf(await ledger(() => now).read(now, 303_100), now, 303_100).sends.sort((x, y) => x - y);
    assert.equal(sends.length, 12, 'every send of both processes is in the ledger, none taken back twice');
    for (const time of sends) {
      const inSecond = sends.filter((other) => other > time - 1_000 && other <= time).length;
      assert.ok(
        inSecond <= 3,
        `${inSecond} sends in the second ending at ${time}: ${sends.map((other) => other - sends[0]!).join(', ')}`,
      );
    }
    assert.ok(sends.at(-1)! - sends[0]! >= 3 * 1_000, 'twelve sends at 3 a second span at least three seconds');
  });

  it('skips garbage, a torn line of a killed writer and a truncated file, and reads every whole entry', async () => {
    await budgetProcess(folder, '10/1', 3, true);
    const [name] = fs.readdirSync(folder);
    const file = path.join(folder, name!);
    fs.appendFileSync(file, 'garbage\u0000\n{"s":"no"}\n[1,2]\n{"h":5}\n');
    const now = Date.now();
    const afterCrash = ledger(() => now);
    await afterCrash.append({ kind: 'send', t: now, id: 'next:1' });
    // Counted as the budget counts them: a slot taken again (a grant that came late on a busy
    // machine) leaves a send and its cancel, which count for nothing.
    const read = await afterCrash.read(now, 303_100);
    assert.equal(
      snapshotOf(read, now, 303_100).sends.length,
      4,
      'three sends of the killed writer and the one after its torn line',
    );
    fs.truncateSync(file, fs.statSync(file).size - 5);
    const cut = await afterCrash.read(now, 303_100);
    assert.equal(snapshotOf(cut, now, 303_100).sends.length, 3, 'the entry cut off is skipped, the others read');
  });

  it('ignores entries no clock of the machine wrote: a send far in the future, a hold past the longest window', () => {
    const entries: LedgerEntry[] = [
      { kind: 'send', t: NOW + 3_600_000, id: 'x:1' },
      { kind: 'hold', t: NOW, until: NOW + 3_600_000 },
      { kind: 'send', t: NOW - 1, id: 'y:1' },
    ];
    assert.deepEqual(snapshotOf(entries, NOW, 303_100), { sends: [NOW - 1], holdUntil: 0 });
  });

  it('starts a file that cannot be read again (a folder in its place), and goes on counting', async () => {
    const files = ledger();
    await files.append({ kind: 'send', t: NOW, id: 'a:1' });
    const [name] = fs.readdirSync(folder);
    fs.rmSync(path.join(folder, name!));
    fs.mkdirSync(path.join(folder, name!, 'inside'), { recursive: true });
    assert.deepEqual(await files.read(NOW, 303_100), []);
    assert.ok(
      logs.some((line) => /could not be used \(EISDIR\); started again/.test(line)),
      logs.join('\n'),
    );
    await files.append({ kind: 'send', t: NOW + 1, id: 'a:2' });
    assert.deepEqual(await files.read(NOW + 1, 303_100), [{ kind: 'send', t: NOW + 1, id: 'a:2' }]);
  });

  it('counts on its own when the folder cannot be written, never refusing a request, and tries the file again a minute later', async function () {
    if (process.getuid?.() === 0) {
      // Root writes anyway: a file in the folder's place stands for a folder that cannot be made.
      fs.rmSync(folder, { recursive: true });
      fs.writeFileSync(folder, 'not a folder');
    } else {
      fs.chmodSync(folder, 0o500);
    }
    let now = NOW;
    const files = new FileLedger({ folder, address: ADDRESS, log: (line) => logs.push(line), now: () => now });
    const budget = new RequestBudget({
      windows: [{ requests: 100, seconds: 1 }],
      ledger: files,
      clock: { now: () => now, sleep: async () => undefined },
    });
    for (let index = 0; index < 5; index++) {
      assert.equal(await budget.take('foreground'), true);
    }
    assert.equal(budget.counts.sent, 5);
    assert.match(files.description, /this window only/);
    assert.ok(
      logs.some((line) => /keeps its own count for a minute/.test(line)),
      logs.join('\n'),
    );
    assert.equal((await files.read(now, 303_100)).filter((entry) => entry.kind === 'send').length, 5, 'its own count');
    if (fs.statSync(folder).isFile()) {
      fs.rmSync(folder);
    } else {
      fs.chmodSync(folder, 0o700);
    }
    now += 61_000;
    await files.append({ kind: 'send', t: now, id: 'z:1' });
    assert.match(files.description, /shared by every window/);
    assert.ok(fs.readdirSync(folder).length === 1, 'the shared file is written again');
  });

  it('removes the files of buckets older than the longest window', async () => {
    const old = ledger();
    await old.read(NOW, 303_100);
    for (const age of [0, 1, 2, 3, 5]) {
      await old.append({ kind: 'send', t: NOW - age * LEDGER_BUCKET_MS, id: `a:${age}` });
    }
    const later = ledger(() => NOW + LEDGER_BUCKET_MS);
    await later.read(NOW + LEDGER_BUCKET_MS, 303_100);
    await later.append({ kind: 'send', t: NOW + LEDGER_BUCKET_MS, id: 'b:1' });
    const buckets = fs
      .readdirSync(folder)
      .map((name) => Number(/-(\d+)\.ledger$/.exec(name)![1]))
      .sort();
    const now = Math.floor((NOW + LEDGER_BUCKET_MS) / LEDGER_BUCKET_MS);
    assert.deepEqual(buckets, [now - 3, now - 2, now - 1, now]);
  });
});
