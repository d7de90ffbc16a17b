/**
 * No string was missed: the extension in the pseudo language `qps-ploc` (see pseudoLocale.ts),
 * where each of its strings shows transformed and a string that skipped the localisation stays
 * plain English. Each scenario reads the text of what the extension shows (its view, its
 * tree, the figures' lenses, its status-bar item, the report panel), takes the service's values
 * out whole (plainEnglish.ts) and fails on any plain English word left; the screenshots
 * (pseudo-locale-*.png) show the rest.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Locator } from 'playwright-core';
import { eventually } from '../common/eventually';
import { writeDemoArticles, type DemoArticle } from '../host/demoArticles';
import { useE2eEnvironment } from './environment';
import { intlEnglishNames, plainEnglishWords, serviceValues } from './plainEnglish';
import { PSEUDO_LOCALE, PseudoTranslations, preparePseudoLocale, pseudoLanguagePackVsix } from './pseudoLocale';

describe('the extension in a pseudo language, in the real workbench', function () {
  this.timeout(300_000);
  const translations = new PseudoTranslations();
  const environment = useE2eEnvironment({
    locale: PSEUDO_LOCALE,
    install: () => [pseudoLanguagePackVsix()],
    prepare: preparePseudoLocale(translations),
    settings: { 'affiliateLinks.subId': '${fileBasenameNoExtension}' },
  });
  const category = translations.contributed('category');
  const command = (key: string): string => `${category}: ${translations.contributed(`command.${key}.title`)}`;
  /** The service's values, taken out whole before words are counted, and the words Intl gives in English. */
  let values: string[];
  const intlNames = intlEnglishNames();
  let articles: DemoArticle[];

  /** What the workbench itself adds to the extension's widgets: VS Code is English here (the pack translates none of it). */
  const WORKBENCH_TEXTS = ["(Press 'Enter' to confirm or 'Escape' to cancel)", 'Follow link', '(ctrl + click)'];

  /** Fails on the plain English words of `text` (what skipped the localisation), naming where. */
  const assertLocalised = (where: string, text: string): void => {
    assert.ok(text.trim().length > 0, `${where} shows nothing`);
    const ours = WORKBENCH_TEXTS.reduce((rest, workbenchText) => rest.split(workbenchText).join(' '), text);
    assert.deepEqual(
      plainEnglishWords(ours, values, intlNames),
      [],
      `${where} shows plain English (a string that skipped the localisation):\n${text}`,
    );
  };

  /** The text a user sees in `locator`: visible text nodes, not the styles the workbench puts inline. */
  const visibleText = (locator: Locator): Promise<string> =>
    locator.evaluate((root: unknown) => {
      // Runs in the page; this file is compiled without the DOM library.
      const page = globalThis as unknown as {
        document: {
          createTreeWalker(
            root: unknown,
            what: number,
          ): {
            nextNode(): {
              textContent: string;
              parentElement: { tagName: string; checkVisibility(): boolean } | null;
            } | null;
          };
        };
      };
      const texts: string[] = [];
      const walker = page.document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && parent.tagName !== 'STYLE' && parent.tagName !== 'SCRIPT' && parent.checkVisibility()) {
          texts.push(node.textContent);
        }
      }
      return texts.join('\n');
    });

  before(async () => {
    const env = environment();
    articles = writeDemoArticles(env.server.workspace, env.sandbox.dataset);
    values = serviceValues(
      env.sandbox.dataset,
      articles.map((article) => fs.readFileSync(article.file, 'utf8')),
    );
  });

  it('shows the view, its welcome and, with a key, the merchant tree in the pseudo language', async () => {
    const { workbench, sandbox } = environment();
    const { page } = workbench;
    await workbench.openView(translations.contributed('viewsContainer.affiliateLinks.title'));
    const sidebar = page.locator('.sidebar');
    await sidebar.locator('.welcome-view-content').first().waitFor({ timeout: 30_000 });
    assertLocalised('the welcome of the Merchants view', await visibleText(sidebar));
    await workbench.screenshot('pseudo-locale-welcome');

    await workbench.runCommand(command('setApiKey'));
    // The input box opens once the command runs: wait for its prompt.
    const prompt = await eventually(
      async () => {
        const text = await visibleText(page.locator('.quick-input-widget'));
        return /\p{L}{3}/u.test(text) ? text : undefined;
      },
      'the API key prompt',
      30_000,
    );
    assertLocalised('the API key prompt', prompt);
    await workbench.typeIntoInputBox(sandbox.key);
    const active = workbench.treeRows(translations.message('Active'));
    await active.first().waitFor({ timeout: 60_000 });
    await workbench.treeRows('').nth(1).waitFor({ timeout: 30_000 });
    assertLocalised('the Merchants tree', await visibleText(sidebar));
    await workbench.screenshot('pseudo-locale-tree');
  });

  it('shows an article’s figures, the status bar and the hover in the pseudo language', async () => {
    const { workbench } = environment();
    const { page } = workbench;
    const article = articles[0]!;
    await workbench.openFile(`${article.subId}.md`);
    const lenses = page.locator('.monaco-editor .codelens-decoration');
    await lenses.first().waitFor({ timeout: 60_000 });
    assertLocalised('the figures’ lenses', (await lenses.allInnerTexts()).join('\n'));
    const statusItems = page.locator('.statusbar-item[id^="affiliate-links.affiliate-links"]');
    await statusItems.first().waitFor({ timeout: 60_000 });
    assertLocalised('the extension’s status-bar items', (await statusItems.allInnerTexts()).join('\n'));
    await workbench.screenshot('pseudo-locale-figures');

    const merchant = environment().sandbox.dataset.merchants.find(
      (candidate) => candidate.name === article.plainMerchants[0],
    )!;
    const url = page
      .locator('.monaco-editor .view-lines span[class^="mtk"]', { hasText: merchant.defaultDomain })
      .first();
    const hover = page.locator('.monaco-editor .monaco-hover', { hasText: merchant.name }).first();
    await workbench.hoverUntilShown(url, hover, `the hover naming ${merchant.name}`);
    assertLocalised('the hover', await visibleText(hover));
    await workbench.screenshot('pseudo-locale-hover');
  });

  it('shows the report panel in the pseudo language', async () => {
    const { workbench } = environment();
    await workbench.runCommand(command('showReports'));
    const frame = await workbench.webviewFrame(translations.message('Reports'), 60_000);
    await frame.locator('canvas').first().waitFor({ timeout: 60_000 });
    assertLocalised('the report panel', await visibleText(frame.locator('body')));
    await workbench.screenshot('pseudo-locale-reports');
  });
});
