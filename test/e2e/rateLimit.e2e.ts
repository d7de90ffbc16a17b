/**
 * The report panel under the service's rate limit, in the real workbench (issue 22, section 6):
 * a read longer than the budget says, in the panel's progress line, that it waits for the
 * service's rate limit and about how long; no error shows; and when it ends the figures are the
 * sandbox's. The sandbox and the extension keep a limit of 3 a second and 10 in 30 seconds:
 * the documented 100 in 5 minutes, shortened so that a read of a year of clicks (about 13
 * requests with the catalog's and the figures') outlasts the long window within a minute.
 */
import assert from 'node:assert/strict';
import type { ClickItem } from '../../src/api/types';
import { presetPeriod } from '../../src/reports/model/reportPeriods';
import { eventually } from '../common/eventually';
import { useE2eEnvironment } from './environment';
import { ReportPanel } from './reportPanel';

const LIMIT = '3/1,10/30';

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

describe('the report panel under the service’s rate limit, in the real workbench', function () {
  this.timeout(300_000);
  const environment = useE2eEnvironment({ settings: { 'affiliateLinks.rateLimit': LIMIT } });

  it('says it waits for the rate limit during a read longer than the budget, and shows the sandbox’s figures when it ends', async () => {
    const env = environment();
    env.sandbox.setRateLimit(LIMIT, false);
    await env.workbench.setApiKeyAndShowMerchants(env.sandbox.key);
    await env.workbench.runCommand('Affiliate Links: Show Reports');
    const panel = await ReportPanel.find(env.workbench);
    await panel.choose('period-select', 'last12Months');

    const progress = panel.byId('progress');
    const line = progress.locator('.progress-text');
    const waiting = await eventually(
      async () => {
        const text = (await line.isVisible()) ? ((await line.textContent()) ?? '') : '';
        return /waiting for the service's rate limit, about \d+ (s|min)/.test(text) ? text : undefined;
      },
      'the waiting text in the progress line',
      120_000,
    );
    assert.match(waiting, /^Read [\d,]+ (of [\d,]+ )?items · waiting for the service's rate limit, about \d+ (s|min)$/);
    assert.ok(await panel.byId('cancel').isVisible(), 'Cancel stays available while it waits');
    await env.workbench.screenshot('reports-waiting-for-rate-limit');

    const { from, to } = presetPeriod('last12Months', localToday());
    const expected = (env.sandbox.dataset.clicks as ClickItem[])
      .filter((item) => item.date !== null && item.date >= from && item.date <= to)
      .reduce((sum, item) => sum + item.count, 0);
    await eventually(
      async () => ((await panel.figure('clicks')) === expected && !(await progress.isVisible()) ? true : undefined),
      `the year's ${expected} clicks`,
      180_000,
    );
    assert.equal(await panel.byId('error').isVisible(), false, 'no error in the panel');
    const stats = env.sandbox.stats().rateLimit;
    assert.ok(stats.refused <= 2, `the sandbox refused ${stats.refused} requests`);
    await env.workbench.screenshot('reports-after-rate-limit-wait');
  });
});
