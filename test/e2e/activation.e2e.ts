import assert from 'node:assert/strict';
import { useE2eEnvironment } from './environment';

describe('the extension in the real workbench', function () {
  this.timeout(180_000);
  const environment = useE2eEnvironment();

  it('runs "Affiliate Links: Show Log" from the command palette and shows its log', async () => {
    const env = environment();
    await env.workbench.runCommand('Affiliate Links: Show Log');
    const page = env.workbench.page;
    await page.locator('.part.panel .output-view').waitFor({ timeout: 30_000 });
    await page
      .locator('.part.panel .output-view .view-lines', { hasText: 'activated in' })
      .waitFor({ timeout: 30_000 });
    const log = await env.workbench.outputText();
    assert.match(log, /Affiliate Links [\d.]+ activated in \d+(\.\d+)? ms/);
    assert.doesNotMatch(log, /\[error\]/);
    await env.workbench.screenshot('show-log');
  });

  it('activated without errors in the extension host log', () => {
    const env = environment();
    const hostLog = env.extensionHostLog();
    assert.match(hostLog, /affiliate-links\.affiliate-links/, 'the extension host log mentions the extension');
    const failures = hostLog
      .split('\n')
      .filter((line) => /affiliate-links/i.test(line) && /\[error\]|failed/i.test(line));
    assert.deepEqual(failures, []);
  });

  it('shows no error notification', async () => {
    const env = environment();
    const errors = (await env.workbench.notifications()).filter((notification) => notification.severity === 'error');
    assert.deepEqual(errors, []);
    await env.workbench.screenshot('no-error-notifications');
  });
});
