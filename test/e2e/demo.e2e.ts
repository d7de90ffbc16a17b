/**
 * `npm start` in the real workbench: the demo (test/host/demoServer.ts, what `npm start` runs)
 * on free ports, and the one address it prints opened in Chromium. The first article is open in
 * the editor with its figures at its top, and the Merchants view shows the sandbox's catalog.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../host/chromium';
import { vscodeVersion } from '../host/codeServer';
import { startDemo, type Demo } from '../host/demoServer';
import { freePort } from '../host/freePort';
import { SCREENSHOT_DIR } from './workbench';

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

describe('npm start: the demo in the real workbench', function () {
  this.timeout(300_000);
  let demo: Demo | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  before(async () => {
    demo = await startDemo({ port: await freePort(), sandboxPort: 0 });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    console.log(`      demo: ${vscodeVersion()} at ${demo.url}`);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      await screenshot(page, `failed-${this.currentTest.title.replace(/\W+/g, '-').toLowerCase()}`);
    }
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await demo?.stop();
  });

  it('opens the address it prints on the first article, its figures, and the Merchants view', async () => {
    const article = demo!.articles[0]!;
    const name = path.basename(article.file);
    await page!.goto(demo!.url);
    await page!.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page!.locator('.part.editor .tab.active', { hasText: name }).waitFor({ timeout: 60_000 });
    await page!
      .locator('.part.editor .view-lines', { hasText: article.merchants[0]! })
      .first()
      .waitFor({ timeout: 30_000 });
    // The key from the environment and the SubID setting at work: the article's clicks at its top,
    // and on the line of its first deeplink, those that went to that merchant.
    await page!
      .locator('.part.editor .codelens-decoration', { hasText: /vs previous 30 days/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await page!
      .locator('.part.editor .codelens-decoration', { hasText: ` · ${article.merchants[0]!}` })
      .first()
      .waitFor({ timeout: 60_000 });
    // The catalog loads for the first time and the Merchants view shows itself.
    await page!.locator('.part.sidebar .title-label', { hasText: 'Affiliate Links' }).waitFor({ timeout: 60_000 });
    await page!
      .locator('.part.sidebar .monaco-list-row[role="treeitem"]', { hasText: 'Active' })
      .first()
      .waitFor({ timeout: 60_000 });
    await page!.locator('.part.editor .tab.active', { hasText: name }).waitFor();
    await screenshot(page!, 'demo-start');
  });
});
