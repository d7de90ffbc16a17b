/**
 * Chaos over the network, the catalog (issue 16, section 2): twenty full syncs of the real
 * CatalogStore, with its real cache file in a temporary folder, through the real client over
 * real HTTP on loopback to the sandbox, each under its own seeded mix of faults. Each sync starts
 * from an older cache and must end identical to a clean sync, or refused cleanly with that
 * cache untouched (see chaosRuns.ts).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cacheFileName } from '../../../src/catalog/cache/cacheFormat';
import { CatalogStore } from '../../../src/catalog/store/catalogStore';
import type { CatalogSnapshot } from '../../../src/catalog/model/catalogTypes';
import type { Sandbox } from '../../../src/sandbox/server';
import { describeFailure } from '../../../src/prompts/failureMessages';
import { RequestBudget } from '../../../src/api/budget/requestBudget';
import { clientFor, NOW, sandbox } from '../helpers/fixtures';
import { plainMerchant } from '../helpers/merchants';
import { RecordingLogger } from '../helpers/recordingLogger';
import {
  counted,
  refusalCause,
  runChaos,
  settle,
  unclearRefusal,
  within,
  type RunOutcome,
  type RunResult,
} from './chaosRuns';
import { faultPlan, type FaultPlan } from './faultPlan';

const MERCHANTS = 5_000;
/** 10 pages of 500; each may take 4 attempts. */
const PLAN = { requests: 40, path: 'merchant', slowBodyMs: [10, 40] } as const;
const RUNS = 20;
const FIRST_SEED = 160_200;
/**
 * The client's own retries, with the default number of attempts and backoffs of milliseconds;
 * a budget without windows whose refusals (429, 503) hold milliseconds, not seconds: these runs
 * test what survives faults, not the waits of the rate limit (clientResilience.test.ts does).
 */
const CHAOS_CLIENT = () => ({
  retry: { maxAttempts: 4, baseDelayMs: 2, maxDelayMs: 20, maxRetryAfterMs: 30_000 },
  budget: new RequestBudget({ windows: 'off', refusalMs: 5 }),
});

/** The catalog as the user sees it: every merchant, field by field, in the store's order. */
function catalogText(snapshot: CatalogSnapshot): string {
  return JSON.stringify([...snapshot.merchants].map(([key, merchant]) => [key, plainMerchant(merchant)]));
}

describe('catalog sync under network faults', function () {
  this.timeout(180_000);
  let service: Sandbox;
  let root: string;
  /** The cache file of a sync before the merchants changed: where every run starts. */
  let previousBytes: Buffer;
  let previousCatalog: string;
  /** What a clean full sync of the changed merchants holds. */
  let cleanCatalog: string;

  before(async () => {
    service = await sandbox({ merchants: MERCHANTS, clicks: 10, actions: 10 });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-chaos-'));
    const before = await syncCleanly('before');
    previousBytes = fs.readFileSync(before.file);
    previousCatalog = before.catalog;
    [7, 2_500, 4_999].forEach((index) => service.touchMerchant(index));
    cleanCatalog = (await syncCleanly('clean')).catalog;
    assert.notEqual(cleanCatalog, previousCatalog, 'the merchants changed between the two clean syncs');
  });
  after(async () => {
    await service?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** A full sync without faults in a folder of its own. */
  async function syncCleanly(name: string): Promise<{ file: string; catalog: string }> {
    const folder = path.join(root, name);
    const { store, close, file } = open(folder);
    try {
      await store.sync({ full: true });
      return { file, catalog: catalogText(store.snapshot) };
    } finally {
      await close();
    }
  }

  function open(folder: string) {
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, cacheFileName(service.url, service.key));
    const client = clientFor(service, CHAOS_CLIENT());
    const logger = new RecordingLogger();
    const store = new CatalogStore({
      cacheFile: file,
      baseUrl: service.url,
      source: async () => client,
      logger,
      now: () => NOW,
    });
    return {
      store,
      file,
      logger,
      close: async () => {
        store.dispose();
        await client.close();
      },
    };
  }

  /** What the folder holds besides the cache file: a journal, a temporary file. */
  const strayFiles = (folder: string, file: string): string[] =>
    fs.readdirSync(folder).filter((name) => name !== path.basename(file));

  /** One full sync from the previous cache under `plan`'s faults, judged. */
  async function run(plan: FaultPlan, number: number): Promise<RunResult> {
    const folder = path.join(root, `run-${number}`);
    fs.mkdirSync(folder);
    const { store, file, close } = open(folder);
    fs.writeFileSync(file, previousBytes);
    try {
      assert.equal(await store.loadCache(), 'loaded');
      const shown = store.snapshot;
      const before = service.stats();
      service.setFaults(plan.spec);
      let error: unknown;
      let synced = false;
      try {
        await within(store.sync({ full: true }), 30_000, 'the sync');
        synced = true;
      } catch (caught) {
        error = caught;
      } finally {
        service.setFaults('');
      }
      return {
        outcome: synced ? await judgeSync(store, folder, file) : judgeRefusal(error, store, shown, folder, file),
        ...counted(before, service.stats()),
      };
    } finally {
      await close();
    }
  }

  async function judgeSync(store: CatalogStore, folder: string, file: string): Promise<RunOutcome> {
    if (catalogText(store.snapshot) !== cleanCatalog) {
      return { kind: 'failed', reason: 'the sync succeeded with a catalog other than a clean sync’s' };
    }
    if (store.status.state !== 'idle') {
      return { kind: 'failed', reason: `the sync succeeded but the status is ${store.status.state}` };
    }
    if (strayFiles(folder, file).length > 0) {
      return { kind: 'failed', reason: `files left beside the cache: ${strayFiles(folder, file).join(', ')}` };
    }
    const reopened = open(folder);
    try {
      if ((await reopened.store.loadCache()) !== 'loaded' || catalogText(reopened.store.snapshot) !== cleanCatalog) {
        return { kind: 'failed', reason: 'the cache written reads back as another catalog' };
      }
    } finally {
      await reopened.close();
    }
    return { kind: 'identical' };
  }

  function judgeRefusal(
    error: unknown,
    store: CatalogStore,
    shown: CatalogSnapshot,
    folder: string,
    file: string,
  ): RunOutcome {
    const message = describeFailure(error, 'Loading merchants').message;
    const unclear = unclearRefusal(error, message, service.key);
    if (unclear !== undefined) {
      return { kind: 'failed', reason: unclear };
    }
    const status = store.status;
    if ((status.state !== 'failed' && status.state !== 'offline') || status.error !== error) {
      return { kind: 'failed', reason: `refused, but the store's status is ${status.state}, not the failure` };
    }
    if (store.snapshot !== shown || catalogText(store.snapshot) !== previousCatalog) {
      return { kind: 'failed', reason: 'refused, but the catalog shown changed' };
    }
    if (!fs.readFileSync(file).equals(previousBytes)) {
      return { kind: 'failed', reason: 'refused, but the cache file changed' };
    }
    if (strayFiles(folder, file).length > 0) {
      return {
        kind: 'failed',
        reason: `refused, with files left beside the cache: ${strayFiles(folder, file).join(', ')}`,
      };
    }
    return { kind: 'refused', message, cause: refusalCause(error) };
  }

  it(`ends each of ${RUNS} full syncs under faults identical to a clean sync, or refused cleanly with the previous cache untouched`, async () => {
    await runChaos('catalog sync under faults', RUNS, (number) => faultPlan(number, FIRST_SEED + number, PLAN), run);
  });

  describe('regressions', () => {
    it('seed 160201: a page cut off midway is asked for again, and the sync ends identical (it was refused)', async () => {
      const { outcome } = await settle(() => run(faultPlan(1, 160_201, PLAN), 101));
      assert.deepEqual(outcome, { kind: 'identical' });
    });

    it('seed 160207: a page that is not JSON is refused with what to do (the message said only what happened)', async () => {
      const { outcome } = await settle(() => run(faultPlan(7, 160_207, PLAN), 107));
      assert.equal(outcome.kind, 'refused', JSON.stringify(outcome));
      assert.match(
        outcome.kind === 'refused' ? outcome.message : '',
        /is not valid JSON .* Try again later; if it keeps happening, check the service address \(affiliateLinks\.baseUrl\)/,
      );
    });
  });
});
