import assert from 'node:assert/strict';
import type { ClickItem } from '../../src/api/types';
import {
  mergeItems,
  readWindowInFull,
  refreshWindow,
  reportItemKey,
  runBounded,
  REPORT_PAGE_SIZE,
  type ReadOptions,
} from '../../src/reports/store/reportReader';
import { clientFor } from './helpers/fixtures';
import { startCraftedServer, type CraftedServer } from './helpers/craftedServer';

/** A report service in memory: items kept in report order (updatedAt descending, or ascending when asked), paged by offset. */
class ReportController {
  items: Array<Record<string, unknown>>;
  ascending = false;
  private clock = Date.parse('2026-11-21T10:00:00Z');
  server!: CraftedServer;

  constructor(count: number, nullIds = 0) {
    this.items = Array.from({ length: count }, (_, i) => ({
      id: i < nullIds ? null : `id-${i}`,
      adspaceId: 'platform-1',
      programId: `program-${i % 5}`,
      subId: `slug-${i % 7}`,
      productId: 'MONETIZE_LINK_API',
      date: `2026-11-${String(1 + (i % 20)).padStart(2, '0')}`,
      count: 1,
      // Older the further down the report, a second apart.
      updatedAt: new Date(this.clock - 3_600_000 - i * 1_000).toISOString(),
    }));
  }

  async start(): Promise<this> {
    this.server = await startCraftedServer((request) => {
      const offset = Number(request.query.get('offset') ?? 0);
      const limit = Number(request.query.get('limit') ?? 500);
      const ordered = this.ascending ? [...this.items].reverse() : this.items;
      return { body: { meta: { offset, limit, total: ordered.length }, data: ordered.slice(offset, offset + limit) } };
    });
    return this;
  }

  /** The service's clock moves on; `indexes` are updated now, their counts grow, and they move to the front. */
  touch(indexes: number[]): void {
    this.clock += 60_000;
    const touched = indexes.map((i) => this.items[i]!);
    for (const item of touched) {
      item.count = (item.count as number) + 5;
      item.updatedAt = new Date(this.clock).toISOString();
    }
    this.items = [...touched, ...this.items.filter((item) => !touched.includes(item))];
  }

  now = (): Date => new Date(this.clock);

  requestsSince(before: number): number {
    return this.server.requests.length - before;
  }
}

const keyed = (items: readonly ClickItem[]) => new Map(items.map((item) => [reportItemKey(item), item.count]));
const WINDOW = { from: '2026-07-24', to: '2026-11-21' };

describe('report reader', () => {
  const services: ReportController[] = [];
  async function service(count: number, nullIds = 0): Promise<ReportController> {
    const started = await new ReportController(count, nullIds).start();
    services.push(started);
    return started;
  }
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.server.close()));
  });
  const options = (s: ReportController): ReadOptions => ({ now: s.now, marginMs: 5 * 60_000 });

  it('reads a window in full: every item, in report order, with its total and when the read began', async () => {
    const s = await service(1_234);
    const client = clientFor(s.server);
    const read = await readWindowInFull(client, 'clicks', WINDOW, {}, options(s));
    assert.equal(read.mode, 'full');
    assert.equal(read.window.items.length, 1_234);
    assert.equal(read.window.total, 1_234);
    assert.equal(read.window.readStartedAt, s.now().toISOString());
    assert.deepEqual(
      read.window.items.map((item) => item.id),
      s.items.map((item) => item.id),
    );
    assert.equal(read.requests, Math.ceil(1_234 / REPORT_PAGE_SIZE));
    await client.close();
  });

  it('refreshes an unchanged window with one request', async () => {
    const s = await service(3_000);
    const client = clientFor(s.server);
    const first = await readWindowInFull(client, 'clicks', WINDOW, {}, options(s));
    s.touch([]);
    const before = s.server.requests.length;
    const again = await refreshWindow(client, 'clicks', first.window, {}, options(s));
    assert.equal(again.mode, 'incremental');
    assert.equal(s.requestsSince(before), 1);
    assert.deepEqual(keyed(again.window.items), keyed(first.window.items));
    await client.close();
  });

  const touches: Array<[string, number, number, number[]]> = [
    ['a few items spread over the report', 3_000, 0, [5, 1_400, 2_999]],
    ['600 items, more than a page', 3_000, 0, Array.from({ length: 600 }, (_, i) => i * 5)],
    ['items without an id, merged by date, program, platform, SubID and product', 40, 10, [0, 3, 20]],
  ];
  for (const [name, count, nullIds, indexes] of touches) {
    it(`reads only what changed: ${name}, in at most ceil(changed/500)+2 requests`, async () => {
      const s = await service(count, nullIds);
      const client = clientFor(s.server);
      const first = await readWindowInFull(client, 'clicks', WINDOW, {}, options(s));
      s.touch(indexes);
      const before = s.server.requests.length;
      const again = await refreshWindow(client, 'clicks', first.window, {}, options(s));
      assert.equal(again.mode, 'incremental', again.fallback);
      assert.ok(s.requestsSince(before) <= Math.ceil(indexes.length / 500) + 2, `${s.requestsSince(before)} requests`);
      const truth = await readWindowInFull(client, 'clicks', WINDOW, {}, options(s));
      assert.deepEqual(keyed(again.window.items), keyed(truth.window.items));
      assert.deepEqual(
        again.window.items.slice(0, indexes.length).map((item) => item.count),
        indexes.map(() => 6),
      );
      await client.close();
    });
  }

  it('reads in full again when the merged count disagrees with the total (an item was removed)', async () => {
    const s = await service(1_000);
    const client = clientFor(s.server);
    const first = await readWindowInFull(client, 'clicks', WINDOW, {}, options(s));
    s.items.splice(500, 1);
    s.touch([3]);
    const again = await refreshWindow(client, 'clicks', first.window, {}, options(s));
    assert.equal(again.mode, 'full');
    assert.match(again.fallback ?? '', /1000 items after merging, but the service counts 999/);
    assert.equal(again.window.items.length, 999);
    await client.close();
  });

  it('detects a report that is not ordered by updatedAt descending (the actions report does not say) and reads it in full', async () => {
    const s = await service(1_200);
    s.ascending = true;
    const client = clientFor(s.server);
    const first = await readWindowInFull(client, 'actions', WINDOW, {}, options(s));
    s.touch([7]);
    const again = await refreshWindow(client, 'actions', first.window, {}, options(s));
    assert.equal(again.mode, 'full');
    assert.match(again.fallback ?? '', /not ordered by updatedAt descending/);
    assert.equal(again.window.items.length, 1_200);
    await client.close();
  });

  it('refreshes a descending actions report incrementally', async () => {
    const s = await service(1_200);
    const client = clientFor(s.server);
    const first = await readWindowInFull(client, 'actions', WINDOW, {}, options(s));
    s.touch([7, 900]);
    const before = s.server.requests.length;
    const again = await refreshWindow(client, 'actions', first.window, {}, options(s));
    assert.equal(again.mode, 'incremental', again.fallback);
    assert.equal(s.requestsSince(before), 1);
    assert.equal(again.window.items.length, 1_200);
    await client.close();
  });

  it('sends a chosen platform, program and SubID to the service as query parameters', async () => {
    const s = await service(10);
    const client = clientFor(s.server);
    const filters = {
      adspaceId: 'a5f0c3e2-1b2d-4c3e-8f4a-5b6c7d8e9f00',
      programId: 'b5f0c3e2-1b2d-4c3e-8f4a-5b6c7d8e9f00',
      subId: 'best-running-shoes',
    };
    await readWindowInFull(client, 'clicks', WINDOW, filters, options(s));
    const sent = s.server.requests.at(-1)!.query;
    assert.deepEqual(
      [sent.get('adspaceId'), sent.get('programId'), sent.get('subId'), sent.get('dateFrom'), sent.get('dateTo')],
      [filters.adspaceId, filters.programId, filters.subId, WINDOW.from, WINDOW.to],
    );
    await client.close();
  });

  it('merges fresh items first, replacing earlier ones by key', () => {
    const item = (id: string | null, count: number, date = '2026-11-01'): ClickItem => ({
      id,
      adspaceId: 'p',
      adspaceName: null,
      programId: 'g',
      programName: null,
      subId: null,
      date,
      count,
      productId: null,
      merchantId: null,
      couponId: null,
      updatedAt: null,
    });
    const merged = mergeItems(
      [item('a', 1), item('b', 1), item(null, 1), item(null, 1, '2026-11-02')],
      [item('b', 2), item(null, 3)],
    );
    assert.deepEqual(
      merged.map((i) => [i.id, i.count, i.date]),
      [
        ['b', 2, '2026-11-01'],
        [null, 3, '2026-11-01'],
        ['a', 1, '2026-11-01'],
        [null, 1, '2026-11-02'],
      ],
    );
  });

  describe('runBounded', () => {
    it('runs at most the given number at once and keeps the task order', async () => {
      let running = 0;
      let most = 0;
      const tasks = Array.from({ length: 9 }, (_, i) => async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5 + ((i * 7) % 4)));
        running -= 1;
        return i;
      });
      assert.deepEqual(await runBounded(tasks, 3), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
      assert.equal(most, 3);
    });

    it('starts nothing when stopped before it began, and says it was stopped', async () => {
      const stop = new AbortController();
      stop.abort();
      let started = 0;
      await assert.rejects(
        runBounded([async () => (started += 1)], 2, stop.signal),
        (error: Error) => error.name === 'AbortError',
      );
      assert.equal(started, 0);
    });

    it('stops starting tasks after the first failure, and rethrows it', async () => {
      const started: number[] = [];
      const tasks = Array.from({ length: 6 }, (_, i) => async (signal: AbortSignal) => {
        started.push(i);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (i === 1) {
          throw new Error('window 1 failed');
        }
        assert.ok(!signal.aborted || i > 1);
        return i;
      });
      await assert.rejects(runBounded(tasks, 2), /window 1 failed/);
      assert.ok(started.length < 6, `started ${started.join(',')}`);
    });
  });
});
