/**
 * The getting-started walkthrough in the real workbench: opened from "Welcome: Open
 * Walkthrough...", each step's own action run as a newcomer would (its button, or its command
 * in the article), and each step then ticked on the Welcome page. The workbench's base
 * settings (no walkthrough opened on install, code-server's own welcome page off) change
 * nothing here: the walkthrough is opened by hand. The Welcome page's animations are off (see
 * clickStepButton).
 */
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { WALKTHROUGH } from '../../src/ids';
import { eventually } from '../common/eventually';
import { writeDemoArticles, type DemoArticle } from '../host/demoArticles';
import { useE2eEnvironment } from './environment';
import type { Workbench } from './workbench';

const TITLE = 'Get started with Affiliate Links';
type StepId = (typeof WALKTHROUGH.steps)[keyof typeof WALKTHROUGH.steps];

/** The Welcome page's row of a step of our walkthrough (its id ends with `#<step>`); `:focus` for the row when it has the focus. */
function stepRow(workbench: Workbench, step: StepId, state = ''): Locator {
  return workbench.page.locator(
    `.gettingStartedContainer button.getting-started-step[data-step-id$="#${WALKTHROUGH.id}#${step}"]${state}`,
  );
}

/** The step's checkbox, which VS Code ticks when one of its completion events happens. */
function checkbox(workbench: Workbench, step: StepId): Locator {
  return workbench.page.locator(`.gettingStartedContainer [data-done-step-id$="#${WALKTHROUGH.id}#${step}"]`);
}

async function isDone(workbench: Workbench, step: StepId): Promise<boolean> {
  return (await checkbox(workbench, step).getAttribute('aria-checked')) === 'true';
}

async function waitDone(workbench: Workbench, step: StepId): Promise<void> {
  await eventually(async () => ((await isDone(workbench, step)) ? true : undefined), `the step ${step} ticked`, 30_000);
}

/**
 * Selects a step, as a click on its title does, and clicks the button of its description. VS Code
 * focuses the step it selects once its slide animation is over: a quick pick the button opened
 * before then would lose the focus and close. Without the animation (the setting
 * `workbench.welcomePage.preferReducedMotion` of this suite) that focus comes at once.
 */
async function clickStepButton(workbench: Workbench, step: StepId, button: string): Promise<void> {
  const row = stepRow(workbench, step);
  await row.locator('.step-title').click();
  await stepRow(workbench, step, ':focus').waitFor({ timeout: 15_000 });
  const action = row.locator('.button-container .monaco-button', { hasText: button }).first();
  await action.waitFor({ timeout: 15_000 });
  await action.click();
}

/** Our walkthrough on the Welcome page, opened with "Affiliate Links: Show Getting Started". */
async function showGettingStarted(workbench: Workbench): Promise<void> {
  await workbench.runCommand('Affiliate Links: Show Getting Started');
  await workbench.page
    .locator('.gettingStartedContainer h2.category-title', { hasText: TITLE })
    .waitFor({ timeout: 30_000 });
}

describe('the getting-started walkthrough in the real workbench', function () {
  this.timeout(300_000);
  const environment = useE2eEnvironment({
    settings: {
      'affiliateLinks.subId': '${fileBasenameNoExtension}',
      'workbench.welcomePage.preferReducedMotion': true,
    },
  });
  let articles: DemoArticle[];

  before(() => {
    const env = environment();
    articles = writeDemoArticles(env.server.workspace, env.sandbox.dataset);
  });

  it('opens from "Welcome: Open Walkthrough..." with every step still to do', async () => {
    const { workbench } = environment();
    await workbench.runCommand('Welcome: Open Walkthrough...');
    await workbench.chooseInQuickPick(TITLE, TITLE);
    await workbench.page
      .locator('.gettingStartedContainer h2.category-title', { hasText: TITLE })
      .waitFor({ timeout: 30_000 });
    for (const step of Object.values(WALKTHROUGH.steps)) {
      await stepRow(workbench, step).waitFor({ timeout: 15_000 });
      assert.equal(await isDone(workbench, step), false, `${step} is not done yet`);
    }
    await workbench.screenshot('walkthrough-opened');
  });

  it('ticks "Connect your account" once the key is set from its button', async () => {
    const env = environment();
    await clickStepButton(env.workbench, WALKTHROUGH.steps.setKey, 'Set API Key');
    await env.workbench.typeIntoInputBox(env.sandbox.key);
    await waitDone(env.workbench, WALKTHROUGH.steps.setKey);
    // The catalog loads for the first time: the Merchants view shows it.
    await env.workbench.treeRows('Active').first().waitFor({ timeout: 60_000 });
    assert.equal(
      await isDone(env.workbench, WALKTHROUGH.steps.findMerchant),
      false,
      'showing the view is not finding a merchant',
    );
  });

  it('ticks "Browse and find a merchant" once a merchant is found from its button', async () => {
    const env = environment();
    const merchant = env.sandbox.dataset.merchants.find((candidate) => candidate.name === articles[0]!.merchants[0])!;
    await clickStepButton(env.workbench, WALKTHROUGH.steps.findMerchant, 'Find Merchant');
    await env.workbench.chooseInQuickPick(merchant.name, merchant.name);
    await env.workbench.page
      .locator('.monaco-list-row[role="treeitem"].selected', { hasText: merchant.name })
      .first()
      .waitFor({ timeout: 30_000 });
    await showGettingStarted(env.workbench);
    await waitDone(env.workbench, WALKTHROUGH.steps.findMerchant);
  });

  it('ticks "Copy a tracking link" once a link is copied from its button', async () => {
    const env = environment();
    const merchant = env.sandbox.dataset.merchants.find(
      (candidate) => candidate.name === articles[0]!.plainMerchants[0],
    )!;
    await clickStepButton(env.workbench, WALKTHROUGH.steps.copyLink, 'Copy Tracking Link');
    await env.workbench.chooseInQuickPick(merchant.name, merchant.name);
    await env.workbench.page
      .locator('.statusbar', { hasText: `Copied the tracking link of "${merchant.name}"` })
      .waitFor({ timeout: 15_000 });
    assert.equal(await env.workbench.readClipboard(), merchant.trackingLink);
    await waitDone(env.workbench, WALKTHROUGH.steps.copyLink);
  });

  it('ticks "Monetize an article" once an article opened from its button is monetized', async () => {
    const env = environment();
    const article = articles[0]!;
    const name = `${article.subId}.md`;
    await clickStepButton(env.workbench, WALKTHROUGH.steps.monetize, 'Open an Article');
    await env.workbench.chooseInQuickPick(name, name);
    await env.workbench.page.locator('.tab.active', { hasText: name }).waitFor({ timeout: 15_000 });
    await env.workbench.runCommand('Affiliate Links: Monetize Links in Document');
    const pick = env.workbench.page.locator('.quick-input-widget', {
      hasText: `${article.plainMerchants.length} merchant links found`,
    });
    await pick.waitFor({ timeout: 30_000 });
    await env.workbench.page.keyboard.press('Enter');
    await env.workbench.page
      .locator('.notification-toast-container', {
        hasText: `Converted ${article.plainMerchants.length} links to deeplinks`,
      })
      .first()
      .waitFor({ timeout: 30_000 });
    await showGettingStarted(env.workbench);
    await waitDone(env.workbench, WALKTHROUGH.steps.monetize);
  });

  it('ticks "See your clicks and earnings" once the reports open from its button; every step is then done', async () => {
    const env = environment();
    await clickStepButton(env.workbench, WALKTHROUGH.steps.reports, 'Show Reports');
    await env.workbench.webviewFrame('Reports', 60_000);
    await showGettingStarted(env.workbench);
    await waitDone(env.workbench, WALKTHROUGH.steps.reports);
    for (const step of Object.values(WALKTHROUGH.steps)) {
      assert.equal(await isDone(env.workbench, step), true, `${step} is done`);
    }
    // The last step selected, with its Markdown beside it, for the screenshot.
    await env.workbench.runCommand('Notifications: Clear All Notifications');
    await stepRow(env.workbench, WALKTHROUGH.steps.reports).locator('.step-title').click();
    const media = env.workbench.page
      .frameLocator('iframe.webview.ready:visible')
      .first()
      .frameLocator('iframe#active-frame');
    await media.locator('h2', { hasText: 'Your figures, where you write' }).waitFor({ timeout: 30_000 });
    await env.workbench.page.mouse.move(1_000, 850);
    await env.workbench.screenshot('walkthrough-done');
  });
});
