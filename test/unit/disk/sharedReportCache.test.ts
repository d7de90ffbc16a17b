/**
 * Two windows sharing one report cache (issue 16, section 3): two report stores on the same
 * folder refresh the same report against the sandbox over real HTTP, together, one while the
 * other reads, or one after the other, the service's clicks changing between rounds. After every
 * round the cached file reads back as a clean read of the report, and no temporary file is left.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readReportCache } from '../../../src/reports/cache/reportCacheFile';
import type { ReportStore } from '../../../src/reports/store/reportStore';
import { reliabilityTally } from '../reliability/reliabilityTally';
import { ReportWindows } from './reportWindows';

type Start = 'together' | 'during' | 'after';
const ROUNDS: Array<{ touched: number; start: Start }> = [
  { touched: 0, start: 'together' },
  { touched: 30, start: 'together' },
  { touched: 10, start: 'during' },
  { touched: 25, start: 'after' },
  { touched: 5, start: 'during' },
  { touched: 40, start: 'together' },
];

describe('two windows sharing one report cache', function () {
  this.timeout(30_000);
  let folder: string;
  let reports: ReportWindows;

  beforeEach(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-reports-'));
    reports = await ReportWindows.start(folder);
  });
  afterEach(async () => {
    try {
      await reports?.close();
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('after every round of refreshes the file reads back as a clean read, with no temporary file left', async () => {
    const [a, b] = [reports.open().store, reports.open().store];
    const refresh = (store: ReportStore): Promise<unknown> => store.open(reports.query);
    for (const [index, round] of ROUNDS.entries()) {
      reports.advance(15, round.touched);
      if (round.start === 'after') {
        await refresh(a);
        await refresh(b);
      } else if (round.start === 'during') {
        let second: Promise<unknown> | undefined;
        const subscription = a.onDidProgress(() => (second ??= refresh(b)));
        await refresh(a);
        subscription.dispose();
        await (second ?? refresh(b));
      } else {
        await Promise.all([refresh(a), refresh(b)]);
      }
      const what = `round ${index + 1} ${JSON.stringify(round)}`;
      const file = await readReportCache(reports.cacheFile(), 'clicks', a.state(reports.query)!.key);
      assert.ok(file.kind === 'ok', what);
      assert.deepEqual(
        file.report.windows.map((window) => window.items),
        await reports.clean(),
        `${what}: the file reads back as a clean read`,
      );
      assert.deepEqual(
        fs.readdirSync(folder).filter((name) => name.endsWith('.tmp')),
        [],
        `${what}: no temporary file left`,
      );
    }
    reliabilityTally().count('shared report cache', {
      'rounds of two windows': ROUNDS.length,
      refreshes: 2 * ROUNDS.length,
      lost: 0,
      'temporary files left': 0,
    });
  });
});
