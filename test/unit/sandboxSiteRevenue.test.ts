/**
 * A sandbox started with a site (issue 33 §4): its served reports agree with the site, and the
 * revenue at risk it says (and the CLI prints) equals a recount of the items it serves over HTTP,
 * page after page, by the money rule (/work/briefs/money-rule.md), written here on its own.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENDPOINT_PATHS, type WireActionItem, type WireClickItem, type WireReportPage } from '../../src/api/wire';
import { CliArgumentError, parseCliArgs } from '../../src/sandbox/cliArgs';
import { DEFAULT_SANDBOX_KEY, SandboxOptionError, startSandbox, type Sandbox } from '../../src/sandbox/server';
import { generateDataset } from '../../src/sandbox/dataset';
import { writeSite, type SiteArticle, type SiteSummary } from '../../src/sandbox/site';
import type { RevenueAtRisk } from '../../src/sandbox/siteRevenue';

const NOW = new Date('2026-11-21T12:00:00Z');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MONEY = ['inactive-merchant', 'deeplinks-not-allowed', 'target-off-merchant', 'subid-mismatch'];
const EARNING = new Set(['PENDING', 'CONFIRMED', 'SETTLED']);

/** `YYYY-MM-DD` of the local calendar day `days` after the one of `now`. */
function localDay(now: Date, days = 0): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, 12);
  return [day.getFullYear(), day.getMonth() + 1, day.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
}

/** Every item of a report over `from`..`to`, page after page; and how many pages it took. */
async function readAll<T>(
  base: string,
  report: string,
  from: string,
  to: string,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  for (let pages = 1; ; pages++) {
    const query = new URLSearchParams({ dateFrom: from, dateTo: to, offset: String(items.length), limit: '500' });
    const res = await fetch(`${base}${report}?${query}`, {
      headers: { authorization: `Bearer ${DEFAULT_SANDBOX_KEY}` },
    });
    assert.equal(res.status, 200, await res.clone().text());
    const page = (await res.json()) as WireReportPage<T>;
    items.push(...page.data);
    if (page.data.length === 0 || items.length >= page.meta.total) {
      return { items, pages };
    }
  }
}

const key = (subId: string, merchantId: number) => JSON.stringify([subId, merchantId]);

/** The pairs the site's links give: each article's SubID with every merchant it links to, and the SubIDs links carry. */
function linkedPairs(articles: readonly SiteArticle[]): { own: Set<string>; carried: Set<string> } {
  const own = new Set<string>();
  const carried = new Set<string>();
  for (const article of articles) {
    for (const link of article.links) {
      own.add(key(article.subId, link.merchantId));
      if (link.carries !== undefined && link.carries !== article.subId) {
        carried.add(key(link.carries, link.merchantId));
      }
    }
  }
  return { own, carried };
}

/** The money rule, counted again from served items: `clicks` of the last 60 days and `actions` of the last 30. */
function recount(
  articles: readonly SiteArticle[],
  clicks: readonly WireClickItem[],
  actions: readonly WireActionItem[],
  today: Date,
): RevenueAtRisk {
  const to = localDay(today);
  const from = localDay(today, -30);
  const shown = new Map<string, Set<number | null | undefined>>();
  const pairClicks = new Map<string, number>();
  for (const item of clicks) {
    if (item.date < localDay(today, -60) || item.date > to) {
      continue;
    }
    if (item.programId !== null) {
      shown.set(item.programId, new Set([...(shown.get(item.programId) ?? []), item.merchantId]));
    }
    if (item.date >= from && item.subId && typeof item.merchantId === 'number') {
      pairClicks.set(
        key(item.subId, item.merchantId),
        (pairClicks.get(key(item.subId, item.merchantId)) ?? 0) + item.count,
      );
    }
  }
  const cents = new Map<string, Record<string, number>>();
  for (const item of actions) {
    const day = item.createdAt.slice(0, 10);
    const merchants = [...(shown.get(item.programId) ?? [])];
    if (day < from || day > to || !item.subId || !EARNING.has(item.status) || merchants.length !== 1) {
      continue;
    }
    const earned = cents.get(key(item.subId, merchants[0] as number)) ?? {};
    earned[item.currencyCode] = (earned[item.currencyCode] ?? 0) + Math.round(item.commission * 1000);
    cents.set(key(item.subId, merchants[0] as number), earned);
  }
  const sum = (pairs: Set<string>) => {
    const earned: Record<string, number> = {};
    let total = 0;
    for (const pair of pairs) {
      total += pairClicks.get(pair) ?? 0;
      for (const [currency, mills] of Object.entries(cents.get(pair) ?? {})) {
        earned[currency] = (earned[currency] ?? 0) + mills;
      }
    }
    const amounts = Object.keys(earned)
      .sort()
      .filter((currency) => earned[currency] !== 0)
      .map((currency) => [currency, earned[currency]! / 1000]);
    return { clicks: total, earned: Object.fromEntries(amounts) as Record<string, number> };
  };
  type Tally = { name: string; links: number; articles: Set<string>; pairs: Set<string>; codes: Set<string> };
  const merchants = new Map<number, Tally>();
  const all = new Set<string>();
  const byArticle: RevenueAtRisk['articles'] = [];
  for (const article of articles) {
    const pairs = new Set<string>();
    let links = 0;
    for (const link of article.links) {
      const code = link.codes.find((c) => MONEY.includes(c));
      const subId = code === 'subid-mismatch' ? link.carries : article.subId;
      if (code === undefined || !subId) {
        continue;
      }
      const tally = merchants.get(link.merchantId) ?? {
        name: link.merchant,
        links: 0,
        articles: new Set(),
        pairs: new Set(),
        codes: new Set(),
      };
      merchants.set(link.merchantId, tally);
      tally.links += 1;
      tally.articles.add(article.path);
      tally.pairs.add(key(subId, link.merchantId));
      tally.codes.add(code);
      pairs.add(key(subId, link.merchantId));
      all.add(key(subId, link.merchantId));
      links += 1;
    }
    if (links > 0) {
      byArticle.push({ path: article.path, subId: article.subId, ...sum(pairs), links, pairs: pairs.size });
    }
  }
  const byMerchant = [...merchants].map(([merchantId, tally]) => ({
    merchantId,
    name: tally.name,
    ...sum(tally.pairs),
    links: tally.links,
    articles: tally.articles.size,
    pairs: tally.pairs.size,
    reasons: MONEY.filter((code) => tally.codes.has(code)) as RevenueAtRisk['merchants'][number]['reasons'],
  }));
  byMerchant.sort((a, b) => b.clicks - a.clicks || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  byArticle.sort((a, b) => b.clicks - a.clicks || (a.path < b.path ? -1 : 1));
  const links = byArticle.reduce((n, article) => n + article.links, 0);
  return {
    period: { from, to },
    merchants: byMerchant,
    articles: byArticle,
    totals: { links, articles: byArticle.length, pairs: all.size, ...sum(all) },
  };
}

/** The served items a recount needs, and the pages they took. */
async function served(base: string, today: Date) {
  const clicks = await readAll<WireClickItem>(base, ENDPOINT_PATHS.clicks, localDay(today, -60), localDay(today));
  const actions = await readAll<WireActionItem>(base, ENDPOINT_PATHS.actions, localDay(today, -30), localDay(today));
  return { clicks: clicks.items, actions: actions.items, pages: clicks.pages + actions.pages };
}

describe('a sandbox with a site: its reports and its revenue at risk', function () {
  this.timeout(60_000);
  let root: string;
  let sandbox: Sandbox;
  let articles: SiteArticle[];
  let history: { clicks: WireClickItem[]; actions: WireActionItem[] };

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-site-revenue-'));
    sandbox = await startSandbox({ merchants: 600, seed: 25, now: () => NOW, site: { directory: root, articles: 40 } });
    articles = sandbox.site!.articles;
    // The whole history (125 days), in two periods of at most 120 days.
    const [older, newer] = [
      [localDay(NOW, -124), localDay(NOW, -63)],
      [localDay(NOW, -62), localDay(NOW)],
    ];
    const clicks = await Promise.all(
      [older, newer].map(([from, to]) => readAll<WireClickItem>(sandbox.url, ENDPOINT_PATHS.clicks, from!, to!)),
    );
    const actions = await Promise.all(
      [older, newer].map(([from, to]) => readAll<WireActionItem>(sandbox.url, ENDPOINT_PATHS.actions, from!, to!)),
    );
    history = { clicks: clicks.flatMap((r) => r.items), actions: actions.flatMap((r) => r.items) };
  });

  after(async () => {
    await sandbox?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes the site it says, with a shared broken pair and a healthy and a broken link to one merchant', () => {
    assert.equal(sandbox.site!.summary.articles, 40);
    assert.ok(fs.existsSync(path.join(root, articles[0]!.path)));
    const broken = (article: SiteArticle) => article.links.filter((link) => link.codes.length > 0);
    assert.ok(
      articles.some((article) =>
        broken(article).some((link, at, all) => all.findIndex((other) => other.merchantId === link.merchantId) !== at),
      ),
      'an article with two broken links to one merchant',
    );
    assert.ok(
      articles.some((article) =>
        article.links.some(
          (link) => link.codes.length === 0 && broken(article).some((b) => b.merchantId === link.merchantId),
        ),
      ),
      'an article with a healthy and a broken link to one merchant',
    );
  });

  it('serves clicks for each article’s SubID to every merchant it links to, over 125 days, and none to others', () => {
    const { own, carried } = linkedPairs(articles);
    const subIds = new Set([...own, ...carried].map((pair) => (JSON.parse(pair) as [string, number])[0]));
    const clicked = new Map<string, number>();
    for (const item of history.clicks) {
      if (item.subId !== null && subIds.has(item.subId)) {
        const pair = key(item.subId, item.merchantId as number);
        assert.ok(own.has(pair) || carried.has(pair), `clicks for ${pair}, which no link of the site gives`);
        clicked.set(pair, (clicked.get(pair) ?? 0) + item.count);
        // Well-formed: an id, a program, a merchant, the site's platform, a whole count.
        assert.match(String(item.id), UUID);
        assert.match(String(item.programId), UUID);
        assert.ok(item.programName !== '' && typeof item.merchantId === 'number');
        assert.equal(item.adspaceId, sandbox.dataset.platforms[0]!.id);
        assert.ok(Number.isInteger(item.count) && item.count >= 1);
      }
    }
    for (const pair of own) {
      assert.ok((clicked.get(pair) ?? 0) > 0, `no clicks for ${pair}`);
    }
    const carriedOnly = [...carried].filter((pair) => !own.has(pair));
    assert.ok(
      carriedOnly.some((pair) => clicked.has(pair)),
      'a SubID that a subid-mismatch link carries has clicks for its merchant',
    );
    const dates = history.clicks.filter((item) => subIds.has(item.subId ?? '')).map((item) => item.date);
    assert.ok(dates.some((date) => date < localDay(NOW, -100)) && dates.some((date) => date > localDay(NOW, -5)));
  });

  it('serves the site’s actions in every status and a few currencies, on programs its clicks show with one merchant', () => {
    const subIds = new Set(articles.map((article) => article.subId));
    const site = history.actions.filter((item) => subIds.has(item.subId));
    const merchantsOf = new Map<string, Set<unknown>>();
    for (const item of history.clicks) {
      if (item.programId !== null) {
        merchantsOf.set(item.programId, new Set([...(merchantsOf.get(item.programId) ?? []), item.merchantId]));
      }
    }
    assert.deepEqual([...new Set(site.map((item) => item.status))].sort(), [
      'CANCELED',
      'CONFIRMED',
      'PENDING',
      'SETTLED',
    ]);
    const currencies = new Set(site.map((item) => item.currencyCode));
    assert.ok(currencies.has('EUR') && currencies.size >= 2, [...currencies].join());
    for (const item of site) {
      assert.equal(merchantsOf.get(item.programId)?.size, 1, item.programId);
    }
  });

  it('says the revenue at risk of the last 30 days that a recount of the served items gives', async () => {
    const items = await served(sandbox.url, NOW);
    assert.ok(items.pages > 4, `the recount reads page after page (${items.pages} pages)`);
    const risk = sandbox.site!.revenueAtRisk;
    assert.deepEqual(risk, recount(articles, items.clicks, items.actions, NOW));
    assert.ok(risk.totals.clicks > 0 && Object.keys(risk.totals.earned).length >= 2, JSON.stringify(risk.totals));
    assert.ok(
      risk.merchants.some((merchant) => merchant.pairs < merchant.links),
      'a merchant whose links share a pair',
    );
    assert.equal(
      risk.totals.clicks,
      risk.merchants.reduce((sum, merchant) => sum + merchant.clicks, 0),
      'every pair is one merchant’s',
    );
  });

  it('says it again after a report touch, from the items as they are then', async () => {
    const before = sandbox.site!.revenueAtRisk.totals.clicks;
    const res = await fetch(`${sandbox.url}/__sandbox/reports/touch?count=3000`, { method: 'POST' });
    assert.equal(res.status, 200);
    const items = await served(sandbox.url, NOW);
    const risk = sandbox.site!.revenueAtRisk;
    assert.ok(
      risk.totals.clicks > before,
      `the touch added clicks at risk (${before} before, ${risk.totals.clicks} after)`,
    );
    assert.deepEqual(risk, recount(articles, items.clicks, items.actions, NOW));
  });
});

describe('`npm run sandbox -- --site DIR --serve`', function () {
  this.timeout(60_000);
  let root: string;
  let child: ChildProcess | undefined;

  before(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-site-cli-'))));
  after(() => {
    child?.kill('SIGTERM');
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(`${root}-twin`, { recursive: true, force: true });
  });

  it('prints the findings with the revenue at risk that a recount of what it then serves gives', async () => {
    const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const args = ['--site', root, '--articles', '15', '--merchants', '500', '--seed', '7', '--serve', '--port', '0'];
    child = spawn(tsx, ['src/sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const lines = await new Promise<string[]>((resolve, reject) => {
      child!.stdout!.on('data', (chunk) => {
        out += chunk;
        if (/Sandbox listening on \S+/.test(out)) {
          resolve(out.split('\n'));
        }
      });
      child!.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
    const printed = JSON.parse(lines[0]!) as SiteSummary & { revenueAtRisk: RevenueAtRisk };
    assert.equal(printed.site, root);
    assert.equal(printed.articles, 15);
    const url = /Sandbox listening on (\S+)/.exec(lines[1]!)![1]!;
    const today = new Date();
    const items = await served(url, today);
    // The site's links as the generator knows them: the same site written again from the same catalog.
    const merchants = generateDataset({ seed: 7, merchants: 500, clicks: 0, actions: 0, now: today }).merchants;
    const { articles } = writeSite(path.join(root, '..', `${path.basename(root)}-twin`), merchants, {
      articles: 15,
      seed: 7,
    });
    assert.ok(printed.revenueAtRisk.totals.links > 0);
    assert.deepEqual(printed.revenueAtRisk, recount(articles, items.clicks, items.actions, today));
  });
});

describe('the site options of the sandbox', () => {
  it('parses --serve with --site only', () => {
    assert.deepEqual(parseCliArgs(['--site', 'out', '--serve', '--articles', '3']).site, {
      directory: 'out',
      articles: 3,
      serve: true,
    });
    assert.equal(parseCliArgs(['--site', 'out']).site?.serve, false);
    for (const argv of [['--serve'], ['--site', 'out', '--serve=yes'], ['--site', 'out', '--serve', '--serve']]) {
      assert.throws(() => parseCliArgs(argv), CliArgumentError, argv.join(' '));
    }
  });

  it('refuses a site without a directory or with a bad count of articles, writing nothing', async () => {
    for (const site of [
      { directory: '', articles: 3 },
      { directory: 'never-written', articles: 0 },
      { directory: 'never-written', articles: 2.5 },
      { directory: 'never-written', articles: 3, moreDeeplinks: -1 },
    ]) {
      await assert.rejects(
        startSandbox({ merchants: 300, site }),
        (error: Error) => error instanceof SandboxOptionError && error.option === 'site',
        JSON.stringify(site),
      );
    }
    assert.equal(fs.existsSync('never-written'), false);
  });

  it('leaves a sandbox without a site as it was: no site, the generated SubIDs', async () => {
    const sandbox = await startSandbox({ merchants: 300, now: () => NOW });
    try {
      assert.equal(sandbox.site, undefined);
      assert.ok(sandbox.dataset.clicks.some((item) => item.subId === 'best-running-shoes'));
      assert.ok(!sandbox.dataset.clicks.some((item) => item.subId === 'newsletter'));
    } finally {
      await sandbox.close();
    }
  });
});
