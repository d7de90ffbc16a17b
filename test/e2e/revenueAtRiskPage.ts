/**
 * What the Revenue at Risk e2e reads and does (test/e2e/revenueAtRisk.e2e.ts): the figures worked out from the
 * sandbox's own clicks and actions, the demo articles made to link inactive merchants, and the view's rows.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import type { ClickItem } from '../../src/api/types';
import type { WireActionItem, WireMerchant } from '../../src/api/wire';
import { linkMarkup } from '../../src/links/linkMarkup';
import { trackingLinkOf } from '../../src/links/trackingLink';
import { presetPeriod } from '../../src/reports/model/reportPeriods';
import { eventually } from '../common/eventually';
import { type DemoArticle } from '../host/demoArticles';
import { type E2eEnvironment } from './environment';
import { unshared } from './unsharedMerchants';

export const VIEW = 'Revenue at Risk';
export const WHOLE = new Intl.NumberFormat('en-US');
export const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const EARNING = ['PENDING', 'CONFIRMED', 'SETTLED'];

export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** What the view's figures count: the clicks of `subId` to `merchant` over the last 30 days, from the sandbox's data. */
export function pairClicks(clicks: readonly ClickItem[], subId: string, merchant: WireMerchant): number {
  const { from, to } = presetPeriod('last30', localToday());
  return clicks
    .filter((item) => item.subId === subId && item.merchantId === merchant.merchantId && item.date !== null)
    .filter((item) => item.date!.slice(0, 10) >= from && item.date!.slice(0, 10) <= to)
    .reduce((total, item) => total + item.count, 0);
}

/**
 * What the pair earned over the same 30 days, per currency, from the sandbox's actions: those pending, confirmed or
 * settled on a day of the window (`date`, else `createdAt`), of the merchant's programs (those its clicks name).
 */
export function pairEarned(
  data: { clicks: readonly ClickItem[]; actions: readonly WireActionItem[] },
  subId: string,
  merchant: WireMerchant,
): Map<string, number> {
  const { from, to } = presetPeriod('last30', localToday());
  const programs = new Set(
    data.clicks.filter((item) => item.merchantId === merchant.merchantId).map((item) => item.programId),
  );
  const earned = new Map<string, number>();
  for (const action of data.actions) {
    const day = (action.date ?? action.createdAt).slice(0, 10);
    if (
      action.subId === subId &&
      programs.has(action.programId) &&
      EARNING.includes(action.status) &&
      day >= from &&
      day <= to
    ) {
      earned.set(action.currencyCode, (earned.get(action.currencyCode) ?? 0) + action.commission);
    }
  }
  return earned;
}

/** "393 clicks", "393 clicks · GBP 20.47 earned", as a row says them. */
export function moneyWords(clicks: number, earned: ReadonlyMap<string, number>): string {
  const amounts = [...earned.keys()]
    .sort()
    .map((code) => `${code} ${MONEY.format(earned.get(code)!)}`)
    .join(', ');
  return `${WHOLE.format(clicks)} ${clicks === 1 ? 'click' : 'clicks'}${amounts === '' ? '' : ` · ${amounts} earned`}`;
}

export function addEarned(into: Map<string, number>, more: ReadonlyMap<string, number>): void {
  for (const [code, amount] of more) {
    into.set(code, (into.get(code) ?? 0) + amount);
  }
}

/** A merchant at risk as the test wrote it: the articles that link to it, and the clicks of their pairs. */
export interface AtRisk {
  merchant: WireMerchant;
  articles: DemoArticle[];
  clicks: number;
  earned: Map<string, number>;
}

/** The sentence that carries an inactive merchant's tracking link, in the article's markup. */
export function addInactiveLink(article: DemoArticle, merchant: WireMerchant): void {
  const link = trackingLinkOf(merchant);
  assert.ok(link.ok, `${merchant.name} has a tracking link`);
  const text = fs.readFileSync(article.file, 'utf8');
  if (article.format === 'html') {
    const anchor = linkMarkup('html', link.link, merchant.name, { rel: 'sponsored' });
    const paragraph = `    <p>We used to recommend ${anchor} for this.</p>`;
    fs.writeFileSync(article.file, text.replace('  </article>', `${paragraph}\n  </article>`));
  } else {
    const markup = linkMarkup(article.format === 'md' ? 'markdown' : 'mdx', link.link, merchant.name, { rel: '' });
    fs.writeFileSync(article.file, `${text.trimEnd()}\n\nWe used to recommend ${markup} for this.\n`);
  }
}

/**
 * Links the demo's inactive merchant from every article (it is linked from the first already), and in each other
 * article the inactive merchant its SubID clicked most (below the first's clicks, so that the first stays on top).
 * Returns the merchants at risk, the most clicks first, with what their pairs took and earned.
 */
export function writeAtRisk(
  articles: readonly DemoArticle[],
  data: { merchants: readonly WireMerchant[]; clicks: readonly ClickItem[]; actions: readonly WireActionItem[] },
): AtRisk[] {
  const first = articles.find((article) => article.inactiveMerchant !== undefined)!;
  const top = data.merchants.find((merchant) => merchant.name === first.inactiveMerchant)!;
  const atRisk: AtRisk[] = [{ merchant: top, articles: [first], clicks: 0, earned: new Map() }];
  for (const article of articles.filter((candidate) => candidate !== first)) {
    addInactiveLink(article, top);
    atRisk[0]!.articles.push(article);
  }
  const topClicks = articles.reduce((sum, article) => sum + pairClicks(data.clicks, article.subId, top), 0);
  const candidates = unshared(data.merchants).filter(
    (merchant) => !merchant.isActive && merchant !== top && trackingLinkOf(merchant).ok,
  );
  for (const article of articles.filter((candidate) => candidate !== first)) {
    const chosen = candidates
      .filter((merchant) => !atRisk.some((risk) => risk.merchant === merchant))
      .map((merchant) => ({ merchant, clicks: pairClicks(data.clicks, article.subId, merchant) }))
      .filter((entry) => entry.clicks > 0 && entry.clicks < topClicks)
      .sort((a, b) => b.clicks - a.clicks)[0];
    if (chosen) {
      addInactiveLink(article, chosen.merchant);
      atRisk.push({ merchant: chosen.merchant, articles: [article], clicks: 0, earned: new Map() });
    }
  }
  for (const risk of atRisk) {
    for (const article of risk.articles) {
      risk.clicks += pairClicks(data.clicks, article.subId, risk.merchant);
      addEarned(risk.earned, pairEarned(data, article.subId, risk.merchant));
    }
  }
  return atRisk.sort((a, b) => b.clicks - a.clicks);
}

/** The Revenue at Risk pane of the side bar, and its rows. */
export function riskPane(page: Page): Locator {
  return page.locator('.part.sidebar .pane', { has: page.locator('.pane-header', { hasText: VIEW }) }).first();
}

export function riskRows(page: Page, text?: string | RegExp): Locator {
  const rows = riskPane(page).locator('.monaco-list-row[role="treeitem"]');
  return text === undefined ? rows : rows.filter({ hasText: text });
}

export async function description(row: Locator): Promise<string> {
  return ((await row.locator('.label-description').first().textContent()) ?? '').trim();
}

export async function expand(page: Page, row: Locator): Promise<void> {
  await row.waitFor({ timeout: 30_000 });
  if ((await row.getAttribute('aria-expanded')) === 'true') {
    return;
  }
  await row.click();
  const open = await eventually(
    async () => ((await row.getAttribute('aria-expanded')) === 'true' ? true : undefined),
    'the row to expand',
    3_000,
  ).catch(() => false);
  if (!open) {
    await page.keyboard.press('ArrowRight');
    await eventually(
      async () => ((await row.getAttribute('aria-expanded')) === 'true' ? true : undefined),
      'the row to expand',
    );
  }
}

/** Collapses the Merchants pane above, so that Revenue at Risk has the side bar's height (a person's click on its header). */
export async function collapseMerchantsPane(page: Page): Promise<void> {
  const header = page.locator('.part.sidebar .pane-header', { hasText: /^Merchants/ }).first();
  if ((await header.getAttribute('aria-expanded')) === 'true') {
    // On its title, left of the pane's toolbar.
    await header.click({ position: { x: 40, y: 10 } });
    await eventually(
      async () => ((await header.getAttribute('aria-expanded')) === 'false' ? true : undefined),
      'the Merchants pane to collapse',
    );
  }
}

/** The line of the editor's cursor and whether text is selected, from the status bar ("Ln 12, Col 30 (41 selected)"). */
export async function cursor(page: Page): Promise<{ line: number; selected: boolean }> {
  const item = page.locator('.statusbar-item', { hasText: /^Ln \d+, Col \d+/ }).first();
  await item.waitFor({ timeout: 15_000 });
  const text = (await item.textContent()) ?? '';
  const match = /^Ln (\d+), Col (\d+)/.exec(text.trim())!;
  return { line: Number(match[1]), selected: /selected/.test(text) };
}

/**
 * Shows the view until its total reads `expected`: the figures loaded (Refresh Figures once, if they are slow) and
 * the site scanned. Fails with what the row said.
 */
export async function showWithMoney(env: E2eEnvironment, expected: string): Promise<Locator> {
  const page = env.workbench.page;
  await env.workbench.runCommand('Affiliate Links: Show Revenue at Risk');
  const totalRow = riskRows(page, 'Total at risk').first();
  let said = '';
  const shows = async (): Promise<true | undefined> => {
    said = (await totalRow.isVisible()) ? await description(totalRow) : '(no total row)';
    return said === expected ? true : undefined;
  };
  const early = await eventually(shows, 'the total at risk', 45_000).catch(() => false);
  if (!early) {
    await env.workbench.runCommand('Affiliate Links: Refresh Figures');
    await env.workbench.runCommand('Affiliate Links: Show Revenue at Risk');
    await eventually(shows, `the total at risk to read "${expected}"`, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}; it read "${said}"`);
    });
  }
  return totalRow;
}
