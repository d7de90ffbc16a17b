import assert from 'node:assert/strict';
import {
  ACTION_STATUSES,
  ENDPOINT_PATHS,
  type WireActionItem,
  type WireClickItem,
  type WireReportPage,
} from '../../src/api/wire';
import { toDayNumber } from '../../src/api/calendarDate';
import { DEFAULT_SANDBOX_KEY, startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server';
import { ReportToucher } from '../../src/sandbox/reportTouch';
import { SUB_IDS } from '../../src/sandbox/vocabulary';

/** Off the sandbox's 15-minute batch times, so no generated click carries exactly this updatedAt. */
const NOW = new Date('2026-04-15T10:37:12.345Z');
const NOW_ISO = NOW.toISOString();
/** The first day of `days=120` at NOW. */
const WINDOW_START = '2025-12-16';
const MS_PER_DAY = 86_400_000;
const AUTH = { authorization: `Bearer ${DEFAULT_SANDBOX_KEY}` };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const { clicks: CLICKS, actions: ACTIONS } = ENDPOINT_PATHS;
const BASE: SandboxOptions = { now: () => NOW, merchants: 400, clicks: 6_000, actions: 1_500 };

type Params = Record<string, string | number>;

async function getJson<T>(sandbox: Sandbox, path: string, params: Params = {}): Promise<{ status: number; body: T }> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${sandbox.url}${path}?${query}`, { headers: AUTH });
  return { status: res.status, body: (await res.json()) as T };
}

/** Every item of a report for `params`, page after page, as the wire lists them. */
async function readAll<T>(sandbox: Sandbox, path: string, params: Params): Promise<{ total: number; items: T[] }> {
  const items: T[] = [];
  for (;;) {
    const { status, body } = await getJson<WireReportPage<T>>(sandbox, path, {
      ...params,
      offset: items.length,
      limit: 500,
    });
    assert.equal(status, 200);
    items.push(...body.data);
    if (body.data.length === 0 || items.length >= body.meta.total) {
      return { total: body.meta.total, items };
    }
  }
}

type TouchReply = Record<string, unknown> & { errors?: Array<{ code: string; meta: { property: string } }> };

async function touch(sandbox: Sandbox, count: string | undefined): Promise<{ status: number; body: TouchReply }> {
  const query = count === undefined ? '' : `?count=${encodeURIComponent(count)}`;
  const res = await fetch(`${sandbox.url}/__sandbox/reports/touch${query}`, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as TouchReply };
}

/** The order rule of the clicks report: updatedAt descending, then id ascending as strings, null ids last. */
function clicksInOrder(a: WireClickItem, b: WireClickItem): boolean {
  if (a.updatedAt !== b.updatedAt) {
    return a.updatedAt > b.updatedAt;
  }
  return b.id === null || (a.id !== null && String(a.id) < String(b.id));
}

const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const ageInDays = (action: WireActionItem) => (NOW.getTime() - Date.parse(action.createdAt)) / MS_PER_DAY;

describe('sandbox: real-shaped report data', () => {
  let sandbox: Sandbox;
  let wireClicks: WireClickItem[];
  before(async () => {
    sandbox = await startSandbox(BASE);
    wireClicks = (await readAll<WireClickItem>(sandbox, CLICKS, { days: 120 })).items;
  });
  after(() => sandbox.close());

  it('gives click items UUID string ids, about 1 in 100 null', () => {
    const nulls = wireClicks.filter((c) => c.id === null).length;
    assert.ok(nulls > 0 && nulls / wireClicks.length < 0.03, `${nulls} null ids`);
    const ids = wireClicks.flatMap((c) => (c.id === null ? [] : [c.id]));
    assert.ok(ids.every((id) => typeof id === 'string' && UUID.test(id)));
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  });

  it('leaves about 1 in 50 click items without a program: programId null, programName "", merchantId null', () => {
    const without = wireClicks.filter((c) => c.programId === null);
    assert.ok(without.length > 0 && without.length / wireClicks.length < 0.05, `${without.length} without a program`);
    assert.ok(without.every((c) => c.programName === '' && c.merchantId === null && c.count > 0));
    assert.ok(
      wireClicks.every((c) => (c.merchantId === null) === (c.programId === null)),
      'merchantId is null exactly where the program is',
    );
  });

  it('names programs after catalog merchants and gives their click items that merchant id', () => {
    const byId = new Map(sandbox.dataset.merchants.map((m) => [m.merchantId, m]));
    const programs = sandbox.dataset.programs;
    assert.ok(
      programs.length > 10 && programs.every((p) => byId.get(p.merchantId)?.name === p.name),
      'each program is a merchant',
    );
    const attributed = wireClicks.filter((c) => c.programId !== null);
    assert.ok(attributed.length > 0);
    attributed.forEach((c) => assert.equal(byId.get(c.merchantId ?? null)?.name, c.programName, JSON.stringify(c)));
    const programNames = new Set(programs.map((p) => p.name));
    assert.ok(sandbox.dataset.actions.every((a) => programNames.has(a.programName)));
  });

  it('uses article slugs as SubIDs, null for about 1 in 5 click items', () => {
    assert.ok(SUB_IDS.length >= 25 && new Set(SUB_IDS).size === SUB_IDS.length);
    assert.ok(
      SUB_IDS.every((s) => /^[a-z0-9-]+$/.test(s) && s.length <= 100),
      'the exported list',
    );
    const subIds = wireClicks.map((c) => c.subId);
    const nullShare = subIds.filter((s) => s === null).length / subIds.length;
    assert.ok(nullShare > 0.15 && nullShare < 0.25, `null share ${nullShare}`);
    assert.ok(subIds.every((s) => s === null || /^[a-z0-9-]+$/.test(s)));
    assert.ok(sandbox.dataset.actions.every((a) => a.subId === '' || /^[a-z0-9-]+$/.test(a.subId)));
  });

  it('carries a coupon code on some click items and null on most', () => {
    const coupons = wireClicks.map((c) => c.couponId);
    const share = coupons.filter((c) => c !== null).length / coupons.length;
    assert.ok(share > 0.02 && share < 0.2, `coupon share ${share}`);
    assert.ok(
      coupons.every((c) => c === null || (typeof c === 'string' && /^[A-Z0-9]{3,12}$/.test(c))),
      'present on every item',
    );
  });

  it("keeps click items per day uniform, so the 121 days of days=120 hold 121/125 of the 125 days' items", () => {
    const share = wireClicks.length / sandbox.dataset.clicks.length;
    assert.ok(Math.abs(share - 121 / 125) < 0.01, `share ${share}`);
  });

  it('spreads the reports over as many days as historyDays says (365 here), evenly', async () => {
    const long = await startSandbox({ ...BASE, historyDays: 365 });
    try {
      const days = long.dataset.clicks.map((item) => toDayNumber(item.date)!);
      const today = toDayNumber(long.dataset.generatedAt.slice(0, 10))!;
      assert.equal(today - Math.min(...days), 364, 'the oldest item is 364 days back');
      assert.equal(Math.max(...days), today);
      const pastDefault = days.filter((day) => today - day >= 125).length / days.length;
      assert.ok(Math.abs(pastDefault - 240 / 365) < 0.03, `share past the default history ${pastDefault}`);
    } finally {
      await long.close();
    }
  });

  it('gives click counts a weekly rhythm and a slow upward trend', () => {
    const clicks = sandbox.dataset.clicks;
    const weekday = mean(clicks.filter((c) => !isWeekend(c.date)).map((c) => c.count));
    const weekend = mean(clicks.filter((c) => isWeekend(c.date)).map((c) => c.count));
    assert.ok(weekend < 0.75 * weekday, `weekend mean ${weekend} against weekday mean ${weekday}`);
    const day = (c: WireClickItem) => toDayNumber(c.date) as number;
    const today = toDayNumber('2026-04-15') as number;
    const recent = mean(clicks.filter((c) => day(c) > today - 28).map((c) => c.count));
    const oldest = mean(clicks.filter((c) => day(c) <= today - 97).map((c) => c.count));
    assert.ok(recent > 1.15 * oldest, `last four weeks ${recent} against the first four ${oldest}`);
  });

  it('settles old actions: none older than 30 days is PENDING, recent ones mostly are', () => {
    const actions = sandbox.dataset.actions;
    assert.deepEqual(
      actions.filter((a) => ageInDays(a) > 30 && a.status === 'PENDING'),
      [],
    );
    const old = actions.filter((a) => ageInDays(a) > 20);
    assert.ok(
      old.filter((a) => a.status === 'CONFIRMED' || a.status === 'SETTLED').length / old.length > 0.7,
      'old actions are mostly confirmed or settled',
    );
    assert.ok(old.some((a) => a.status === 'CANCELED'));
    const recent = actions.filter((a) => ageInDays(a) < 15);
    assert.ok(
      recent.filter((a) => a.status === 'PENDING').length / recent.length > 0.5,
      'recent actions are mostly pending',
    );
    const paid = actions.filter((a) => a.paidOut);
    const confirmedOrSettled = actions.filter((a) => a.status === 'CONFIRMED' || a.status === 'SETTLED');
    assert.ok(paid.length > 0 && paid.length < confirmedOrSettled.length);
    assert.ok(
      paid.every(
        (a) => (a.status === 'CONFIRMED' || a.status === 'SETTLED') && /^INV-\d{4}-[A-Z0-9]{6}$/.test(a.invoiceNumber),
      ),
    );
    // A CONFIRMED action unchanged for 45 to 50 days is SETTLED: none confirmed longer ago is still CONFIRMED.
    const daysSinceUpdate = (a: WireActionItem) => (Date.parse(NOW_ISO) - Date.parse(a.updatedAt)) / 86_400_000;
    assert.deepEqual(
      actions.filter((a) => a.status === 'CONFIRMED' && daysSinceUpdate(a) > 50),
      [],
    );
    const settled = actions.filter((a) => a.status === 'SETTLED');
    assert.ok(settled.length > 0.2 * actions.length, `${settled.length} of ${actions.length} actions settled`);
    assert.ok(settled.every((a) => ageInDays(a) > 45 && daysSinceUpdate(a) >= 0));
    assert.ok(actions.every((a) => a.paidOut || a.invoiceNumber === ''));
  });

  it('has every status and currency even among 40 actions', async () => {
    const small = await startSandbox({ ...BASE, clicks: 40, actions: 40 });
    try {
      const { actions } = small.dataset;
      assert.deepEqual(new Set(actions.map((a) => a.status)), new Set(ACTION_STATUSES));
      assert.deepEqual(new Set(actions.map((a) => a.currencyCode)), new Set(['EUR', 'USD', 'GBP']));
      assert.deepEqual(
        actions.filter((a) => ageInDays(a) > 30 && a.status === 'PENDING'),
        [],
      );
    } finally {
      await small.close();
    }
  });

  it('lists clicks by updatedAt descending, then id ascending as strings, null ids last, on the wire', async () => {
    let ties = 0;
    let nullAfterId = 0;
    for (let i = 1; i < wireClicks.length; i++) {
      const [a, b] = [wireClicks[i - 1], wireClicks[i]];
      assert.ok(clicksInOrder(a, b), `at ${i}: ${JSON.stringify([a.updatedAt, a.id, b.updatedAt, b.id])}`);
      ties += a.updatedAt === b.updatedAt ? 1 : 0;
      nullAfterId += a.updatedAt === b.updatedAt && a.id !== null && b.id === null ? 1 : 0;
    }
    assert.ok(ties > 100 && nullAfterId > 0, 'equal times, and null ids among them, are exercised');
    const actions = (await readAll<WireActionItem>(sandbox, ACTIONS, { days: 120 })).items;
    assert.ok(actions.length > 500);
    assert.ok(actions.every((a, i) => i === 0 || actions[i - 1].updatedAt >= a.updatedAt));
  });

  it('generates the same data, and touches the same items, from the same seed', async () => {
    const options = { ...BASE, merchants: 200, clicks: 800, actions: 300 };
    const [a, b, c] = await Promise.all([
      startSandbox(options),
      startSandbox(options),
      startSandbox({ ...options, seed: 2 }),
    ]);
    try {
      assert.deepEqual(a.dataset, b.dataset);
      assert.notDeepEqual(a.dataset.programs, c.dataset.programs);
      for (const twin of [a, b]) {
        twin.touchReports(40);
        twin.touchReports(7);
      }
      assert.deepEqual(a.dataset, b.dataset);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});

describe('sandbox: touching the reports', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox(BASE);
  });
  afterEach(() => sandbox.close());

  it('moves N items of each report first, with updatedAt now and changed figures, keeping totals', async () => {
    const clicksBefore = new Map(sandbox.dataset.clicks.map((c) => [c, { ...c }]));
    const actionsBefore = new Map(sandbox.dataset.actions.map((a) => [a, { ...a }]));
    const totalOf = async (path: string) =>
      (await getJson<WireReportPage<unknown>>(sandbox, path, { days: 120 })).body.meta.total;
    const totalsBefore = [await totalOf(CLICKS), await totalOf(ACTIONS)];
    const reply = await touch(sandbox, '25');
    assert.deepEqual([reply.status, reply.body], [200, { clicks: 25, actions: 25 }]);

    const changedClicks = sandbox.dataset.clicks.filter((c) => c.count !== clicksBefore.get(c)?.count);
    assert.equal(changedClicks.length, 25, '25 distinct click items changed');
    for (const click of changedClicks) {
      const growth = click.count - (clicksBefore.get(click)?.count ?? 0);
      assert.ok(growth >= 1 && growth <= 5 && click.updatedAt === NOW_ISO, JSON.stringify(click));
    }
    const days = new Set(changedClicks.map((c) => c.date));
    assert.ok(days.size > 10, `spread over the history: ${days.size} days`);
    const wire = await readAll<WireClickItem>(sandbox, CLICKS, { days: 120 });
    const inWindow = changedClicks.filter((c) => c.date >= WINDOW_START).length;
    assert.ok(inWindow > 15);
    const first = wire.items.slice(0, inWindow);
    assert.ok(
      first.every((c) => c.updatedAt === NOW_ISO && changedClicks.some((t) => t.id === c.id && t.count === c.count)),
      'touched items come first',
    );
    assert.notEqual(wire.items[inWindow].updatedAt, NOW_ISO);
    assert.ok(wire.items.every((c, i) => i === 0 || clicksInOrder(wire.items[i - 1], c)));
    const changedActions = sandbox.dataset.actions.filter((a) => {
      const before = actionsBefore.get(a);
      return before?.status !== a.status || before?.commission !== a.commission;
    });
    assert.equal(changedActions.length, 25, '25 distinct actions changed');
    for (const action of changedActions) {
      const before = actionsBefore.get(action) as WireActionItem;
      assert.equal(action.updatedAt, NOW_ISO);
      if (before.status === 'PENDING') {
        assert.ok(['CONFIRMED', 'CANCELED'].includes(action.status), 'a pending action is decided');
      } else {
        assert.equal(action.status, before.status);
        assert.ok(
          Math.abs(action.commission - before.commission) >= 0.0099 && action.commission >= 0.01,
          `${before.commission} -> ${action.commission}`,
        );
      }
    }
    const actions = (await readAll<WireActionItem>(sandbox, ACTIONS, { days: 120 })).items;
    const nowFirst = actions.findIndex((a) => a.updatedAt !== NOW_ISO);
    const touchedInWindow = changedActions.filter((a) => a.createdAt.slice(0, 10) >= WINDOW_START);
    assert.ok(
      touchedInWindow.length > 15 && touchedInWindow.every((a) => actions.findIndex((w) => w.id === a.id) < nowFirst),
    );
    assert.deepEqual([wire.total, actions.length], totalsBefore, 'meta.total is unchanged');
  });

  it('does not serve a filtered list cached before the touch', async () => {
    const platform = sandbox.dataset.platforms[1].id;
    const params = { days: 120, adspaceId: platform };
    const before = await readAll<WireClickItem>(sandbox, CLICKS, params);
    const beforeActions = await readAll<WireActionItem>(sandbox, ACTIONS, params);
    assert.equal((await touch(sandbox, '200')).status, 200);
    const after = await readAll<WireClickItem>(sandbox, CLICKS, params);
    const afterActions = await readAll<WireActionItem>(sandbox, ACTIONS, params);
    const expected = sandbox.dataset.clicks.filter((c) => c.adspaceId === platform && c.date >= WINDOW_START);
    assert.notDeepEqual(after.items, before.items, 'the touch reached this platform');
    assert.deepEqual(after.items, expected);
    assert.equal(after.total, before.total);
    const expectedActions = sandbox.dataset.actions.filter(
      (a) => a.adspaceId === platform && a.createdAt.slice(0, 10) >= WINDOW_START,
    );
    assert.notDeepEqual(afterActions.items, beforeActions.items);
    assert.deepEqual(afterActions.items, expectedActions);
  });

  it('touches every item but the settled actions when asked for more than a report holds', async () => {
    const small = await startSandbox({ ...BASE, clicks: 30, actions: 12 });
    try {
      const settled = small.dataset.actions.filter((a) => a.status === 'SETTLED').map((a) => ({ ...a }));
      assert.ok(settled.length > 0, 'the small report has settled actions');
      const reply = await touch(small, '50');
      assert.deepEqual([reply.status, reply.body], [200, { clicks: 30, actions: 12 - settled.length }]);
      const moved = small.dataset.actions.filter((a) => a.status !== 'SETTLED' || !settled.some((s) => s.id === a.id));
      assert.ok([...small.dataset.clicks, ...moved].every((item) => item.updatedAt === NOW_ISO));
      assert.deepEqual(
        small.dataset.actions.filter((a) => settled.some((s) => s.id === a.id)),
        settled,
        'a settled action no longer changes',
      );
      assert.ok(small.dataset.actions.every((a) => a.status !== 'PENDING'));
    } finally {
      await small.close();
    }
  });

  const badCounts: Array<[string, string | undefined]> = [
    ['missing', undefined],
    ['empty', ''],
    ['not a number', 'ten'],
    ['a fraction', '1.5'],
    ['zero', '0'],
    ['negative', '-3'],
    ['over 100000', '100001'],
    ['in exponent form', '1e3'],
  ];
  for (const [name, count] of badCounts) {
    it(`refuses a count that is ${name} with 400 naming count, changing nothing`, async () => {
      const snapshot = JSON.stringify(sandbox.dataset);
      const reply = await touch(sandbox, count);
      assert.equal(reply.status, 400);
      assert.deepEqual([reply.body.errors?.[0].code, reply.body.errors?.[0].meta.property], ['1000', 'count']);
      assert.equal(JSON.stringify(sandbox.dataset), snapshot);
    });
  }

  it('refuses a bad count from code with a RangeError', () => {
    [0, 1.5, 100_001, Number.NaN].forEach((count) =>
      assert.throws(() => sandbox.touchReports(count), RangeError, String(count)),
    );
  });

  it('touches 1,000 of 100,000 items with a sort of those alone, not of the whole report (comparisons counted)', () => {
    // Work counted, not timed. Each comparison of the report order converts `updatedAt` to a
    // string, here counted. Putting the 1,000 touched items back takes a pass over the list (no
    // comparison) and a sort of those alone: at most 1,000 × log2 1,000 comparisons, 4 reads each.
    // A sort of the whole report compares every item at least once: 99,000 reads and more.
    // The sandbox's toucher over reports of 100,000 items each in report order (ten to a minute).
    const size = 100_000;
    const touched = 1_000;
    const reads = { clicks: 0, actions: 0 };
    /** An `updatedAt` that counts each time it is compared (`<` and `>` convert it to its string). */
    class CountedTime {
      constructor(
        private readonly value: string,
        private readonly report: keyof typeof reads,
      ) {}
      [Symbol.toPrimitive](): string {
        reads[this.report]++;
        return this.value;
      }
    }
    const timeOf = (index: number): string =>
      new Date(NOW.getTime() - 60_000 * (1 + Math.floor(index / 10))).toISOString();
    const [click] = sandbox.dataset.clicks;
    const [action] = sandbox.dataset.actions;
    const reports = {
      clicks: Array.from(
        { length: size },
        (_, index): WireClickItem => ({
          ...click!,
          id: `click-${String(index).padStart(6, '0')}`,
          updatedAt: timeOf(index),
        }),
      ),
      actions: Array.from(
        { length: size },
        (_, index): WireActionItem => ({
          ...action!,
          id: index + 1,
          status: ACTION_STATUSES[index % ACTION_STATUSES.length]!,
          updatedAt: timeOf(index),
        }),
      ),
    };
    const toucher = new ReportToucher(reports, 7);
    const bound = Math.ceil(4 * touched * Math.log2(touched));
    for (let round = 0; round < 3; round++) {
      // Every item counts, those the last touch wrote a plain string to as well.
      for (const report of ['clicks', 'actions'] as const) {
        for (const item of reports[report]) {
          if (typeof item.updatedAt === 'string') {
            item.updatedAt = new CountedTime(item.updatedAt, report) as unknown as string;
          }
        }
      }
      reads.clicks = 0;
      reads.actions = 0;
      assert.deepEqual(toucher.touch(touched, NOW_ISO), { clicks: touched, actions: touched });
      for (const report of ['clicks', 'actions'] as const) {
        assert.ok(reads[report] > 0, `round ${round}: the ${report} were put back in order by comparing`);
        assert.ok(
          reads[report] <= bound,
          `round ${round}: ${reads[report]} reads of updatedAt to put back ${touched} of ${size} ${report}, more than a sort of those alone takes (${bound})`,
        );
      }
    }
    for (const item of [...reports.clicks, ...reports.actions]) {
      item.updatedAt = String(item.updatedAt);
    }
    const { clicks, actions } = reports;
    assert.ok(
      clicks.every((item, i) => i === 0 || clicksInOrder(clicks[i - 1], item)),
      'the clicks in report order',
    );
    assert.ok(
      actions.every(
        (item, i) =>
          i === 0 ||
          actions[i - 1].updatedAt > item.updatedAt ||
          (actions[i - 1].updatedAt === item.updatedAt && actions[i - 1].id < item.id),
      ),
      'the actions in report order',
    );
  });
});
