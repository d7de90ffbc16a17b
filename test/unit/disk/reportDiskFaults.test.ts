/**
 * The report cache on a disk that fails (issue 16, section 3): full, read-only, or refusing the
 * rename that puts the new file in place. Where the faults are real, a report store refreshes a
 * report on that disk: the refresh succeeds, the log says the write failed and the cached file
 * is left as it was, the previous report is what a new window shows, no temporary file is left,
 * and once the disk works again the next refresh saves the report. Where they are simulated (the
 * report store takes no file operations), the same is checked on the file's writer.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { readReportCache, writeReportCache } from '../../../src/reports/cache/reportCacheFile';
import { reliabilityTally } from '../reliability/reliabilityTally';
import { FaultDisk, MOUNTING, faultName, type DiskFault } from './faultDisk';
import { ReportWindows } from './reportWindows';

const FAULTS: DiskFault[] = ['full', 'read-only', 'rename'];
const LOGGED =
  /warn Could not save the clicks report to the cache \((ENOSPC|EROFS|EBUSY)[^\n]*; the cached file is left as it was\); it is up to date in memory\./;

const temporaryFiles = (folder: string): string[] => fs.readdirSync(folder).filter((name) => name.endsWith('.tmp'));

describe(`report cache on a failing disk (${MOUNTING.real ? 'real faults, through the report store' : `simulated faults, on the file writer: ${MOUNTING.why}`})`, function () {
  this.timeout(30_000);
  let disk: FaultDisk;
  let reports: ReportWindows;
  /** What the last test made, to undo even when it failed half-way. */
  let made: { disk?: FaultDisk; reports?: ReportWindows } = {};

  beforeEach(async () => {
    made = {};
    made.disk = disk = FaultDisk.create();
    made.reports = reports = await ReportWindows.start(disk.folder);
  });
  afterEach(async () => {
    try {
      await made.reports?.close();
    } finally {
      made.disk?.dispose(); // every fault ended, everything unmounted
    }
  });

  for (const fault of FAULTS) {
    it(`${faultName(fault)}: the previous report is kept and the failure says so`, async () => {
      const { store, logger } = reports.open();
      const first = await store.open(reports.query);
      const file = reports.cacheFile();
      const before = fs.readFileSync(file);
      reports.advance(10, 20);

      disk.inject(fault, { room: 4 * 1024, target: file });
      if (MOUNTING.real) {
        const state = await store.open(reports.query);
        disk.clear();
        assert.equal(state.status, 'ready', 'the refresh succeeded');
        assert.match(logger.text(), LOGGED);
      } else {
        const newer = { ...first.report!, savedAt: reports.now.toISOString() };
        await assert.rejects(
          writeReportCache(file, newer, disk.files),
          /^Error: (ENOSPC|EROFS|EBUSY).*; the cached file is left as it was$/,
        );
        disk.clear();
      }
      assert.deepEqual(fs.readFileSync(file), before, 'the report file is as it was');
      assert.deepEqual(temporaryFiles(disk.folder), [], 'no temporary file is left');
      const kept = await readReportCache(file, 'clicks', first.key);
      assert.ok(kept.kind === 'ok');
      assert.deepEqual(kept.report, first.report, 'the previous report reads back');

      reports.advance(10, 5);
      const saved = await store.open(reports.query);
      const read = await readReportCache(file, 'clicks', saved.key);
      assert.ok(read.kind === 'ok');
      assert.deepEqual(
        read.report.windows.map((window) => window.items),
        await reports.clean(),
        'once the disk works again, the next refresh saves the report',
      );

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
