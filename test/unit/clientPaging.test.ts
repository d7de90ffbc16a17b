import assert from 'node:assert/strict';
import diagnosticsChannel from 'node:diagnostics_channel';
import { PagingError } from '../../src/api/errors';
import type { Merchant, MerchantPage } from '../../src/api/types';
import type { Sandbox } from '../../src/sandbox/server';
import { startCraftedServer } from './helpers/craftedServer';
import { clientFor, rejectionOf, sandbox } from './helpers/fixtures';
import { RecordingLogger } from './helpers/recordingLogger';

async function collect(pages: AsyncIterable<MerchantPage>): Promise<{ pages: MerchantPage[]; merchants: Merchant[] }> {
  const all: MerchantPage[] = [];
  for await (const page of pages) {
    all.push(page);
  }
  return { pages: all, merchants: all.flatMap((page) => page.merchants) };
}

describe('paging against the sandbox', () => {
  let service: Sandbox;
  before(async () => {
    service = await sandbox();
  });
  after(() => service.close());

  it('gets one merchant page with the default limit of 100', async () => {
    const client = clientFor(service);
    const page = await client.getMerchantPage();
    assert.equal(page.merchants.length, 100);
    assert.equal(page.next, 100);
    await client.close();
  });

  it('walks the whole catalog, 500 a page, each merchant once', async () => {
    const client = clientFor(service);
    const { pages, merchants } = await collect(client.walkMerchants());
    assert.equal(pages.length, 3);
    assert.equal(merchants.length, 1_200);
    assert.deepEqual(
      merchants.map((merchant) => merchant.name),
      service.dataset.merchants.map((merchant) => merchant.name),
    );
    assert.equal(pages.at(-1)?.next, null);
    await client.close();
  });

  it('follows an empty filtered page that still has a next cursor', async () => {
    const client = clientFor(service);
    const { pages, merchants } = await collect(client.walkMerchants({ isActive: true }));
    assert.ok(
      pages.some((page) => page.merchants.length === 0 && page.next !== null),
      'an empty page with a cursor was met',
    );
    const expected = service.dataset.merchants.filter((merchant) => merchant.isActive).map((merchant) => merchant.name);
    assert.ok(expected.length > 0);
    assert.deepEqual(
      merchants.map((merchant) => merchant.name),
      expected,
    );
    assert.ok(merchants.every((merchant) => merchant.isActive));
    await client.close();
  });

  it('passes filters on every page', async () => {
    const client = clientFor(service);
    const since = '2026-10-01T00:00:00Z';
    const { merchants } = await collect(client.walkMerchants({ deeplinkAllowed: true, updatedAtFrom: since }));
    const expected = service.dataset.merchants.filter(
      (merchant) => merchant.deeplinkAllowed && Date.parse(merchant.updatedAt) >= Date.parse(since),
    );
    assert.ok(expected.length > 0);
    assert.equal(merchants.length, expected.length);
    await client.close();
  });

  it('reads all click pages in parallel, equal to reading them one by one', async () => {
    const client = clientFor(service);
    const parallel = await client.getAllClicks({ days: 120 }, { concurrency: 4 });
    const sequential = await client.getAllClicks({ days: 120 }, { concurrency: 1 });
    assert.ok(parallel.total > 1_000, `total ${parallel.total}`);
    assert.equal(parallel.items.length, parallel.total);
    assert.deepEqual(parallel.items, sequential.items);
    assert.deepEqual(
      parallel.items.map((item) => item.id),
      // Ids are opaque strings once read (issue 12): the sandbox's are compared as the client reads them.
      service.dataset.clicks
        .filter((item) => item.date >= '2026-07-24')
        .map((item) => (item.id === null ? null : String(item.id))),
    );
    assert.equal(parallel.requests, Math.ceil(parallel.total / 500));
    await client.close();
  });

  it('reports its progress after each page: items received so far out of the total', async () => {
    const client = clientFor(service);
    const seen: Array<[number, number | null]> = [];
    const result = await client.getAllClicks(
      { days: 120 },
      { concurrency: 4, onProgress: (received, total) => seen.push([received, total]) },
    );
    assert.equal(seen.length, result.requests, 'once per page');
    assert.ok(
      seen.every(([, total]) => total === result.total),
      'the total known from the first page on',
    );
    const received = seen.map(([count]) => count);
    assert.deepEqual(
      received,
      [...received].sort((a, b) => a - b),
      'never going back',
    );
    assert.equal(received.at(-1), result.total);
    await client.close();
  });

  it('reads all action pages in server order', async () => {
    const client = clientFor(service);
    const result = await client.getAllActions({ dateFrom: '2026-08-01', dateTo: '2026-11-21' });
    const expected = service.dataset.actions.filter((item) => {
      const day = item.createdAt.slice(0, 10);
      return day >= '2026-08-01' && day <= '2026-11-21';
    });
    assert.equal(result.total, result.items.length);
    assert.equal(result.items.length, expected.length);
    await client.close();
  });

  it('applies report filters', async () => {
    const client = clientFor(service);
    const platform = service.dataset.platforms[0]!;
    const result = await client.getAllClicks({ days: 120, adspaceId: platform.id });
    assert.ok(result.items.length > 0);
    assert.ok(result.items.every((item) => item.adspaceId === platform.id));
    await client.close();
  });
});

describe('paging against crafted answers', () => {
  it('stops with a clear error when the cursor does not advance', async () => {
    const server = await startCraftedServer((request) => {
      const next = Number(request.query.get('next') ?? 0);
      return { body: { meta: { next: next === 0 ? 500 : next === 500 ? 1000 : 500 }, data: [{ name: `m${next}` }] } };
    });
    const client = clientFor(server);
    const error = await rejectionOf(collect(client.walkMerchants()));
    assert.ok(error instanceof PagingError);
    assert.match(error.message, /did not advance: page 3 pointed back to cursor 500/);
    assert.equal(server.requests.length, 3);
    await client.close();
    await server.close();
  });

  it('requests the next page while the caller handles the current one, and nothing more once the caller stops', async () => {
    const server = await startCraftedServer((request) => {
      const next = Number(request.query.get('next') ?? 0);
      return { body: { meta: { next: next + 1 }, data: [{ name: `m${next}` }] } };
    });
    const client = clientFor(server);
    const seenWhileHandlingFirst: number[] = [];
    for await (const page of client.walkMerchants()) {
      await new Promise((resolve) => setTimeout(resolve, 100)); // the caller's work on this page
      seenWhileHandlingFirst.push(server.requests.length, page.merchants.length);
      break;
    }
    assert.deepEqual(seenWhileHandlingFirst, [2, 1], 'page 2 was requested before page 1 was handled');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(server.requests.length, 2, 'nothing more after the caller stopped');
    await client.close();
    await server.close();
  });

  it("has the next page's request written before the caller gets a page, so synchronous work overlaps it too", async () => {
    const server = await startCraftedServer((request) => {
      const next = Number(request.query.get('next') ?? 0);
      return { body: { meta: { next: next < 3 ? next + 1 : null }, data: [{ name: `m${next}` }] } };
    });
    const client = clientFor(server);
    // undici announces each request's headers as it writes them to the socket.
    const events: string[] = [];
    const onSendHeaders = (message: unknown): void => {
      const path = (message as { request: { path: string } }).request.path;
      events.push(`sent ${new URL(path, 'http://x').searchParams.get('next') ?? 'first'}`);
    };
    diagnosticsChannel.subscribe('undici:client:sendHeaders', onSendHeaders);
    try {
      for await (const page of client.walkMerchants()) {
        events.push(`got ${page.merchants[0]!.name}`);
        const until = performance.now() + 20;
        while (performance.now() < until) {
          // the caller's work on this page, never yielding to the event loop
        }
      }
    } finally {
      diagnosticsChannel.unsubscribe('undici:client:sendHeaders', onSendHeaders);
    }
    assert.deepEqual(events, ['sent first', 'sent 1', 'got m0', 'sent 2', 'got m1', 'sent 3', 'got m2', 'got m3']);
    await client.close();
    await server.close();
  });

  it('stops when a page points to itself', async () => {
    const server = await startCraftedServer(() => ({ body: { meta: { next: 7 }, data: [] } }));
    const client = clientFor(server);
    const error = await rejectionOf(collect(client.walkMerchants()));
    assert.ok(error instanceof PagingError);
    assert.equal(server.requests.length, 2);
    await client.close();
    await server.close();
  });

  /** A report of `size` items whose total grows by one after request `growAfter`. */
  function changingReport(size: number, growAfter: number) {
    let requests = 0;
    return (query: URLSearchParams) => {
      requests += 1;
      const total = requests > growAfter ? size + 1 : size;
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      const ids = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
      return { body: { meta: { offset, limit, total }, data: ids.map((id) => ({ id, count: 1 })) } };
    };
  }

  it('reads a report again when its total changes between pages, without duplicates or holes', async () => {
    const answer = changingReport(1_600, 2);
    const server = await startCraftedServer((request) => answer(request.query));
    const logger = new RecordingLogger();
    const client = clientFor(server, { logger });
    const result = await client.getAllClicks({}, { concurrency: 2 });
    assert.equal(result.total, 1_601);
    assert.deepEqual(
      result.items.map((item) => item.id),
      Array.from({ length: 1_601 }, (_, i) => String(i)),
    );
    assert.ok(result.requests > 4, `requests ${result.requests}`);
    assert.match(logger.text(), /the total went from 1600 to 1601 while paging; reading the report again/);
    await client.close();
    await server.close();
  });

  it('gives up with a clear error when the report never settles', async () => {
    let total = 1_000;
    const server = await startCraftedServer((request) => {
      total += 1;
      const offset = Number(request.query.get('offset'));
      return {
        body: {
          meta: { offset, limit: 500, total },
          data: Array.from({ length: Math.min(500, total - offset) }, (_, i) => ({ id: offset + i, count: 1 })),
        },
      };
    });
    const client = clientFor(server);
    const error = await rejectionOf(client.getAllClicks());
    assert.ok(error instanceof PagingError);
    assert.match(error.message, /kept changing while it was being read \(4 tries\)/);
    await client.close();
    await server.close();
  });

  it('reads page after page when the service gives no total', async () => {
    const server = await startCraftedServer((request) => {
      const offset = Number(request.query.get('offset'));
      const size = Math.max(0, Math.min(500, 1_234 - offset));
      return { body: { meta: {}, data: Array.from({ length: size }, (_, i) => ({ id: offset + i, count: 2 })) } };
    });
    const client = clientFor(server);
    const result = await client.getAllClicks();
    assert.equal(result.items.length, 1_234);
    assert.equal(result.total, 1_234);
    assert.equal(server.requests.length, 3);
    await client.close();
    await server.close();
  });
});
