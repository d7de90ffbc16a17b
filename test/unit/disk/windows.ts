/**
 * Windows sharing one catalog cache, for the disk tests: each window is a `CatalogStore` with
 * its own client over real HTTP to the sandbox, all on the same cache file; the sandbox's clock
 * is the tests' own, so a touched merchant is newer than the last sync. `onDisk()` reads what a
 * newly opened window would show, `truth()` is the sandbox's catalog.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
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
    const store = new CatalogStore({
      cacheFile: this.cacheFile,
      baseUrl: this.service.url,
      source: async () => client,
      logger,
      now,
      ...options,
    });
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
      return {
        merchants: sortedByKey(store.snapshot.merchants.values()),
        syncedAt: store.snapshot.syncedAt,
        log: logger.text(),
      };
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

/**
 * A window in a process of its own (`windowProcess.ts`) on the shared cache: two of them are
 * two VS Code windows, each with its own extension host, as the in-process windows are not.
 */
export class ProcessWindow {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, (reply: ProcessReply) => void>();
  private nextId = 1;
  private stderr = '';

  /** `clockOffsetMs`: how far the window's clock is ahead of the sandbox's (each window's own, as each machine's clock reading differs). */
  constructor(
    private readonly shared: SharedCache,
    clockOffsetMs: number,
  ) {
    this.child = spawn(process.execPath, [
      '--import',
      'tsx',
      path.join(__dirname, 'windowProcess.ts'),
      shared.cacheFile,
      shared.service.url,
      shared.service.key,
      String(clockOffsetMs),
    ]);
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const reply = JSON.parse(line) as ProcessReply;
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
  }

  /** Syncs in the window's process at the sandbox's time; rejects with the window's error. */
  async sync(kind: 'full' | 'incremental'): Promise<void> {
    await this.command(kind);
  }

  /** A window's start with no cache: a full walk unless another window walks now (then its file). */
  async syncShared(): Promise<{ shared: string; merchants: number }> {
    const reply = await this.command('shared');
    return { shared: reply.shared!, merchants: reply.merchants! };
  }

  /** Resolves once the window's process is up and reads commands. */
  async ready(): Promise<void> {
    await this.command('ping');
  }

  private command(kind: 'full' | 'incremental' | 'shared' | 'ping'): Promise<ProcessReply> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const exited = (): void => reject(new Error(`the window process ended: ${this.stderr}`));
      this.child.once('exit', exited);
      this.waiting.set(id, (reply) => {
        this.child.off('exit', exited);
        return reply.ok ? resolve(reply) : reject(new Error(`the window process's sync failed: ${reply.error}`));
      });
      this.child.stdin.write(`${JSON.stringify({ id, sync: kind, now: this.shared.now.toISOString() })}\n`);
    });
  }

  /** Ends the process (its stdin closes, it disposes its store) and waits for it. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) {
        resolve();
        return;
      }
      this.child.once('exit', () => resolve());
      this.child.stdin.end();
    });
  }
}

interface ProcessReply {
  id: number;
  ok: boolean;
  error?: string;
  merchants?: number;
  shared?: string;
}
