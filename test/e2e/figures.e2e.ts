import assert from 'node:assert/strict';
import type { ClickItem } from '../../src/api/types';
import { presetPeriod } from '../../src/reports/model/reportPeriods';
import { eventually } from '../common/eventually';
import { writeDemoArticles, type DemoArticle } from '../host/demoArticles';
import { useE2eEnvironment } from './environment';
import { ReportPanel } from './reportPanel';

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Clicks of the figures period (the last 30 days, the default) by `key`, as the sandbox counts them. */
function clicksBy(items: readonly ClickItem[], key: (item: ClickItem) => string | null): Map<string, number> {
  const { from, to } = presetPeriod('last30', localToday());
  const sums = new Map<string, number>();
  for (const item of items) {
    const day = item.date?.slice(0, 10) ?? '';
    const value = key(item);
    if (value !== null && day >= from && day <= to) {
      sums.set(value, (sums.get(value) ?? 0) + item.count);
    }
  }
  return sums;
}

describe('figures where you write, in the real workbench', function () {
  this.timeout(240_000);
  // As in the demo: each article's SubID is its file name.
  const environment = useE2eEnvironment({ settings: { 'affiliateLinks.subId': '${fileBasenameNoExtension}' } });
  let articles: DemoArticle[];

  before(async () => {
    const env = environment();
    articles = writeDemoArticles(env.server.workspace, env.sandbox.dataset);
    await env.workbench.setApiKeyAndShowMerchants(env.sandbox.key);
  });

  it('shows an article’s clicks at its top; choosing them opens the report panel filtered to its SubID', async () => {
    const env = environment();
    const article = articles[0]!;
    const clicks = clicksBy(env.sandbox.dataset.clicks as ClickItem[], (item) => item.subId).get(article.subId)!;
    await env.workbench.openFile(`${article.subId}.md`);
    const lens = env.workbench.page
      .locator('.contentWidgets .codelens-decoration a, .codelens-decoration a', {
        hasText: `${clicks.toLocaleString('en-US')} clicks`,
      })
      .first();
    await lens.waitFor({ timeout: 60_000 });
    assert.match((await lens.textContent()) ?? '', /vs previous 30 days/);
    // The line of the first link: the article's clicks that went to that link's merchant.
    const merchant = env.sandbox.dataset.merchants.find((candidate) => candidate.name === article.merchants[0])!;
    const toMerchant = clicksBy(env.sandbox.dataset.clicks as ClickItem[], (item) =>
      item.subId === article.subId && item.merchantId !== null ? String(item.merchantId) : null,
    ).get(String(merchant.merchantId))!;
    const lineLens = `${toMerchant.toLocaleString('en-US')} ${toMerchant === 1 ? 'click' : 'clicks'} · ${merchant.name}`;
    await env.workbench.page
      .locator('.codelens-decoration', { hasText: lineLens })
      .first()
      .waitFor({ timeout: 15_000 });
    await env.workbench.screenshot('figures-article');

    await lens.click();
    const panel = await ReportPanel.find(env.workbench);
    await eventually(
      async () => ((await panel.selected('filter-subid')) === article.subId ? true : undefined),
      'the panel filtered to the article’s SubID',
      30_000,
    );
    assert.equal(await panel.selected('period-select'), 'last30');
    await eventually(
      async () => ((await panel.figure('clicks')) === clicks ? true : undefined),
      'the article’s clicks in the panel',
      30_000,
    );
    await env.workbench.screenshot('figures-panel-for-article');
    await env.workbench.runCommand('View: Close All Editors');
  });

  it('sorts the merchants by my clicks and shows a merchant’s clicks in its tooltip', async () => {
    const env = environment();
    const byMerchant = clicksBy(env.sandbox.dataset.clicks as ClickItem[], (item) =>
      item.merchantId === null ? null : String(item.merchantId),
    );
    const active = env.sandbox.dataset.merchants.filter((merchant) => merchant.isActive);
    const top = active
      .filter((merchant) => byMerchant.has(String(merchant.merchantId)))
      .sort(
        (a, b) =>
          byMerchant.get(String(b.merchantId))! - byMerchant.get(String(a.merchantId))! || a.name.localeCompare(b.name),
      )[0]!;
    await env.workbench.runCommand('Affiliate Links: Sort Merchants by My Clicks');
    const firstRow = env.workbench.page.locator('.monaco-list-row[role="treeitem"][aria-level="2"]').first();
    await eventually(
      async () => ((await firstRow.textContent())?.includes(top.name) ? true : undefined),
      `${top.name} first`,
      60_000,
    );
    const clicks = byMerchant.get(String(top.merchantId))!;
    const hover = env.workbench.page
      .locator('.monaco-hover, .workbench-hover', { hasText: `${clicks.toLocaleString('en-US')} clicks` })
      .first();
    // The figures' other reads (the previous period, the actions) may still arrive, paced by the
    // rate limit, and each redraws the tree, closing a hover: hover again until it shows.
    await env.workbench.hoverUntilShown(
      firstRow.locator('.monaco-icon-label'),
      hover,
      `the tooltip of ${top.name} with ${clicks} clicks`,
      30_000,
    );
    await env.workbench.screenshot('figures-tree-sorted-by-clicks');
  });
});
