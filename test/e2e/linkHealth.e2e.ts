/**
 * Link health in the real workbench (issue 25 §8): the Problems panel lists the demo articles' broken links,
 * source "Affiliate Links", and a quick fix from the light bulb repairs one; the README's screenshot, light and dark.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { WireMerchant } from '../../src/api/wire';
import { eventually } from '../common/eventually';
import { writeDemoArticles, type DemoArticle } from '../host/demoArticles';
import { useE2eEnvironment } from './environment';
import { readmeScreenshot, README_THEMES, regionOf, useTheme } from './readmeScreenshots';

describe('link health in the real workbench, light and dark, with its README screenshots', function () {
  this.timeout(300_000);
  // As in the demo: each article's SubID is its file name, so its deeplinks raise no SubID mismatch.
  const environment = useE2eEnvironment({
    settings: { 'affiliateLinks.subId': '${fileBasenameNoExtension}', 'editor.minimap.enabled': false },
  });
  let article: DemoArticle;
  let original: string;
  let inactive: WireMerchant;

  before(async () => {
    const env = environment();
    const articles = writeDemoArticles(env.server.workspace, env.sandbox.dataset);
    article = articles.find((candidate) => candidate.inactiveMerchant !== undefined)!;
    assert.ok(article?.unknownTrackingLink, 'the first demo article has an inactive merchant and an unknown link');
    assert.ok(
      articles.some((candidate) => candidate.relMissingMerchant !== undefined),
      'an <a> without rel',
    );
    inactive = env.sandbox.dataset.merchants.find((merchant) => merchant.name === article.inactiveMerchant)!;
    original = fs.readFileSync(article.file, 'utf8');
    await env.workbench.setApiKeyAndShowMerchants(env.sandbox.key);
    const syncing = env.workbench.page.locator('.notification-toast-container, .statusbar', {
      hasText: /Loading all merchants|Updating merchants/,
    });
    await syncing.first().waitFor({ state: 'detached', timeout: 60_000 });
  });

  for (const theme of README_THEMES) {
    it(`lists the demo's broken links in the Problems panel and fixes one from the light bulb (${theme.name})`, async () => {
      const env = environment();
      const page = env.workbench.page;
      await page.keyboard.press('Escape');
      // The article as the demo wrote it (the other theme's scenario fixed and saved it), put back before
      // the reload, so that the reloaded window reads it from disk: written just after, the workbench's
      // own watcher could miss it, and the save below then met a newer file on disk (a save conflict).
      if (fs.readFileSync(article.file, 'utf8') !== original) {
        fs.writeFileSync(article.file, original);
      }
      await useTheme(env, theme);
      // The extension activates lazily (an article, the Merchants view, a command): a reload that restores
      // neither leaves it asleep, and the Problems panel empty. The publisher's view wakes it, as a person would.
      await env.workbench.openView('Affiliate Links');
      await env.workbench.runCommand('View: Close All Editors');
      await env.workbench.runCommand('View: Close Primary Side Bar');
      await env.workbench.runCommand('Focus on Problems View');
      const panel = page.locator('.part.panel');
      const row = (code: string) => panel.locator('.monaco-list-row', { hasText: code }).first();
      // Warnings and infos (the plain URLs' hints are not listed there), each with its source and code.
      const listed = {
        'inactive-merchant': `${inactive.name}`,
        'unknown-tracking-link': new URL(article.unknownTrackingLink!).hostname,
        'rel-sponsored-missing': 'rel="sponsored"',
      };
      for (const [code, words] of Object.entries(listed)) {
        await row(code).waitFor({ timeout: 90_000 });
        const text = (await row(code).textContent()) ?? '';
        assert.ok(text.includes('Affiliate Links'), `${code}: source "Affiliate Links" in ${text}`);
        assert.ok(text.includes(words), `${code}: "${words}" in ${text}`);
      }
      assert.match((await row('inactive-merchant').textContent()) ?? '', /earns nothing/);

      await env.workbench.runCommand('Notifications: Clear All Notifications');
      // The finding opens in the editor with its link selected; the light bulb offers the fixes.
      await row('inactive-merchant').dblclick();
      // Off the row at once: resting there brings the row's hover, which the picture would show over the panel.
      await page.mouse.move(1_000, 30);
      const name = path.basename(article.file);
      await page.locator('.part.editor .tab.active', { hasText: name }).waitFor({ timeout: 15_000 });
      // The article as a publisher sees it, its figures' lenses drawn: a window just reloaded draws them last.
      // (Playwright calls the decoration hidden even while its text shows, so it is awaited as attached.)
      await page
        .locator('.part.editor .codelens-decoration', { hasText: /clicks/ })
        .first()
        .waitFor({ state: 'attached', timeout: 60_000 });
      // The finding's line near the top, so that the quick-fix menu opens over the editor, not over the
      // Problems panel's rows the picture is about (Scroll Line Down: the cursor stays on the link).
      for (let line = 0; line < 7; line++) {
        await page.keyboard.press('Control+ArrowDown');
      }
      const plain = `https://${inactive.defaultDomain}/`;
      const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Replace with the plain address' });
      const bulb = page.locator('.monaco-editor .lightBulbWidget:visible').first();
      await page.mouse.move(1_000, 30);
      const shown = await bulb.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      );
      if (shown) {
        await bulb.click();
      } else {
        await page.keyboard.press('Control+.');
      }
      await fix.first().waitFor({ timeout: 15_000 });
      assert.ok((await page.locator('.action-widget').textContent())?.includes('Ignore this link'));
      const region = await regionOf(env.workbench, [
        page.locator('.part.editor'),
        panel,
        page.locator('.action-widget'),
      ]);
      await readmeScreenshot(env.workbench, 'health', theme, region);
      // The menu has the keyboard (a pointer block lies over it): down to the fix, then Enter.
      for (let step = 0; step < 12 && !(await fix.first().getAttribute('class'))?.includes('focused'); step++) {
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await fix.first().waitFor({ state: 'hidden', timeout: 15_000 });

      // One edit: the dead tracking link becomes the merchant's plain address, and the finding goes.
      await env.workbench.runCommand('File: Save');
      const saved = await eventually(() => {
        const text = fs.readFileSync(article.file, 'utf8');
        return text === original ? undefined : text;
      }, 'the fixed article on disk');
      assert.ok(!saved.includes(inactive.trackingLink!), 'the inactive merchant’s tracking link is gone');
      assert.ok(saved.includes(`(${plain})`), `the link is now ${plain}`);
      assert.equal(saved.split('\n').length, original.split('\n').length, 'nothing else moved');
      await row('inactive-merchant').waitFor({ state: 'detached', timeout: 30_000 });
      await row('unknown-tracking-link').waitFor({ timeout: 15_000 });
      await env.workbench.screenshot(`link-health-fixed-${theme.name}`);
    });
  }
});
