/**
 * The README's screenshots, in the light and the dark theme: the Merchants tree, the hover on a
 * merchant URL, the Monetize Links pick, an article with its figures and the report panel. Each
 * scenario first checks that what it shows is there (names, counts, totals), so it fails when
 * the feature breaks; `UPDATE_README_SCREENSHOTS=1` also writes the pictures to media/screenshots/.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { ClickItem } from '../../src/api/types';
import type { WireMerchant } from '../../src/api/wire';
import { presetPeriod } from '../../src/reports/model/reportPeriods';
import { eventually } from '../common/eventually';
import { writeDemoArticles, type DemoArticle } from '../host/demoArticles';
import { useE2eEnvironment } from './environment';
import { unshared } from './unsharedMerchants';
import { readmeScreenshot, README_THEMES, regionOf, useTheme, widenSidebar } from './readmeScreenshots';
import { ReportPanel } from './reportPanel';

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The clicks of the last 30 days (the figures' period) that `keep` keeps. */
function last30Clicks(items: readonly ClickItem[], keep: (item: ClickItem) => boolean = () => true): ClickItem[] {
  const { from, to } = presetPeriod('last30', localToday());
  return items.filter(
    (item) => item.date !== null && item.date.slice(0, 10) >= from && item.date.slice(0, 10) <= to && keep(item),
  );
}

const sum = (items: readonly ClickItem[]): number => items.reduce((total, item) => total + item.count, 0);

/** An article with plain merchant URLs, not yet monetized: three of active merchants, one of an inactive one. */
interface PlainArticle {
  name: string;
  linked: WireMerchant[];
  inactive: WireMerchant;
}

function writePlainArticle(folder: string, merchants: readonly WireMerchant[]): PlainArticle {
  const linked = unshared(merchants)
    .filter((merchant) => merchant.isActive && merchant.deeplinkAllowed)
    .slice(0, 3);
  const inactive = unshared(merchants).find((merchant) => !merchant.isActive)!;
  const [a, b, c] = linked;
  const name = 'spring-picks.md';
  fs.writeFileSync(
    path.join(folder, name),
    [
      '# Spring picks',
      '',
      `Our favourite this spring is [${a!.name}](https://${a!.defaultDomain}/spring), followed by`,
      `<https://${b!.defaultDomain}/sale> and https://${c!.defaultDomain}/new-in.`,
      '',
      `The old shop https://${inactive.defaultDomain}/archive stays as it is.`,
      '',
    ].join('\n'),
  );
  return { name, linked, inactive };
}

describe('the README screenshots in the real workbench, light and dark', function () {
  this.timeout(300_000);
  // As in the demo: each article's SubID is its file name. No minimap: it says nothing in a screenshot.
  const environment = useE2eEnvironment({
    settings: { 'affiliateLinks.subId': '${fileBasenameNoExtension}', 'editor.minimap.enabled': false },
  });
  let articles: DemoArticle[];
  let plain: PlainArticle;

  before(async () => {
    const env = environment();
    articles = writeDemoArticles(env.server.workspace, env.sandbox.dataset);
    plain = writePlainArticle(env.server.workspace, env.sandbox.dataset.merchants);
    await env.workbench.setApiKeyAndShowMerchants(env.sandbox.key);
    const syncing = env.workbench.page.locator('.notification-toast-container, .statusbar', {
      hasText: /Loading all merchants|Updating merchants/,
    });
    await syncing.first().waitFor({ state: 'detached', timeout: 60_000 });
  });

  for (const theme of README_THEMES) {
    describe(`in the ${theme.name} theme`, () => {
      before(async () => {
        const env = environment();
        await useTheme(env, theme);
        await env.workbench.openView('Affiliate Links');
        await env.workbench.treeRows('Active').first().waitFor({ timeout: 60_000 });
      });

      beforeEach(async () => {
        const page = environment().workbench.page;
        // Nothing left over from the scenario before: no hover, no tooltip, no notification.
        await page.keyboard.press('Escape');
        await page.mouse.move(1_000, 850);
        await environment().workbench.runCommand('Notifications: Clear All Notifications');
      });

      it('shows the Merchants tree: the Active group, a merchant’s details and its tooltip', async () => {
        const env = environment();
        const page = env.workbench.page;
        const active = env.sandbox.dataset.merchants.filter((merchant) => merchant.isActive);
        const merchant = [...active].sort((a, b) => a.name.localeCompare(b.name))[0]!;
        // An article behind the tooltip, rather than the empty editor's watermark cut in half.
        await env.workbench.runCommand('View: Close All Editors');
        await env.workbench.openFile(plain.name);
        const group = env.workbench.treeRows('Active').first();
        assert.equal((await group.locator('.label-description').textContent())?.trim(), String(active.length));
        if ((await group.getAttribute('aria-expanded')) !== 'true') {
          await group.click();
          await page.keyboard.press('ArrowRight');
        }
        await widenSidebar(env.workbench, 470);
        const row = env.workbench.treeRows(merchant.name).first();
        await row.waitFor({ timeout: 30_000 });
        if ((await row.getAttribute('aria-expanded')) !== 'true') {
          await row.click();
          await page.keyboard.press('ArrowRight');
        }
        const domains = env.workbench.treeRows('Domains').first();
        await domains.waitFor({ timeout: 15_000 });
        await page.mouse.move(1_000, 850);
        // The tooltip opens under the mouse: from the end of the row's text it covers the editor more than the tree.
        const description = row.locator('.label-description');
        const descriptionBox = (await description.boundingBox())!;
        const tooltip = page.locator('.monaco-hover, .workbench-hover', { hasText: merchant.name }).first();
        await env.workbench.hoverUntilShown(description, tooltip, `the tooltip of ${merchant.name}`, 45_000, {
          x: descriptionBox.width - 4,
          y: descriptionBox.height / 2,
        });
        assert.match((await tooltip.textContent()) ?? '', /commission/i);
        const region = await regionOf(
          env.workbench,
          [page.locator('.part.activitybar'), page.locator('.part.sidebar'), tooltip],
          0,
        );
        await readmeScreenshot(env.workbench, 'tree', theme, { ...region, height: Math.min(region.height, 560) });
      });

      it('shows the hover on a merchant URL in a Markdown article', async () => {
        const env = environment();
        const page = env.workbench.page;
        const merchant = plain.linked[0]!;
        await env.workbench.runCommand('View: Close All Editors');
        await env.workbench.openFile(plain.name);
        const url = page
          .locator('.monaco-editor .view-lines span[class^="mtk"]', { hasText: merchant.defaultDomain })
          .first();
        await url.waitFor({ timeout: 15_000 });
        // The catalog's domains load with the extension: hover again until the merchant shows.
        const hover = page.locator('.monaco-editor .monaco-hover', { hasText: merchant.name }).first();
        await env.workbench.hoverUntilShown(url, hover, `the hover naming ${merchant.name}`);
        const text = (await hover.textContent()) ?? '';
        assert.match(text, /Active/);
        assert.match(text, /Insert Deeplink/);
        assert.match(text, /Copy Tracking Link/);
        const region = await regionOf(env.workbench, [
          page.locator('.part.editor .editor-group-container').first(),
          hover,
        ]);
        const bottom =
          Math.max(
            ...[await hover.boundingBox(), await url.boundingBox()].map((box) => (box ? box.y + box.height : 0)),
          ) + 120;
        await readmeScreenshot(env.workbench, 'hover', theme, {
          ...region,
          height: Math.min(region.height, Math.ceil(bottom - region.y)),
        });
      });

      it('shows the Monetize Links pick with the article’s three merchant links', async () => {
        const env = environment();
        const page = env.workbench.page;
        await env.workbench.openFile(plain.name);
        await env.workbench.runCommand('Affiliate Links: Monetize Links in Document');
        const pick = page.locator('.quick-input-widget', { hasText: '3 merchant links found' });
        await pick.waitFor({ timeout: 15_000 });
        assert.match((await pick.textContent()) ?? '', /1 skipped/);
        const rows = pick.locator('.quick-input-list .monaco-list-row');
        await eventually(
          async () => ((await rows.count()) === plain.linked.length ? true : undefined),
          'a row per link',
          15_000,
        );
        for (const merchant of plain.linked) {
          await rows.filter({ hasText: merchant.name }).first().waitFor();
        }
        // The whole width: the pick sits in the middle of the window.
        const region = await regionOf(env.workbench, [
          page.locator('.part.activitybar'),
          page.locator('.part.editor'),
          pick,
        ]);
        const pickBox = (await pick.boundingBox())!;
        await readmeScreenshot(env.workbench, 'monetize', theme, {
          ...region,
          height: Math.min(region.height, Math.ceil(pickBox.y + pickBox.height + 160 - region.y)),
        });
        // Leave the article as it is, for the other theme.
        await page.keyboard.press('Escape');
        await pick.waitFor({ state: 'hidden', timeout: 15_000 });
      });

      it('shows an article’s figures at its top and on the lines of its links', async () => {
        const env = environment();
        const page = env.workbench.page;
        const article = articles[0]!;
        const clicks = env.sandbox.dataset.clicks as ClickItem[];
        const total = sum(last30Clicks(clicks, (item) => item.subId === article.subId));
        await env.workbench.runCommand('View: Close All Editors');
        await env.workbench.openFile(`${article.subId}.md`);
        const top = page
          .locator('.codelens-decoration a', { hasText: `${total.toLocaleString('en-US')} clicks` })
          .first();
        await top.waitFor({ timeout: 60_000 });
        assert.match((await top.textContent()) ?? '', /vs previous 30 days/);
        for (const name of article.merchants) {
          const merchant = env.sandbox.dataset.merchants.find((candidate) => candidate.name === name)!;
          const toMerchant = sum(
            last30Clicks(clicks, (item) => item.subId === article.subId && item.merchantId === merchant.merchantId),
          );
          const lens = `${toMerchant.toLocaleString('en-US')} ${toMerchant === 1 ? 'click' : 'clicks'} · ${name}`;
          await page.locator('.codelens-decoration', { hasText: lens }).first().waitFor({ timeout: 15_000 });
        }
        const editor = page.locator('.part.editor .editor-group-container').first();
        const region = await regionOf(env.workbench, [editor]);
        const last = (await page.locator('.monaco-editor .view-line').last().boundingBox())!;
        await readmeScreenshot(env.workbench, 'figures', theme, {
          ...region,
          height: Math.min(region.height, Math.ceil(last.y + last.height + 40 - region.y)),
        });
      });

      it('shows the report panel: the clicks of the last 30 days by merchant, chart and table', async () => {
        const env = environment();
        await env.workbench.runCommand('View: Close All Editors');
        // The panel's chart and table take the window's width (the next theme opens the side bar again).
        await env.workbench.runCommand('View: Close Primary Side Bar');
        await env.workbench.runCommand('Affiliate Links: Show Reports');
        const panel = await ReportPanel.find(env.workbench);
        await panel.byId('tab-clicks').click();
        await panel.choose('period-select', 'last30');
        await panel.choose('groupby-select', 'merchant');
        const last30 = last30Clicks(env.sandbox.dataset.clicks as ClickItem[]);
        await eventually(
          async () => ((await panel.figure('clicks')) === sum(last30) ? true : undefined),
          'the Last 30 days total',
          30_000,
        );
        const merchants = new Set(last30.map((item) => item.merchantId)).size;
        await eventually(
          async () =>
            (await panel.byId('grid').getAttribute('aria-rowcount')) === String(merchants + 2) ? true : undefined,
          'a row per merchant and the totals',
          30_000,
        );
        await panel.chartDrawn();
        await panel.rows().first().waitFor();
        // Drawn with the theme's colours: the webview's body says which.
        await panel.frame
          .locator(`body.${theme.name === 'dark' ? 'vscode-dark' : 'vscode-light'}`)
          .waitFor({ timeout: 15_000 });
        const region = await regionOf(env.workbench, [env.workbench.page.locator('.part.editor')]);
        await readmeScreenshot(env.workbench, 'reports', theme, region);
        await env.workbench.runCommand('View: Close All Editors');
      });
    });
  }
});
