/**
 * The report panel read by axe-core (WCAG 2.1 A and AA) in the real workbench, in VS Code's default
 * dark, light and high contrast themes (the Modern ones and the + ones, whose cards differ), on
 * every tab: zero violations, each printed with its elements when there are some, so a failure
 * says what to fix. axe cannot decide the contrast of text another element overlaps
 * (vscode-elements' buttons and tab headers, the row under the sticky totals): those it lists as
 * incomplete, not checked here; the period changes, the reason for this check, must each be
 * measured.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Result } from 'axe-core';
import { cspInForce, describeViolations, nodesOf, runAxe } from './axe';
import { useE2eEnvironment } from './environment';
import { ReportPanel } from './reportPanel';
import { SCREENSHOT_DIR } from './workbench';

describe('the report panel read by axe-core', function () {
  this.timeout(300_000);
  const environment = useE2eEnvironment();

  before(async () => {
    const env = environment();
    await env.workbench.setApiKeyAndShowMerchants(env.sandbox.key);
  });

  it('holds every tab at zero WCAG 2.1 A/AA violations in Dark Modern, Dark+, Light Modern, Light+ and both high contrast themes', async () => {
    const env = environment();
    const page = env.workbench.page;
    const settingsFile = path.join(env.server.userDataDir, 'User/settings.json');
    const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
    const found: string[] = [];
    const violationsIn = (where: string, violations: readonly Result[]): string[] =>
      violations.length === 0 ? [] : [`${where}:\n${describeViolations(violations)}`];
    // code-server reads the user settings when the window loads: each theme takes a reload, after
    // which the serializer brings the panel back (Reload Window, which lets the workbench keep its
    // editors first). The workbench marks the theme's kind with a class (vs, vs-dark, hc-black,
    // hc-light); the webview, its body.
    await env.workbench.runCommand('Affiliate Links: Show Reports');
    await ReportPanel.find(env.workbench);
    try {
      for (const [theme, kind, bodyClass, name] of [
        ['Default Dark Modern', 'vs-dark', 'vscode-dark', 'reports-dark'],
        ['Default Dark+', 'vs-dark', 'vscode-dark', 'reports-dark-plus'],
        ['Default Light Modern', 'vs', 'vscode-light', 'reports-light'],
        ['Default Light+', 'vs', 'vscode-light', 'reports-light-plus'],
        ['Default High Contrast', 'hc-black', 'vscode-high-contrast', 'reports-high-contrast'],
        ['Default High Contrast Light', 'hc-light', 'vscode-high-contrast-light', 'reports-high-contrast-light'],
      ] as const) {
        fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, 'workbench.colorTheme': theme }, null, 2));
        const reloaded = page.waitForEvent('load', { timeout: 60_000 });
        await env.workbench.runCommand('Developer: Reload Window');
        await reloaded;
        await page.locator(`.monaco-workbench.${kind}`).waitFor({ timeout: 60_000 });
        const panel = await ReportPanel.find(env.workbench);
        await panel.frame.locator(`body.${bodyClass}`).waitFor({ timeout: 15_000 });
        // Each tab as it shows its report: figures with their change, chart, table rows with their actions.
        for (const tab of ['clicks', 'actions'] as const) {
          const where = `${theme}, ${tab} tab`;
          await panel.byId(`tab-${tab}`).click();
          await panel.choose('groupby-select', 'subId');
          await panel.figure(tab);
          await panel.byId('header-label').filter({ hasText: 'SubID' }).waitFor({ timeout: 30_000 });
          await panel.byId('row-action-filterSubId').first().waitFor({ timeout: 30_000 });
          await panel.chartDrawn();
          await panel.byId('progress').waitFor({ state: 'hidden', timeout: 30_000 });
          found.push(...violationsIn(where, (await runAxe(panel.frame)).violations));
          // The period changes in each direction's colour on the card, each one measured.
          const changes = await panel.frame.locator('.figure-change').count();
          assert.ok(changes > 0, `${where}: period changes to measure`);
          for (const direction of ['up', 'down', 'same', 'new'] as const) {
            const seen = await panel.withChangesShownAs(direction, async () => {
              // The cards close up, to look at the colours (the sandbox's changes mostly go up; the arrows stay).
              if (tab === 'actions' && (direction === 'up' || direction === 'down')) {
                await panel.byId('summary').screenshot({
                  path: path.join(SCREENSHOT_DIR, `${name}-changes-${direction}.png`),
                });
              }
              return runAxe(panel.frame, { include: '.figure-change', passes: true });
            });
            found.push(...violationsIn(`${where}, the changes shown ${direction}`, seen.violations));
            const undecided = nodesOf(seen.incomplete, 'color-contrast').map((node) => node.target.join(' '));
            assert.deepEqual(undecided, [], `${where}: axe decided the contrast of every change shown ${direction}`);
            const measured = nodesOf([...seen.passes, ...seen.violations], 'color-contrast').length;
            assert.ok(measured >= changes, `${where}: ${measured} of ${changes} changes shown ${direction} measured`);
          }
          await env.workbench.screenshot(tab === 'clicks' ? name : `${name}-${tab}`);
        }
        // axe ran inside the product's CSP, not a loosened one: an inline script and eval are still refused.
        const csp = await cspInForce(panel.frame);
        assert.match(
          csp.policy,
          /^default-src 'none'; script-src 'nonce-[^' ]+'; /,
          `the product’s CSP, scripts by nonce only: ${csp.policy}`,
        );
        assert.doesNotMatch(csp.policy, /unsafe-/, `no unsafe source: ${csp.policy}`);
        assert.deepEqual([csp.inlineScriptRan, csp.evalRan], [false, false], 'inline script and eval refused');
      }
    } finally {
      fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
    }
    if (found.length > 0) {
      assert.fail(`axe-core (WCAG 2.1 A/AA) found violations:\n${found.join('\n')}`);
    }
  });
});
