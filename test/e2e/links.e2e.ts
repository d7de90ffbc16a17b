import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { eventually } from '../common/eventually';
import { useE2eEnvironment } from './environment';
import { unshared } from './unsharedMerchants';

describe('links in the real workbench', function () {
  this.timeout(180_000);
  const environment = useE2eEnvironment();

  before(async () => {
    const env = environment();
    await env.workbench.setApiKeyAndShowMerchants(env.sandbox.key);
    // The first sync ends before the scenarios start, so its refresh cannot move the selection.
    const syncing = env.workbench.page.locator('.notification-toast-container, .statusbar', {
      hasText: /Loading all merchants|Updating merchants/,
    });
    await syncing.first().waitFor({ state: 'detached', timeout: 60_000 });
  });

  it('copies a tracking link and a CPC link from a merchant’s context menu', async () => {
    const env = environment();
    const merchant = unshared(env.sandbox.dataset.merchants).find(
      (candidate) =>
        candidate.isActive && (candidate.paymentModels.includes('CPC') || (candidate.adCampaigns ?? []).length > 0),
    )!;
    assert.ok(merchant, 'the sandbox has a CPC merchant');
    await env.workbench.runCommand('Affiliate Links: Find Merchant...');
    await env.workbench.chooseInQuickPick(merchant.name, merchant.name);
    const row = env.workbench.page.locator('.monaco-list-row[role="treeitem"].selected', { hasText: merchant.name });
    await row.waitFor({ timeout: 15_000 });

    await env.workbench.contextMenu(row, 'Copy Tracking Link');
    await env.workbench.page
      .locator('.statusbar', { hasText: `Copied the tracking link of "${merchant.name}"` })
      .waitFor({ timeout: 15_000 });
    assert.equal(await env.workbench.readClipboard(), merchant.trackingLink);

    await row.click({ button: 'right' });
    await env.workbench.page
      .locator('.monaco-menu .action-label', { hasText: 'Copy CPC Tracking Link' })
      .first()
      .waitFor();
    await env.workbench.screenshot('links-context-menu');
    await env.workbench.page.keyboard.press('Escape');
    await env.workbench.contextMenu(row, 'Copy CPC Tracking Link');
    await env.workbench.page
      .locator('.statusbar', { hasText: 'Copied the CPC tracking link' })
      .waitFor({ timeout: 15_000 });
    const cpc = new URL(await env.workbench.readClipboard());
    assert.equal(cpc.searchParams.get('model'), 'CPC');
    assert.equal(`${cpc.origin}${cpc.pathname}`, merchant.trackingLink!.split('?')[0]);
    await env.workbench.screenshot('links-cpc-copied');
  });

  it('finds the merchant whose name is pasted and entered at once, every time (6 names)', async () => {
    // The pick's items are replaced as the name is typed; an Enter before they are on screen used to
    // choose by the old list's row: nothing, or another merchant. Filled and entered by Playwright,
    // 2 names of 8 and 2 of 12 missed; pasted with Enter in the same task, as here, all 12 of 12.
    const env = environment();
    const merchants = unshared(env.sandbox.dataset.merchants)
      .filter((merchant) => merchant.isActive)
      .slice(0, 6);
    const missed: string[] = [];
    for (const merchant of merchants) {
      await env.workbench.runCommand('Affiliate Links: Find Merchant...');
      await env.workbench.pasteInQuickPickAndEnter('Find Merchant (', merchant.name);
      const selected = await env.workbench.page
        .locator('.monaco-list-row[role="treeitem"].selected', { hasText: merchant.name })
        .waitFor({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      if (!selected) {
        missed.push(merchant.name);
        await env.workbench.page.keyboard.press('Escape');
      }
    }
    assert.deepEqual(missed, [], 'every pasted name chose its merchant');
  });

  it('monetizes a Markdown paragraph with several merchant links in one step', async () => {
    const env = environment();
    const [a, b, c] = unshared(env.sandbox.dataset.merchants).filter((m) => m.isActive && m.deeplinkAllowed);
    const inactive = unshared(env.sandbox.dataset.merchants).find((m) => !m.isActive)!;
    const bHost = b!.defaultDomain.startsWith('www.') ? b!.defaultDomain : `www.${b!.defaultDomain}`;
    const file = path.join(env.server.workspace, 'review.md');
    fs.writeFileSync(
      file,
      [
        '# Spring picks',
        '',
        `Our favourite is [${a!.name}](https://${a!.defaultDomain}/spring?ref=news), followed by`,
        `<https://${bHost}/sale> and https://${c!.defaultDomain}/new-in.`,
        `The old shop https://${inactive.defaultDomain}/archive stays as it is.`,
        '',
      ].join('\n'),
    );
    await env.workbench.openFile('review.md');
    await env.workbench.runCommand('Affiliate Links: Monetize Links in Document');
    const pick = env.workbench.page.locator('.quick-input-widget', { hasText: '3 merchant links found' });
    await pick.waitFor({ timeout: 15_000 });
    await env.workbench.screenshot('links-monetize-pick');
    await env.workbench.page.keyboard.press('Enter');
    await env.workbench.page
      .locator('.notification-toast-container', { hasText: 'Converted 3 links to deeplinks' })
      .waitFor({ timeout: 15_000 });
    await env.workbench.screenshot('links-monetized');
    await env.workbench.runCommand('File: Save');
    const saved = await eventually(() => {
      const text = fs.readFileSync(file, 'utf8');
      return text.includes('/spring?ref=news)') ? undefined : text;
    }, 'the monetized file on disk');
    const links = [...saved.matchAll(/https?:\/\/[^\s)<>]*[^\s)<>.]/g)].map((match) => match[0]);
    const deeplinks = links.filter((link) => new URL(link).searchParams.has('url'));
    assert.equal(deeplinks.length, 3, saved);
    assert.deepEqual(
      deeplinks.map((link) => new URL(link).searchParams.get('url')),
      // The full stop after the bare URL stays outside it: the last target has none.
      [`https://${a!.defaultDomain}/spring?ref=news`, `https://${bHost}/sale`, `https://${c!.defaultDomain}/new-in`],
    );
    assert.ok(
      saved.includes(`https://${inactive.defaultDomain}/archive stays`),
      'the inactive merchant’s URL is left alone',
    );
  });
});
