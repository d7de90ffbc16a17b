import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  ENDPOINT_PATHS,
  ORDER_TYPES,
  ACTION_STATUSES,
  PRODUCT_IDS,
  type WireActionItem,
  type WireClickItem,
  type WireMerchant,
} from '../../src/api/wire';
import { addDays } from '../../src/api/calendarDate';
import { DEFAULT_SANDBOX_KEY, startSandbox, type Sandbox } from '../../src/sandbox/server';

const NOW = new Date('2026-04-15T10:30:00Z');
const TODAY = '2026-04-15';
const AUTH = { authorization: `Bearer ${DEFAULT_SANDBOX_KEY}` };
const { merchants: MERCHANTS, clicks: CLICKS, actions: ACTIONS } = ENDPOINT_PATHS;

interface Reply {
  status: number;
  headers: Headers;
  body: {
    meta: { next: number | null; offset: number; limit: number; total: number };
    data: Array<WireMerchant & WireClickItem & WireActionItem>;
    errors: Array<{ status: string; title: string; code: string; meta: { property: string } }>;
  };
}

async function get(
  sandbox: Sandbox,
  path: string,
  params: Record<string, string | number> = {},
  headers: Record<string, string> = AUTH,
  method = 'GET',
): Promise<Reply> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${sandbox.url}${path}${query.size ? `?${query}` : ''}`, { method, headers });
  return { status: res.status, headers: res.headers, body: JSON.parse(await res.text()) };
}

/** Walks the merchant list to its end; returns the pages. */
async function walkMerchants(sandbox: Sandbox, params: Record<string, string | number>) {
  const pages: Array<{ next: number | null; data: WireMerchant[] }> = [];
  let next: number | null = 0;
  while (next !== null) {
    const { status, body } = await get(sandbox, MERCHANTS, { ...params, ...(next ? { next } : {}) });
    assert.equal(status, 200);
    pages.push({ next: body.meta.next, data: body.data });
    next = body.meta.next;
  }
  return pages;
}

describe('sandbox: data and endpoints', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ now: () => NOW, merchants: 1234 });
  });
  after(() => sandbox.close());

  const inPeriod = (from: string, to: string, where: (c: WireClickItem) => boolean = () => true) =>
    sandbox.dataset.clicks.filter((c) => c.date >= from && c.date <= to && where(c));

  it('generates the same data from the same seed and other data from another seed', async () => {
    const options = { now: () => NOW, merchants: 200, clicks: 300, actions: 100 };
    const [a, b, c] = await Promise.all([
      startSandbox(options),
      startSandbox(options),
      startSandbox({ ...options, seed: 2 }),
    ]);
    try {
      assert.deepEqual(a.dataset, b.dataset);
      assert.notDeepEqual(a.dataset.merchants, c.dataset.merchants);
      assert.notDeepEqual(a.dataset.clicks, c.dataset.clicks);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('pages through exactly --merchants merchants, each once, in storage order', async () => {
    const pages = await walkMerchants(sandbox, { limit: 500 });
    assert.deepEqual(
      pages.map((p) => p.next),
      [500, 1000, null],
    );
    const names = pages.flatMap((p) => p.data.map((m) => m.name));
    assert.equal(names.length, 1234);
    assert.equal(new Set(names).size, 1234);
    assert.deepEqual(
      names,
      sandbox.dataset.merchants.map((m) => m.name),
    );
  });

  it('meets an empty page that still carries next when filtering isActive=true with limit=500', async () => {
    const pages = await walkMerchants(sandbox, { limit: 500, isActive: 'true' });
    assert.ok(pages.some((p) => p.data.length === 0 && p.next !== null));
    const active = pages.flatMap((p) => p.data);
    assert.ok(active.every((m) => m.isActive));
    assert.equal(active.length, sandbox.dataset.merchants.filter((m) => m.isActive).length);
  });

  it('applies the default and maximum limit of each endpoint', async () => {
    const first = await get(sandbox, MERCHANTS);
    assert.equal(first.body.data.length, 100);
    assert.equal(first.body.meta.next, 100);
    assert.equal((await get(sandbox, MERCHANTS, { limit: 500 })).body.data.length, 500);
    for (const path of [CLICKS, ACTIONS]) {
      const { body } = await get(sandbox, path, { days: 120 });
      assert.deepEqual([body.data.length, body.meta.offset, body.meta.limit], [500, 0, 500]);
      assert.ok(body.meta.total > 500);
    }
    for (const path of [MERCHANTS, CLICKS]) {
      assert.equal((await get(sandbox, path, { limit: 501 })).body.errors[0].meta.property, 'limit');
      assert.equal((await get(sandbox, path, { limit: 0 })).status, 400);
    }
  });

  it('filters merchants by updatedAtFrom (inclusive), isActive and deeplinkAllowed', async () => {
    const all = sandbox.dataset.merchants;
    const pivot = all[777].updatedAt;
    const cases: Array<[Record<string, string>, (m: WireMerchant) => boolean]> = [
      [{ updatedAtFrom: pivot }, (m) => m.updatedAt >= pivot],
      [{ isActive: 'false' }, (m) => !m.isActive],
      [{ deeplinkAllowed: 'true' }, (m) => m.deeplinkAllowed],
      [{ deeplinkAllowed: 'false', isActive: 'true' }, (m) => !m.deeplinkAllowed && m.isActive],
    ];
    for (const [params, wanted] of cases) {
      const found = (await walkMerchants(sandbox, { ...params, limit: 500 })).flatMap((p) => p.data);
      assert.deepEqual(
        found.map((m) => m.name),
        all.filter(wanted).map((m) => m.name),
        JSON.stringify(params),
      );
    }
    const since = (await walkMerchants(sandbox, { updatedAtFrom: pivot, limit: 500 })).flatMap((p) => p.data);
    assert.ok(since.some((m) => m.updatedAt === pivot));
  });

  it('filters reports by programId, subId and adspaceId', async () => {
    const sample = sandbox.dataset.clicks.find(
      (c) => c.subId !== null && c.date >= addDays(TODAY, -120),
    ) as WireClickItem;
    const from = addDays(TODAY, -120);
    const cases: Array<[Record<string, string>, (c: WireClickItem) => boolean]> = [
      [{ programId: sample.programId as string }, (c) => c.programId === sample.programId],
      [{ subId: sample.subId as string }, (c) => c.subId === sample.subId],
      [{ adspaceId: sample.adspaceId.toUpperCase() }, (c) => c.adspaceId === sample.adspaceId],
    ];
    for (const [params, wanted] of cases) {
      const { body } = await get(sandbox, CLICKS, { ...params, days: 120 });
      const expected = inPeriod(from, TODAY, wanted);
      assert.equal(body.meta.total, expected.length, JSON.stringify(params));
      assert.deepEqual(body.data, expected.slice(0, 500));
    }
    const platform = sandbox.dataset.platforms[0].id;
    const actions = await get(sandbox, ACTIONS, { adspaceId: platform, days: 120 });
    assert.ok(actions.body.data.length > 0);
    assert.ok(actions.body.data.every((a: { adspaceId: string }) => a.adspaceId === platform));
  });

  it('orders clicks by updatedAt descending then id ascending, actions by updatedAt descending', async () => {
    const clicks: WireClickItem[] = (await get(sandbox, CLICKS, { days: 120, offset: 1000 })).body.data;
    let ties = 0;
    for (let i = 1; i < clicks.length; i++) {
      const [a, b] = [clicks[i - 1], clicks[i]];
      // Ids are UUID strings, compared as strings, with null ids last (issue 12).
      const idsInOrder = b.id === null || (a.id !== null && String(a.id) < String(b.id));
      assert.ok(a.updatedAt > b.updatedAt || (a.updatedAt === b.updatedAt && idsInOrder), `at ${i}`);
      ties += a.updatedAt === b.updatedAt ? 1 : 0;
    }
    assert.ok(ties > 10, 'the page holds equal updatedAt values, so the id order is exercised');
    const actions: Array<{ updatedAt: string }> = (await get(sandbox, ACTIONS, { days: 120 })).body.data;
    assert.ok(actions.every((a, i) => i === 0 || actions[i - 1].updatedAt >= a.updatedAt));
  });

  it('pages reports with offset, limit and total', async () => {
    const whole = (await get(sandbox, CLICKS, { limit: 15 })).body;
    const part = (await get(sandbox, CLICKS, { offset: 10, limit: 5 })).body;
    assert.deepEqual(part.meta, { offset: 10, limit: 5, total: whole.meta.total });
    assert.deepEqual(part.data, whole.data.slice(10, 15));
    const beyond = (await get(sandbox, CLICKS, { offset: whole.meta.total })).body;
    assert.deepEqual(beyond, { meta: { offset: whole.meta.total, limit: 500, total: whole.meta.total }, data: [] });
  });

  const periodCases: Array<[string, Record<string, string | number>, [string, string] | string]> = [
    ['no period: the past 7 days', {}, [addDays(TODAY, -7), TODAY]],
    ['days wins over date and range', { days: 3, date: '2026-01-01', dateFrom: 'bad' }, [addDays(TODAY, -3), TODAY]],
    ['date wins over a half range', { date: '2026-04-10', dateFrom: '2026-01-01' }, ['2026-04-10', '2026-04-10']],
    ['a range of 120 days', { dateFrom: '2025-12-16', dateTo: TODAY }, ['2025-12-16', TODAY]],
    ['days over 120', { days: 121 }, 'days'],
    ['days of 0', { days: 0, date: '2026-04-10' }, 'days'],
    ['dateFrom without dateTo', { dateFrom: '2026-04-01' }, 'dateFrom'],
    ['dateTo without dateFrom', { dateTo: '2026-04-01' }, 'dateTo'],
    ['a range over 120 days', { dateFrom: '2025-12-15', dateTo: TODAY }, 'dateTo'],
    ['a reversed range', { dateFrom: '2026-04-10', dateTo: '2026-04-01' }, 'dateFrom'],
    ['an impossible date', { date: '2026-02-30' }, 'date'],
    ['a date without dashes', { date: '20260410' }, 'date'],
    ['a bad dateTo', { dateFrom: '2026-04-01', dateTo: '04/10/2026' }, 'dateTo'],
  ];
  for (const [name, params, expected] of periodCases) {
    it(`period rules on the wire: ${name}`, async () => {
      const { status, body } = await get(sandbox, CLICKS, params);
      if (typeof expected === 'string') {
        assert.equal(status, 400);
        assert.equal(body.errors[0].meta.property, expected);
        return;
      }
      assert.equal(status, 200);
      assert.equal(body.meta.total, inPeriod(...expected).length);
      assert.ok(
        body.data.length > 0 && body.data.every((c: WireClickItem) => c.date >= expected[0] && c.date <= expected[1]),
      );
    });
  }

  it('answers bad parameters with 400, code 1000 and the parameter in meta.property', async () => {
    const { status, headers, body } = await get(sandbox, CLICKS, { limit: 'ten' });
    assert.equal(status, 400);
    assert.equal(headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(body, {
      errors: [
        {
          status: '400',
          title: 'limit must be a whole number from 1 to 500; got "ten".',
          code: '1000',
          meta: { property: 'limit' },
        },
      ],
    });
    const cases: Array<[string, Record<string, string>, string]> = [
      [MERCHANTS, { next: '-1' }, 'next'],
      [MERCHANTS, { isActive: 'yes' }, 'isActive'],
      [MERCHANTS, { deeplinkAllowed: '1' }, 'deeplinkAllowed'],
      [MERCHANTS, { updatedAtFrom: 'yesterday' }, 'updatedAtFrom'],
      [CLICKS, { offset: '-1' }, 'offset'],
      [CLICKS, { programId: '123' }, 'programId'],
      [ACTIONS, { adspaceId: 'x' }, 'adspaceId'],
    ];
    for (const [path, params, property] of cases) {
      const reply = await get(sandbox, path, params);
      assert.deepEqual(
        [reply.status, reply.body.errors[0].code, reply.body.errors[0].meta.property],
        [400, '1000', property],
      );
    }
  });

  it('answers 401 for a missing, wrong, non-Bearer or non-alphanumeric key, never echoing it', async () => {
    const unauthorized = { errors: [{ status: '401', title: 'Unauthorized', code: '0401' }] };
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrongkey42' },
      { authorization: `Basic ${DEFAULT_SANDBOX_KEY}` },
      { authorization: `Bearer ${DEFAULT_SANDBOX_KEY}-x` },
      { authorization: `bearer ${DEFAULT_SANDBOX_KEY}` },
      { authorization: `Bearer  ${DEFAULT_SANDBOX_KEY}` },
    ];
    for (const headers of cases) {
      const reply = await get(sandbox, MERCHANTS, { limit: 999 }, headers);
      assert.deepEqual([reply.status, reply.body], [401, unauthorized], JSON.stringify(headers));
    }
  });

  it('answers 403 for an adspace outside the account, after checking parameters', async () => {
    const foreign = '0b5f9d3e-1c2a-4d7e-9f00-123456789abc';
    const forbidden = await get(sandbox, CLICKS, { adspaceId: foreign });
    assert.deepEqual(
      [forbidden.status, forbidden.body],
      [403, { errors: [{ status: '403', title: 'Forbidden', code: '0403' }] }],
    );
    assert.equal((await get(sandbox, ACTIONS, { adspaceId: foreign })).status, 403);
    assert.equal((await get(sandbox, CLICKS, { adspaceId: foreign, limit: 999 })).status, 400);
  });

  it('answers 404 for unknown paths and for other methods on a spec path, before authentication', async () => {
    const unknown = await get(sandbox, '/x', { a: 1 }, {});
    assert.deepEqual(
      [unknown.status, unknown.body],
      [404, { errors: [{ status: '404', title: 'Cannot GET /x', code: '0404' }] }],
    );
    const post = await get(sandbox, CLICKS, {}, {}, 'POST');
    assert.deepEqual([post.status, post.body.errors[0].title], [404, `Cannot POST ${CLICKS}`]);
  });

  it('generates realistic merchants and report items', () => {
    const { merchants, clicks, actions } = sandbox.dataset;
    assert.deepEqual(new Set(clicks.map((c) => c.productId)), new Set(PRODUCT_IDS));
    assert.deepEqual(new Set(actions.map((a) => a.productId)), new Set(PRODUCT_IDS));
    assert.deepEqual(new Set(actions.map((a) => a.status)), new Set(ACTION_STATUSES));
    assert.deepEqual(new Set(actions.map((a) => a.orderType)), new Set(ORDER_TYPES));
    assert.ok(
      clicks.every((c) => c.date >= addDays(TODAY, -124) && c.date <= TODAY && c.updatedAt <= NOW.toISOString()),
    );
    const share = (test: (m: WireMerchant) => boolean) => merchants.filter(test).length / merchants.length;
    for (const field of [
      'description',
      'imageUri',
      'averageBasketValue',
      'averageCommission',
      'averageConfirmationTime',
      'averageCancellationRate',
      'minimumCommission',
      'maximumCommission',
    ] as const) {
      assert.ok(share((m) => m[field] === null) > 0.03 && share((m) => m[field] !== null) > 0.5, field);
    }
    assert.ok(share((m) => m.merchantId === null) > 0 && share((m) => m.merchantId === null) < 0.02);
    assert.ok(merchants.every((m) => m.imageUri === null || m.imageUri.startsWith('https://')));
    assert.ok(merchants.every((m) => /^https:\/\/[a-z0-9.-]+\/\w+$/.test(m.trackingLink)));
    assert.ok(merchants.every((m) => m.domains.includes(m.defaultDomain)));
    assert.ok(share((m) => m.domains.some((d) => d.endsWith('.co.uk'))) > 0.01);
    assert.ok(share((m) => m.domains.some((d) => d.startsWith('www.'))) > 0.2);
    assert.ok(share((m) => m.domains.length > 2) > 0.1);
    const cpc = merchants.filter((m) => m.adCampaigns.length > 0);
    assert.ok(cpc.length > 100 && cpc.every((m) => m.paymentModels.includes('CPC')));
    assert.ok(
      cpc.every((m) => m.adCampaigns.every((c) => c.rates.length > 0 && c.rates.every((r) => r.clickRate > 0))),
    );
    assert.ok(share((m) => m.paymentModels.includes('CPA')) > 0.5);
    assert.ok(share((m) => m.isActive) > 0.3 && share((m) => !m.deeplinkAllowed) > 0.05);
    assert.ok(
      sandbox.dataset.platforms.length >= 3 &&
        new Set(clicks.map((c) => c.adspaceId)).size === sandbox.dataset.platforms.length,
    );
    assert.ok(new Set(actions.map((a) => a.currencyCode)).size > 2);
  });
});

describe('sandbox: command line', () => {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');

  function run(args: string[]) {
    const child = spawn(tsx, ['src/sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exit, output: () => out, errors: () => err };
  }

  it('prints its URL once listening, serves, and exits 0 on SIGTERM', async () => {
    const cli = run(['--port', '0', '--merchants=50', '--seed', '7', '--key', 'cliKey1']);
    const url = await new Promise<string>((resolve, reject) => {
      cli.child.stdout.on('data', () => {
        const match = /http:\/\/127\.0\.0\.1:\d+/.exec(cli.output());
        if (match) resolve(match[0]);
      });
      void cli.exit.then(() => reject(new Error(`exited early: ${cli.errors()}`)));
    });
    const res = await fetch(`${url}${MERCHANTS}?limit=500`, { headers: { authorization: 'Bearer cliKey1' } });
    assert.equal(((await res.json()) as { data: unknown[] }).data.length, 50);
    cli.child.kill('SIGTERM');
    assert.equal(await cli.exit, 0);
    assert.equal(cli.output().trim().split('\n').length, 1);
    assert.ok(!cli.output().includes('cliKey1'));
  });

  it('exits 2 naming a bad argument', async () => {
    const cases: Array<[string[], string]> = [
      [['--merchants', 'many'], '--merchants'],
      [['--bogus'], '--bogus'],
      [['--faults', '500;teapot'], 'teapot'],
      [['--key', 'not-alnum'], '--key'],
      [['--port', '70000'], '--port'],
    ];
    const runs = cases.map(([args]) => run(args));
    const codes = await Promise.all(runs.map((r) => r.exit));
    cases.forEach(([, named], i) => {
      assert.equal(codes[i], 2);
      assert.ok(runs[i].errors().includes(named), runs[i].errors());
    });
  });
});
