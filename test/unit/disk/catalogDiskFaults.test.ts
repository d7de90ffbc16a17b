/**
 * The catalog cache on a disk that fails (issue 16, section 3): full, read-only, or refusing the
 * rename that puts a new cache file in place, during a full sync, an incremental sync that
 * appends to the journal, and one that rewrites the file. The sync still succeeds (the catalog
 * is up to date in memory); the log says what failed and that the previous cache is kept; the
 * file and its journal read back as before, with no temporary file left; once the disk works
 * again, the next sync saves everything. Real faults where the machine allows it (see
 * `faultDisk.ts`), injected ones otherwise, as each title says.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { journalFileOf } from '../../../src/catalog/cache/cacheFormat';
import { reliabilityTally } from '../reliability/reliabilityTally';
import { FaultDisk, MOUNTING, faultName, type DiskFault } from './faultDisk';
import { SharedCache, sortedByKey } from './windows';

type SyncKind = 'full' | 'incremental' | 'compacting';

interface Case {
  fault: DiskFault;
  sync: SyncKind;
  /** What the log must say. */
  log: RegExp;
}

const SAVE =
  /warn Could not save the merchant cache \((ENOSPC|EROFS|EBUSY)[^\n]*\); the previous cache file is kept, and the catalog is up to date in memory\./;
const APPEND =
  /warn Could not append to the merchant cache journal \((ENOSPC|EROFS)[^\n]*\); the cache keeps the syncs before, and the catalog is up to date in memory\./;

const CASES: Case[] = [
  { fault: 'full', sync: 'full', log: SAVE },
  { fault: 'read-only', sync: 'full', log: SAVE },
  { fault: 'rename', sync: 'full', log: SAVE },
  { fault: 'full', sync: 'incremental', log: APPEND },
  { fault: 'read-only', sync: 'incremental', log: APPEND },
  { fault: 'full', sync: 'compacting', log: SAVE },
  { fault: 'read-only', sync: 'compacting', log: SAVE },
  { fault: 'rename', sync: 'compacting', log: SAVE },
];

/** Merchants an incremental sync changes; past 10% of the 1,200 the journal is compacted. */
const CHANGED: Record<SyncKind, number> = { full: 4, incremental: 4, compacting: 150 };

function readIfThere(file: string): Buffer | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

describe(`catalog cache on a failing disk (${MOUNTING.real ? 'real faults' : `simulated faults: ${MOUNTING.why}`})`, function () {
  this.timeout(30_000);
  let disk: FaultDisk;
  let shared: SharedCache;
  /** What the last test made, to undo even when it failed half-way. */
  let made: { disk?: FaultDisk; shared?: SharedCache } = {};

  beforeEach(async () => {
    made = {};
    made.disk = disk = FaultDisk.create();
    made.shared = shared = await SharedCache.start(disk.folder);
  });
  afterEach(async () => {
    try {
      await made.shared?.close();
    } finally {
      made.disk?.dispose(); // every fault ended, everything unmounted
    }
  });

  for (const { fault, sync, log } of CASES) {
    it(`${faultName(fault)} during ${sync === 'incremental' ? 'an' : 'a'} ${sync} sync: the previous cache is kept and the log says so`, async () => {
      const { store, logger } = shared.open({ files: disk.files });
      await store.sync();
      shared.advance(10, 1, 5);
      await store.sync();
      const cacheFile = shared.cacheFile;
      const journal = journalFileOf(cacheFile);
      const before = { file: fs.readFileSync(cacheFile), journal: readIfThere(journal) };
      assert.ok(before.journal !== undefined, 'the previous cache has a journal');
      const previous = await shared.onDisk();

      shared.advance(10, 7, CHANGED[sync]);
      disk.inject(fault, { room: sync === 'incremental' ? 0 : 64 * 1024, target: cacheFile });
      const result = await store.sync({ full: sync === 'full' });
      disk.clear();

      assert.equal(result.kind, sync === 'full' ? 'full' : 'incremental');
      assert.deepEqual(store.status, { state: 'idle' }, 'the sync succeeded');
      assert.deepEqual(
        sortedByKey(store.snapshot.merchants.values()),
        shared.truth(),
        'the catalog is up to date in memory',
      );
      assert.match(logger.text(), log);
      assert.deepEqual(fs.readFileSync(cacheFile), before.file, 'the cache file is as it was');
      const after = readIfThere(journal)!;
      assert.deepEqual(after.subarray(0, before.journal.length), before.journal, 'the journal keeps its lines');
      assert.ok(
        !after.subarray(before.journal.length).includes(0x0a),
        'at most a torn line is added, which readers ignore',
      );
      const kept = await shared.onDisk();
      assert.deepEqual(kept.merchants, previous.merchants, 'the previous catalog reads back');
      assert.equal(kept.syncedAt, previous.syncedAt);
      assert.deepEqual(shared.temporaryFiles(), [], 'no temporary file is left');

      shared.advance(10, 11, 3);
      await store.sync();
      const saved = await shared.onDisk();
      assert.deepEqual(saved.merchants, shared.truth(), 'once the disk works again, the next sync saves everything');
      assert.deepEqual(shared.temporaryFiles(), []);

      const tally = reliabilityTally();
      tally.count('disk faults', {
        tried: 1,
        real: Number(MOUNTING.real),
        simulated: Number(!MOUNTING.real),
        'kept the previous cache and said so': 1,
        'saved in full once the disk worked': 1,
      });
      (MOUNTING.real ? tally.real : tally.simulated).call(tally, 'disk faults', faultName(fault));
    });
  }
});
