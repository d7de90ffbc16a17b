/**
 * Revenue at risk in the real host (issue 33 §5) over the sandbox's generated site and its reports: the view's
 * merchants, articles and totals equal the sandbox's own recount; a finding's message carries its pair's money;
 * nothing of it asks the service; a sync that deactivates a linked merchant names the money and tops the view.
 */
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import type { CurrencyAmount } from '../../src/reports/model/currencyAmounts';
import { MONEY_CODES } from '../../src/health/moneyLinks';
import { pairFigures, type PairTable } from '../../src/reports/figures/pairFigures';
import type { RevenueReport } from '../../src/revenue/revenueReport';
import { startSandbox, type Sandbox } from '../../src/sandbox/server';
import { SITE_SUB_ID_TEMPLATE } from '../../src/sandbox/site';
import type { Earned, RevenueAtRisk } from '../../src/sandbox/siteRevenue';
import { activatedExtension, eventually } from './extensionUnderTest';

const ARTICLES = 40;

async function setting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(name, value, vscode.ConfigurationTarget.Global);
}

/** Amounts by currency code, rounded to the cent (the sandbox adds thousandths exactly). */

function rounded(earned: Earned): Earned {
  return Object.fromEntries(Object.entries(earned).map(([code, amount]) => [code, Math.round(amount * 100) / 100]));
}

/**
 * The product's report in the sandbox's terms, over the site's files only (other suites' files may still be in the
 * workspace): merchants by id, their pairs read again from the figures' table for the site's articles alone; articles
 * by site path, summed over their merchants (pairs of two merchants are never the same pair).
 */
function shownAsSandbox(report: RevenueReport, pairs: PairTable, site: vscode.Uri) {
  const prefix = `${site.toString()}/`;
  const articles = new Map<string, { clicks: number; earned: Map<string, number>; links: number }>();
  const merchants = [];
  const total = { links: 0, clicks: 0, earned: new Map<string, number>() };
  const add = (into: Map<string, number>, amounts: readonly CurrencyAmount[]) =>
    amounts.forEach((a) => into.set(a.currencyCode ?? '?', (into.get(a.currencyCode ?? '?') ?? 0) + a.amount));
  for (const merchant of report.merchants) {
    const own = merchant.articles.filter((article) => article.path.startsWith(prefix));
    if (own.length === 0) {
      continue;
    }
    const subIds = new Set(own.flatMap((article) => article.subIds));
    let clicks = 0;
    const earned = new Map<string, number>();
    for (const subId of subIds) {
      const figures = pairFigures(pairs, subId, merchant.merchantId!);
      clicks += figures?.clicks ?? 0;
      add(earned, figures?.earned ?? []);
    }
    const codes = new Set(own.flatMap((article) => article.links.map((link) => link.code)));
    const links = own.reduce((sum, article) => sum + article.links.length, 0);
    merchants.push({
      merchantId: Number(merchant.merchantId),
      clicks,
      earned: rounded(Object.fromEntries(earned)),
      links,
      articles: own.length,
      reasons: MONEY_CODES.filter((code) => codes.has(code)),
    });
    total.links += links;
    total.clicks += clicks;
    add(
      total.earned,
      [...earned].map(([currencyCode, amount]) => ({ currencyCode, label: currencyCode, amount })),
    );
    for (const article of own) {
      const path = article.path.slice(prefix.length);
      const entry = articles.get(path) ?? { clicks: 0, earned: new Map(), links: 0 };
      entry.clicks += article.money.clicks;
      entry.links += article.links.length;
      add(entry.earned, article.money.earned);
      articles.set(path, entry);
    }
  }
  return {
    merchants: merchants.sort((a, b) => a.merchantId - b.merchantId),
    articles: [...articles]
      .map(([path, entry]) => ({
        path,
        clicks: entry.clicks,
        earned: rounded(Object.fromEntries(entry.earned)),
        links: entry.links,
      }))
      .sort((a, b) => (a.path < b.path ? -1 : 1)),
    totals: {
      links: total.links,
      articles: articles.size,
      clicks: total.clicks,
      earned: rounded(Object.fromEntries(total.earned)),
    },
  };
}

function printedAsShown(printed: RevenueAtRisk) {
  return {
    merchants: printed.merchants
      .map((m) => ({
        merchantId: m.merchantId,
        clicks: m.clicks,
        earned: rounded(m.earned),
        links: m.links,
        articles: m.articles,
        reasons: m.reasons,
      }))
      .sort((a, b) => a.merchantId - b.merchantId),
    articles: printed.articles
      .map((a) => ({ path: a.path, clicks: a.clicks, earned: rounded(a.earned), links: a.links }))
      .sort((a, b) => (a.path < b.path ? -1 : 1)),
    totals: {
      links: printed.totals.links,
      articles: printed.totals.articles,
      clicks: printed.totals.clicks,
      earned: rounded(printed.totals.earned),
    },
  };
}

describe('revenue at risk over the sandbox’s generated site and its reports, in the real host', function () {
  this.timeout(180_000);
  let sandbox: Sandbox;
  let site: vscode.Uri;
  let api: AffiliateLinksApi;

  before(async () => {
    site = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'revenue-site');
    await setting('affiliateLinks.subId', SITE_SUB_ID_TEMPLATE);
    sandbox = await startSandbox({ merchants: 600, seed: 33, site: { directory: site.fsPath, articles: ARTICLES } });
    await setting('affiliateLinks.baseUrl', sandbox.url);
    assert.equal(await vscode.commands.executeCommand<boolean>('affiliateLinks.setApiKey', sandbox.key), true);
    api = (await activatedExtension()).exports as AffiliateLinksApi;
    await eventually(
      () => (api.controller.store?.snapshot.merchants.size === 600 ? true : undefined),
      'the catalog',
      30_000,
    );
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(site, { recursive: true }).then(undefined, () => undefined);
    await vscode.commands.executeCommand('affiliateLinks.clearApiKey');
    for (const name of ['affiliateLinks.baseUrl', 'affiliateLinks.subId']) {
      await setting(name, undefined);
    }
    await sandbox?.close();
  });

  it('shows the merchants, articles and totals at risk the sandbox printed, and asks the service nothing for them', async () => {
    await vscode.commands.executeCommand('affiliateLinks.refreshFigures');
    const afterFigures = sandbox.stats().total;
    const printed = printedAsShown(sandbox.site!.revenueAtRisk);
    assert.ok(printed.totals.clicks > 0 && printed.merchants.length >= 3, 'the sandbox has money at risk');
    await eventually(
      () => {
        const report = api.revenue.report;
        const pairs = api.revenue.pairs;
        return report.figures === 'ready' &&
          pairs !== undefined &&
          api.revenue.counted &&
          isDeepStrictEqual(shownAsSandbox(report, pairs, site), printed)
          ? true
          : undefined;
      },
      'the printed revenue at risk',
      90_000,
    ).catch((error: unknown) => {
      assert.deepEqual(shownAsSandbox(api.revenue.report, api.revenue.pairs!, site), printed, String(error));
    });
    const report = api.revenue.report;
    // Ranked by clicks, largest first; every article row under its merchant too.
    const clicks = report.merchants.map((m) => m.money.clicks);
    assert.deepEqual(
      clicks,
      [...clicks].sort((a, b) => b - a),
    );
    // The view draws the same report: a total on top, then the merchants in that order.
    await vscode.commands.executeCommand('affiliateLinks.showRevenueAtRisk');
    const roots = api.revenueView.getChildren();
    assert.equal(roots[0]!.data.kind, 'total');
    assert.deepEqual(
      roots.filter((node) => node.data.kind === 'merchant').map((node) => api.revenueView.getTreeItem(node).label),
      report.merchants.map((m) => m.name),
    );
    // The link health status bar item shows the clicks at risk.
    const atRisk = `${report.totals.clicks.toLocaleString('en-US')} clicks at risk`;
    await eventually(
      () => api.linkHealthStatus.shown?.text.includes(atRisk) || undefined,
      `the status bar's "${atRisk}"`,
    );
    const table = await vscode.commands.executeCommand<string>('affiliateLinks.copyRevenueAtRisk');
    assert.equal(await vscode.env.clipboard.readText(), table);
    assert.ok(table.split('\n')[2]!.startsWith(`| ${report.merchants[0]!.name.replace(/\|/g, '\\|')} |`), table);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(sandbox.stats().total - afterFigures, 0, 'requests beyond the figures’ own');
  });

  it('appends a pair’s money to its finding, with a code that opens the view', async () => {
    const report = api.revenue.report;
    const withClicks = report.merchants.flatMap((m) =>
      m.articles.flatMap((a) => a.links.filter(() => a.money.clicks > 0)),
    );
    // In a Markdown file, whose language the quick fixes are registered for in any VS Code.
    const link = withClicks.find((l) => l.code !== 'subid-mismatch' && l.path.endsWith('.md'))!;
    const diagnostics = vscode.languages.getDiagnostics(vscode.Uri.parse(link.path));
    const shown = diagnostics.find(
      (d) => d.range.start.line === link.line && d.range.start.character === link.column && typeof d.code === 'object',
    );
    assert.ok(shown, `a diagnostic with money at ${link.path}:${link.line}`);
    assert.match(shown.message, /\(\d[\d,]* clicks?( and .* earned)? in the last 30 days/);
    const code = shown.code as { value: string; target: vscode.Uri };
    assert.equal(code.value, link.code);
    assert.equal(code.target.toString(), 'command:affiliateLinks.showRevenueAtRisk');
  });

  it('names the money when a sync deactivates a linked merchant, and puts it at the top of the view', async () => {
    const report = api.revenue.report;
    const topClicks = report.merchants[0]?.money.clicks ?? 0;
    const { from, to } = sandbox.site!.revenueAtRisk.period;
    // A merchant only healthy links go to, in one article: its pair gets more clicks today than the top row has.
    const atRisk = new Set(report.merchants.map((m) => Number(m.merchantId)));
    const article = sandbox.site!.articles.find((a) =>
      a.links.some((l) => l.codes.length === 0 && !atRisk.has(l.merchantId)),
    )!;
    const merchantId = article.links.find((l) => l.codes.length === 0 && !atRisk.has(l.merchantId))!.merchantId;
    const linking = sandbox.site!.articles.filter((a) => a.links.some((l) => l.merchantId === merchantId));
    const subIds = new Set(linking.map((a) => a.subId));
    const model = sandbox.dataset.clicks.find(
      (item) => item.merchantId === merchantId && item.subId === article.subId,
    )!;
    const now = new Date();
    sandbox.dataset.clicks.unshift({
      ...model,
      id: `revenue-${now.getTime()}`,
      date: to,
      count: topClicks + 500,
      updatedAt: now.toISOString(),
    });
    // The sandbox serves its items from a cache that a report touch rebuilds (it changes one more item).
    sandbox.touchReports(1);
    await vscode.commands.executeCommand('affiliateLinks.refreshFigures');
    const clicks = sandbox.dataset.clicks
      .filter(
        (item) =>
          item.merchantId === merchantId && subIds.has(item.subId ?? '') && item.date >= from && item.date <= to,
      )
      .reduce((sum, item) => sum + item.count, 0);
    await eventually(
      () =>
        (api.revenue.pairs?.pairs.get(article.subId)?.get(String(merchantId))?.clicks ?? 0) > topClicks || undefined,
      'the figures with the new clicks',
      30_000,
    );
    const before = api.warnings.length;
    const reportsBefore = sandbox.stats().byEndpoint;
    const at = sandbox.dataset.merchants.findIndex((m) => m.merchantId === merchantId);
    sandbox.dataset.merchants[at]!.isActive = false;
    sandbox.touchMerchant(at);
    // In the same sync a merchant already at risk is renamed: its row, kept since, takes the catalog's new name.
    const renamed = report.merchants.find((m) => m.merchantId !== undefined && m.merchantId !== String(merchantId))!;
    const renamedAt = sandbox.dataset.merchants.findIndex((m) => String(m.merchantId) === renamed.merchantId);
    const newName = `${renamed.name} (renamed)`;
    sandbox.dataset.merchants[renamedAt]!.name = newName;
    sandbox.touchMerchant(renamedAt);
    await vscode.commands.executeCommand('affiliateLinks.refreshMerchants');
    const notice = await eventually(
      () => api.warnings.slice(before).find((w) => w.includes('became inactive')),
      'the notice',
      30_000,
    );
    assert.match(notice, new RegExp(`which took ${clicks.toLocaleString('en-US')} clicks`), notice);
    await eventually(
      () => (api.revenue.report.merchants[0]?.merchantId === String(merchantId) ? true : undefined),
      'the merchant at the top of the view',
      30_000,
    );
    assert.equal(api.revenue.report.merchants[0]!.money.clicks, clicks);
    assert.equal(api.revenue.report.merchants.find((m) => m.key === renamed.key)?.name, newName);
    assert.deepEqual(api.revenue.report.merchants[0]!.reasons, ['inactive-merchant']);
    // The Merchants view: a warning where its icon was, and its clicks at risk in its tooltip.
    const key = api.revenue.report.merchants[0]!.key;
    const provider = api.view.provider;
    const row = () => {
      const node = provider.model!.nodeForMerchant(key)!;
      return provider.resolveTreeItem(provider.getTreeItem(node), node);
    };
    await eventually(
      () => ((row().iconPath as vscode.ThemeIcon | undefined)?.id === 'warning' ? true : undefined),
      'the warning icon',
    );
    assert.match(
      (row().tooltip as vscode.MarkdownString).value.replace(/\\/g, ''),
      new RegExp(`Clicks at risk: ${clicks.toLocaleString('en-US')} in the last 30 days`),
    );
    const prefix = `${site.toString()}/`;
    assert.equal(
      api.revenue.report.merchants[0]!.articles.filter((a) => a.path.startsWith(prefix)).reduce(
        (sum, a) => sum + a.links.length,
        0,
      ),
      linking.flatMap((a) => a.links.filter((l) => l.merchantId === merchantId)).length,
    );
    // The sync read the catalog; revenue at risk read no report for it.
    const reportsAfter = sandbox.stats().byEndpoint;
    assert.deepEqual([reportsAfter.click, reportsAfter.action], [reportsBefore.click, reportsBefore.action]);

    // Show Reports for Merchant: the panel on the last 30 days by SubID, filtered to the merchant's one program.
    const node = api.revenueView.getChildren().find((row) => row.merchantKey === key)!;
    await vscode.commands.executeCommand('affiliateLinks.showMerchantReports', node);
    const program = sandbox.dataset.programs.find((p) => p.merchantId === merchantId)!;
    const shown = await eventually(() => api.reportsPanel.snapshot(), 'the report panel', 30_000);
    assert.deepEqual(
      [shown.state.period, shown.state.groupBy, shown.state.filters.programId],
      [{ preset: 'last30' }, 'subId', program.id],
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
