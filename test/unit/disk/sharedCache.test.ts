/**
 * Two windows sharing one catalog cache (issue 16, section 3): two stores on the same cache
 * file sync against the sandbox over real HTTP, full syncs and incremental ones appending to
 * the journal, together, one after the other, or one starting while the other walks. After
 * every round the file, with its journal, reads back as the sandbox's catalog as of that round,
 * and no temporary file is left.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Random } from '../../../src/sandbox/random';
import { reliabilityTally } from '../reliability/reliabilityTally';
import { ProcessWindow, SharedCache, type Window } from './windows';

type Sync = 'full' | 'incremental' | 'none';
/** How the two syncs of a round start: at once, B once A has its first page, or B after A. */
type Start = 'together' | 'during' | 'after';

interface Round {
  /** Merchants the service changes before the round. */
  touched: number;
  a: Sync;
  b: Sync;
  start: Start;
}

/** The rounds every run plays first: each way a window can find the file changed under it. */
const CHOSEN: Round[] = [
  { touched: 0, a: 'full', b: 'full', start: 'together' },
  { touched: 5, a: 'incremental', b: 'none', start: 'together' },
  { touched: 5, a: 'none', b: 'incremental', start: 'together' },
  { touched: 5, a: 'incremental', b: 'incremental', start: 'together' },
  { touched: 3, a: 'full', b: 'incremental', start: 'during' },
  { touched: 3, a: 'incremental', b: 'full', start: 'during' },
  { touched: 4, a: 'incremental', b: 'incremental', start: 'after' },
  { touched: 2, a: 'full', b: 'full', start: 'during' },
  { touched: 6, a: 'incremental', b: 'incremental', start: 'during' },
];
const RANDOM_ROUNDS = 12;

function randomRounds(seed: number, count: number): Round[] {
  const random = new Random(seed);
  const pick = <T>(items: readonly T[]): T => items[random.nextUint32() % items.length]!;
  const rounds: Round[] = [];
  while (rounds.length < count) {
    const a = pick<Sync>(['full', 'incremental', 'incremental', 'none']);
    const b = pick<Sync>(['full', 'incremental', 'incremental', 'none']);
    if (a !== 'none' || b !== 'none') {
      rounds.push({ touched: random.nextUint32() % 8, a, b, start: pick<Start>(['together', 'during', 'after']) });
    }
  }
  return rounds;
}

describe('two windows sharing one cache', function () {
  this.timeout(60_000);
  let folder: string;
  let shared: SharedCache;

  beforeEach(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-cache-'));
    shared = await SharedCache.start(folder);
  });
  afterEach(async () => {
    try {
      await shared?.close();
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  async function play(round: Round, windows: [Window, Window]): Promise<number> {
    const [a, b] = windows;
    const run = (window: Window, sync: Sync): Promise<unknown> =>
      sync === 'none' ? Promise.resolve() : window.store.sync({ full: sync === 'full' });
    if (round.start === 'after') {
      await run(a, round.a);
      await run(b, round.b);
    } else if (round.start === 'during' && round.a !== 'none') {
      let second: Promise<unknown> | undefined;
      const first = a.store.sync({ full: round.a === 'full', onProgress: () => (second ??= run(b, round.b)) });
      await first;
      await (second ?? run(b, round.b));
    } else {
      await Promise.all([run(a, round.a), run(b, round.b)]);
    }
    return Number(round.a !== 'none') + Number(round.b !== 'none');
  }

  it('after every round of syncs the file reads back as the sandbox catalog, with no temporary file left', async () => {
    const windows: [Window, Window] = [shared.open(), shared.open()];
    const rounds = [...CHOSEN, ...randomRounds(16, RANDOM_ROUNDS)];
    let syncs = 0;
    for (const [index, round] of rounds.entries()) {
      shared.advance(10, index * 13, round.touched);
      syncs += await play(round, windows);
      const disk = await shared.onDisk();
      const what = `round ${index + 1} ${JSON.stringify(round)}`;
      assert.deepEqual(
        disk.merchants,
        shared.truth(),
        `${what}: the file reads back as the sandbox catalog\nA:\n${windows[0].logger.text()}\nB:\n${windows[1].logger.text()}\ndisk:\n${disk.log}`,
      );
      assert.ok(
        disk.syncedAt !== null && disk.syncedAt > shared.now.toISOString(),
        `${what}: as of this round (synced at ${disk.syncedAt})`,
      );
      assert.deepEqual(shared.temporaryFiles(), [], `${what}: no temporary file left`);
      for (const window of windows) {
        assert.deepEqual(window.store.status, { state: 'idle' }, what);
      }
    }
    reliabilityTally().count('shared catalog cache', {
      'rounds of two windows': rounds.length,
      syncs,
      lost: 0,
      'temporary files left': 0,
    });
  });

  it('two windows in two processes, syncing round after round, leave the file reading back as the sandbox catalog', async function () {
    this.timeout(120_000);
    const windows = [new ProcessWindow(shared, 0), new ProcessWindow(shared, 500)] as const;
    // The chosen rounds, each window's sync in its own process; one that starts while the other walks starts after it here.
    const rounds = [...CHOSEN, ...randomRounds(23, 6)].map((round) => ({
      ...round,
      start: round.start === 'during' ? ('after' as const) : round.start,
    }));
    let syncs = 0;
    try {
      for (const [index, round] of rounds.entries()) {
        shared.advance(10, index * 13, round.touched);
        const run = (window: ProcessWindow, sync: Sync): Promise<void> =>
          sync === 'none' ? Promise.resolve() : window.sync(sync);
        if (round.start === 'after') {
          await run(windows[0], round.a);
          await run(windows[1], round.b);
        } else {
          await Promise.all([run(windows[0], round.a), run(windows[1], round.b)]);
        }
        syncs += Number(round.a !== 'none') + Number(round.b !== 'none');
        const disk = await shared.onDisk();
        const what = `process round ${index + 1} ${JSON.stringify(round)}`;
        assert.deepEqual(
          disk.merchants,
          shared.truth(),
          `${what}: the file reads back as the sandbox catalog\ndisk:\n${disk.log}`,
        );
        assert.ok(
          disk.syncedAt !== null && disk.syncedAt > shared.now.toISOString(),
          `${what}: as of this round (synced at ${disk.syncedAt})`,
        );
        assert.deepEqual(shared.temporaryFiles(), [], `${what}: no temporary file left`);
      }
    } finally {
      await Promise.all(windows.map((window) => window.close()));
    }
    reliabilityTally().count('shared catalog cache', {
      'rounds of two window processes': rounds.length,
      syncs,
      lost: 0,
      'temporary files left': 0,
    });
  });
});
