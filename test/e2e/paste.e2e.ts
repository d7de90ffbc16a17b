/**
 * Paste and completion in the real workbench (issue 35): a merchant's page pasted with Ctrl+V goes in as
 * the plain address, and the paste widget offers it as the affiliate link; with `affiliateLinks.paste.default`
 * (or `editor.pasteAs.preferences`) the affiliate link goes in at once, around the selected words if any;
 * completion inside `](` lists the merchant and inserts its tracking link. Each with the article's SubID.
 * The README's picture of the paste widget, light and dark.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { WireMerchant } from '../../src/api/wire';
import { eventually } from '../common/eventually';
import { useE2eEnvironment, type E2eEnvironment } from './environment';
import { focusRow, pasteText, pasteUntilOffered, pasteWidgetButton, suggestion } from './pasteWidget';
import { readmeScreenshot, README_THEMES, regionOf, useTheme } from './readmeScreenshots';
import { unshared } from './unsharedMerchants';

const INTRO = ['# Trail running shoes', '', 'The pair we ran in all spring, from the shop’s own page:', '', ''];

/** The article the paste widget is shown in (its SubID is its name without `.md`), once per theme. */
const PASTED = 'trail-running-shoes.md';
/** The articles, one per scenario, written before the window loads: Quick Open may not list a file written later. */
const ARTICLES = [PASTED, 'completion.md', 'paste-default.md', 'paste-preferences.md'];

/**
 * The two ways to make ours the paste of Ctrl+V, as the README gives them (workspace settings), and an article
 * for each. VS Code 1.100 reads `editor.pasteAs.preferences` for the file alone, never in a `[markdown]` block.
 */
const DEFAULT_PASTE = [
  {
    title: 'affiliateLinks.paste.default in [markdown]',
    settings: { '[markdown]': { 'affiliateLinks.paste.default': true } },
    article: 'paste-default',
  },
  {
    title: 'editor.pasteAs.preferences',
    settings: { 'editor.pasteAs.preferences': ['text.affiliateLinks'] },
    article: 'paste-preferences',
  },
];

/** Opens the article `name` with the cursor at its end; returns its file. */
async function openArticle(env: E2eEnvironment, name: string): Promise<string> {
  const file = path.join(env.server.workspace, name);
  await env.workbench.openFile(name);
  await env.workbench.page.locator('.monaco-editor .view-lines').first().click();
  await env.workbench.page.keyboard.press('Control+End');
  return file;
}

/** Saves the active editor and gives the file's text once `done` says it is what was waited for. */
async function saved(
  env: E2eEnvironment,
  file: string,
  done: (text: string) => boolean,
  what: string,
): Promise<string> {
  await env.workbench.page.keyboard.press('Control+S');
  return eventually(() => {
    const text = fs.readFileSync(file, 'utf8');
    return done(text) ? text : undefined;
  }, what);
}

/** The lines the active editor shows. */
async function editorLines(env: E2eEnvironment): Promise<string[]> {
  const text = await env.workbench.page.locator('.part.editor .monaco-editor .view-lines').first().innerText();
  return text.replace(/\u00a0/g, ' ').split('\n');
}

/** The links of `text` on the merchant's tracking-link host. */
function trackingLinks(text: string, merchant: WireMerchant): URL[] {
  const origin = new URL(merchant.trackingLink!).origin;
  return [...text.matchAll(/https?:\/\/[^\s)<>"]+/g)]
    .map((match) => new URL(match[0]))
    .filter((url) => url.origin === origin);
}

describe('paste and completion in the real workbench, light and dark, with its README screenshots', function () {
  this.timeout(300_000);
  // Each article's SubID is its file name, as in the demo.
  const environment = useE2eEnvironment({
    // No light bulb: it comes and goes with link health's hint on the pasted address, in one picture and not the other.
    settings: {
      'affiliateLinks.subId': '${fileBasenameNoExtension}',
      'editor.minimap.enabled': false,
      'editor.lightbulb.enabled': 'off',
    },
  });
  let merchant: WireMerchant;
  let product: string;
  let option: string;

  before(async () => {
    const env = environment();
    // Active, with deeplinks, and alone on its domain: its page matches it and no other.
    merchant = unshared(env.sandbox.dataset.merchants).find((m) => m.isActive && m.deeplinkAllowed)!;
    assert.ok(merchant, 'the sandbox has an active merchant that allows deeplinks');
    product = `https://${merchant.defaultDomain}/trail/running-shoes-42?colour=blue`;
    option = `Insert as affiliate link (${merchant.name})`;
    for (const name of ARTICLES) {
      fs.writeFileSync(path.join(env.server.workspace, name), INTRO.join('\n'));
    }
    await env.workbench.setApiKeyAndShowMerchants(env.sandbox.key);
    const syncing = env.workbench.page.locator('.notification-toast-container, .statusbar', {
      hasText: /Loading all merchants|Updating merchants/,
    });
    await syncing.first().waitFor({ state: 'detached', timeout: 60_000 });
  });

  for (const theme of README_THEMES) {
    it(`pastes a merchant’s page as the plain address, then as its affiliate link from the paste widget (${theme.name})`, async () => {
      const env = environment();
      const page = env.workbench.page;
      // The article as it was, put back before the reload (the other theme's scenario linked and saved it).
      fs.writeFileSync(path.join(env.server.workspace, PASTED), INTRO.join('\n'));
      await useTheme(env, theme);
      await env.workbench.runCommand('View: Close All Editors');
      const file = await openArticle(env, PASTED);
      // VS Code's Markdown extension offers its own paste edit once it is active (it reads the article's
      // heading into the breadcrumbs then): both pictures show it beside ours, as a writer sees it.
      await page
        .locator('.breadcrumbs-control .monaco-icon-label', { hasText: 'Trail running shoes' })
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      const row = await pasteUntilOffered(env.workbench, product, option);
      // The plain paste came first: the address as copied, our edit one choice away.
      assert.equal((await editorLines(env)).at(-1), product);
      // The widget's button, as the README names it, with its key.
      const button = pasteWidgetButton(env.workbench).locator('.monaco-button');
      assert.match((await button.getAttribute('title')) ?? '', /^Show paste options\.\.\. \(Ctrl\+\.\)$/);
      const options = page.locator('.action-widget');
      await focusRow(env.workbench, row, option);
      assert.match((await options.textContent()) ?? '', /Insert Plain Text/);
      const region = await regionOf(env.workbench, [
        page.locator('.part.editor .editor-group-container').first(),
        options,
      ]);
      const widget = (await options.boundingBox())!;
      await readmeScreenshot(env.workbench, 'paste', theme, {
        ...region,
        height: Math.min(region.height, Math.ceil(widget.y + widget.height + 60 - region.y)),
      });

      await page.keyboard.press('Enter');
      await options.waitFor({ state: 'hidden', timeout: 15_000 });
      const linked = await saved(
        env,
        file,
        (text) => trackingLinks(text, merchant).length > 0,
        'the affiliate link in the article',
      );
      const [link, ...others] = trackingLinks(linked, merchant);
      assert.deepEqual(others, [], linked);
      assert.equal(`${link!.origin}${link!.pathname}`, merchant.trackingLink!.split('?')[0]);
      assert.equal(link!.searchParams.get('url'), product);
      assert.equal(link!.searchParams.get('s'), 'trail-running-shoes');
      assert.equal(linked, `${INTRO.join('\n')}${link!.href}`);
    });
  }

  it('completes a merchant’s tracking link inside ]( from the first letters of its name', async () => {
    const env = environment();
    const page = env.workbench.page;
    await page.keyboard.press('Escape');
    await env.workbench.runCommand('View: Close All Editors');
    const file = await openArticle(env, 'completion.md');
    const typed = merchant.name.split(' ')[0]!.slice(0, 4);
    await page.keyboard.type(`Our pick: [shoes](${typed}`);
    const row = suggestion(env.workbench, merchant.name);
    await row.waitFor({ timeout: 15_000 });
    // In the search's order: the merchant is among the first.
    await focusRow(env.workbench, row, merchant.name);
    await env.workbench.screenshot('paste-completion');
    await page.keyboard.press('Enter');
    await page.keyboard.type(')');
    const text = await saved(env, file, (t) => t.includes('Our pick: [shoes](http'), 'the completed link');
    const [link, ...others] = trackingLinks(text, merchant);
    assert.deepEqual(others, [], text);
    assert.equal(`${link!.origin}${link!.pathname}`, merchant.trackingLink!.split('?')[0]);
    assert.equal(link!.searchParams.get('s'), 'completion');
    assert.equal(link!.searchParams.has('url'), false);
    assert.ok(text.endsWith(`Our pick: [shoes](${link!.href})`), text);
  });

  for (const { title, settings: written, article } of DEFAULT_PASTE) {
    it(`with ${title}, Ctrl+V writes the affiliate link at once`, async () => {
      const env = environment();
      const page = env.workbench.page;
      const settings = path.join(env.server.workspace, '.vscode/settings.json');
      fs.mkdirSync(path.dirname(settings), { recursive: true });
      fs.writeFileSync(settings, JSON.stringify(written, null, 2));
      try {
        await page.keyboard.press('Escape');
        await env.workbench.runCommand('View: Close All Editors');
        const file = await openArticle(env, `${article}.md`);
        // The workbench reads the settings file a moment after it changes: until then a paste is the plain
        // address, undone before the next try. Only the affiliate link, written by the paste itself, ends it.
        const host = new URL(merchant.trackingLink!).host;
        for (const deadline = Date.now() + 30_000; ; ) {
          await pasteText(env.workbench, product);
          await pasteWidgetButton(env.workbench)
            .waitFor({ timeout: 5_000 })
            .catch(() => undefined);
          if ((await editorLines(env)).join('').includes(host)) {
            break;
          }
          assert.ok(
            Date.now() < deadline,
            `Ctrl+V never wrote the affiliate link: ${(await editorLines(env)).join('\n')}`,
          );
          await page.keyboard.press('Control+Z');
          await page.waitForTimeout(1_000);
        }
        const text = await saved(env, file, (t) => t.length > INTRO.join('\n').length, 'the pasted link');
        const [link] = trackingLinks(text, merchant);
        assert.ok(link, `the affiliate link went in first: ${text}`);
        assert.equal(link.searchParams.get('url'), product);
        assert.equal(link.searchParams.get('s'), article);
        assert.equal(text, `${INTRO.join('\n')}${link.href}`);

        // Over selected words: a Markdown link around them.
        await page.keyboard.press('Control+End');
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
        await page.keyboard.type('Our pick: the blue pair');
        for (let word = 0; word < 3; word++) {
          await page.keyboard.press('Control+Shift+ArrowLeft');
        }
        await pasteText(env.workbench, product);
        await pasteWidgetButton(env.workbench).waitFor({ timeout: 15_000 });
        const around = await saved(env, file, (t) => t.includes('Our pick: '), 'the link around the words');
        assert.equal(around, `${text}\n\nOur pick: [the blue pair](${link.href})`);
      } finally {
        fs.rmSync(settings);
      }
    });
  }
});
