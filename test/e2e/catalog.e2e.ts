import assert from 'node:assert/strict';
import { eventually } from '../common/eventually';
import { useE2eEnvironment } from './environment';

describe('the merchant catalog in the real workbench', function () {
  this.timeout(180_000);
  const environment = useE2eEnvironment();

  it('shows the welcome content with a Set API Key button on a fresh profile', async () => {
    const env = environment();
    await env.workbench.openView('Affiliate Links');
    const welcome = env.workbench.page.locator('.welcome-view-content', { hasText: 'Set your publisher API key' });
    await welcome.waitFor({ timeout: 30_000 });
    assert.ok(await welcome.locator('a.monaco-button', { hasText: 'Set API Key' }).isVisible());
    await env.workbench.screenshot('catalog-welcome');
  });

  it('sets the key through the palette, then shows both groups with their counts', async () => {
    const env = environment();
    await env.workbench.runCommand('Affiliate Links: Set API Key');
    await env.workbench.typeIntoInputBox(env.sandbox.key);
    const active = env.sandbox.dataset.merchants.filter((merchant) => merchant.isActive).length;
    const inactive = env.sandbox.dataset.merchants.length - active;
    const activeRow = env.workbench.treeRows('Active').first();
    await activeRow.waitFor({ timeout: 60_000 });
    await env.workbench.page
      .locator('.monaco-list-row[role="treeitem"] .label-description', { hasText: String(active) })
      .first()
      .waitFor();
    assert.equal((await activeRow.locator('.label-description').textContent())?.trim(), String(active));
    await env.workbench.screenshot('catalog-active-expanded');
    // Active is expanded by default; collapse it (keyboard) to bring Inactive into view.
    await activeRow.click();
    await env.workbench.page.keyboard.press('ArrowLeft');
    const inactiveRow = env.workbench.treeRows('Inactive').first();
    await inactiveRow.waitFor({ timeout: 15_000 });
    assert.equal((await inactiveRow.locator('.label-description').textContent())?.trim(), String(inactive));
    await env.workbench.screenshot('catalog-groups');
  });

  it('shows the cached catalog at once after the window reloads, before the service answers', async () => {
    const env = environment();
    const active = env.sandbox.dataset.merchants.filter((merchant) => merchant.isActive).length;
    const requestsBefore = env.sandbox.stats().byEndpoint.merchant;
    env.sandbox.setLatency(20_000); // any answer from the service now takes 20 s
    try {
      await env.workbench.runCommand('Developer: Reload Window');
      await env.workbench.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      const started = Date.now();
      await env.workbench.openView('Affiliate Links');
      const activeRow = env.workbench.treeRows('Active').first();
      await activeRow.waitFor({ timeout: 15_000 });
      assert.equal((await activeRow.locator('.label-description').textContent())?.trim(), String(active));
      assert.ok(Date.now() - started < 15_000);
      const sent = env.sandbox.stats().byEndpoint.merchant - requestsBefore;
      assert.ok(sent <= 1, `at most the incremental request is under way, unanswered (${sent} sent)`);
      await env.workbench.screenshot('catalog-from-cache-after-reload');
    } finally {
      env.sandbox.setLatency(0);
    }
  });

  it('expands a merchant to its details and shows its tooltip on hover', async () => {
    const env = environment();
    const merchant = env.sandbox.dataset.merchants
      .filter((candidate) => candidate.isActive)
      .sort((a, b) => a.name.localeCompare(b.name))[0]!;
    await env.workbench.treeRows('Active').first().click();
    await env.workbench.page.keyboard.press('ArrowRight');
    const row = env.workbench.treeRows(merchant.name).first();
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    await env.workbench.page.keyboard.press('ArrowRight');
    await env.workbench.treeRows('Domains').first().waitFor({ timeout: 15_000 });
    // The row is drawn again when what it shows changes (the figures' first load, link health's first count),
    // and a hover over a row drawn again closes: hover again until its text is read.
    const hover = env.workbench.page.locator('.monaco-hover, .workbench-hover', { hasText: merchant.name }).first();
    const text = await eventually(
      async () => {
        await env.workbench.page.mouse.move(700, 400);
        await row.locator('.monaco-icon-label').hover();
        await hover.waitFor({ timeout: 5_000 }).catch(() => undefined);
        return (await hover.textContent({ timeout: 1_000 }).catch(() => null)) ?? undefined;
      },
      'the merchant’s tooltip',
      30_000,
    );
    assert.match(text, /commission/i);
    await env.workbench.screenshot('catalog-merchant-tooltip');
  });

  it('finds a merchant from the palette and reveals it in the tree, also just after the figures were read again', async () => {
    const env = environment();
    const target = env.sandbox.dataset.merchants
      .filter((candidate) => !candidate.isActive)
      .sort((a, b) => b.name.localeCompare(a.name))[0]!;
    // Right after the figures were read again too: drawing the rows again for their tooltips took the focus
    // from the Quick Pick, which closed.
    for (const other of env.sandbox.dataset.merchants.filter((candidate) => !candidate.isActive).slice(1, 3)) {
      await env.workbench.runCommand('Affiliate Links: Refresh Figures');
      await env.workbench.runCommand('Affiliate Links: Find Merchant...');
      await env.workbench.chooseInQuickPick(other.name, other.name);
      await env.workbench.page
        .locator('.monaco-list-row[role="treeitem"].selected', { hasText: other.name })
        .waitFor({ timeout: 15_000 });
    }
    await env.workbench.runCommand('Affiliate Links: Find Merchant...');
    await env.workbench.chooseInQuickPick(target.name, target.name);
    const selected = env.workbench.page.locator('.monaco-list-row[role="treeitem"].selected', { hasText: target.name });
    await selected.waitFor({ timeout: 15_000 });
    await env.workbench.screenshot('catalog-find-merchant-revealed');
  });
});
