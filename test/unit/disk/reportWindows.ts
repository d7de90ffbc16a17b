/**
 * Windows sharing one report cache, for the disk tests: each a `ReportStore` with its own
 * client over real HTTP to the sandbox, all on the same cache folder, on the tests' clock.
 * `clean()` reads the report afresh into a folder of its own: what a cached one must equal.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AffiliateServiceClient } from '../../../src/api/client';
import { fromDayNumber, toDayNumber } from '../../../src/api/calendarDate';
import type { ClickItem } from '../../../src/api/types';
import { reportCacheFileName } from '../../../src/reports/cache/reportCacheFile';
import { periodWindows } from '../../../src/reports/model/reportPeriods';
import { queryKey, ReportStore, type StoreQuery } from '../../../src/reports/store/reportStore';
import { startSandbox, type Sandbox } from '../../../src/sandbox/server';
import { clientFor } from '../helpers/fixtures';
import { RecordingLogger } from '../helpers/recordingLogger';

export class ReportWindows {
  private readonly clients: AffiliateServiceClient[] = [];
  private readonly stores: ReportStore[] = [];
  /** Clicks of the last 150 days: two windows of at most 120 days. */
  readonly query: StoreQuery<'clicks'>;

  private constructor(
    readonly service: Sandbox,
    readonly folder: string,
    private readonly clock: { now: Date },
  ) {
    const today = clock.now.toISOString().slice(0, 10);
    this.query = { kind: 'clicks', period: { from: fromDayNumber(toDayNumber(today)! - 149), to: today }, filters: {} };
  }

  static async start(folder: string): Promise<ReportWindows> {
    const clock = { now: new Date('2026-11-21T12:00:00Z') };
    const service = await startSandbox({
      merchants: 50,
      clicks: 3_000,
      actions: 10,
      seed: 5,
      historyDays: 160,
      now: () => clock.now,
    });
    return new ReportWindows(service, folder, clock);
  }

  get now(): Date {
    return this.clock.now;
  }

  cacheFile(folder = this.folder): string {
    return path.join(folder, reportCacheFileName(this.service.url, this.service.key, 'clicks', queryKey(this.query)));
  }

  open(folder = this.folder): { store: ReportStore; logger: RecordingLogger } {
    const client = clientFor(this.service, { now: () => this.clock.now });
    this.clients.push(client);
    const logger = new RecordingLogger();
    const store = new ReportStore({
      cacheFileOf: (kind, key) => path.join(folder, reportCacheFileName(this.service.url, this.service.key, kind, key)),
      cacheFolder: folder,
      source: async () => client,
      windowsOf: periodWindows,
      logger,
      baseUrl: this.service.url,
      now: () => this.clock.now,
    });
    this.stores.push(store);
    return { store, logger };
  }

  /** Moves the clock on and changes `count` clicks and actions. */
  advance(minutes: number, count = 0): void {
    this.clock.now = new Date(this.clock.now.getTime() + minutes * 60_000);
    if (count > 0) {
      this.service.touchReports(count);
    }
  }

  /** The report's items read afresh, window by window, into a folder of its own. */
  async clean(): Promise<ClickItem[][]> {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clean-report-'));
    try {
      const state = await this.open(folder).store.open(this.query);
      return state.report!.windows.map((window) => window.items);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {
    this.stores.forEach((store) => store.dispose());
    await Promise.all(this.clients.map((client) => client.close()));
    await this.service.close();
  }
}
