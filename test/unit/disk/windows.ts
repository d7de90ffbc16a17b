/**
 * Windows sharing one catalog cache, for the disk tests: each window is a `CatalogStore` with
 * its own client over real HTTP to the sandbox, all on the same cache file; the sandbox's clock
 * is the tests' own, so a touched merchant is newer than the last sync. `onDisk()` reads what a
 * newly opened window would show, `truth()` is the sandbox's catalog.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AffiliateServiceClient } from '../../../src/api/client';
import { normalizeMerchant } from '../../../src/api/normalize/merchant';
import type { Merchant } from '../../../src/api/types';
import { cacheFileName } from '../../../src/catalog/cache';
import { CatalogStore, type CatalogStoreOptions } from '../../../src/catalog/store/catalogStore';
import { merchantKey } from '../../../src/merchant/merchantKey';
import { startSandbox, type Sandbox } from '../../../src/sandbox/server';
import { clientFor } from '../helpers/fixtures';
import { plainMerchant } from '../helpers/merchants';
import { RecordingLogger } from '../helpers/recordingLogger';

export const MINUTE = 60_000;

export interface Window {
  store: CatalogStore;
  logger: RecordingLogger;
}

/** What a window shows: its merchants as plain objects sorted by key, and the time of their sync. */
export interface Shown {
  merchants: Merchant[];
  syncedAt: string | null;
}

function sortedByKey(merchants: Iterable<Merchant>): Merchant[] {
  return [...merchants].map(plainMerchant).sort((a, b) => (merchantKey(a) < merchantKey(b) ? -1 : 1));
}

export class SharedCache {
  private readonly clients: AffiliateServiceClient[] = [];
  /** Milliseconds the windows' clocks have ticked since the last `advance`: no two calls see the same time. */
  private ticks = 0;
  private readonly stores: CatalogStore[] = [];

  private constructor(
    readonly service: Sandbox,
    readonly folder: string,
    private readonly clock: { now: Date },
  ) {}

  /** A sandbox of `merchants` merchants and a cache file in `folder` (which must exist). */
  static async start(folder: string, merchants = 1_200): Promise<SharedCache> {
    const clock = { now: new Date('2026-11-21T12:00:00Z') };
    const service = await startSandbox({ merchants, clicks: 10, actions: 10, seed: 11, now: () => clock.now });
    return new SharedCache(service, folder, clock);
  }

  /** The clock of the sandbox and of every window. */
  get now(): Date {
    return this.clock.now;
  }

  get cacheFile(): string {
    return path.join(this.folder, cacheFileName(this.service.url, this.service.key));
  }

  /** Opens a window on the shared cache; `options` replace the defaults (the tests' clock, a recording logger). */
  open(options: Partial<CatalogStoreOptions> = {}): Window {
    const client = clientFor(this.service, { now: () => this.now });
    this.clients.push(client);
    const logger = new RecordingLogger();
    const now = (): Date => new Date(this.clock.now.getTime() + ++this.ticks);
    const store = new CatalogStore({ cacheFile: this.cacheFile, baseUrl: this.service.url, source: async () => client, logger, now, ...options });
    this.stores.push(store);
    return { store, logger };
  }

  /** Moves the clock (the sandbox's; the windows' tick on from there) on and changes `count` merchants (from storage index `first`, every 97th). */
  advance(minutes: number, first = 0, count = 0): void {
    this.clock.now = new Date(this.clock.now.getTime() + minutes * MINUTE);
    this.ticks = 0;
    const total = this.service.dataset.merchants.length;
    for (let i = 0; i < count; i++) {
      this.service.touchMerchant((first + i * 97) % total);
    }
  }

  /** The sandbox's catalog, as a window shows it. */
  truth(): Merchant[] {
    return sortedByKey(
      this.service.dataset.merchants.map((raw) => {
        const result = normalizeMerchant(raw);
        assert.ok(result.ok);
        return result.value;
      }),
    );
  }

  /** What a window opened now would show from the cache, and what it logged reading it. */
  async onDisk(): Promise<Shown & { log: string }> {
    const { store, logger } = this.open();
    try {
      const load = await store.loadCache();
      assert.equal(load, 'loaded', `the cache reads back (${logger.text()})`);
      return { merchants: sortedByKey(store.snapshot.merchants.values()), syncedAt: store.snapshot.syncedAt, log: logger.text() };
    } finally {
      store.dispose();
    }
  }

  /** Temporary files in the cache folder. */
  temporaryFiles(): string[] {
    return fs.readdirSync(this.folder).filter((name) => name.endsWith('.tmp'));
  }

  async close(): Promise<void> {
    this.stores.forEach((store) => store.dispose());
    await Promise.all(this.clients.map((client) => client.close()));
    await this.service.close();
  }
}

export { sortedByKey };
