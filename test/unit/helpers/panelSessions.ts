/**
 * Report panel sessions for the unit tests: a real ReportStore over a client of a sandbox (or
 * of an address nothing answers at), with its cache in a temporary folder, and a way to wait
 * for the snapshot a test expects.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { reportCacheFileName } from '../../../src/reports/cache/reportCacheFile';
import { periodWindows } from '../../../src/reports/model/reportPeriods';
import { ReportStore } from '../../../src/reports/store/reportStore';
import { ReportPanelSession, type PanelSessionOptions } from '../../../src/reports/panel/reportPanelSession';
import { defaultPanelState } from '../../../src/reports/model/reportVocabulary';
import type { PanelSnapshot, PanelState } from '../../../src/reports/panel/protocol';
import { clientFor, NOW } from './fixtures';
import { RecordingLogger } from './recordingLogger';

export const TODAY = NOW.toISOString().slice(0, 10);

export function panelState(fields: Partial<PanelState> = {}): PanelState {
  return { ...defaultPanelState(), ...fields };
}

export interface PanelFixture {
  session: ReportPanelSession;
  store: ReportStore;
  log: RecordingLogger;
  /** Every snapshot fired, in order. */
  fired: PanelSnapshot[];
  /** The current snapshot once it satisfies `test` (at once if it already does). */
  until(test: (snapshot: PanelSnapshot) => boolean, timeoutMs?: number): Promise<PanelSnapshot>;
}

/** Sessions and folders made by `openPanel`, let go by `closePanels` (call it in afterEach). */
export class PanelPool {
  private readonly fixtures: PanelFixture[] = [];
  private readonly folders: string[] = [];

  folder(): string {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-report-panel-'));
    this.folders.push(folder);
    return folder;
  }

  /** A session on a store of `folder`; `now`: the store's clock (a later window reads what an earlier one cached). */
  open(
    target: { url: string; key?: string },
    folder: string,
    options: Partial<PanelSessionOptions> = {},
    now: () => Date = () => NOW,
  ): PanelFixture {
    const log = new RecordingLogger();
    const client = clientFor(target);
    const store = new ReportStore({
      cacheFileOf: (kind, key) =>
        path.join(folder, reportCacheFileName(target.url, target.key ?? 'sandboxkey', kind, key)),
      cacheFolder: folder,
      source: async () => client,
      windowsOf: periodWindows,
      logger: log,
      baseUrl: target.url,
      now,
    });
    const session = new ReportPanelSession({ store, today: () => TODAY, provisionalDays: 2, logger: log, ...options });
    const fired: PanelSnapshot[] = [];
    session.onDidSnapshot((snapshot) => fired.push(snapshot));
    const until = (test: (snapshot: PanelSnapshot) => boolean, timeoutMs = 15_000) =>
      new Promise<PanelSnapshot>((resolve, reject) => {
        const now = session.current();
        if (now !== undefined && test(now)) {
          resolve(now);
          return;
        }
        const timer = setTimeout(() => {
          listener.dispose();
          reject(
            new Error(
              `no such snapshot within ${timeoutMs} ms; the last: ${JSON.stringify(session.current(), null, 1)?.slice(0, 2_000)}`,
            ),
          );
        }, timeoutMs);
        const listener = session.onDidSnapshot((snapshot) => {
          if (test(snapshot)) {
            clearTimeout(timer);
            listener.dispose();
            resolve(snapshot);
          }
        });
      });
    const fixture = { session, store, log, fired, until };
    this.fixtures.push(fixture);
    return fixture;
  }

  /** Disposes the sessions and stores, then removes their folders; a store may still be writing a cache file there, so removal retries. */
  async close(): Promise<void> {
    for (const { session, store } of this.fixtures.splice(0)) {
      session.dispose();
      store.dispose();
    }
    await Promise.all(
      this.folders
        .splice(0)
        .map((folder) => fs.promises.rm(folder, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 })),
    );
  }
}

/** A selection loaded in full: its report ready, and the previous period's and the other kind's reports there too. */
export function settled(snapshot: PanelSnapshot): boolean {
  if (snapshot.status !== 'ready' || snapshot.summary === undefined) {
    return false;
  }
  const main = snapshot.summary.figures[0]!;
  const hasEpc = snapshot.summary.figures.some((figure) => figure.id.startsWith('epc:'));
  return main.change !== undefined && hasEpc;
}
