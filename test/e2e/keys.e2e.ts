/**
 * The split world of keys in the real workbench (issue 23): the sandbox answers as the real
 * service does, a platform key opening the catalog and the account key the reports. A person
 * sets the platform key from the palette and sees the catalog, is told the reports need the
 * account key (a notification with Add Account Key), sets it from that button, and sees the
 * report panel with the sandbox's clicks. No error notification shows on the way.
 */
import assert from 'node:assert/strict';
import type { ClickItem } from '../../src/api/types';
import { presetPeriod } from '../../src/reports/model/reportPeriods';
import { eventually } from '../common/eventually';
import { useE2eEnvironment } from './environment';
import { ReportPanel } from './reportPanel';

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

describe('the split world of keys in the real workbench', function () {
  this.timeout(300_000);
  const environment = useE2eEnvironment({ sandbox: { keys: 'split' } });

  it('sets the platform key, is asked for the account key, sets it, and sees the panel', async () => {
    const env = environment();
    const { page } = env.workbench;
    await env.workbench.setApiKeyAndShowMerchants(env.sandbox.key);

    const asked = page.locator('.notification-toast-container .notification-list-item', {
      hasText: 'This key opens the merchant catalog. For your reports, add your account key.',
    });
    await asked.waitFor({ timeout: 30_000 });
    assert.ok(
      await asked.locator('.monaco-button', { hasText: 'Where to Find It' }).isVisible(),
      'the way to where the dashboard issues it',
    );
    await env.workbench.screenshot('keys-account-key-asked');
    await asked.locator('.monaco-button', { hasText: 'Add Account Key' }).click();
    const title = page.locator('.quick-input-widget .quick-input-title', { hasText: 'Affiliate Links: Account Key' });
    await title.waitFor({ timeout: 15_000 });
    await env.workbench.typeIntoInputBox(env.sandbox.keys.account!);
    // Checked, then saved: the status bar says what it opens (the palette must not take the box before).
    await page
      .locator('.statusbar', {
        hasText: 'This key opens your reports. The merchant catalog goes on using your platform key.',
      })
      .waitFor({ timeout: 30_000 });

    await env.workbench.runCommand('Affiliate Links: Show Reports');
    const panel = await ReportPanel.find(env.workbench);
    const { from, to } = presetPeriod('last30', localToday());
    const expected = (env.sandbox.dataset.clicks as ClickItem[])
      .filter((item) => item.date !== null && item.date >= from && item.date <= to)
      .reduce((sum, item) => sum + item.count, 0);
    await eventually(
      async () => ((await panel.figure('clicks')) === expected ? true : undefined),
      `the panel's ${expected} clicks`,
      120_000,
    );
    assert.equal(await panel.byId('error').isVisible(), false, 'no error in the panel');
    const errors = (await env.workbench.notifications()).filter((notification) => notification.severity === 'error');
    assert.deepEqual(errors, []);
    const stats = env.sandbox.stats().keyRefusals;
    assert.equal(stats.merchant.forbidden, 1, 'the account key was checked against the catalog once');
    assert.equal(
      stats.click.unauthorized,
      1,
      'the platform key was checked against the reports once, and not sent there again',
    );
    await env.workbench.screenshot('keys-split-panel');
  });
});
